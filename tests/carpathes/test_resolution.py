"""2D6 + Trait, the five tiers, advantage and disadvantage (003_87a535c5e428c5d3.txt)."""

from __future__ import annotations

import pytest

from meneur.dice.source import EnteredDiceError, EnteredSource, RandomSource, finish
from meneur.errors import BadInputError
from meneur.systems.carpathes.model import RollMode, TableOptions, Tier
from meneur.systems.carpathes.resolution import mode_from, reroll, roll, tier_of


@pytest.mark.parametrize(
    ("total", "tier"),
    [
        (2, Tier.CRITICAL_FAILURE),
        (5, Tier.CRITICAL_FAILURE),
        (6, Tier.FAILURE),
        (8, Tier.FAILURE),
        (9, Tier.PARTIAL_SUCCESS),
        (10, Tier.PARTIAL_SUCCESS),
        (11, Tier.SUCCESS),
        (14, Tier.SUCCESS),
        (15, Tier.CRITICAL_SUCCESS),
        (22, Tier.CRITICAL_SUCCESS),
    ],
)
def test_tier_table(total: int, tier: Tier) -> None:
    """003_87a535c5e428c5d3.txt: « 5 ou moins | Échec critique », « 6-8 | Échec »,
    « 9-10 | Succès partiel », « 11-14 | Succès complet », « 15+ | Succès critique »."""
    assert tier_of(total) is tier


def test_tier_keys_are_stable() -> None:
    """The glossary's keys for « échec critique ... succès critique »."""
    assert [t.value for t in Tier] == [
        "critical_failure",
        "failure",
        "partial_success",
        "success",
        "critical_success",
    ]


@pytest.mark.parametrize(
    ("dice", "trait", "bonus", "total", "tier"),
    [
        ((4, 4), 2, 0, 10, Tier.PARTIAL_SUCCESS),
        ((1, 2), 2, 0, 5, Tier.CRITICAL_FAILURE),
        ((6, 5), 2, 2, 15, Tier.CRITICAL_SUCCESS),
        ((3, 3), 3, 0, 9, Tier.PARTIAL_SUCCESS),
    ],
)
def test_two_d6_plus_trait_plus_talent(
    dice: tuple[int, int], trait: int, bonus: int, total: int, tier: Tier
) -> None:
    """003_87a535c5e428c5d3.txt: « le joueur lance 2D6 + Trait concerné ... Bonus de talent
    éventuel à ajouter »."""
    result = roll(EnteredSource(dice), trait, bonus)
    assert (result.total, result.tier, result.kept, result.dropped) == (total, tier, dice, ())


@pytest.mark.parametrize(
    ("mode", "dice", "kept", "dropped"),
    [
        (RollMode.ADVANTAGE, (1, 5, 3), (5, 3), (1,)),
        (RollMode.ADVANTAGE, (6, 6, 6), (6, 6), (6,)),
        (RollMode.DISADVANTAGE, (1, 5, 3), (1, 3), (5,)),
        (RollMode.DISADVANTAGE, (2, 6, 2), (2, 2), (6,)),
    ],
)
def test_advantage_and_disadvantage_keep_two(
    mode: RollMode, dice: tuple[int, ...], kept: tuple[int, ...], dropped: tuple[int, ...]
) -> None:
    """003_87a535c5e428c5d3.txt: « Avantage (3D6 garder les 2 meilleurs) », « Désavantage (3D6
    garder les 2 pires) »."""
    source = EnteredSource(dice)
    result = roll(source, 1, 0, mode)
    finish(source)
    assert (result.kept, result.dropped, result.total) == (kept, dropped, sum(kept) + 1)
    assert sorted(result.kept + result.dropped) == sorted(dice)


@pytest.mark.parametrize(
    ("advantage", "disadvantage", "cancel", "mode"),
    [
        (False, False, True, RollMode.NORMAL),
        (True, False, True, RollMode.ADVANTAGE),
        (False, True, True, RollMode.DISADVANTAGE),
        (True, True, True, RollMode.NORMAL),
        (True, True, False, RollMode.DISADVANTAGE),
    ],
)
def test_advantage_and_disadvantage_together(
    advantage: bool, disadvantage: bool, cancel: bool, mode: RollMode
) -> None:
    """Ruling « Avantage et désavantage ensemble » (table option advantage_cancels_disadvantage)."""
    options = TableOptions(advantage_cancels_disadvantage=cancel)
    assert mode_from(advantage, disadvantage, options) is mode


@pytest.mark.parametrize(
    ("dice", "mode"),
    [
        ((4,), RollMode.NORMAL),
        ((4, 7), RollMode.NORMAL),
        ((0, 3), RollMode.NORMAL),
        ((4, 4), RollMode.ADVANTAGE),
    ],
)
def test_entered_dice_that_do_not_fit_are_refused(dice: tuple[int, ...], mode: RollMode) -> None:
    """Entered dice must be the roll's physical dice (2 or 3 d6)."""
    with pytest.raises(EnteredDiceError):
        roll(EnteredSource(dice), 2, 0, mode)


def test_left_over_dice_are_refused() -> None:
    source = EnteredSource((4, 4, 4))
    roll(source, 2)
    with pytest.raises(EnteredDiceError):
        finish(source)


@pytest.mark.parametrize(("trait", "bonus"), [(-1, 0), (11, 0), (2, 11), (2, -11)])
def test_values_out_of_range_are_bad_input(trait: int, bonus: int) -> None:
    with pytest.raises(BadInputError) as caught:
        roll(RandomSource.from_seed(1), trait, bonus)
    assert str(trait if not 0 <= trait <= 10 else bonus) in caught.value.render("en")


def test_reroll_keeps_trait_bonus_and_mode() -> None:
    """003_87a535c5e428c5d3.txt: Joker « relancer entièrement un jet »."""
    first = roll(EnteredSource((1, 1, 2)), 3, 1, RollMode.DISADVANTAGE)
    second = reroll(first, EnteredSource((6, 5, 4)))
    assert (second.trait, second.bonus, second.mode, second.dice) == (3, 1, RollMode.DISADVANTAGE, (6, 5, 4))
    assert second.total == 4 + 5 + 3 + 1


def test_explanation_renders_in_both_languages() -> None:
    result = roll(EnteredSource((1, 5, 3)), 2, 1, RollMode.ADVANTAGE)
    english = [m.render("en") for m in result.explain()]
    french = [m.render("fr") for m in result.explain()]
    assert english[-1] == "8 + trait 2 + talent bonus 1 = 11: full success."
    assert "succès complet" in french[-1]
    assert english != french
