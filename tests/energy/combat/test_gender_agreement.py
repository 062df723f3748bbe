"""A combatant carries its character's grammatical gender, so that the fight's French agrees.

Source: issue 18, « Names and words »: « Characters may carry a grammatical gender (the file's
`gender` …; épicène wording when absent) so the book's states agree »; brisé: « ne sera plus jouable
tant qu'il n'aura pas été ramené » (002_58e889a1abff3456.txt).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from meneur.errors import BadInputError, Refused
from meneur.systems.energy import library_hero
from meneur.systems.energy.combat.commands import Arrive
from meneur.systems.energy.combat.engine import state_from_json, state_json
from meneur.systems.energy.combat.events import ConditionApplied
from meneur.systems.energy.combat.files import CombatantEntry, combatant_of
from meneur.systems.energy.combat.options import TableOptions
from meneur.systems.energy.combat.render import explain

from .builders import foe, hero, started


def wink(**changes: Any) -> dict[str, Any]:
    """WINK's character file as a dict, with ``changes``."""
    data: dict[str, Any] = library_hero("WINK").model_dump(mode="json", exclude_none=True)
    return {**data, **changes}


def broken_refusal(**changes: Any) -> BadInputError:
    entry = CombatantEntry(id="w", side="heroes", character=wink(states=["broken"], **changes))
    with pytest.raises(BadInputError) as caught:
        combatant_of(entry, Path("."), TableOptions())
    return caught.value


@pytest.mark.parametrize(
    ("changes", "french"),
    [
        ({"gender": "feminine"}, "WINK est brisée et ne peut pas combattre"),
        ({"gender": "masculine"}, "WINK est brisé et ne peut pas combattre"),
        ({}, "WINK subit l'état brisé et ne peut pas combattre"),
    ],
)
def test_a_broken_character_refused_agrees_with_its_gender(changes: dict[str, str], french: str) -> None:
    """« WINK est brisé » was wrong for a heroine: with ``gender: feminine`` she « est brisée »;
    without a gender the épicène wording stays; English reads the same for everyone."""
    refusal = broken_refusal(**changes)
    assert french in refusal.render("fr")
    assert "WINK is brisé and cannot fight" in refusal.render("en")


def test_a_broken_newcomer_refused_agrees_with_its_gender() -> None:
    """The GM's « add a combatant » refuses a brisée heroine in her gender."""
    fight = started(hero("h"), foe("f"))
    arrive = Arrive("w", "heroes", character=wink(states=["broken"], gender="feminine"))
    with pytest.raises((BadInputError, Refused)) as caught:
        fight.do(arrive)
    assert "WINK est brisée et ne peut pas combattre" in caught.value.render("fr")
    assert "WINK is brisé and cannot fight" in caught.value.render("en")


def test_the_gender_rides_on_the_combatant_and_round_trips() -> None:
    """The file's ``gender`` reaches the combatant; a snapshot keeps it; no gender stays None."""
    entry = CombatantEntry(id="w", side="heroes", character=wink(gender="féminin"))
    heroine = combatant_of(entry, Path("."), TableOptions())
    assert heroine.gender == "feminine"
    plain = combatant_of(CombatantEntry(id="p", side="heroes", character=wink()), Path("."), TableOptions())
    assert plain.gender is None
    fight = started(heroine, foe("f"))
    again = state_from_json(state_json(fight.state))
    assert again == fight.state and again.get("w").gender == "feminine"
    older = state_json(started(plain, foe("f")).state)
    for combatant in older["combatants"]:
        del combatant["gender"]  # a snapshot written before combatants carried a gender
    assert state_from_json(older) == started(plain, foe("f")).state


@pytest.mark.parametrize(
    ("gender", "french"),
    [
        ("feminine", "H est sonnée jusqu'au prochain tour."),
        ("masculine", "H est sonné jusqu'au prochain tour."),
        (None, "H subit l'état sonné jusqu'au prochain tour."),
    ],
)
def test_a_condition_reads_in_the_targets_gender(gender: str | None, french: str) -> None:
    """« Sonné » (002_58e889a1abff3456.txt, the conditions) agrees with the target in French; without a
    gender the épicène wording stays; English is the same for everyone."""
    state = started(hero("h")._replace(gender=gender), foe("f")).state
    said = explain(state, ConditionApplied("h", "stunned", "f"))
    assert said is not None
    assert said.render("fr") == french
    assert said.render("en") == "H suffers the condition stunned until the next turn."
