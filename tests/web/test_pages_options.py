"""The options page and the options API of every game show exactly the fields of the game's own
options model (issue 19): no list of options is kept anywhere else, so a field added to a model is
an option of the page and the API at once, with its default, its bounds and its words."""

from __future__ import annotations

import html
import re
from typing import Annotated, Any, Literal

import pytest
from pydantic import BaseModel, Field

from meneur.engine import registry
from meneur.engine.options import NO_LIMIT, OptionText, table_options
from meneur.engine.plugin import Game, SessionKind, load
from meneur.i18n import Message
from tests.inprocess import TestClient
from tests.web.forms import create_table, csrf

GAMES = [game.key for game in registry.games() if game.options is not None and game.key != "toy"]


def _table(web: TestClient, system: str) -> str:
    answer = create_table(web, "Jeudi", system)
    assert answer.status_code == 303, answer.text
    return str(answer.headers["location"]).rsplit("/", 1)[-1]


def _shown(web: TestClient, table_id: str) -> tuple[list[str], dict[str, Any]]:
    page = html.unescape(web.get(f"/t/{table_id}/options").text)
    on_page = re.findall(r'<div class="option card[^"]*" id="option-([a-z_]+)"', page)
    api = web.get(f"/api/v1/tables/{table_id}/options").json()["options"]
    assert [o["key"] for o in api] == on_page
    return on_page, {o["key"]: o["default"] for o in api}


@pytest.mark.parametrize("system", GAMES)
def test_the_page_and_the_api_show_the_models_fields(web: TestClient, system: str) -> None:
    model = load(str(registry.game(system).options))
    keys, defaults = _shown(web, _table(web, system))
    assert keys == list(model.model_fields)
    assert defaults == {
        key: NO_LIMIT if field.default is None else field.default for key, field in model.model_fields.items()
    }


class DiceOptions(BaseModel):
    """A test game's options: one field of each form."""

    push_limit: Annotated[
        int | None, OptionText(label=Message("web", "Pushes"), decision=Message("web", "At most."), quote="q")
    ] = Field(default=3, ge=1, le=6)
    bust_on: Annotated[
        Literal["one", "two"],
        OptionText(
            label=Message("web", "Bust"),
            decision=Message("web", "On which face."),
            quote="« q »",
            choices=(("one", Message("web", "a one")), ("two", Message("web", "a two"))),
        ),
    ] = "one"


def test_a_field_added_to_a_model_is_an_option_of_the_page_and_the_api(web: TestClient) -> None:
    kind = SessionKind(
        key="dice-run",
        title=Message("web", "Run"),
        rules="tests.server.toy_system",
        options=f"{__name__}:DiceOptions",
    )
    game = Game(
        key="dice",
        name="Dice",
        summary=Message("web", "A push-your-luck game."),
        domain="web",
        kinds=(kind,),
        options=f"{__name__}:DiceOptions",
    )
    registry.register(game)
    try:
        table_id = _table(web, "dice")
        keys, defaults = _shown(web, table_id)
        assert keys == ["push_limit", "bust_on"] and defaults == {"push_limit": 3, "bust_on": "one"}
        form = {"push_limit": "7", "bust_on": "two", "csrf": csrf(web, f"/t/{table_id}/options")}
        refused = web.post(f"/t/{table_id}/options", data=form)
        assert refused.status_code == 400 and "de 1 à 6" in html.unescape(refused.text)
        page = html.unescape(web.get(f"/t/{table_id}/options").text)
        assert '<option value="two">a two</option>' in page
    finally:
        registry.unregister("dice")


def test_a_field_without_its_words_is_refused() -> None:
    class Bare(BaseModel):
        plain: bool = True

    with pytest.raises(TypeError, match="OptionText"):
        table_options(Bare)
