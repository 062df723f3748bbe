"""The fight's plan as the page draws it: a grid in metres with its scale bar, the combatants' tokens
(initials, or a small image) with labels that do not overlap, the terrain, the range rings of the
rules' distances around the selected combatant, and the table's background under the grid.

Only layout is computed here (where lines, labels and rings go); every distance of a ring is the
rules' own constant (:mod:`meneur.systems.energy.combat.rules`), and what a move costs is the
engine's answer to a preview (:mod:`.move_preview`), never this module's.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from math import ceil, floor
from typing import Any

from meneur.i18n import N_, Message
from meneur.systems.energy.combat import rules

STEPS = (1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0)
"""The grid's possible squares, in metres (the smallest giving at most :data:`MOST_LINES`)."""
MOST_LINES = 12
MARGIN = 4.0
"""Metres around the combatants and the terrain."""
SMALLEST = (20.0, 12.0)
"""The narrowest and lowest plan, in metres."""


@dataclass(frozen=True)
class Ring:
    """A distance of the rules around the selected combatant."""

    kind: str
    radius: float
    label: str


@dataclass(frozen=True)
class Label:
    """Where a token's or a terrain element's name is written: its anchor point, how it is aligned
    (``start``, ``middle``, ``end``) and the box it takes (left, top, width, height)."""

    x: float
    y: float
    anchor: str
    box: tuple[float, float, float, float]


@dataclass(frozen=True)
class Token:
    id: str
    name: str
    initials: str
    side: str
    x: float
    y: float
    active: bool
    mine: bool
    draggable: bool
    label: Label
    image: str | None = None


@dataclass(frozen=True)
class TerrainMark:
    id: str
    kind: str
    label_text: str
    rank: int
    x: float
    y: float
    label: Label


@dataclass(frozen=True)
class Background:
    url: str
    width: float


@dataclass
class PlanView:
    left: float
    top: float
    width: float
    height: float
    step: float
    """The side of a grid square, in metres."""
    columns: list[float]
    rows: list[float]
    ruler: float
    """The scale bar's length, in metres."""
    ruler_label: str
    grid_label: str
    radius: float
    """A token's radius, in metres."""
    font: float
    tokens: list[Token]
    terrain: list[TerrainMark]
    rings: list[Ring]
    selected: Token | None
    background: Background | None = None
    terrain_data: list[dict[str, Any]] = field(default_factory=list)

    @property
    def box(self) -> str:
        return f"{self.left:g} {self.top:g} {self.width:g} {self.height:g}"

    @property
    def scale(self) -> float:
        return max(self.width, self.height)

    @property
    def ruler_at(self) -> tuple[float, float]:
        """Where the scale bar starts: the bottom left corner, inside."""
        return (self.left + self.width * 0.04, self.top + self.height * 0.94)


def initials(name: str) -> str:
    """Two letters for a token: the first of the first two words (``Bras Droit`` → ``BD``), or the
    first two of a one-word name (``KITSUNE`` → ``KI``); a name ending in a number keeps it, so that
    the numbered NPCs of one kind tell apart (``Agent Octopus 2`` → ``A2``)."""
    words = [w for w in name.replace("-", " ").replace("_", " ").split() if w]
    if not words:
        return "?"
    if len(words) > 1 and words[-1].isdigit():
        return (words[0][0] + words[-1]).upper()
    if len(words) == 1:
        return words[0][:2].upper()
    return (words[0][0] + words[1][0]).upper()


def grid_step(size: float) -> float:
    """The smallest square of :data:`STEPS` drawing at most :data:`MOST_LINES` lines across ``size``."""
    return next((s for s in STEPS if size / s <= MOST_LINES), STEPS[-1])


def ruler_length(width: float, step: float) -> float:
    """The scale bar: the longest round length (a square at least) within a third of the plan."""
    return max([s for s in STEPS if step <= s <= width / 3] or [step])


def _lines(start: float, size: float, step: float) -> list[float]:
    first, last = ceil(start / step), floor((start + size) / step)
    return [n * step for n in range(first, last + 1)]


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    """The area two boxes (left, top, width, height) share."""
    dx = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    dy = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return dx * dy if dx > 0 and dy > 0 else 0.0


def _candidates(x: float, y: float, reach: float, text: str, font: float) -> list[Label]:
    """Where a name may go around a point, the preferred first: above, below, right, left, then
    farther above and below."""
    width, height = 0.62 * font * max(len(text), 1), font
    found = []
    for dx, dy, anchor in (
        (0.0, -1.0, "middle"),
        (0.0, 1.0, "middle"),
        (1.0, 0.0, "start"),
        (-1.0, 0.0, "end"),
        (0.0, -2.2, "middle"),
        (0.0, 2.2, "middle"),
        (1.0, -1.4, "start"),
        (-1.0, -1.4, "end"),
        (1.0, 1.4, "start"),
        (-1.0, 1.4, "end"),
    ):
        middle_x = x + dx * (reach + 0.2 * font + (width / 2 if dx else 0.0))
        middle_y = y + dy * (reach + 0.15 * font + height / 2) if dy else y
        box = (middle_x - width / 2, middle_y - height / 2, width, height)
        tx = {"middle": middle_x, "start": box[0], "end": box[0] + width}[anchor]
        found.append(Label(tx, middle_y + 0.35 * height, anchor, box))
    return found


