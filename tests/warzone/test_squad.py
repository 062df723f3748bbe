"""A squad of several models in one game (001_0209eda46e4737a1.txt): one turn for all, one activation
at a time, a knocked-down model got up by a friendly model's action, and the files of one model."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.dice.source import EnteredSource, RandomSource
from meneur.engine import Session, store
from meneur.errors import BadInputError, Refused
from meneur.systems.warzone import commands as c
from meneur.systems.warzone import events as e
from tests.cli_helpers import run_cli
from tests.session_properties import check_random_play
from tests.warzone.helpers import mystic

SQUAD = {
    "figures": [
        mystic().model_dump(mode="json"),
        mystic(name="Adept", power=10, leadership=9, actions=2).model_dump(mode="json"),
    ]
}


@given(
    choices=st.lists(st.integers(0, 60), max_size=30),
    seed=st.integers(0, 10_000),
    knocked_down_ends=st.booleans(),
)
def test_random_legal_play_of_a_squad(choices: list[int], seed: int, knocked_down_ends: bool) -> None:
    """Two models' activations, powers, violence and getting up in any legal order ("Używanie Mocy")."""
    setup = {**SQUAD, "options": {"knocked_down_ends_activation": knocked_down_ends}}
    check_random_play("warzone", setup, choices, seed)


def knocked_down_squad() -> Session[Any, Any, Any]:
    """The Mystic knocked down by the violence table's 18-19, then the Adept activated."""
    session: Session[Any, Any, Any] = Session.new("warzone", SQUAD)
    session.do(c.StartActivation(model="Mystic"))
    session.do(c.DeclareTechniques(("Shield",), model="Mystic"))
    session.do(c.TestTechnique(model="Mystic"), EnteredSource([20, 18]))
    assert session.state.models["Mystic"].knocked_down
    session.do(c.StartActivation(model="Adept"))
    session.do(c.DeclareTechniques(model="Adept"))
    return session


def test_help_up_charges_the_helpers_action() -> None:
    # "18-19 Model zostaje Przewrócony. Nie może też być Zaktywowany dopóki bądź przyjazny Model
    # wejdzie w Bezpośredni Kontakt z nim i poświęci jedną akcję"
    session = knocked_down_squad()
    assert session.state.models["Adept"].actions_left == 2
    events = session.do(c.HelpUp(model="Mystic", helper="Adept"))
    assert events == [
        e.ActionSpent(model="Adept"),
        e.WokeUp(how="friendly_help", model="Mystic", helper="Adept"),
    ]
    assert session.state.models["Adept"].actions_left == 1
    assert not session.state.models["Mystic"].knocked_down


def test_a_helper_needs_an_action_left_in_its_activation() -> None:
    session = knocked_down_squad()
    session.do(c.SpendAction(model="Adept"))
    session.do(c.SpendAction(model="Adept"))
    with pytest.raises(Refused) as caught:
        session.do(c.HelpUp(model="Mystic", helper="Adept"))
    assert caught.value.rule == "helper_action"
    session.do(c.EndActivation(model="Adept"))
    with pytest.raises(Refused):
        session.do(c.HelpUp(model="Mystic", helper="Adept"))
    offered = {(entry.actor, entry.kind) for entry in session.legal()}
    assert ("Adept", "help_up") not in offered and ("Mystic", "help_up") in offered


def test_one_activation_at_a_time_and_one_turn_for_all() -> None:
    session: Session[Any, Any, Any] = Session.new("warzone", SQUAD)
    session.do(c.StartActivation(model="Mystic"))
    with pytest.raises(Refused) as caught:
        session.do(c.StartActivation(model="Adept"))
    assert caught.value.rule == "one_activation"
    with pytest.raises(Refused):
        session.do(c.EndTurn())
    session.do(c.EndActivation(model="Mystic"))
    session.do(c.EndTurn())
    assert {m.turn for m in session.state.models.values()} == {2}


def test_a_squad_needs_the_models_name() -> None:
    session: Session[Any, Any, Any] = Session.new("warzone", SQUAD)
    with pytest.raises(BadInputError):
        session.do(c.StartActivation())
    with pytest.raises(BadInputError):
        session.do(c.StartActivation(model="Nobody"))
    with pytest.raises(BadInputError):
        Session.new("warzone", {"figures": [SQUAD["figures"][0], SQUAD["figures"][0]]})


def test_a_session_file_of_one_model_still_loads(tmp_path: Path) -> None:
    """Format 1: ``figure`` in the setup, events without a model's name."""
    old = {
        "meneur": "warzone",
        "format": 1,
        "setup": {"figure": SQUAD["figures"][0], "options": {}},
        "log": [
            {"command": "activate", "events": [{"activation_started": {"actions": 3}}]},
            {"command": {"declare": {"names": []}}, "events": [{"techniques_declared": {"names": []}}]},
            {
                "command": {"act": {"concentrate": False}},
                "events": [{"action_spent": {"concentrate": False}}],
            },
        ],
        "undone": [],
    }
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old), encoding="utf-8")
    session = store.load(path, "warzone")
    assert session.state.models["Mystic"].actions_left == 2
    session.do(c.SpendAction(), RandomSource.from_seed(1))
    assert session.state.models["Mystic"].actions_left == 1
    store.save(path, session)
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == 2
    assert store.load(path, "warzone").state == session.state


def call(path: Path, *args: str, lang: str = "en", code: int = 0) -> Any:
    result = run_cli(["warzone", args[0], str(path), *args[1:], "--json"], lang)
    assert result.exit_code == code, result.stdout + result.stderr
    return json.loads(result.stdout)


@pytest.mark.parametrize("lang", ["fr", "en", "pl"])
def test_a_squad_from_the_command_line(tmp_path: Path, lang: str) -> None:
    files = []
    for figure in SQUAD["figures"]:
        files += ["--figure", str(tmp_path / f"{figure['name']}.json")]
        (tmp_path / f"{figure['name']}.json").write_text(json.dumps(figure), encoding="utf-8")
    path = tmp_path / "squad.json"
    assert call(path, "new", *files, lang=lang)["models"]["Adept"]["actions_left"] == 0
    call(path, "activate", lang=lang, code=2)  # which model?
    call(path, "activate", "--model", "Mystic", lang=lang)
    call(path, "declare", "Shield", "--model", "Mystic", lang=lang)
    shown = call(path, "technique", "--model", "Mystic", "--dice", "20,18", lang=lang)
    assert shown["models"]["Mystic"]["knocked_down"]
    call(path, "activate", "--model", "adept", lang=lang)
    call(path, "declare", "--model", "Adept", lang=lang)
    helped = call(path, "help-up", "--model", "Mystic", "--helper", "Adept", lang=lang)
    assert helped["models"]["Adept"]["actions_left"] == 1
    assert not helped["models"]["Mystic"]["knocked_down"]
    log = run_cli(["warzone", "log", str(path)], lang)
    assert re.search(r"Adept[ \u00a0]?: ", log.stdout) and re.search(r"Mystic[ \u00a0]?: ", log.stdout)
