"""Exact odds of the Carpathian rolls, computed with icepool and returned as fractions.

« 2D6 + Trait », with advantage « 3D6 garder les 2 meilleurs » or disadvantage « 3D6 garder les
2 pires » (``003_87a535c5e428c5d3.txt``). Probabilities are :class:`fractions.Fraction`; JSON
adapters print them reduced as ``"n/d"`` with :func:`meneur.dice.odds.fraction_text`.
"""

from __future__ import annotations

from fractions import Fraction
from importlib import import_module
from typing import Any

from meneur.systems.carpathes.combat import Wound, wound_after_steps
from meneur.systems.carpathes.model import RollMode, Tier
from meneur.systems.carpathes.resolution import check_trait_and_bonus, tier_of

# icepool ships no type information; reaching it through import_module keeps mypy strict
# whether or not the project later declares an override for it.
icepool = import_module("icepool")


def kept_sum(mode: RollMode) -> Any:
    """The distribution of the kept dice: 2D6, or 3D6 keep the 2 highest / lowest."""
    if mode is RollMode.NORMAL:
        return icepool.d6.pool(2).sum()
    pool = icepool.d6.pool(3)
    return (pool.highest(2) if mode is RollMode.ADVANTAGE else pool.lowest(2)).sum()


def total_distribution(trait: int, bonus: int = 0, mode: RollMode = RollMode.NORMAL) -> dict[int, Fraction]:
    """Exact probability of each total of « 2D6 + Trait » (+ bonus)."""
    check_trait_and_bonus(trait, bonus)
    die = kept_sum(mode)
    return {int(outcome) + trait + bonus: Fraction(die.probability(outcome)) for outcome in die.outcomes()}


def tier_odds(trait: int, bonus: int = 0, mode: RollMode = RollMode.NORMAL) -> dict[Tier, Fraction]:
    """Exact probability of each of the five tiers, every tier present (zero when impossible)."""
    result = {tier: Fraction(0) for tier in Tier}
    for total, chance in total_distribution(trait, bonus, mode).items():
        result[tier_of(total)] += chance
    return result


def at_least(trait: int, bonus: int, mode: RollMode, tier: Tier) -> Fraction:
    """Probability of reaching ``tier`` or better."""
    order = list(Tier)
    odds = tier_odds(trait, bonus, mode)
    return sum((odds[t] for t in order[order.index(tier) :]), Fraction(0))


def attack_margin_distribution(
    physical: int, weapon_bonus: int, defense: int, mode: RollMode = RollMode.NORMAL
) -> dict[int, Fraction]:
    """Exact probability of each margin of « 2D6 + Physique + bonus d'arme contre la Défense »."""
    die = kept_sum(mode)
    return {
        int(outcome) + physical + weapon_bonus - defense: Fraction(die.probability(outcome))
        for outcome in die.outcomes()
    }


def wound_odds(
    physical: int,
    weapon_bonus: int,
    defense: int,
    mode: RollMode = RollMode.NORMAL,
    steps: int = 0,
    step_rule: str = "margin",
) -> dict[Wound, Fraction]:
    """Exact probability of each wound of an attack (every wound present, zero when impossible)."""
    result = {wound: Fraction(0) for wound in Wound}
    for margin, chance in attack_margin_distribution(physical, weapon_bonus, defense, mode).items():
        result[wound_after_steps(margin, steps, step_rule)] += chance
    return result
