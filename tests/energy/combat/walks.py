"""The walks the query tests take: every state of a book fight, and of a random legal fight."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from hypothesis import strategies as st

from meneur.systems.energy.combat.engine import load_fight
from meneur.systems.energy.combat.fight import Fight
from meneur.systems.energy.combat.legal import legal_actions
from meneur.systems.energy.combat.options import TableOptions
from meneur.systems.energy.combat.state import FightState

from .test_invariants import concrete, initial


def along_book_fight(path: Path) -> Iterator[FightState]:
    """The fight file's first state, then the state after each of its commands."""
    initial_state, commands = load_fight(path)
    fight = Fight(initial_state)
    yield fight.state
    for command in commands:
        fight.do(command)
        yield fight.state


def along_random_fight(data: st.DataObject, names: list[str], ranks: list[int]) -> Iterator[FightState]:
    """Library heroes ``names`` against quick NPCs of ``ranks``, with drawn table options: each state
    of up to 40 drawn legal commands (a template filled within its span), until no action is left
    but ending the fight. The caller may draw more between two states."""
    options = TableOptions(
        regeneration_in_maintenance=data.draw(st.booleans()), hold_skips_own_slot=data.draw(st.booleans())
    )
    fight = Fight(initial(names, ranks)._replace(options=options))
    for _ in range(data.draw(st.integers(1, 40))):
        yield fight.state
        actions = [a for a in legal_actions(fight.state) if a.kind != "end"]
        if not actions:
            return
        action = data.draw(st.sampled_from(actions))
        fight.do(concrete(action.command, action.cost_max - action.cost_min, data.draw))
