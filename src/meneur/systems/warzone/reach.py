"""Range ("Zasięg") and target ("Cel") of a power: whether a chosen target may be aimed at.

Rule text 001_0209eda46e4737a1.txt. The parts of a range combine: "Mierzony 18 cali, Pole Widzenia,
Mały Wzornik Wybuchu" means within 18 inches *and* in line of sight, the template then covering the
models under it. The battlefield is the table's: the caller states what it sees (distance, contact,
line of sight, field of fire, target priority). Every problem is listed, not just the first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pydantic import Field

from meneur.i18n import N_, Message
from meneur.systems.warzone.model import Power, TableOptions, TargetKind

D = "warzone"
MAX_DISTANCE = 1000
"""The farthest target accepted, in inches (a table is a few feet wide)."""


@dataclass(frozen=True)
class Target:
    """What the table sees of the chosen target.

    Attributes:
        kind: a model or a point on the table.
        is_self: the target is the model using the power.
        in_contact: the target model is in base contact ("bezpośredni kontakt").
        distance: inches from the user to the target (None when not measured).
        in_line_of_sight: "w Polu widzenia modelu Czarującego".
        in_field_of_fire: "w jego Polu Ostrzału".
        priority_respected: the target priority rules ("Priorytetu Celu") allow this target.
        friendly: the target is a friendly model ("Modele przeciwnika" are the ones priority
            governs).
    """

    kind: TargetKind = TargetKind.MODEL
    is_self: bool = False
    in_contact: bool = False
    distance: Annotated[float, Field(ge=0, le=MAX_DISTANCE, allow_inf_nan=False)] | None = None
    in_line_of_sight: bool = True
    in_field_of_fire: bool = True
    priority_respected: bool = True
    friendly: bool = False


def inches(distance: float) -> str:
    """A distance as the table says it: ``20`` rather than ``20.0``, ``7.5`` kept."""
    return f"{distance:g}"


def _range_problems(power: Power, target: Target) -> list[Message]:
    rng = power.range
    problems: list[Message] = []
    if rng.personal and not target.is_self:
        problems.append(
            Message(
                D,
                N_("'{name}' is personal: only the model using it can be the target."),
                {"name": power.name},
            )
        )
    if rng.touch and not (target.is_self or target.in_contact):
        problems.append(
            Message(
                D,
                N_("'{name}' has touch range: the target must be the user or a model in base contact."),
                {"name": power.name},
            )
        )
    if rng.inches is not None and not target.is_self:
        if target.distance is None:
            problems.append(
                Message(
                    D,
                    N_("'{name}' has a measured range of {inches} inches: give the distance to the target."),
                    {"name": power.name, "inches": rng.inches},
                )
            )
        elif target.distance > rng.inches:
            problems.append(
                Message(
                    D,
                    N_("The target is {distance} inches away; '{name}' reaches {inches} inches."),
                    {"name": power.name, "inches": rng.inches, "distance": inches(target.distance)},
                )
            )
    if rng.line_of_sight and not (target.is_self or target.in_line_of_sight):
        problems.append(
            Message(D, N_("'{name}' needs the target in the user's line of sight."), {"name": power.name})
        )
    return problems


def _target_problems(power: Power, target: Target, options: TableOptions) -> list[Message]:
    problems: list[Message] = []
    if target.kind is TargetKind.POINT and power.target is TargetKind.MODEL:
        problems.append(Message(D, N_("'{name}' targets a model, not a point."), {"name": power.name}))
    if target.kind is TargetKind.MODEL and not target.is_self:
        if not target.in_field_of_fire and not power.outside_field_of_fire:
            problems.append(
                Message(
                    D,
                    N_(
                        "The target model is outside the user's field of fire (\"jedynie na modele będące w jego"
                        ' Polu Ostrzału").'
                    ),
                    {},
                )
            )
        follows = not target.friendly or options.friendly_targets_follow_priority
        if follows and not target.priority_respected:
            problems.append(
                Message(
                    D,
                    N_(
                        'Powers aimed at enemy models follow the target priority rules ("Priorytetu'
                        ' Celu"); pick the target they allow.'
                    ),
                    {},
                )
            )
    return problems


def target_problems(power: Power, target: Target, options: TableOptions | None = None) -> list[Message]:
    """Every reason ``target`` cannot be chosen for ``power`` (empty when it can).

    "Punkt: ... nie trzeba przestrzegać zasad Priorytetu Celu"; "W wypadku Mocy rzucanych na Modele
    przeciwnika należy przestrzegać zasad Priorytetu Celu" (friendly models are not bound, unless the
    table says so); "Model może używać Mocy jedynie na modele będące w jego Polu Ostrzału"
    (001_0209eda46e4737a1.txt).
    """
    return _range_problems(power, target) + _target_problems(power, target, options or TableOptions())
