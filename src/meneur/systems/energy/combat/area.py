"""Area attacks: "le personnage doit spécifier le diamètre de la zone (maximum 20 mètres de diamètre)
et son attaque est effectuée en demi-succès contre tous les personnages situés dans la zone d'effet"
(002_58e889a1abff3456.txt).

The targets named must fit together in one disc of the declared diameter: the smallest disc enclosing
their positions (found exactly, by trying the discs through two or three of them) is no wider.
:func:`fits` answers first from two bounds that decide most cases in linear or quadratic time (a disc
around one point, the farthest pair), and searches the smallest disc only between them: the search
tries every triple, and a crowd of copies (LEGION) named in one zone would make it the whole query's
cost.
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
    candidates.sort(key=lambda disc: disc[1])  # the first that encloses them all is the smallest
    return 2 * next(
        radius
        for centre, radius in candidates
        if all(distance(centre, p) <= radius + EPSILON for p in points)
    )


def _around(centre: Point, points: list[Point]) -> float:
    """The diameter of the disc centred on ``centre`` that encloses ``points``."""
    return 2 * max(distance(centre, p) for p in points)


def fits(points: list[Point], diameter: float) -> bool:
    """Whether ``points`` fit together in a zone of ``diameter`` metres: whether
    :func:`enclosing_diameter` is no wider (to ``EPSILON``).

    Two bounds answer first. A disc centred on the first point, or on the middle of the points' box,
    that encloses them all is a zone they fit in (the smallest disc is no wider). Two points farther
    apart than the zone (by more than the search's tolerance) never fit in it (the smallest disc is at
    least as wide as any pair is apart)."""
    if len(points) < 2:
        return diameter + EPSILON >= 0.0  # one point: the smallest disc is 0 m across
    if _around(points[0], points) <= diameter:
        return True
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    if _around(((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2), points) <= diameter:
        return True
    if any(distance(a, b) > diameter + 3 * EPSILON for a, b in combinations(points, 2)):
        return False
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
