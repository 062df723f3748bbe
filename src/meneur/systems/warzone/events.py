"""What happened (past-tense names): the event log is the truth, the state is a fold over it.

Events are frozen pydantic models tagged by ``type`` so a log reads and writes as JSON. They carry
the dice already rolled, so replaying a log never rolls again. ``model`` names the squad's model the
event happened to (``None``, in files of one model written before squads: that model).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from meneur.systems.warzone.catalogue import ViolenceEffect
from meneur.systems.warzone.leadership import LeadershipReason
from meneur.systems.warzone.model import Frozen, PowerKind
from meneur.systems.warzone.power_test import Critical


class ActivationStarted(Frozen):
    """The model was activated with its actions."""

    type: Literal["activation_started"] = "activation_started"
    actions: int
    model: str | None = None


class TechniquesDeclared(Frozen):
    """The techniques of this activation, in order."""

    type: Literal["techniques_declared"] = "techniques_declared"
    names: tuple[str, ...]
    model: str | None = None


class PowerTested(Frozen):
    """A power test was rolled and its actions spent."""

    type: Literal["power_tested"] = "power_tested"
    name: str
    kind: PowerKind
    order: int | None
    roll: int
    threshold: int
    success: bool
    critical: Critical | None
    actions_spent: int
    model: str | None = None


class ViolenceRolled(Frozen):
    """The violence table was rolled after a critical failure."""

    type: Literal["violence_rolled"] = "violence_rolled"
    roll: int
    effect: ViolenceEffect
    model: str | None = None


class LeadershipTested(Frozen):
    """A leadership test was rolled."""

    type: Literal["leadership_tested"] = "leadership_tested"
    reason: LeadershipReason
    roll: int
    threshold: int
    success: bool
    model: str | None = None


class WoundSuffered(Frozen):
    """The model suffered one wound."""

    type: Literal["wound_suffered"] = "wound_suffered"
    model: str | None = None


class ActionSpent(Frozen):
    """One action was spent on something other than a power."""

    type: Literal["action_spent"] = "action_spent"
    concentrate: bool = False
    model: str | None = None


class ActivationEnded(Frozen):
    """The activation ended (``reason``: declared, violence or knocked_down)."""

    type: Literal["activation_ended"] = "activation_ended"
    reason: Literal["declared", "violence", "knocked_down"] = "declared"
    model: str | None = None


class TurnEnded(Frozen):
    """The turn ended; the next one begins."""

    type: Literal["turn_ended"] = "turn_ended"


class WokeUp(Frozen):
    """The knocked-down model got up (``how``: leadership or friendly_help, ``helper`` the squad's
    model that helped, if it is kept in the file)."""

    type: Literal["woke_up"] = "woke_up"
    how: Literal["leadership", "friendly_help"]
    model: str | None = None
    helper: str | None = None


class WakeUpFailed(Frozen):
    """The knocked-down model stayed down this turn."""

    type: Literal["wake_up_failed"] = "wake_up_failed"
    model: str | None = None


class PanicChanged(Frozen):
    """The model became panicked or recovered."""

    type: Literal["panic_changed"] = "panic_changed"
    panicked: bool
    model: str | None = None


Event = Annotated[
    ActivationStarted
    | TechniquesDeclared
    | PowerTested
    | ViolenceRolled
    | LeadershipTested
    | WoundSuffered
    | ActionSpent
    | ActivationEnded
    | TurnEnded
    | WokeUp
    | WakeUpFailed
    | PanicChanged,
    Field(discriminator="type"),
]


def rolled(event: Event) -> bool:
    """Whether ``event`` rolled the d20: a power test, a leadership test or the violence table."""
    return isinstance(event, PowerTested | LeadershipTested | ViolenceRolled)
