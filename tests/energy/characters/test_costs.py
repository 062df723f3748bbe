"""Hero-point and aptitude-point costs (002_58e889a1abff3456.txt, "les bases d'un personnage")."""

from __future__ import annotations

import pytest

from meneur.systems.energy import costs
from meneur.systems.energy.model import LivingStandard, Maturity, Power, PowerCategory

RULES = "002_58e889a1abff3456.txt"


@pytest.mark.parametrize(
    ("rank", "points"),
    [(1, 9), (2, 17), (3, 24), (4, 32), (5, 39), (6, 47), (7, 54), (8, 62), (9, 69), (10, 77), (11, 84)],
)
def test_hero_point_budget_follows_the_table(rank: int, points: int) -> None:
    """002_58e889a1abff3456.txt, table "Rang | Pts de héros": 1 | 9 ... 10 | 77, "11+ | 84+"."""
    assert costs.hero_point_budget(rank) == points


@pytest.mark.parametrize(("rank", "points"), [(12, 92), (13, 99), (14, 107), (20, 152)])
def test_hero_point_budget_continues_past_eleven_alternating_8_and_7(rank: int, points: int) -> None:
    """002_58e889a1abff3456.txt, "11+ | 84+": the table alternates +8 and +7; so does its continuation."""
    step = 8 if rank % 2 == 0 else 7
    assert costs.hero_point_budget(rank) == points
    assert costs.hero_point_budget(rank) - costs.hero_point_budget(rank - 1) == step


def test_rank_below_one_has_no_budget() -> None:
    """002_58e889a1abff3456.txt: the rank table starts at "1 | 9"."""
    with pytest.raises(ValueError):
        costs.hero_point_budget(0)


@pytest.mark.parametrize(("points", "rank"), [(8, 0), (9, 1), (38, 4), (39, 5), (46, 5), (47, 6), (84, 11)])
def test_rank_reached_by_hero_points(points: int, rank: int) -> None:
    """002_58e889a1abff3456.txt: "empêchant alors de dépenser des points de héros s'ils permettent
    d'atteindre le rang 7": the rank follows the hero points."""
    assert costs.rank_for_hero_points(points) == rank


@pytest.mark.parametrize(
    ("energy", "recovery", "vigor", "cost"),
    [(5, 4, 5, 27), (6, 4, 4, 28), (1, 0, 0, 2), (0, 1, 0, 3), (0, 0, 1, 1), (6, 6, 6, 36)],
)
def test_attribute_costs_2_3_1(energy: int, recovery: int, vigor: int, cost: int) -> None:
    """002_58e889a1abff3456.txt, "Énergie | 2", "Récupération | 3", "Vigueur | 1"; WINK "Énergie 5
    (coût 10), Récupération 4 (coût 12), Vigueur 5 (coût 5)" = 27; KITSUNE's 28."""
    assert costs.attributes_cost(energy, recovery, vigor) == cost


@pytest.mark.parametrize(
    ("modifier", "cost"),
    [(0, 3), (1, 5), (2, 7), (3, 9), (-1, 2), (-2, 1), (-3, 1), (-10, 1)],
)
def test_power_cost(modifier: int, cost: int) -> None:
    """002_58e889a1abff3456.txt: "leur coût de base est toujours 3 points de héros", "Renforcement |
    +X | 2 par +1", "Affaiblissement | -X | -1 par -1", "jusqu'à un coût minimum de 1 point de héros";
    KITSUNE's "Frappes instinctives (Off-C) +1 ... (coût 5)"."""
    assert costs.power_cost(Power(name="p", category=PowerCategory.OFF_C, modifier=modifier)) == cost


@pytest.mark.parametrize(
    ("maturity", "points"), [(Maturity.ADOLESCENT, 18), (Maturity.ADULT, 24), (Maturity.VETERAN, 30)]
)
def test_aptitude_budget_by_maturity(maturity: Maturity, points: int) -> None:
    """002_58e889a1abff3456.txt, "Adolescent | 18", "Adulte | 24", "Vétéran | 30"."""
    assert costs.MATURITY_BUDGETS[maturity] == points


@pytest.mark.parametrize("rank", [1, 2, 3, 4, 5])
def test_aptitude_rank_costs_its_rank(rank: int) -> None:
    """002_58e889a1abff3456.txt, "Rang | Coût | Description": "3 | 3 | Professionnel"."""
    assert costs.aptitude_rank_cost(rank) == rank


@pytest.mark.parametrize("bonus", [1, 2, 3])
def test_trait_costs_one_per_plus_one(bonus: int) -> None:
    """002_58e889a1abff3456.txt: "Un trait coûte 1 point d'aptitude par bonus de +1"."""
    assert costs.trait_cost(bonus) == bonus


@pytest.mark.parametrize(
    ("standard", "cost"),
    [
        (LivingStandard.PRECARIOUS, 0),
        (LivingStandard.MODEST, 1),
        (LivingStandard.COMFORTABLE, 2),
        (LivingStandard.WELL_OFF, 3),
        (LivingStandard.RICH, 4),
        (LivingStandard.VERY_RICH, 5),
    ],
)
def test_living_standard_bought_with_aptitude_points(standard: LivingStandard, cost: int) -> None:
    """002_58e889a1abff3456.txt: "Par défaut, votre niveau de vie est précaire, mais vous pouvez
    l'augmenter à la création en dépensant des points d'aptitudes" ("Coût | Niveau de vie": 0 PRÉCAIRE
    ... 5 TRÈS RICHE)."""
    assert costs.living_standard_cost(standard) == cost
