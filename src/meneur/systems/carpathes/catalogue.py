"""The book's data: weapons with their damage steps and the sacred objects it names.

From ``003_87a535c5e428c5d3.txt``: « Une attaque avec +1 dégât (sabre de cavalerie, hache de
bûcheron, pieu de frêne en plein cœur d'un mort-vivant) », « Pieu de frêne : +1 dégât contre
mort-vivant identifié », « Une lame d'argent vaut deux lames d'acier face aux créatures ».
The attack bonus of a weapon (« bonus d'arme ») is not given by the text: the GM enters it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from meneur.i18n import N_
from meneur.systems.carpathes.words import member_of


class WeaponKey(StrEnum):
    """Weapons the text names (plus bare hands and an ordinary steel blade)."""

    @classmethod
    def _missing_(cls, value: object) -> WeaponKey | None:  # the book's French word names it too
        return member_of(cls, value)

    BARE_HANDS = "bare_hands"
    STEEL_BLADE = "steel_blade"
    CAVALRY_SABRE = "cavalry_sabre"
    WOODCUTTER_AXE = "woodcutter_axe"
    ASH_STAKE = "ash_stake"
    SILVER_BLADE = "silver_blade"


@dataclass(frozen=True)
class Weapon:
    """A weapon: its name in the book, its damage steps and when they apply."""

    key: WeaponKey
    label: str
    damage_steps: int = 0
    steps_only_against_identified_undead: bool = False
    silver: bool = False


WEAPONS: dict[WeaponKey, Weapon] = {
    w.key: w
    for w in (
        Weapon(WeaponKey.BARE_HANDS, N_("bare hands")),
        Weapon(WeaponKey.STEEL_BLADE, N_("steel blade")),
        Weapon(WeaponKey.CAVALRY_SABRE, N_("cavalry sabre"), damage_steps=1),
        Weapon(WeaponKey.WOODCUTTER_AXE, N_("woodcutter's axe"), damage_steps=1),
        Weapon(
            WeaponKey.ASH_STAKE, N_("ash stake"), damage_steps=1, steps_only_against_identified_undead=True
        ),
        Weapon(WeaponKey.SILVER_BLADE, N_("silver blade"), silver=True),
    )
}

# « croix orthodoxe ou catholique, médaillon béni, fiole d'eau bénite, hostie consacrée, prière
# apprise par cœur depuis l'enfance »: suggestions for character sheets, not a closed list.
SACRED_OBJECT_EXAMPLES: tuple[str, ...] = (
    "croix orthodoxe",
    "croix catholique",
    "médaillon béni",
    "fiole d'eau bénite",
    "hostie consacrée",
    "prière apprise par cœur depuis l'enfance",
)
