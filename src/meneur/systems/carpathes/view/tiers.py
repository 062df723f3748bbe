"""The chances of a Carpathes roll as the pages show them (the session page beside a button, the
``/carpathes`` page): the five tiers of 2D6 + Trait and the wound an attack inflicts, from the rules'
own odds (:mod:`meneur.systems.carpathes.odds`), in the book's words."""

from __future__ import annotations

from typing import Any

from meneur.i18n import translate
from meneur.systems.carpathes.combat import WOUND_LABELS
from meneur.systems.carpathes.model import TIER_LABELS, Tier
from meneur.systems.carpathes.odds import tier_odds, wound_odds


def tiers(trait: int, bonus: int, mode: Any, lang: str) -> list[tuple[str, float]]:
    """The five tiers of 2D6 + Trait and their chances, in per cent."""
    found = tier_odds(trait, bonus, mode)
    return [(translate("carpathes", TIER_LABELS[t], lang), float(found[t]) * 100) for t in Tier]


def wounds(terms: Any, lang: str) -> list[tuple[str, float]]:
    """The wound an attack inflicts and its chance, in per cent, for each wound of the book
    (« Marge 1 à 4 : blessure légère » ...), from the attack's terms now."""
    found = wound_odds(
        terms.physical, terms.weapon_bonus, terms.defense, terms.mode, terms.steps, terms.step_rule
    )
    return [(translate("carpathes", WOUND_LABELS[w], lang), float(p) * 100) for w, p in found.items()]
