"""« Combat : attaque, défense, dégâts » (003_87a535c5e428c5d3.txt)."""

from __future__ import annotations

import pytest

from meneur.dice.source import EnteredSource
from meneur.errors import BadInputError
from meneur.systems.carpathes.catalogue import WeaponKey
from meneur.systems.carpathes.combat import Wound, attack, defense, wound_for
from meneur.systems.carpathes.model import CreatureKind, RollMode, TableOptions


def test_defense_is_the_sum_of_the_traits_and_equipment() -> None:
    """« la Défense de la cible (Mental + Physique + Social + bonus d'équipement) »."""
    assert defense(2, 3, 1, 1) == 7
    assert defense(0, 0, 0) == 0


@pytest.mark.parametrize("values", [(-1, 0, 0, 0), (0, 11, 0, 0), (1, 1, 1, -1)])
def test_defense_out_of_range(values: tuple[int, int, int, int]) -> None:
    with pytest.raises(BadInputError):
        defense(*values)


@pytest.mark.parametrize(
    ("margin", "wound"),
    [
        (-3, Wound.NONE),
        (0, Wound.NONE),
        (1, Wound.LIGHT),
        (4, Wound.LIGHT),
        (5, Wound.SERIOUS),
        (9, Wound.SERIOUS),
        (10, Wound.CRITICAL),
        (14, Wound.CRITICAL),
    ],
)
def test_margin_table(margin: int, wound: Wound) -> None:
    """« Marge 1 à 4 : blessure légère », « Marge 5 à 9 : blessure sérieuse », « Marge 10+ :
    blessure critique »."""
    assert wound_for(margin) is wound


@pytest.mark.parametrize(
    ("dice", "physical", "bonus", "target_defense", "margin", "wound"),
    [
        ((3, 4), 2, 1, 6, 4, Wound.LIGHT),
        ((6, 6), 3, 2, 6, 11, Wound.CRITICAL),
        ((2, 2), 1, 0, 5, 0, Wound.NONE),
        ((5, 4), 2, 0, 6, 5, Wound.SERIOUS),
    ],
)
def test_opposed_attack(
    dice: tuple[int, int], physical: int, bonus: int, target_defense: int, margin: int, wound: Wound
) -> None:
    """« L'attaque se résout en jet opposé : 2D6 + Physique + bonus d'arme contre la Défense »."""
    result = attack(EnteredSource(dice), physical, target_defense, weapon_bonus=bonus)
    assert (result.margin, result.wound) == (margin, wound)
    assert result.target_disadvantage is (wound is Wound.SERIOUS)
    assert result.gm_decides_injury is (wound is Wound.CRITICAL)


@pytest.mark.parametrize(
    ("weapon", "target", "identified", "margin"),
    [
        (WeaponKey.CAVALRY_SABRE, CreatureKind.HUMAN, False, 5),
        (WeaponKey.WOODCUTTER_AXE, CreatureKind.WOLF, False, 5),
        (WeaponKey.ASH_STAKE, CreatureKind.VAMPIRE, True, 5),
        (WeaponKey.ASH_STAKE, CreatureKind.UNDEAD, True, 5),
        (WeaponKey.ASH_STAKE, CreatureKind.VAMPIRE, False, 4),
        (WeaponKey.ASH_STAKE, CreatureKind.HUMAN, True, 4),
        (WeaponKey.STEEL_BLADE, CreatureKind.HUMAN, False, 4),
    ],
)
def test_plus_one_damage_adds_a_step_before_reading_the_margin(
    weapon: WeaponKey, target: CreatureKind, identified: bool, margin: int
) -> None:
    """« Une attaque avec +1 dégât (sabre de cavalerie, hache de bûcheron, pieu de frêne ...)
    ajoute 1 cran au résultat avant lecture de la marge »; « Pieu de frêne : +1 dégât contre
    mort-vivant identifié »."""
    result = attack(EnteredSource((4, 4)), 2, 6, weapon=weapon, target=target, identified=identified)
    assert result.raw_margin == 4
    assert result.margin == margin
    assert result.wound is (Wound.SERIOUS if margin == 5 else Wound.LIGHT)


