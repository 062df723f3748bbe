"""The outcome of a fight: when it is decided, who won, and what it cost (its summary).

"Un personnage se retrouvant à zéro point de vigueur durant un confrontation est mis hors combat";
"Lorsque le combat est terminé et que tout danger immédiat est écarté, le personnage peut reprendre son
souffle" (002_58e889a1abff3456.txt). The book names no moment the fight ends by itself: once every
combatant of one side is out of the fight it is *decided*, and the GM ends it (ruling "A fight is
decided when a side is all out; the GM ends it" in docs/rulings/energy-combat.md).

Conventions: pure functions of a state and of the events that led to it; the summary counts what the
events tell (Vigueur lost to attacks and to the GM's adjustments, stress boxes checked, actions
d'éclat) and what the state keeps (who was knocked out, who left, the states the end marked).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from meneur.systems.energy.combat import rules
from meneur.systems.energy.combat.events import Adjusted, Event, FightEnded, StressSpent, VigorLost
from meneur.systems.energy.combat.state import FightState, Phase

MARKS = ("wounded", "incapacitated", "exhausted")
"""The states the end of a fight may mark, in the book's order."""


def standing_sides(state: FightState) -> frozenset[str]:
    """The sides with at least one combatant still in the fight (a copy does not count: it is its
    original's power, not a combatant of its own)."""
    return frozenset(c.side for c in state.combatants if not c.out and c.made_by is None)


def winner(state: FightState) -> str | None:
    """The side still standing when every other side is entirely out of the fight, else None."""
    standing = standing_sides(state)
    return next(iter(standing)) if len(standing) == 1 else None


def is_decided(state: FightState) -> bool:
    """Whether the fight under way is decided: fewer than two sides have anyone standing."""
    return state.phase in rules.FIGHTING and len(standing_sides(state)) < 2


class FighterOutcome(NamedTuple):
    """What the fight cost one combatant."""

    id: str
    name: str
    side: str
    pc: bool
    vigor_lost: int
    """Vigueur the fight took, in total: the attacks' and the GM's adjustments downwards (healing and
    Vigueur the GM gives back not subtracted)."""
    knocked_out: bool
    """Mis hors combat at some moment of the fight."""
    left: bool
    """Left or fled the fight (the GM's call)."""
    stress: int
    """Stress boxes checked during the fight."""
    feats: int
    """Actions d'éclat among them."""
    marks: tuple[str, ...]
    """The states the end of the fight marked (:data:`MARKS`)."""


class Summary(NamedTuple):
    """The end of a fight: the winning side (None: no side stands alone), the turns it lasted and each
    combatant's outcome, in the order of the fight."""

    winner: str | None
    turns: int
    fighters: tuple[FighterOutcome, ...]


def summarize(state: FightState, events: Iterable[Event]) -> Summary:
    """The summary of the fight ``events`` led to ``state`` (the whole log, in order).

    The winner is the one the end recorded (:attr:`.events.FightEnded.winner`); before the end, the
    side standing alone now, if any.
    """
    lost: dict[str, int] = {}
    stress: dict[str, int] = {}
    feats: dict[str, int] = {}
    ended: FightEnded | None = None
    for event in events:
        if isinstance(event, VigorLost):
            lost[event.target] = lost.get(event.target, 0) + event.amount
        elif isinstance(event, Adjusted) and event.vigor_lost:
            lost[event.target] = lost.get(event.target, 0) + event.vigor_lost
        elif isinstance(event, StressSpent):
            stress[event.actor] = stress.get(event.actor, 0) + 1
            if event.use == "feat":
                feats[event.actor] = feats.get(event.actor, 0) + 1
        elif isinstance(event, FightEnded):
            ended = event
    marked = set(ended.wounded) | set(ended.exhausted) if ended is not None else set()
    fighters = tuple(
        FighterOutcome(
            c.id,
            c.name,
            c.side,
            c.pc,
            lost.get(c.id, 0),
            c.knocked_out or (c.out and not c.left),
            c.left,
            stress.get(c.id, 0),
            feats.get(c.id, 0),
            tuple(m for m in MARKS if m in c.states) if c.id in marked else (),
        )
        for c in state.combatants
        if c.made_by is None
    )
    won = ended.winner if ended is not None else winner(state)
    return Summary(won, state.turn, fighters)


def is_over(state: FightState) -> bool:
    """Whether the fight has ended (:attr:`.state.Phase.ENDED`)."""
    return state.phase is Phase.ENDED
