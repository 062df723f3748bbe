"""The book's French words a user may type for Carpathes keys (accents, case, spaces optional).

The English keys stay accepted everywhere; the French words (003_87a535c5e428c5d3.txt: « sabre de
cavalerie », « pieu de frêne », « eau bénite », « loup-garou »…) are listed in help and errors.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import TypeVar

from meneur.i18n.words import fold

FRENCH: Mapping[str, Mapping[str, str]] = {
    "WeaponKey": {
        "bare_hands": "mains nues",
        "steel_blade": "lame d'acier",
        "cavalry_sabre": "sabre de cavalerie",
        "woodcutter_axe": "hache de bûcheron",
        "ash_stake": "pieu de frêne",
        "silver_blade": "lame d'argent",
    },
    "CreatureKind": {
        "vampire": "vampire",
        "undead": "mort-vivant",
        "possessed": "possédé",
        "carpathian_creature": "créature carpatique",
        "werewolf": "loup-garou",
        "wolf": "loup",
        "human": "humain",
    },
    "Agent": {
        "holy_water_contact": "eau bénite au contact",
        "holy_water_thrown": "eau bénite lancée",
        "daylight": "lumière du jour",
        "silver": "argent",
        "garlic": "ail",
        "rowan": "sorbier",
    },
    "Target": {
        "vampire": "vampire",
        "old_vampire": "vieux vampire",
        "young_vampire": "jeune vampire",
        "werewolf": "loup-garou",
        "supernatural_fog": "brume surnaturelle",
        "other": "autre",
    },
    "Trait": {"mental": "mental", "physical": "physique", "social": "social"},
    "Wound": {"none": "aucune", "light": "légère", "serious": "sérieuse", "critical": "critique"},
    "Purpose": {"action": "action", "protection": "protection", "attack": "attaque"},
    "DamageStep": {"margin": "marge", "band": "tranche"},
    "CombatantFlag": {"pc": "pj", "surprise": "surprise", "off_guard": "depourvu", "wounded": "blesse"},
}
"""Enum name -> key -> the book's French word."""

SHOWN_GROUPS = ("WeaponKey", "CreatureKind", "Agent", "Target", "Trait", "Wound", "Purpose", "DamageStep")
"""The groups whose keys help may show as an option's default (the combatant flags are typed forms)."""

E = TypeVar("E", bound=StrEnum)


def member_of(enum: type[E], value: object) -> E | None:
    """The member of ``enum`` that ``value`` names, by its key or its French word (for ``_missing_``,
    so files and wire commands read both, as options do)."""
    if not isinstance(value, str):
        return None
    key = key_for(enum.__name__, value, [member.value for member in enum])
    return None if key is None else enum(key)


def key_for(group: str, text: str, keys: list[str]) -> str | None:
    """The key ``text`` names in ``group``: a key itself or its French word; ``None`` if neither."""
    typed = fold(text)
    words = FRENCH.get(group, {})
    for key in keys:
        if typed == key or typed == fold(words.get(key, key)):
            return key
    return None


def book_word(key: str, lang: str) -> str | None:
    """The book's French word for ``key`` when help speaks French (``mains nues`` for
    ``bare_hands``); None otherwise: in English the key is the word."""
    if lang != "fr":
        return None
    return next((FRENCH[group][key] for group in SHOWN_GROUPS if key in FRENCH[group]), None)


def shown(group: str, keys: list[str]) -> str:
    """The choices for help and errors: French word first, the key in brackets when it differs."""
    words = FRENCH.get(group, {})
    parts = []
    for key in keys:
        word = words.get(key, key)
        parts.append(word if fold(word) == key else f"{word} ({key})")
    return ", ".join(parts)
