"""Resolution: « 2D6 + Trait concerné », five tiers, advantage and disadvantage.

Rule text: ``003_87a535c5e428c5d3.txt``, section « Résolution : 2D6 plus Trait, cinq paliers ».
Pure functions; dice come from an injected :class:`~meneur.dice.source.DiceSource`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from meneur.dice.source import DiceSource
from meneur.i18n import N_, Message
from meneur.systems.carpathes.model import (
    BONUS_MAX,
    BONUS_MIN,
    TIER_LABELS,
    TRAIT_MAX,
    TRAIT_MIN,
    RollMode,
    TableOptions,
    Tier,
    check_range,
)

# (lowest total, tier), highest first: « 5 ou moins », « 6-8 », « 9-10 », « 11-14 », « 15+ ».
TIER_FLOORS: tuple[tuple[int, Tier], ...] = (
    (15, Tier.CRITICAL_SUCCESS),
    (11, Tier.SUCCESS),
    (9, Tier.PARTIAL_SUCCESS),
    (6, Tier.FAILURE),
)
SUCCESS_TIERS = frozenset({Tier.PARTIAL_SUCCESS, Tier.SUCCESS, Tier.CRITICAL_SUCCESS})


def tier_of(total: int) -> Tier:
    """The tier of a total: « 5 ou moins » critical failure ... « 15+ » critical success."""
    for floor, tier in TIER_FLOORS:
        if total >= floor:
            return tier
    return Tier.CRITICAL_FAILURE


def mode_from(advantage: bool, disadvantage: bool, options: TableOptions | None = None) -> RollMode:
    """Combine the two conditions; both at once cancel (or disadvantage wins, per table option)."""
    opts = options or TableOptions()
    if advantage and disadvantage:
        return RollMode.NORMAL if opts.advantage_cancels_disadvantage else RollMode.DISADVANTAGE
    if advantage:
        return RollMode.ADVANTAGE
    return RollMode.DISADVANTAGE if disadvantage else RollMode.NORMAL


def dice_count(mode: RollMode) -> int:
    """2D6 plain, 3D6 with advantage or disadvantage (« 3D6 garder les 2 meilleurs / pires »)."""
    return 2 if mode is RollMode.NORMAL else 3


def keep_two(dice: tuple[int, ...], mode: RollMode) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Split the dice into (kept, dropped): the 2 best with advantage, the 2 worst with disadvantage."""
    if mode is RollMode.NORMAL:
        return dice, ()
    ordered = sorted(range(len(dice)), key=lambda i: dice[i], reverse=mode is RollMode.ADVANTAGE)
    kept_idx = sorted(ordered[:2])
    dropped_idx = ordered[2:]
    return tuple(dice[i] for i in kept_idx), tuple(dice[i] for i in dropped_idx)


@dataclass(frozen=True)
class TraitRoll:
    """One « 2D6 + Trait » roll and how it came about.

    ``tier`` is the tier read from the dice; ``final_tier`` the tier after a Talisman de Foi
    (``talisman`` True when it raised a partial success to a full success).
    """

    trait: int
    bonus: int
    mode: RollMode
    dice: tuple[int, ...]
    kept: tuple[int, ...]
    dropped: tuple[int, ...]
    talisman: bool = False

    @property
    def total(self) -> int:
        """Kept dice plus trait plus talent bonus."""
        return sum(self.kept) + self.trait + self.bonus

    @property
    def tier(self) -> Tier:
        """The tier the total reads on the table."""
        return tier_of(self.total)

    @property
    def final_tier(self) -> Tier:
        """The tier after the Talisman (« il transforme un succès partiel ... en succès complet »)."""
        return Tier.SUCCESS if self.talisman and self.tier is Tier.PARTIAL_SUCCESS else self.tier

    def with_talisman(self) -> TraitRoll:
        """The same roll raised by a sincere Talisman de Foi (« Pas de jet supplémentaire »)."""
        return replace(self, talisman=True)

    def to_json(self) -> dict[str, object]:
        """JSON-ready keys: ``total``, ``tier`` (after any Talisman), dice kept and dropped."""
        return {
            "total": self.total,
            "tier": self.final_tier.value,
            "rolled_tier": self.tier.value,
            "trait": self.trait,
            "bonus": self.bonus,
            "mode": self.mode.value,
            "dice": list(self.dice),
            "kept": list(self.kept),
            "dropped": list(self.dropped),
            "talisman": self.talisman,
        }

    def explain(self) -> list[Message]:
        """How the roll came about, for a renderer in any language."""
        lines = [Message("carpathes", N_("Dice rolled: {dice}."), {"dice": ", ".join(map(str, self.dice))})]
        if self.mode is RollMode.ADVANTAGE:
            lines.append(
                Message(
                    "carpathes",
                    N_("Advantage: the 2 best are kept ({kept}), {dropped} is dropped."),
                    self._kept_params(),
                )
            )
        elif self.mode is RollMode.DISADVANTAGE:
            lines.append(
                Message(
                    "carpathes",
                    N_("Disadvantage: the 2 worst are kept ({kept}), {dropped} is dropped."),
                    self._kept_params(),
                )
            )
        lines.append(
            Message(
                "carpathes",
                N_("{kept_sum} + trait {trait} + talent bonus {bonus} = {total}: {tier}."),
                {
                    "kept_sum": sum(self.kept),
                    "trait": self.trait,
                    "bonus": self.bonus,
                    "total": self.total,
                    "tier": Message("carpathes", TIER_LABELS[self.tier]),
                },
            )
        )
        if self.talisman and self.tier is Tier.PARTIAL_SUCCESS:
            lines.append(
                Message("carpathes", N_("Talisman de Foi: the partial success becomes a full success."))
            )
        return lines

    def _kept_params(self) -> dict[str, object]:
        return {"kept": ", ".join(map(str, self.kept)), "dropped": ", ".join(map(str, self.dropped))}


def check_trait_and_bonus(trait: int, bonus: int) -> None:
    """Refuse a trait or talent bonus out of range, naming it."""
    check_range(Message("carpathes", N_("The trait")), trait, TRAIT_MIN, TRAIT_MAX)
    check_range(Message("carpathes", N_("The talent bonus")), bonus, BONUS_MIN, BONUS_MAX)


def roll(source: DiceSource, trait: int, bonus: int = 0, mode: RollMode = RollMode.NORMAL) -> TraitRoll:
    """Roll « 2D6 + Trait » (+ talent bonus), with 3D6 keep 2 under advantage or disadvantage.

    Raises:
        BadInputError: for a trait or bonus out of range, or entered dice that do not fit.
    """
    check_trait_and_bonus(trait, bonus)
    dice = tuple(source.roll(6) for _ in range(dice_count(mode)))
    kept, dropped = keep_two(dice, mode)
    return TraitRoll(trait=trait, bonus=bonus, mode=mode, dice=dice, kept=kept, dropped=dropped)


def reroll(previous: TraitRoll, source: DiceSource) -> TraitRoll:
    """« relancer entièrement un jet »: the same trait, bonus and mode, all dice anew."""
    return roll(source, previous.trait, previous.bonus, previous.mode)
