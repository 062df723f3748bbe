"""Random sequences of legal actions keep the fight's invariants after every step (Hypothesis).

Invariants: 0 <= energy <= Énergie, defence >= 0, 0 <= Vigueur <= its maximum, one attack per target
per action phase ("un même adversaire ne peut être pris pour cible ... qu'une seule fois durant sa phase
d'action", 002_58e889a1abff3456.txt), replaying the log equals the state, undo after do restores it.
"""

from __future__ import annotations

from dataclasses import replace
from math import cos, sin

from hypothesis import given
from hypothesis import strategies as st

from meneur.systems.energy import library_hero, quick_npc
from meneur.systems.energy.combat.commands import Command, Move
from meneur.systems.energy.combat.events import AttackDeclared
from meneur.systems.energy.combat.fight import Fight
from meneur.systems.energy.combat.legal import legal_actions, with_tokens
from meneur.systems.energy.combat.profile import combatant_from_character
from meneur.systems.energy.combat.state import FightState, Phase

from .helpers import replayed_from_wire

HEROES = ("KITSUNE", "WINK", "BRANDON", "SOLARIS", "LEGION", "SPECTRE", "NEXUS", "SUTURE")


def initial(names: list[str], ranks: list[int]) -> FightState:
    """Heroes from the library against quick NPCs, spread on a line."""
    heroes = [
        combatant_from_character(library_hero(n), f"h{i}", "heroes", position=(4.0 * i, 0.0))
        for i, n in enumerate(names)
    ]
    foes = [
        combatant_from_character(quick_npc(r, f"F{i}"), f"f{i}", "foes", position=(4.0 * i, 8.0))
        for i, r in enumerate(ranks)
    ]
    return FightState(tuple(heroes + foes))


def concrete(command: Command, cost_span: int, draw: st.DrawFn) -> Command:
    """Fill a template: tokens within the legal span, a destination within reach."""
    if isinstance(command, Move) and command.portal is None:
        reach = 5.0 if command.small else 20.0
        angle, length = draw(st.floats(0, 6.28)), draw(st.floats(0, reach * 0.99))
        x, y = command.to
        command = replace(command, to=(x + length * cos(angle), y + length * sin(angle)))
    tokens = getattr(command, "tokens", None)
    if isinstance(tokens, int):
        command = with_tokens(command, draw(st.integers(tokens, tokens + cost_span)))
    return command


def check(state: FightState) -> None:
    """The invariants of one state."""
    for who in state.combatants:
        assert 0 <= who.energy <= who.energy_max, who
        assert who.defense >= 0, who
        assert 0 <= who.vigor <= who.vigor_max, who


@given(
    st.data(),
    st.lists(st.sampled_from(HEROES), min_size=1, max_size=3),
    st.lists(st.integers(1, 6), min_size=1, max_size=3),
)
def test_random_legal_fights_keep_the_invariants(
    data: st.DataObject, names: list[str], ranks: list[int]
) -> None:
    fight = Fight(initial(names, ranks))
    attacked: set[tuple[object, ...]] = set()
    for _ in range(data.draw(st.integers(1, 60))):
        actions = [a for a in legal_actions(fight.state) if a.kind != "end"]
        if not actions:
            break
        action = data.draw(st.sampled_from(actions))
        command = concrete(action.command, action.cost_max - action.cost_min, data.draw)
        before = fight.state
        phase_key = (before.turn, before.phase, before.active, before.interruption)
        events = fight.do(command)
        check(fight.state)
        for event in events:
            own = event.pending.terrain is None if isinstance(event, AttackDeclared) else False
            if isinstance(event, AttackDeclared) and own and before.phase is Phase.ACTION:
                for target in event.pending.targets:
                    key = (*phase_key, event.pending.attacker, target)
                    assert key not in attacked
                    attacked.add(key)
        undone = fight.undo()
        assert undone is not None and undone.command == command and fight.state == before
        redone = fight.redo()
        assert redone is not None and redone.command == command
    assert replayed_from_wire(fight) == fight.state
