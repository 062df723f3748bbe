"""The pages know the games only through the registry (issue 19): the home page's system select
lists each game by its name and links its pages that need no table (``Game.home_links``), the
table page names each session by its kind's title and shows the links its game's plugin gives
(``Game.table_links``), so a new game needs no page of its own here."""

from __future__ import annotations

import html

from meneur.engine import registry
from meneur.engine.plugin import Game, SessionKind, TableLink
from meneur.i18n import Message
from tests.inprocess import TestClient
from tests.web.forms import create_table

DICE = Game(
    key="dice",
    name="Dice Push",
    summary=Message("web", "A push-your-luck game."),
    domain="web",
    kinds=(
        SessionKind(key="dice-run", title=Message("web", "Run of dice"), rules="tests.server.toy_system"),
    ),
    table_links=(TableLink("/t/{table}/push", Message("web", "Push your luck"), name="push-link"),),
    home_links=(TableLink("/dice", Message("web", "Roll the dice alone"), gm_only=False),),
)


def test_a_registered_game_is_offered_by_name_and_its_links_are_on_its_table(web: TestClient) -> None:
    registry.register(DICE)
    try:
        home = html.unescape(web.get("/").text)
        assert '<option value="dice" >Dice Push</option>' in home
        assert '<option value="energy" selected>Energy System</option>' in home
        assert '<a href="/dice">Roll the dice alone</a>' in home and '<a href="/builder">' in home
        created = create_table(web, "Jeudi", "dice")
        assert created.status_code == 303, created.text
        table_id = str(created.headers["location"]).rsplit("/", 1)[-1]
        page = web.get(f"/t/{table_id}").text
        assert f'<a class="push-link" href="/t/{table_id}/push">Push your luck</a>' in page
        assert "/new-session" not in page and "/new-fight" not in page
        with web.app.state.store.writer() as writer:  # type: ignore[attr-defined]
            from meneur.server.models import GameSession

            writer.add(
                GameSession(id="s1", table_id=table_id, kind="dice-run", version=3, setup={}, controllers={})
            )
        page = web.get(f"/t/{table_id}").text
        assert f'<a href="/t/{table_id}/s/s1">Run of dice</a>' in page  # a session without a day: its title
        listed = html.unescape(web.get("/").text).split('class="links my-tables"', 1)[1]
        assert "Jeudi</a> (Dice Push)" in listed and "Run of dice (version 3)" in listed
    finally:
        registry.unregister("dice")


def test_a_game_without_links_offers_the_shared_new_session_page(web: TestClient) -> None:
    created = create_table(web, "Jeudi", "insmv")
    table_id = str(created.headers["location"]).rsplit("/", 1)[-1]
    page = web.get(f"/t/{table_id}").text
    assert f'href="/t/{table_id}/new-session"' in page and "new-fight" not in page
