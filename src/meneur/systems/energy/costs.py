"""What a character's parts cost in hero points and aptitude points (pure functions).

Rule text: ``002_58e889a1abff3456.txt``, chapter "les bases d'un personnage" and the aptitude,
trait and resources sections.
"""

from __future__ import annotations

from meneur.systems.energy.model import MAX_RANK as MAX_RANK  # re-exported: the bound lives on the model
from meneur.systems.energy.model import LivingStandard, Maturity, Power

ATTRIBUTE_COSTS: dict[str, int] = {"energy": 2, "recovery": 3, "vigor": 1}
""""Énergie | 2", "Récupération | 3", "Vigueur | 1" (002_58e889a1abff3456.txt)."""

POWER_BASE_COST = 3
REINFORCEMENT_COST = 2
WEAKENING_REFUND = 1
POWER_MINIMUM_COST = 1

MATURITY_BUDGETS: dict[Maturity, int] = {
    Maturity.ADOLESCENT: 18,
    Maturity.ADULT: 24,
    Maturity.VETERAN: 30,
}
""""Adolescent | 18", "Adulte | 24", "Vétéran | 30" (002_58e889a1abff3456.txt)."""

LIVING_STANDARD_COSTS: dict[LivingStandard, int] = {
    standard: cost for cost, standard in enumerate(LivingStandard)
}
"""Précaire 0, modeste 1, confortable 2, aisé 3, riche 4, très riche 5 ("Coût | Niveau de vie")."""

MAX_APTITUDE_RANK = 5
"""The highest rank meneur builds or accepts at the edge: the book's table ends at "11+ | 84+ | Cosmique"
with no maximum (see docs/rulings/energy-characters.md)."""


def hero_point_budget(rank: int) -> int:
    """Hero points available at ``rank`` ("Rang | Pts de héros", 002_58e889a1abff3456.txt).

    The book's table (9, 17, 24, 32, 39, 47, 54, 62, 69, 77, then "11+ | 84+") is exactly the
    quick formula's cost: attributes equal to the rank (6 points per rank), half the rank in
    powers rounded up (3 each), +1 reinforcement (2) when the rank is even. Ranks above 10
    continue it, alternating +7 and +8 as the table does (rank 11: 84, rank 12: 92).

    Raises:
        ValueError: for a rank below 1.
    """
    if rank < 1:
        raise ValueError(rank)
    return 6 * rank + POWER_BASE_COST * quick_power_count(rank) + REINFORCEMENT_COST * (rank % 2 == 0)


def quick_power_count(rank: int) -> int:
    """ "Autant de pouvoirs que la moitié de son rang de puissance (arrondi au supérieur)"."""
    return (rank + 1) // 2


def rank_for_hero_points(points: int) -> int:
    """The highest rank whose budget ``points`` reach (0 below the rank-1 budget).

    The experience rules let a campaign cap ranks: "empêchant alors de dépenser des points de
    héros s'ils permettent d'atteindre le rang 7" (002_58e889a1abff3456.txt).
    """
    rank = 0
    while hero_point_budget(rank + 1) <= points:
        rank += 1
    return rank


def attributes_cost(energy: int, recovery: int, vigor: int) -> int:
    """Hero points spent on the three attributes (2, 3 and 1 per point)."""
    return (
        energy * ATTRIBUTE_COSTS["energy"]
        + recovery * ATTRIBUTE_COSTS["recovery"]
        + vigor * ATTRIBUTE_COSTS["vigor"]
    )


def power_cost(power: Power) -> int:
    """A power's cost: 3, +2 per +1 of reinforcement, -1 per -1 of weakening, never below 1.

    "jusqu'à un coût minimum de 1 point de héros" (002_58e889a1abff3456.txt).
    """
    raw = POWER_BASE_COST + REINFORCEMENT_COST * power.reinforcement - WEAKENING_REFUND * power.weakening
    return max(raw, POWER_MINIMUM_COST)


def aptitude_rank_cost(rank: int) -> int:
    """An aptitude rank costs its rank ("Rang | Coût": 1 | 1 ... 5 | 5)."""
    return rank


def trait_cost(bonus: int) -> int:
    """ "Un trait coûte 1 point d'aptitude par bonus de +1"."""
    return bonus


def living_standard_cost(standard: LivingStandard) -> int:
    """Aptitude points paid at creation for a living standard above précaire."""
    return LIVING_STANDARD_COSTS[standard]
