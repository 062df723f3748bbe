"""The game master's commands and options in a live fight, each an event that undo takes back.

Source: 002_58e889a1abff3456.txt (tactical combat chapter, powers and archetypes chapter); readings
in docs/rulings/energy-combat.md.
"""

from __future__ import annotations

import pytest

from meneur.errors import Refused
from meneur.systems.energy.combat.commands import (
    Adjust,
    Arrive,
    Attack,
    Defend,
    EndPhase,
    Leave,
    Move,
    PlaceTerrain,
    Regenerate,
    StartFight,
)
from meneur.systems.energy.combat.fight import Fight
from meneur.systems.energy.combat.legal import legal_actions
from meneur.systems.energy.combat.options import TableOptions
from meneur.systems.energy.combat.profile import PowerProfile
from meneur.systems.energy.combat.state import FightState

from .builders import DEF, foe, hero, started
from .test_rules import refused

HEALING = PowerProfile("Soin tactile", "sup", effect="heal")


def test_gm_commands_are_events_and_undo_exactly() -> None:
    """ "un nouvel ennemi arrive" (002_58e889a1abff3456.txt): the GM's commands are in the log."""
    fight = started(hero("h", energy=6), foe(energy=4, at=(3.0, 0.0)))
    fight.do(Arrive("boss", "foes", npc=8, position=(10.0, 0.0)))
    # Énergie 8 acts first in the order, from the next turn: h keeps its action phase.
    assert fight.state.order.index("boss") == 0 and fight.state.acting == "h"
    fight.do(Adjust("f", "éboulement", vigor=2, add_condition="stunned"))
    assert fight.state.get("f").vigor == 2 and "stunned" in fight.state.get("f").conditions
    fight.do(PlaceTerrain("hazard", 3, (5.0, 0.0), "incendie"))
    fight.do(Leave("f", fled=True))
    assert fight.state.get("f").left
    assert fight.undo() is not None and not fight.state.get("f").left
    refused(fight, Adjust("f", " "), "gm")


def test_regeneration_in_maintenance_needs_the_table_option() -> None:
    """ "La régénération peut aussi s'appliquer lors de la phase d'entretien si le MJ l'autorise"
    (002_58e889a1abff3456.txt)."""
    for allowed in (False, True):
        healer = hero("s", energy=6, recovery=6, powers=(HEALING,))
        state = FightState(
            (healer, foe(energy=4, at=(30.0, 0.0))), options=TableOptions(regeneration_in_maintenance=allowed)
        )
        fight = Fight(state)
        fight.do(StartFight())
        fight.do(EndPhase())
        fight.do(EndPhase())
        fight = Fight(fight.state.with_combatant(fight.state.get("s")._replace(vigor=1)))
        if allowed:
            fight.do(Regenerate("s", 0, 2))
            assert fight.state.get("s").vigor == 2
        else:
            refused(fight, Regenerate("s", 0, 2), "regeneration")


def test_a_brise_character_cannot_start_a_fight(tmp_path: object) -> None:
    """ "le personnage ne sera plus jouable tant qu'il n'aura pas été ramené" (002_58e889a1abff3456.txt)."""
    from meneur.systems.energy.combat.rules import may_fight

    assert not may_fight(frozenset({"broken"})) and may_fight(frozenset({"wounded"}))


@pytest.mark.parametrize(
    ("condition", "option", "allowed"),
    [
        ("stunned", False, False),
        ("stunned", True, True),
        ("controlled", True, False),
        ("immobilized", True, False),
    ],
)
def test_a_stunned_small_move_is_a_table_option(condition: str, option: bool, allowed: bool) -> None:
    """ "Sonné: ne peut plus dépenser ses points d'énergie autrement qu'en défense"; "Immobilisé: ne peut
    plus se déplacer" (002_58e889a1abff3456.txt): by default sonné forbids even the free small move; the
    table option ``stunned_may_small_move`` allows it (it spends no token); contrôlé and immobilisé never
    do. The legality query offers the small move exactly when it is accepted."""

    dazing = PowerProfile("Onde", "off_d", effect="condition", condition=condition)
    state = FightState(
        (foe("f", energy=9, powers=(dazing, DEF)), hero("h", energy=6)),
        options=TableOptions(stunned_may_small_move=option),
    )
    fight = Fight(state)
    fight.do(StartFight())
    fight.do(Attack("f", "h", 3, 0))
    fight.do(Defend("h"))
    fight.do(EndPhase())
    assert condition in fight.state.get("h").conditions
    offered = [a for a in legal_actions(fight.state) if a.kind == "small_move" and a.actor == "h"]
    assert bool(offered) is allowed
    before = fight.state
    small = Move("h", (2.0, 0.0), small=True)
    if allowed:
        fight.do(small)
        assert fight.state.get("h").position == (2.0, 0.0) and fight.state.get("h").energy == 6
    else:
        with pytest.raises(Refused):
            fight.do(small)
        assert fight.state == before
