"""Range and target: 001_0209eda46e4737a1.txt, "Zasięg" and "Cel"."""

from __future__ import annotations

import pytest

from meneur.systems.warzone.catalogue import EXAMPLE_RANGE
from meneur.systems.warzone.model import Power, PowerKind, PowerRange, TargetKind
from meneur.systems.warzone.reach import Target, target_problems

EXAMPLE = Power(name="Blast", kind=PowerKind.SPELL, actions=1, range=EXAMPLE_RANGE, target=TargetKind.POINT)


@pytest.mark.parametrize(
    ("distance", "in_sight", "problems"),
    [(18, True, 0), (12.5, True, 0), (18.5, True, 1), (10, False, 1), (24, False, 2), (None, True, 1)],
)
def test_the_texts_example_eighteen_inches_and_line_of_sight(
    distance: float | None, in_sight: bool, problems: int
) -> None:
    """001_0209eda46e4737a1.txt: "Zasięg: Mierzony 18 cali, Pole Widzenia, Mały Wzornik Wybuchu”
    oznacza, że dana Moc może być rzucona na model (lub punkt ...) znajdujący się nie dalej niż 18 cali
    od rzucającego, znajdujący się w jego polu widzenia"."""
    target = Target(kind=TargetKind.POINT, distance=distance, in_line_of_sight=in_sight)
    assert len(target_problems(EXAMPLE, target)) == problems
    assert EXAMPLE.range.template == "small blast"


@pytest.mark.parametrize(
    ("rng", "target", "ok"),
    [
        (PowerRange(personal=True), Target(is_self=True), True),
        (PowerRange(personal=True), Target(in_contact=True), False),
        (PowerRange(touch=True), Target(is_self=True), True),
        (PowerRange(touch=True), Target(in_contact=True), True),
        (PowerRange(touch=True), Target(distance=3), False),
        (PowerRange(command_range=True), Target(distance=30), True),
    ],
)
def test_personal_and_touch(rng: PowerRange, target: Target, ok: bool) -> None:
    """001_0209eda46e4737a1.txt: "Osobisty: Moc może być rzucona jedynie na używający jej model";
    "Dotyk: ... na używający jej model i/lub na Model w bezpośrednim kontakcie z nim"."""
    power = Power(name="P", kind=PowerKind.SPELL, actions=1, range=rng)
    assert (not target_problems(power, target)) is ok


@pytest.mark.parametrize(
    ("power_target", "target", "ok"),
    [
        (
            TargetKind.POINT,
            Target(kind=TargetKind.POINT, in_field_of_fire=False, priority_respected=False),
            True,
        ),
        (TargetKind.MODEL, Target(kind=TargetKind.POINT), False),
        (TargetKind.MODEL, Target(priority_respected=False), False),
        (TargetKind.MODEL, Target(in_field_of_fire=False), False),
        (TargetKind.MODEL, Target(), True),
    ],
)
def test_point_and_model_targets(power_target: TargetKind, target: Target, ok: bool) -> None:
    """001_0209eda46e4737a1.txt: "Punkt: ... nie trzeba przestrzegać zasad Priorytetu Celu"; "Model:
    ... należy przestrzegać zasad Priorytetu Celu"; "jedynie na modele będące w jego Polu Ostrzału"."""
    power = Power(name="P", kind=PowerKind.SPELL, actions=1, range=PowerRange(inches=24), target=power_target)
    target = Target(
        kind=target.kind,
        distance=6,
        in_field_of_fire=target.in_field_of_fire,
        priority_respected=target.priority_respected,
    )
    assert (not target_problems(power, target)) is ok


def test_described_exception_reaches_outside_the_field_of_fire() -> None:
    """001_0209eda46e4737a1.txt: "Jeżeli nie jest napisane inaczej"."""
    power = Power(
        name="P", kind=PowerKind.SPELL, actions=1, range=PowerRange(inches=24), outside_field_of_fire=True
    )
    assert target_problems(power, Target(distance=6, in_field_of_fire=False)) == []


def test_a_range_needs_a_part() -> None:
    with pytest.raises(ValueError, match="at least one part"):
        PowerRange()


@pytest.mark.parametrize(("distance", "shown"), [(20.0, "20 inches"), (18.5, "18.5 inches")])
def test_distance_is_shown_as_measured(distance: float, shown: str) -> None:
    """001_0209eda46e4737a1.txt: "Mierzony ... np. 6 cali, 18 cali": a whole distance reads without ".0"."""
    problems = target_problems(EXAMPLE, Target(distance=distance))
    assert len(problems) == 1 and shown in problems[0].render("en")
