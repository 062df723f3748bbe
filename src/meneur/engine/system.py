"""What a stateful rules module gives the engine: one shape for every game system.

Conventions:
    * A system is pure: ``decide(state, command, dice) -> events`` validates and says what happens,
      raising :class:`~meneur.errors.Refused` (a stable rule key and a translatable message) with the
      state untouched, or :class:`~meneur.errors.BadInputError` for a command that names nothing
      real; ``evolve(state, event) -> state`` folds one event. Dice come only from the ``dice``
      source an adapter hands in, and every die rolled is written in an event, so replaying the
      events needs no dice.
    * ``legal(state, include_refused)`` lists the commands that may be given now, each as a
      :class:`Legal` entry (who acts, the command template, its cost, and for refused ones the rule
      and the reason). It uses the same named predicates as ``decide``: legality is decided once.
    * ``start(setup)`` builds the first state from the setup's JSON (a fight file's combatants, a
      campaign's characters, a chronicle's options...); setups and states are plain JSON at the edge.
    * The :class:`~meneur.engine.codec.Codec` turns commands and events into the wire form and back.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from meneur.dice.source import DiceSource
from meneur.engine.codec import Codec
from meneur.i18n import Message

S = TypeVar("S")
C = TypeVar("C")
E = TypeVar("E")


@dataclass(frozen=True, slots=True)
class Legal(Generic[C]):
    """One thing that may (or, when asked, may not) be done now: a button of a UI, a move of an AI.

    ``command`` is a template: for commands that engage a variable number of tokens it engages
    ``cost_min``; any count up to ``cost_max`` is legal. ``details`` holds what a UI shows beside the
    button, JSON-ready (an Energy attack's bonus and halving, a stress box...). A refused entry has
    ``rule`` (a stable key) and ``reason`` (why, in the reader's language).
    """

    actor: str | None
    kind: str
    command: C
    cost_min: int = 0
    cost_max: int = 0
    details: Mapping[str, Any] = field(default_factory=dict)
    rule: str | None = None
    reason: Message | None = None

    @property
    def is_legal(self) -> bool:
        """Whether the command would be accepted now."""
        return self.rule is None


@dataclass(frozen=True, slots=True)
class System(Generic[S, C, E]):
    """The rules of one kind of session, as the engine drives them (see the module docstring).

    ``key`` is the registry key (``energy-fight``...); ``domain`` the translation domain of its
    messages; ``state_json``/``state_from_json`` write and read a snapshot of the state;
    ``format`` is the version of the snapshot and session-file format.
    """

    key: str
    domain: str
    codec: Codec[C, E]
    start: Callable[[Any], S]
    decide: Callable[[S, C, DiceSource], Sequence[E]]
    evolve: Callable[[S, E], S]
    legal: Callable[[S, bool], Sequence[Legal[C]]]
    state_json: Callable[[S], Any]
    state_from_json: Callable[[Any], S]
    format: int = 1
    describe: Callable[[S, E], Message | None] = field(default=lambda state, event: None)
    """The line of the log for one event, in the book's words (``None``: not shown)."""
    rolled: Callable[[E], bool] | None = None
    """Whether an event is a roll of the dice (its line goes in the table's roll log too);
    ``None``: the game rolls no dice."""
    read_command: Callable[[S, Any], C] | None = None
    """Reads a command's wire form against the state (an Energy power named by its name); ``None``:
    the codec alone reads it."""
    migrate: Callable[[Any], Any] = field(default=lambda data: data)
    """Turns a session file of an older format (or this system's file before the engine existed)
    into the current format's mapping; the current format is returned as it is."""
