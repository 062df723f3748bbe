"""Commands a player or the GM gives during a turn (imperative names, frozen dataclasses)."""

from __future__ import annotations

from dataclasses import dataclass

from meneur.systems.warzone.reach import Target


@dataclass(frozen=True)
class StartActivation:
    """Activate the model (once per turn)."""


@dataclass(frozen=True)
class DeclareTechniques:
    """Choose and order the techniques tried in this activation (at most three, maybe none)."""

    names: tuple[str, ...] = ()


@dataclass(frozen=True)
class TestTechnique:
    """Make the power test of the next declared technique (``target`` checked when given)."""

    target: Target | None = None


@dataclass(frozen=True)
class CastSpell:
    """Use a spell; ``in_close_combat`` when the model is fighting in close combat.

    ``target`` (what the table sees of the chosen target) is checked against the range when given.
    """

    name: str
    in_close_combat: bool = False
    target: Target | None = None


@dataclass(frozen=True)
class SpendAction:
    """Spend one action on something other than a power; ``concentrate`` when it is concentrating."""

    concentrate: bool = False


@dataclass(frozen=True)
class EndActivation:
    """End the activation, whatever actions are left."""


@dataclass(frozen=True)
class EndTurn:
    """End the turn: the next turn begins."""


@dataclass(frozen=True)
class TestWakeUp:
    """A knocked-down model tries to get up with a leadership test at the start of the turn."""


@dataclass(frozen=True)
class HelpUp:
    """A friendly model in base contact spent an action to get the knocked-down model up."""


@dataclass(frozen=True)
class SetPanicked:
    """The model becomes panicked, or stops being panicked."""

    panicked: bool


Command = (StartActivation | DeclareTechniques | TestTechnique | CastSpell | SpendAction
           | EndActivation | EndTurn | TestWakeUp | HelpUp | SetPanicked)
