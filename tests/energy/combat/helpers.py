"""Shared helpers of the combat tests: play a fight file, find events."""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from meneur.systems.energy.combat import examples
from meneur.systems.energy.combat.engine import load_fight
from meneur.systems.energy.combat.events import Event
from meneur.systems.energy.combat.fight import Fight
from meneur.systems.energy.combat.state import FightState

FIGHTS = Path(examples.__file__).parent
"""The book's example fights, shipped in the package."""
E = TypeVar("E")


def play(name: str) -> Fight:
    """Play ``fights/<name>.yaml`` to its end."""
    initial, commands = load_fight(FIGHTS / f"{name}.yaml")
    fight = Fight(initial)
    for command in commands:
        fight.do(command)
    return fight


def of_type(events: list[Event], kind: type[E]) -> list[E]:
    """The events of one type, in order."""
    return [e for e in events if isinstance(e, kind)]


def replayed_from_wire(fight: Fight) -> FightState:
    """The fight's events written in their JSON wire form, read back and folded over its start: what a
    session file or the table server stores, so the state must come back whole."""
    import json

    from meneur.systems.energy.combat.engine import CODEC
    from meneur.systems.energy.combat.evolve import evolve_all

    wire = json.loads(json.dumps([CODEC.event_to_json(event) for event in fight.events()]))
    return evolve_all(fight.start, [CODEC.event_from_json(item) for item in wire])
