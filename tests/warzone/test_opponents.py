"""The opponents of a battle: the other side's models, which the game master plays (001_0209eda46e4737a1.txt).

They go through the same turn and the same powers as the squad (« Przy wyrzuceniu "20" zamierzona
Moc nie odnosi efektu » and the violence table's « Porażka oznacza odniesienie jednej rany (WD) »
hit an opponent alike), only a friendly model helps a knocked-down one up (« przyjazny Model wejdzie
w Bezpośredni Kontakt z nim »), whether a model is « Spanikowany » is the GM's, and a player sees an
opponent's state but not its sheet.
"""

from __future__ import annotations

from typing import Any

import pytest

from meneur.dice.source import EnteredSource
from meneur.engine.projection import Viewer
from meneur.errors import BadInputError, Refused
from meneur.systems.warzone import commands as c
from meneur.systems.warzone.engine import SYSTEM, start
from meneur.systems.warzone.squad import decide, evolve, legal, refusal
from meneur.systems.warzone.view import projection

SETUP: dict[str, Any] = {
    "figures": [
        {"name": "Mystic", "power": 14, "leadership": 12, "actions": 3},
        {"name": "Seer", "power": 13, "leadership": 10, "actions": 2},
    ],
    "opponents": [
        {
            "name": "Nepharite",
            "power": 13,
            "leadership": 9,
            "actions": 3,
            "powers": [{"name": "Dark Blast", "kind": "spell", "difficulty": 3, "actions": 1}],
        }
    ],
}
PLAYER = Viewer("m1", "player", frozenset({"Mystic"}))


def _play(state: Any, command: Any, dice: tuple[int, ...] = ()) -> Any:
    for event in decide(state, command, EnteredSource(list(dice))):
        state = evolve(state, event)
    return state


def test_opponents_follow_the_squad_and_are_named_apart() -> None:
    state = start(SETUP)
    assert list(state.models) == ["Mystic", "Seer", "Nepharite"]
    assert state.opponents == ("Nepharite",) and state.squad == ["Mystic", "Seer"]
    with pytest.raises(BadInputError):
        start({**SETUP, "opponents": [{"name": "Mystic", "power": 1, "leadership": 1}]})


def test_an_opponents_fumble_wounds_it_through_the_violence_table() -> None:
    """« 20 Model musi wykonać test DW pomniejszonego o Stopień Trudności nieudanej Mocy »: DW 9 - 3 = 6."""
    state = _play(start(SETUP), c.StartActivation(model="Nepharite"))
    state = _play(state, c.DeclareTechniques(model="Nepharite"))
    state = _play(state, c.CastSpell(name="Dark Blast", model="Nepharite"), (20, 20, 15))
    assert state.models["Nepharite"].wounds == 1 and state.models["Mystic"].wounds == 0


def test_only_a_friendly_model_helps_a_model_up() -> None:
    """« przyjazny Model wejdzie w Bezpośredni Kontakt z nim i poświęci jedną akcję »."""
    state = _play(start(SETUP), c.StartActivation(model="Mystic"))
    state = _play(state, c.DeclareTechniques(model="Mystic"))
    state = state.model_copy(
        update={
            "models": {**state.models, "Seer": state.models["Seer"].model_copy(update={"knocked_down": True})}
        }
    )
    nepharite = _play(state, c.EndActivation(model="Mystic"))
    nepharite = _play(nepharite, c.StartActivation(model="Nepharite"))
    nepharite = _play(nepharite, c.DeclareTechniques(model="Nepharite"))
    problem = refusal(nepharite, c.HelpUp(model="Seer", helper="Nepharite"))
    assert problem is not None and problem.rule == "helper_friendly"
    assert refusal(state, c.HelpUp(model="Seer", helper="Mystic")) is None
    offered = [(e.actor, e.command) for e in legal(nepharite) if e.kind == "help_up"]
    assert ("Nepharite", c.HelpUp(model="Seer", helper="Nepharite")) not in offered


def test_panic_is_offered_as_the_gms_and_refused_to_a_player() -> None:
    """« Mocy nie mogą używać modele Spanikowane »: who is panicked is the GM's to say."""
    entries = [e for e in legal(start(SETUP)) if e.kind == "panic"]
    assert {e.actor for e in entries} == {"Mystic", "Seer", "Nepharite"}
    assert all(e.details.get("by") == "gm" for e in entries)

    class Held:
        system = SYSTEM

    with pytest.raises(Refused) as refused:
        projection.read_command(Held(), {"panic": {"model": "Mystic", "panicked": True}}, PLAYER, {})
    assert refused.value.rule == "gm_command"
    assert projection.read_command(
        Held(), {"activate": {"model": "Mystic"}}, PLAYER, {}
    ) == c.StartActivation(model="Mystic")


def test_a_player_sees_an_opponents_state_but_not_its_sheet() -> None:
    state = _play(start(SETUP), c.StartActivation(model="Nepharite"))
    shown = projection.state(state.model_dump(mode="json"), PLAYER, {})
    nepharite, mystic = shown["models"]["Nepharite"], shown["models"]["Mystic"]
    assert nepharite["figure"] == {"name": "Nepharite", **projection.HIDDEN_SHEET}
    assert nepharite["actions_left"] == 3 and nepharite["phase"] == "declaring"
    assert mystic["figure"]["power"] == 14  # the squad's sheets lie open
    engine = projection.engine(state, PLAYER, {})
    assert engine.models["Nepharite"].figure.powers == () and engine.models["Mystic"].figure.power == 14
