"""Policies: who plays the NPCs (or the heroes, in a simulation), and why.

A policy answers a :class:`~.adapter.Decision` with a :class:`Suggestion`: the chosen command, its
explanation, and the next best alternatives; ``None`` declines an optional decision (an interrupt,
the maintenance phase). Policies are pure: the same state, decision and random generator give the
same answer.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from math import cos, sin
from typing import NamedTuple, Protocol

from meneur.i18n import Message
from meneur.systems.energy.ai import explain
from meneur.systems.energy.ai.adapter import (
    MOVE_REACH,
    SMALL_REACH,
    Decision,
    LegalAction,
    instance,
    try_events,
)
from meneur.systems.energy.combat.commands import Command, Move
from meneur.systems.energy.combat.state import FightState

__all__ = ["Choice", "Policy", "RandomPolicy", "Suggestion", "rank"]


Why = Callable[[], tuple[Message, tuple[Message, ...]]]
"""What makes a choice's explanation: its head and its reasons."""


class Choice:
    """One command a policy considered, with its score (higher is better) and why.

    The explanation is given either at once (``head``, ``reasons``) or as ``why``, called the first
    time it is read: a policy weighs dozens of commands and a player is shown three, so the words of
    the others are never made. Choices are immutable."""

    __slots__ = ("_head", "_reasons", "_why", "command", "score")

    def __init__(
        self,
        command: Command,
        score: float,
        head: Message | None = None,
        reasons: tuple[Message, ...] = (),
        *,
        why: Why | None = None,
    ) -> None:
        if head is None and why is None:
            raise TypeError("a Choice needs its head or a why")
        self.command, self.score = command, score
        self._head, self._reasons, self._why = head, reasons, why

    def _explained(self) -> tuple[Message, tuple[Message, ...]]:
        if self._why is not None:
            self._head, self._reasons = self._why()
            self._why = None
        assert self._head is not None
        return self._head, self._reasons

    @property
    def head(self) -> Message:
        """What the command does ("Agent 2 attacks KITSUNE")."""
        return self._explained()[0]

    @property
    def reasons(self) -> tuple[Message, ...]:
        """Why it is worth playing ("1 Vigueur point left", "no defence placed")."""
        return self._explained()[1]

    @property
    def explanation(self) -> Message:
        """The whole sentence: head and reasons."""
        return explain.sentence(*self._explained())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Choice):
            return NotImplemented
        return (self.command, self.score, *self._explained()) == (
            other.command,
            other.score,
            *other._explained(),
        )

    def __hash__(self) -> int:
        return hash((self.command, self.score))

    def __repr__(self) -> str:
        return f"Choice({self.command!r}, {self.score!r})"


class Suggestion(NamedTuple):
    """The chosen command and the best alternatives, best first."""

    best: Choice
    alternatives: tuple[Choice, ...] = ()


class Policy(Protocol):
    """Anything that answers decisions."""

    name: str

    def choose(self, state: FightState, decision: Decision, rng: random.Random) -> Suggestion | None:
        """The suggestion for ``decision`` in ``state`` (None: decline an optional decision)."""
        ...


def rank(choices: Sequence[Choice], alternatives: int = 2) -> Suggestion | None:
    """The best choice and the next ones (stable: the first of equal scores wins)."""
    if not choices:
        return None
    ordered = sorted(choices, key=lambda c: -c.score)
    return Suggestion(ordered[0], tuple(ordered[1 : 1 + alternatives]))


def random_instance(action: LegalAction, rng: random.Random) -> Command:
    """A random concrete command of a template: a token count in its range, a move destination."""
    command = action.command
    if isinstance(command, Move) and command.portal is None:
        reach = SMALL_REACH if command.small else MOVE_REACH
        angle, length = rng.uniform(0, 6.283), rng.uniform(0, reach)
        x, y = command.to
        return Move(
            command.actor,
            (round(x + length * cos(angle), 3), round(y + length * sin(angle), 3)),
            command.power,
            command.carry,
            command.small,
            command.crossing,
            command.portal,
        )
    return instance(action, rng.randint(action.cost_min, action.cost_max))


class RandomPolicy:
    """The baseline: any legal action, any legal token count, uniformly."""

    name = "random"

    def __init__(self, decline: float = 0.5) -> None:
        self.decline = decline

    def choose(self, state: FightState, decision: Decision, rng: random.Random) -> Suggestion | None:
        """A uniformly random legal command (an optional decision is declined half of the time).

        Candidates are drawn without replacement and the first the engine accepts is played: each
        legal action is as likely as any other, and the engine is asked about a few only."""
        if decision.optional and rng.random() < self.decline:
            return None
        left = decision.indices()
        action = None
        while left and action is None:
            action = decision.option(left.pop(rng.randrange(len(left))))
        if action is None:
            return None
        command = random_instance(action, rng)
        if try_events(state, command) is None:  # a destination the engine refuses: stay put
            command = action.command
        reason = explain.m(explain.AT_RANDOM_LEGAL)
        return Suggestion(Choice(command, 0.0, explain.head(state, command), (reason,)))
