"""Commands a player or the GM gives during a turn (imperative names, frozen dataclasses).

``model`` names the model of the squad the command is for; ``None`` is the squad's only model (a
squad of several models needs the name).
"""

from __future__ import annotations

from dataclasses import dataclass

from meneur.systems.warzone.reach import Target


@dataclass(frozen=True)
class StartActivation:
    """Activate the model (once per turn)."""

    model: str | None = None


@dataclass(frozen=True)
class DeclareTechniques:
    """Choose and order the techniques tried in this activation (at most three, maybe none)."""

    names: tuple[str, ...] = ()
    model: str | None = None


@dataclass(frozen=True)
class TestTechnique:
    """Make the power test of the next declared technique (``target`` checked when given)."""

    target: Target | None = None
    model: str | None = None


@dataclass(frozen=True)
class CastSpell:
    """Use a spell; ``in_close_combat`` when the model is fighting in close combat.

    ``target`` (what the table sees of the chosen target) is checked against the range when given.
    """

    name: str
    in_close_combat: bool = False
    target: Target | None = None
    model: str | None = None


@dataclass(frozen=True)
class SpendAction:
    """Spend one action on something other than a power; ``concentrate`` when it is concentrating."""

    concentrate: bool = False
    model: str | None = None


@dataclass(frozen=True)
class EndActivation:
    """End the activation, whatever actions are left."""

    model: str | None = None


@dataclass(frozen=True)
class EndTurn:
    """End the turn: the next turn begins."""


@dataclass(frozen=True)
class TestWakeUp:
    """A knocked-down model tries to get up with a leadership test at the start of the turn."""

    model: str | None = None


@dataclass(frozen=True)
class HelpUp:
    """A friendly model in base contact spends an action to get the knocked-down model up.

    ``helper`` names the squad's model whose action it costs (it must be using its actions);
    ``None``: a friendly model not kept in this file, whose action the table counts.
    """

    model: str | None = None
    helper: str | None = None


@dataclass(frozen=True)
class SetPanicked:
    """The model becomes panicked, or stops being panicked."""

    panicked: bool
    model: str | None = None


Command = (
    StartActivation
    | DeclareTechniques
    | TestTechnique
    | CastSpell
    | SpendAction
    | EndActivation
    | EndTurn
    | TestWakeUp
    | HelpUp
    | SetPanicked
)
