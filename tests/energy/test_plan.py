"""The plan's view model: a grid in metres with its scale bar, the rings of the rules' distances
(« un petit déplacement de 5 mètres maximum », « se déplacer de 20 mètres », an area « maximum 20
mètres de diamètre », 002_58e889a1abff3456.txt), tokens with initials and labels that overlap nothing."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from meneur.systems.energy.view.plan import _overlap, build, grid_step, initials, place_labels


@dataclass
class F:
    id: str
    name: str
    position: tuple[float, float]
    side: str = "heroes"
    out: bool = False
    active: bool = False
    mine: bool = False


def test_initials_of_one_word_and_of_two() -> None:
    assert initials("KITSUNE") == "KI"
    assert initials("Bras Droit") == "BD"
    assert initials("Agent Octopus 1") == "A1"  # the numbered NPCs of one kind tell apart
    assert initials("Agent Octopus 12") == "A12"
    assert initials("Agent 1") == "A1"


def test_the_grid_square_keeps_the_lines_few() -> None:
    assert grid_step(20) == 2.0
    assert grid_step(100) == 10.0
    assert 40 / grid_step(40) <= 12


def test_labels_of_a_crowd_overlap_neither_each_other_nor_the_tokens() -> None:
    points = [(0.0, 0.0, "KITSUNE"), (1.0, 0.0, "WINK"), (0.5, 0.8, "Agent 1"), (0.5, -0.8, "Agent 2")]
    labels = place_labels(points, 0.4, 0.4)
    for a, b in combinations(labels, 2):
        assert _overlap(a.box, b.box) == 0
    for label in labels:
        for x, y, _t in points:
            assert _overlap(label.box, (x - 0.4, y - 0.4, 0.8, 0.8)) == 0


def test_the_rings_are_the_rules_distances_around_the_acting_combatant() -> None:
    fighters = [F("kitsune", "KITSUNE", (0, 0), active=True), F("a1", "Agent 1", (8, 0), side="foes")]
    plan = build(fighters, [], "fr", is_gm=False)
    assert plan.selected is not None and plan.selected.id == "kitsune"
    assert {r.kind: r.radius for r in plan.rings} == {"small": 5.0, "area": 10.0, "move": 20.0}
    assert plan.rings[0].label == "petit déplacement 5\u00a0m"
    assert plan.ruler_label.endswith("\u00a0m") and plan.ruler <= plan.width / 3


def test_a_player_drags_only_their_own_token_the_gm_any() -> None:
    fighters = [F("kitsune", "KITSUNE", (0, 0), mine=True), F("wink", "WINK", (3, 0))]
    player = {t.id: t.draggable for t in build(fighters, [], "fr", is_gm=False).tokens}
    gm = {t.id: t.draggable for t in build(fighters, [], "fr", is_gm=True).tokens}
    assert player == {"kitsune": True, "wink": False}
    assert gm == {"kitsune": True, "wink": True}


def test_a_combatant_out_of_the_fight_has_no_token() -> None:
    fighters = [F("kitsune", "KITSUNE", (0, 0)), F("wink", "WINK", (3, 0), out=True)]
    assert [t.id for t in build(fighters, [], "en", is_gm=True).tokens] == ["kitsune"]
