"""Exact odds of the tiers, checked against brute-force enumeration of every die face."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from meneur.dice.source import EnteredSource
from meneur.systems.carpathes.catalogue import WeaponKey
from meneur.systems.carpathes.combat import Wound, attack
from meneur.systems.carpathes.model import RollMode, TableOptions, Tier
from meneur.systems.carpathes.odds import (
    at_least,
    attack_margin_distribution,
    tier_odds,
    total_distribution,
    wound_odds,
)
from meneur.systems.carpathes.resolution import tier_of


def brute_force(trait: int, bonus: int, mode: RollMode) -> dict[Tier, Fraction]:
    count = 2 if mode is RollMode.NORMAL else 3
    faces = list(itertools.product(range(1, 7), repeat=count))
    result = {tier: Fraction(0) for tier in Tier}
    for dice in faces:
        ordered = sorted(dice)
        kept = ordered[-2:] if mode is RollMode.ADVANTAGE else ordered[:2]
        result[tier_of(sum(kept) + trait + bonus)] += Fraction(1, len(faces))
    return result


@pytest.mark.parametrize("mode", list(RollMode))
@pytest.mark.parametrize("trait", range(11))
@pytest.mark.parametrize("bonus", [-3, 0, 1, 2, 5])
def test_tier_odds_match_brute_force(trait: int, bonus: int, mode: RollMode) -> None:
    """003_87a535c5e428c5d3.txt: « 2D6 + Trait », « 3D6 garder les 2 meilleurs / pires »."""
    assert tier_odds(trait, bonus, mode) == brute_force(trait, bonus, mode)


@pytest.mark.parametrize(
    ("trait", "mode", "tier", "expected"),
    [
        # 2D6 + 2: partial success on 7 or 8 (6 + 5 ways of 36).
        (2, RollMode.NORMAL, Tier.PARTIAL_SUCCESS, Fraction(11, 36)),
        # 2D6 + 3: critical success only on 12.
        (3, RollMode.NORMAL, Tier.CRITICAL_SUCCESS, Fraction(1, 36)),
        # 3D6 keep 2 best + 0: 12 needs two sixes among three dice: 16 of 216.
        (0, RollMode.ADVANTAGE, Tier.SUCCESS, Fraction(16 + 27, 216)),
        (0, RollMode.NORMAL, Tier.CRITICAL_FAILURE, Fraction(10, 36)),
    ],
)
def test_hand_computed_odds(trait: int, mode: RollMode, tier: Tier, expected: Fraction) -> None:
    assert tier_odds(trait, 0, mode)[tier] == expected


@pytest.mark.parametrize("mode", list(RollMode))
def test_distributions_sum_to_one(mode: RollMode) -> None:
    assert sum(total_distribution(2, 1, mode).values()) == 1
    assert at_least(2, 1, mode, Tier.CRITICAL_FAILURE) == 1


def test_advantage_is_better_than_normal_better_than_disadvantage() -> None:
    chances = [
        at_least(2, 0, m, Tier.SUCCESS) for m in (RollMode.DISADVANTAGE, RollMode.NORMAL, RollMode.ADVANTAGE)
    ]
    assert chances == sorted(chances) and len(set(chances)) == 3


def test_attack_margins_match_brute_force() -> None:
    """« 2D6 + Physique + bonus d'arme contre la Défense de la cible »."""
    expected: dict[int, Fraction] = {}
    for a, b in itertools.product(range(1, 7), repeat=2):
        margin = a + b + 2 + 1 - 6
        expected[margin] = expected.get(margin, Fraction(0)) + Fraction(1, 36)
    assert attack_margin_distribution(2, 1, 6) == expected


@pytest.mark.parametrize("mode", list(RollMode))
@pytest.mark.parametrize(
    ("physical", "bonus", "defense", "steps", "rule"),
    [
        (2, 0, 6, 0, "margin"),
        (2, 1, 6, 1, "margin"),
        (3, 2, 4, 1, "band"),
        (0, 0, 12, 0, "margin"),
        (5, 3, 5, 1, "band"),
    ],
)
def test_wound_odds_match_brute_force(
    mode: RollMode, physical: int, bonus: int, defense: int, steps: int, rule: str
) -> None:
    """003_87a535c5e428c5d3.txt: « Marge 1 à 4 : blessure légère », « 5 à 9 : blessure sérieuse »,
    « 10+ : blessure critique », « ajoute 1 cran au résultat avant lecture de la marge »."""
    count = 2 if mode is RollMode.NORMAL else 3
    faces = list(itertools.product(range(1, 7), repeat=count))
    expected = {wound: Fraction(0) for wound in Wound}
    for dice in faces:
        attack_ = attack(
            EnteredSource(dice),
            physical,
            defense,
            weapon_bonus=bonus,
            weapon=WeaponKey.CAVALRY_SABRE if steps else WeaponKey.STEEL_BLADE,
            mode=mode,
            options=TableOptions(damage_step=rule),
        )  # type: ignore[arg-type]
        expected[attack_.wound] += Fraction(1, len(faces))
    assert wound_odds(physical, bonus, defense, mode, steps, rule) == expected


def test_wound_odds_by_hand() -> None:
    """Sabre (+1 cran), Physique 2 against Défense 6: no wound on 2D6 of 3 or less (3 of 36)."""
    odds = wound_odds(2, 0, 6, RollMode.NORMAL, 1)
    assert (odds[Wound.NONE], odds[Wound.LIGHT], odds[Wound.SERIOUS], odds[Wound.CRITICAL]) == (
        Fraction(1, 12),
        Fraction(1, 2),
        Fraction(5, 12),
        Fraction(0),
    )
