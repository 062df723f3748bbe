"""Shared builders for the warzone tests: a model with three spells (one not bought) and four techniques."""

from __future__ import annotations

from meneur.dice.source import EnteredSource
from meneur.systems.warzone.model import Figure, Power, PowerKind, PowerRange, TableOptions
from meneur.systems.warzone.turn import TurnState, initial_state

BOLT = Power(
    name="Bolt",
    kind=PowerKind.SPELL,
    actions=2,
    difficulty=2,
    range=PowerRange(inches=18, line_of_sight=True),
)
HEAL = Power(name="Heal", kind=PowerKind.SPELL, actions=1, difficulty=0, range=PowerRange(touch=True))
SHIELD = Power(name="Shield", kind=PowerKind.TECHNIQUE, difficulty=1)
HASTE = Power(name="Haste", kind=PowerKind.TECHNIQUE, difficulty=3)
FURY = Power(name="Fury", kind=PowerKind.TECHNIQUE, difficulty=0)
WARD = Power(name="Ward", kind=PowerKind.TECHNIQUE, difficulty=0)
CURSE = Power(name="Curse", kind=PowerKind.SPELL, actions=1, difficulty=1, bought=False)


def mystic(**changes: object) -> Figure:
    """A model with Moc 14, DW 12, 3 actions and every test power."""
    base = Figure(
        name="Mystic",
        power=14,
        leadership=12,
        actions=3,
        powers=(BOLT, HEAL, SHIELD, HASTE, FURY, WARD, CURSE),
    )
    return base.model_copy(update=changes)


def start(options: TableOptions | None = None, **changes: object) -> TurnState:
    """The initial state of :func:`mystic`."""
    return initial_state(mystic(**changes), options)


def dice(*values: int) -> EnteredSource:
    """Entered dice, as a player would type them."""
    return EnteredSource(values)