@pytest.mark.parametrize(
    ("dice", "wound"), [((4, 4), Wound.SERIOUS), ((1, 1), Wound.NONE), ((6, 6), Wound.CRITICAL)]
)
def test_table_option_damage_step_raises_the_band(dice: tuple[int, int], wound: Wound) -> None:
    """Ruling « Le cran de dégât » (table option damage_step = band)."""
    result = attack(
        EnteredSource(dice), 2, 6, weapon=WeaponKey.CAVALRY_SABRE, options=TableOptions(damage_step="band")
    )
    assert result.wound is wound


@pytest.mark.parametrize(
    ("target", "wounds"),
    [(CreatureKind.WEREWOLF, 2), (CreatureKind.VAMPIRE, 2), (CreatureKind.HUMAN, 1), (CreatureKind.WOLF, 1)],
)
def test_silver_is_worth_two_steel_blades_against_creatures(target: CreatureKind, wounds: int) -> None:
    """« Une lame d'argent vaut deux lames d'acier face aux créatures »."""
    result = attack(EnteredSource((4, 4)), 2, 6, weapon=WeaponKey.SILVER_BLADE, target=target)
    assert result.to_json()["wounds"] == wounds


def test_serious_wound_gives_disadvantage_until_medical_care() -> None:
    """« Marge 5 à 9 : blessure sérieuse, désavantage à la cible jusqu'à soin médical »."""
    result = attack(EnteredSource((5, 4)), 2, 6)
    texts = [m.render("en") for m in result.explain()]
    assert result.target_disadvantage
    assert "The target is at disadvantage until medical care." in texts


def test_attack_with_disadvantage_keeps_the_worst() -> None:
    """« Désavantage ... combat à mains nues blessé »."""
    result = attack(EnteredSource((6, 6, 1)), 2, 6, mode=RollMode.DISADVANTAGE)
    assert (result.roll.kept, result.margin) == ((6, 1), 3)


@pytest.mark.parametrize(("bonus", "target_defense"), [(11, 5), (0, -1), (0, 41)])
def test_attack_values_out_of_range(bonus: int, target_defense: int) -> None:
    with pytest.raises(BadInputError):
        attack(EnteredSource((1, 1)), 2, target_defense, weapon_bonus=bonus)


@pytest.mark.parametrize(
    ("dice", "bonus", "target", "sleeping", "tier", "pinned"),
    [
        ((5, 4), 0, CreatureKind.VAMPIRE, True, "success", True),  # 9 + 2 = 11
        ((4, 4), 1, CreatureKind.VAMPIRE, True, "success", True),  # 8 + 2 + 1 = 11
        ((4, 4), 0, CreatureKind.VAMPIRE, True, "partial_success", False),
        ((6, 6), 2, CreatureKind.VAMPIRE, True, "critical_success", True),
        ((6, 6), 0, CreatureKind.VAMPIRE, False, "success", False),  # awake
        ((6, 6), 0, CreatureKind.UNDEAD, True, "success", False),  # not a vampire
    ],
)
def test_ash_stake_pins_a_sleeping_vampire_on_a_full_success(
    dice: tuple[int, int], bonus: int, target: CreatureKind, sleeping: bool, tier: str, pinned: bool
) -> None:
    """003_87a535c5e428c5d3.txt: « Pieu de frêne ... Sur succès complet en plein cœur d'un vampire
    endormi, le cloue définitivement »: the tier of 2D6 + Physique + bonus d'arme."""
    result = attack(
        EnteredSource(dice),
        2,
        20,
        weapon_bonus=bonus,
        weapon=WeaponKey.ASH_STAKE,
        target=target,
        identified=True,
        sleeping=sleeping,
    )
    data = result.to_json()
    assert (data["tier"], data["pinned"]) == (tier, pinned)
    said = [m.render("en") for m in result.explain()]
    assert any("pinned for good" in line for line in said) is pinned


def test_other_weapons_never_pin() -> None:
    """Only « Pieu de frêne » pins the vampire."""
    result = attack(
        EnteredSource((6, 6)),
        2,
        20,
        weapon=WeaponKey.CAVALRY_SABRE,
        target=CreatureKind.VAMPIRE,
        sleeping=True,
    )
    assert not result.pins