def place_labels(points: Sequence[tuple[float, float, str]], reach: float, font: float) -> list[Label]:
    """A label for each point (x, y, text) that overlaps no other label and no point's mark (a disc
    of ``reach``), when one of its places is free; else the place overlapping least. Greedy, in the
    points' order: the same plan always gets the same labels (placed once for the viewers who see
    the same plan, and kept while nobody moves)."""
    return list(_placed(tuple(points), reach, font))


@lru_cache(maxsize=256)
def _placed(points: tuple[tuple[float, float, str], ...], reach: float, font: float) -> tuple[Label, ...]:
    marks = [(x - reach, y - reach, 2 * reach, 2 * reach) for x, y, _t in points]
    placed: list[tuple[float, float, float, float]] = []
    found = []
    for x, y, text in points:
        options = _candidates(x, y, reach, text, font)

        def crowding(label: Label) -> float:
            return sum(_overlap(label.box, other) for other in [*marks, *placed])

        best = min(options, key=crowding)  # min keeps the first of equal ones: the preferred place
        placed.append(best.box)
        found.append(best)
    return tuple(found)


def rings(lang: str) -> list[Ring]:
    """The rules' distances drawn around the selected combatant: the free small move ("un petit
    déplacement de 5 mètres maximum"), an area's zone ("maximum 20 mètres de diamètre": 10 m around)
    and a move ("se déplacer de 20 mètres"), 002_58e889a1abff3456.txt."""
    return [
        Ring(
            "small",
            rules.SMALL_MOVE_METRES,
            Message("web", N_("small move {n} m"), {"n": int(rules.SMALL_MOVE_METRES)}).render(lang),
        ),
        Ring(
            "area",
            rules.AREA_MAX_DIAMETER / 2,
            Message("web", N_("area zone {n} m across"), {"n": int(rules.AREA_MAX_DIAMETER)}).render(lang),
        ),
        Ring(
            "move",
            rules.MOVE_METRES,
            Message("web", N_("move {n} m"), {"n": int(rules.MOVE_METRES)}).render(lang),
        ),
    ]


def _box(points: Iterable[tuple[float, float]]) -> tuple[float, float, float, float]:
    """The plan's view box: every point with :data:`MARGIN` around, at least :data:`SMALLEST`."""
    listed = list(points) or [(0.0, 0.0)]
    xs = [p[0] for p in listed]
    ys = [p[1] for p in listed]
    left, top = min(xs) - MARGIN, min(ys) - MARGIN
    return left, top, max(max(xs) - left + MARGIN, SMALLEST[0]), max(max(ys) - top + MARGIN, SMALLEST[1])


def build(
    fighters: Sequence[Any],
    terrain: list[dict[str, Any]],
    lang: str,
    is_gm: bool,
    background: Background | None = None,
) -> PlanView:
    """The plan of ``fighters`` (the fight view's, standing ones drawn) and ``terrain`` (with its
    ``label``) for a viewer: the GM may drag every token, a player the tokens of the combatants the
    server linked to them (``mine``); the selected one is the acting combatant, else the viewer's."""
    standing = [f for f in fighters if not f.out]
    left, top, width, height = _box(
        [(f.position[0], f.position[1]) for f in standing]
        + [(t["position"][0], t["position"][1]) for t in terrain]
    )
    scale = max(width, height)
    radius, font = scale / 50, scale / 50
    step = grid_step(scale)
    points = [(float(f.position[0]), float(f.position[1]), str(f.name)) for f in standing]
    points += [(float(t["position"][0]), float(t["position"][1]), str(t["label"])) for t in terrain]
    labels = place_labels(points, radius, font)
    tokens = [
        Token(
            id=f.id,
            name=f.name,
            initials=initials(f.name),
            side=f.side,
            x=float(f.position[0]),
            y=float(f.position[1]),
            active=f.active,
            mine=f.mine,
            draggable=is_gm or f.mine,
            label=label,
        )
        for f, label in zip(standing, labels, strict=False)
    ]
    marks = [
        TerrainMark(
            id=str(t["id"]),
            kind=str(t["kind"]),
            label_text=str(t["label"]),
            rank=int(t["rank"]),
            x=float(t["position"][0]),
            y=float(t["position"][1]),
            label=label,
        )
        for t, label in zip(terrain, labels[len(standing) :], strict=True)
    ]
    selected = next((t for t in tokens if t.active), None) or next((t for t in tokens if t.mine), None)
    ruler = ruler_length(width, step)
    return PlanView(
        left=left,
        top=top,
        width=width,
        height=height,
        step=step,
        columns=_lines(left - width, 3 * width, step),  # beyond the box: the plan may be panned
        rows=_lines(top - height, 3 * height, step),
        ruler=ruler,
        ruler_label=Message("web", N_("{n} m"), {"n": f"{ruler:g}"}).render(lang),
        grid_label=Message("web", N_("One square: {n} m"), {"n": f"{step:g}"}).render(lang),
        radius=radius,
        font=font,
        tokens=tokens,
        terrain=marks,
        rings=rings(lang),
        selected=selected,
        background=background,
        terrain_data=terrain,
    )
