"""Combat: « L'attaque se résout en jet opposé : 2D6 + Physique + bonus d'arme contre la Défense ».

Rule text: ``003_87a535c5e428c5d3.txt``, section « Combat : attaque, défense, dégâts ».
Pure functions; dice come from an injected :class:`~meneur.dice.source.DiceSource`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from meneur.dice.source import DiceSource
from meneur.i18n import N_, Message
from meneur.systems.carpathes.catalogue import WEAPONS, Weapon, WeaponKey
from meneur.systems.carpathes.model import (
    BONUS_MAX,
    BONUS_MIN,
    TIER_LABELS,
    TRAIT_MAX,
    TRAIT_MIN,
    CreatureKind,
    RollMode,
    TableOptions,
    Tier,
    check_range,
    is_supernatural,
)
from meneur.systems.carpathes.resolution import TraitRoll, roll, tier_of
from meneur.systems.carpathes.supernatural import stake_pins
from meneur.systems.carpathes.words import member_of

DEFENSE_MAX = 3 * TRAIT_MAX + BONUS_MAX
UNDEAD_KINDS = frozenset({CreatureKind.VAMPIRE, CreatureKind.UNDEAD})


class Wound(StrEnum):
    """The wound a margin inflicts (« Marge 1 à 4 : blessure légère » ...)."""

    @classmethod
    def _missing_(cls, value: object) -> Wound | None:  # the book's French word names it too
        return member_of(cls, value)

    NONE = "none"
    LIGHT = "light"
    SERIOUS = "serious"
    CRITICAL = "critical"


WOUND_LABELS: dict[Wound, str] = {
    Wound.NONE: N_("no wound"),
    Wound.LIGHT: N_("light wound"),
    Wound.SERIOUS: N_("serious wound"),
    Wound.CRITICAL: N_("critical wound"),
}
_BANDS = (Wound.NONE, Wound.LIGHT, Wound.SERIOUS, Wound.CRITICAL)


def defense(mental: int, physical: int, social: int, equipment: int = 0) -> int:
    """« la Défense de la cible (Mental + Physique + Social + bonus d'équipement) ».

    Raises:
        BadInputError: for a trait or equipment bonus out of range.
    """
    for label, value in ((N_("Mental"), mental), (N_("Physique"), physical), (N_("Social"), social)):
        check_range(Message("carpathes", label), value, TRAIT_MIN, TRAIT_MAX)
    check_range(Message("carpathes", N_("The equipment bonus")), equipment, 0, BONUS_MAX)
    return mental + physical + social + equipment


def wound_for(margin: int) -> Wound:
    """« Marge 1 à 4 : blessure légère », « 5 à 9 : blessure sérieuse », « 10+ : blessure critique »."""
    if margin >= 10:
        return Wound.CRITICAL
    if margin >= 5:
        return Wound.SERIOUS
    return Wound.LIGHT if margin >= 1 else Wound.NONE


def wound_after_steps(raw_margin: int, steps: int, step_rule: str) -> Wound:
    """« ajoute 1 cran au résultat avant lecture de la marge »: the steps add to the margin
    (``margin``), or raise the wound read by as many bands on a hit (``band``)."""
    if step_rule == "band":
        base = wound_for(raw_margin)
        if base is Wound.NONE:
            return base
        return _BANDS[min(_BANDS.index(base) + steps, len(_BANDS) - 1)]
    return wound_for(raw_margin + steps)


def damage_steps(weapon: Weapon, target: CreatureKind, identified: bool) -> int:
    """Steps a weapon adds: « +1 dégât » for sabre and axe, the stake only « contre mort-vivant
    identifié »."""
    if weapon.steps_only_against_identified_undead:
        return weapon.damage_steps if identified and target in UNDEAD_KINDS else 0
    return weapon.damage_steps


def wounds_per_hit(weapon: Weapon, target: CreatureKind, options: TableOptions) -> int:
    """How many wounds of its tier a hit counts: « Une lame d'argent vaut deux lames d'acier face aux
    créatures », the table option ``silver_wound_multiplier`` for silver on a supernatural target,
    one otherwise."""
    return options.silver_wound_multiplier if weapon.silver and is_supernatural(target) else 1


@dataclass(frozen=True)
class Attack:
    """A resolved attack: the roll, the defence it met, the steps added and the wound read."""

    roll: TraitRoll
    weapon_bonus: int
    defense: int
    weapon: WeaponKey
    target: CreatureKind
    steps: int
    step_rule: str
    wounds: int
    sleeping: bool = False

    @property
    def total(self) -> int:
        """« 2D6 + Physique + bonus d'arme »."""
        return self.roll.total + self.weapon_bonus

    @property
    def tier(self) -> Tier:
        """The tier the attack total reads on the table of « Résolution »."""
        return tier_of(self.total)

    @property
    def raw_margin(self) -> int:
        """Attack total minus Défense, before damage steps."""
        return self.total - self.defense

    @property
    def pins(self) -> bool:
        """The ash stake pins a sleeping vampire for good on a full success (see
        :func:`~meneur.systems.carpathes.supernatural.stake_pins`)."""
        return (
            self.weapon is WeaponKey.ASH_STAKE
            and self.target is CreatureKind.VAMPIRE
            and stake_pins(self.tier, self.sleeping)
        )

    @property
    def margin(self) -> int:
        """The margin read on the table (with the steps when they add to the margin)."""
        return self.raw_margin + (self.steps if self.step_rule == "margin" else 0)

    @property
    def wound(self) -> Wound:
        """The wound: read from the margin, raised by the steps under the ``band`` option."""
        return wound_after_steps(self.raw_margin, self.steps, self.step_rule)

    @property
    def hit(self) -> bool:
        """Whether the attack wounds (a margin of at least 1)."""
        return self.wound is not Wound.NONE

    @property
    def target_disadvantage(self) -> bool:
        """« blessure sérieuse, désavantage à la cible jusqu'à soin médical »."""
        return self.wound is Wound.SERIOUS

    @property
    def gm_decides_injury(self) -> bool:
        """« blessure critique ... le MJ tranche selon la fiction »."""
        return self.wound is Wound.CRITICAL

    def to_json(self) -> dict[str, object]:
        """JSON-ready keys: ``total``, ``defense``, ``margin``, ``wound`` and flags."""
        return {
            "total": self.total,
            "tier": self.tier.value,
            "pinned": self.pins,
            "defense": self.defense,
            "raw_margin": self.raw_margin,
            "margin": self.margin,
            "steps": self.steps,
            "wound": self.wound.value,
            "hit": self.hit,
            "wounds": self.wounds if self.hit else 0,
            "target_disadvantage": self.target_disadvantage,
            "gm_decides_injury": self.gm_decides_injury,
            "weapon": self.weapon.value,
            "dice": list(self.roll.dice),
            "kept": list(self.roll.kept),
            "mode": self.roll.mode.value,
        }

    def explain(self, consequences: bool = True) -> list[Message]:
        """How the attack came about (``consequences``: with what the wound does to the target)."""
        lines = self.roll.explain()[:-1]
        lines.append(
            Message(
                "carpathes",
                N_(
                    "Attack {kept_sum} + Physique {physical} + weapon bonus {bonus} = {total} against"
                    " Défense {defense}: margin {raw}."
                ),
                {
                    "kept_sum": sum(self.roll.kept),
                    "physical": self.roll.trait,
                    "bonus": self.weapon_bonus,
                    "total": self.total,
                    "defense": self.defense,
                    "raw": self.raw_margin,
                },
            )
        )
        if self.steps:
            lines.append(
                Message(
                    "carpathes",
                    N_("+1 damage step from the {weapon}.")
                    if self.steps == 1
                    else N_("+{steps} damage steps from the {weapon}."),
                    {"steps": self.steps, "weapon": Message("carpathes", WEAPONS[self.weapon].label)},
                )
            )
        lines.append(
            Message(
                "carpathes",
                N_("Result: {wound} (margin {margin})."),
                {"wound": Message("carpathes", WOUND_LABELS[self.wound]), "margin": self.margin},
            )
        )
        if self.target_disadvantage and consequences:
            lines.append(Message("carpathes", N_("The target is at disadvantage until medical care.")))
        if self.gm_decides_injury and consequences:
            lines.append(
                Message(
                    "carpathes",
                    N_(
                        "The target may lose the use of an arm, an eye, a foot: the GM decides from the"
                        " fiction."
                    ),
                )
            )
        if self.hit and self.wounds > 1:
            lines.append(
                Message(
                    "carpathes",
                    N_("Silver against a creature: the blow counts as {wounds} steel blades."),
                    {"wounds": self.wounds},
                )
            )
        if self.pins:
            lines.append(
                Message(
                    "carpathes",
                    N_("Ash stake in the heart of a sleeping vampire, {tier}: it is pinned for good."),
                    {"tier": Message("carpathes", TIER_LABELS[self.tier])},
                )
            )
        return lines


def attack(
    source: DiceSource,
    physical: int,
    target_defense: int,
    *,
    weapon_bonus: int = 0,
    weapon: WeaponKey = WeaponKey.BARE_HANDS,
    target: CreatureKind = CreatureKind.HUMAN,
    identified: bool = False,
    sleeping: bool = False,
    mode: RollMode = RollMode.NORMAL,
    options: TableOptions | None = None,
) -> Attack:
    """Resolve « 2D6 + Physique + bonus d'arme contre la Défense de la cible ».

    ``sleeping`` says the target sleeps (for the ash stake in the heart of a sleeping vampire).

    Raises:
        BadInputError: for values out of range or entered dice that do not fit.
    """
    opts = options or TableOptions()
    check_range(Message("carpathes", N_("The weapon bonus")), weapon_bonus, BONUS_MIN, BONUS_MAX)
    check_range(Message("carpathes", N_("The Défense")), target_defense, 0, DEFENSE_MAX)
    arm = WEAPONS[weapon]
    return Attack(
        roll=roll(source, physical, 0, mode),
        weapon_bonus=weapon_bonus,
        defense=target_defense,
        weapon=weapon,
        target=target,
        steps=damage_steps(arm, target, identified),
        step_rule=opts.damage_step,
        wounds=wounds_per_hit(arm, target, opts),
        sleeping=sleeping,
    )
