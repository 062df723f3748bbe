"""The candidates asked by actor and kind are exactly the whole query's, filtered.

``candidates(state, actor=a, kinds=K)`` skips the builders that can make none of them (a policy that
weighs one character's attacks does not build every action d'éclat of the table); these tests check
that it equals filtering the whole list: the same items, in the same order.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.systems.energy.combat.legal_candidates import Candidate, candidates, together
from meneur.systems.energy.combat.state import FightState

from .helpers import FIGHTS
from .walks import along_book_fight, along_random_fight

HEROES = ("KITSUNE", "WINK", "LEGION", "NEXUS", "ECHO", "SUTURE", "SOLARIS")
"""Library heroes with copies (LEGION), portals (NEXUS), a controller (ECHO) and support powers."""
KINDS = (
    "start",
    "attack",
    "charge",
    "force_move",
    "support",
    "move",
    "small_move",
    "interact",
    "extended_defense",
    "hold",
    "stress",
    "pass",
    "defend",
    "interpose",
    "counter",
    "interrupt",
    "keep_hold",
    "maintain",
    "regenerate",
    "arrive",
    "leave",
    "adjust",
    "place_terrain",
    "end",
)


def filtered(whole: list[Candidate], actor: str | None, kinds: frozenset[str] | None) -> list[Candidate]:
    """The reference: the whole query, filtered."""
    return [
        (kind, command)
        for kind, command in whole
        if (kinds is None or kind in kinds) and (actor is None or getattr(command, "actor", None) == actor)
    ]


def assert_narrow(state: FightState, drawn: list[frozenset[str]]) -> None:
    """For every actor (and none) and every kind asked alone, with the drawn sets of kinds and with the
    kinds built together, with and without the sure refusals: the narrow query is the filtered one."""
    for with_refused in (False, True):
        whole = candidates(state, with_refused)
        assert whole, state.phase
        present = {kind for kind, _ in whole}
        asked: list[frozenset[str] | None] = [None, *drawn, *(frozenset({k}) for k in present)]
        asked += [together({k}) for k in present]
        for actor in (None, *(c.id for c in state.combatants)):
            for kinds in asked:
                narrow = candidates(state, with_refused, actor=actor, kinds=kinds)
                assert narrow == filtered(whole, actor, kinds), (actor, kinds)


def test_together_names_the_kinds_built_in_one_pass() -> None:
    assert together({"charge"}) == {"attack", "charge", "force_move"}
    assert together({"small_move", "pass"}) == {"move", "small_move", "pass"}
    assert together(["defend"]) == {"defend"}


@pytest.mark.parametrize("path", sorted(FIGHTS.glob("*.yaml")), ids=lambda p: Path(p).stem)
def test_narrow_candidates_at_every_step_of_the_book_fights(path: Path) -> None:
    """Every fight file of the book's examples (002_58e889a1abff3456.txt), at every step."""
    for state in along_book_fight(path):
        assert_narrow(state, [])


@given(
    st.data(),
    st.lists(st.sampled_from(HEROES), min_size=1, max_size=3),
    st.lists(st.integers(1, 6), min_size=1, max_size=3),
)
def test_narrow_candidates_along_random_legal_fights(
    data: st.DataObject, names: list[str], ranks: list[int]
) -> None:
    """Random legal fights of library heroes against quick NPCs: the narrow query is exact at every step."""
    for state in along_random_fight(data, names, ranks):
        drawn = data.draw(st.lists(st.frozensets(st.sampled_from(KINDS), max_size=5), max_size=3))
        assert_narrow(state, drawn)
