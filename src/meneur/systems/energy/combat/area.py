"""Area attacks: "le personnage doit spécifier le diamètre de la zone (maximum 20 mètres de diamètre)
et son attaque est effectuée en demi-succès contre tous les personnages situés dans la zone d'effet"
(002_58e889a1abff3456.txt).

The targets named must fit together in one disc of the declared diameter: the smallest disc enclosing
their positions (found exactly, by trying the discs through two or three of them) is no wider.
"""

from __future__ import annotations

from itertools import combinations

from meneur.systems.energy.combat.checks import distance
from meneur.systems.energy.combat.profile import Combatant, Point

EPSILON = 1e-9


def _disc(a: Point, b: Point, c: Point) -> tuple[Point, float] | None:
    """The disc through three points (None when they are aligned)."""
    d = 2 * (a[0] * (b[1] - c[1]) + b[0] * (c[1] - a[1]) + c[0] * (a[1] - b[1]))
    if abs(d) < EPSILON:
        return None
    sa, sb, sc = a[0] ** 2 + a[1] ** 2, b[0] ** 2 + b[1] ** 2, c[0] ** 2 + c[1] ** 2
    x = (sa * (b[1] - c[1]) + sb * (c[1] - a[1]) + sc * (a[1] - b[1])) / d
    y = (sa * (c[0] - b[0]) + sb * (a[0] - c[0]) + sc * (b[0] - a[0])) / d
    return (x, y), distance((x, y), a)


def enclosing_diameter(points: list[Point]) -> float:
    """The diameter of the smallest disc enclosing ``points`` (0 for one point)."""
    if len(points) < 2:
        return 0.0
    candidates: list[tuple[Point, float]] = [
        (((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), distance(a, b) / 2) for a, b in combinations(points, 2)
    ]
    candidates += [disc for a, b, c in combinations(points, 3) if (disc := _disc(a, b, c)) is not None]
    best = min(
        radius
        for centre, radius in candidates
        if all(distance(centre, p) <= radius + EPSILON for p in points)
    )
    return 2 * best


def fits(points: list[Point], diameter: float) -> bool:
    """Whether ``points`` fit together in a zone of ``diameter`` metres."""
    return enclosing_diameter(points) <= diameter + EPSILON


def inside(
    combatants: tuple[Combatant, ...], attacker: str, centre: Point, diameter: float
) -> tuple[str, ...]:
    """Every standing combatant but ``attacker`` in the zone of ``diameter`` centred on ``centre``, on
    either side: "contre tous les personnages situés dans la zone d'effet" (002_58e889a1abff3456.txt).
    The attack hits only the targets it names (the GM's say); this is what a page preselects."""
    radius = diameter / 2
    return tuple(
        c.id
        for c in combatants
        if c.id != attacker and not c.out and distance(c.position, centre) <= radius + EPSILON
    )
