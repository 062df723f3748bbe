"""The book's words for the model's keys, shown through the ``energy`` translations."""

from __future__ import annotations

from meneur.i18n import N_, Message
from meneur.systems.energy.model import Aptitude, LivingStandard, Maturity, PowerCategory, State

DOMAIN = "energy"

ATTRIBUTE_NAMES: dict[str, str] = {
    "energy": N_("Energy"),
    "recovery": N_("Recovery"),
    "vigor": N_("Vigor"),
}

CATEGORY_CODES: dict[PowerCategory, str] = {
    PowerCategory.OFF_C: "Off-C",
    PowerCategory.OFF_D: "Off-D",
    PowerCategory.DEF: "Def",
    PowerCategory.MOV: "Mov",
    PowerCategory.SUP: "Sup",
}
"""The codes the book prints after a power's name, e.g. "Frappes instinctives (Off-C) +1"."""

CATEGORY_NAMES: dict[PowerCategory, str] = {
    PowerCategory.OFF_C: N_("Offensive, contact"),
    PowerCategory.OFF_D: N_("Offensive, distance"),
    PowerCategory.DEF: N_("Defensive"),
    PowerCategory.MOV: N_("Movement"),
    PowerCategory.SUP: N_("Support"),
}

APTITUDE_NAMES: dict[Aptitude, str] = {
    Aptitude.ART: N_("Art"),
    Aptitude.ATHLETICS: N_("Athletics"),
    Aptitude.FAST_TALK: N_("Fast talk"),
    Aptitude.ROGUERY: N_("Roguery"),
    Aptitude.MEDICINE: N_("Medicine"),
    Aptitude.NATURE: N_("Nature"),
    Aptitude.OCCULTISM: N_("Occultism"),
    Aptitude.EXACT_SCIENCES: N_("Exact sciences"),
    Aptitude.HUMAN_SCIENCES: N_("Human sciences"),
    Aptitude.TECHNOLOGY: N_("Technology"),
    Aptitude.VEHICLES: N_("Vehicles"),
    Aptitude.VIGILANCE: N_("Vigilance"),
}

MATURITY_NAMES: dict[Maturity, str] = {
    Maturity.ADOLESCENT: N_("Adolescent"),
    Maturity.ADULT: N_("Adult"),
    Maturity.VETERAN: N_("Veteran"),
}

LIVING_STANDARD_NAMES: dict[LivingStandard, str] = {
    LivingStandard.PRECARIOUS: N_("Precarious"),
    LivingStandard.MODEST: N_("Modest"),
    LivingStandard.COMFORTABLE: N_("Comfortable"),
    LivingStandard.WELL_OFF: N_("Well-off"),
    LivingStandard.RICH: N_("Rich"),
    LivingStandard.VERY_RICH: N_("Very rich"),
}

STATE_NAMES: dict[State, str] = {
    State.EXHAUSTED: N_("Exhausted"),
    State.WOUNDED: N_("Wounded"),
    State.INCAPACITATED: N_("Incapacitated"),
    State.TROUBLED: N_("Troubled"),
    State.DEMORALIZED: N_("Demoralized"),
    State.BROKEN: N_("Broken"),
}


EFFECT_NAMES: dict[str, str] = {
    "damage": N_("Damage"),
    "condition": N_("Condition"),
    "forced_move": N_("Forced move"),
    "carry": N_("Carrying"),
    "steal": N_("Power theft"),
    "control": N_("Control"),
    "duplicates": N_("Copies"),
    "slow": N_("Slowing"),
    "invisibility": N_("Invisibility"),
    "portal": N_("Portal"),
    "terrain": N_("Terrain element"),
    "give_energy": N_("Energy given"),
    "heal": N_("Healing"),
    "luck": N_("Bad luck"),
    "immunity": N_("Immunity"),
    "interact": N_("Scene interaction"),
}
"""The combat effect kinds of :data:`~meneur.systems.energy.model.EFFECT_KINDS`, in the reader's words."""

CONDITION_NAMES: dict[str, str] = {
    "blinded": N_("Blinded"),
    "entangled": N_("Entangled"),
    "controlled": N_("Controlled"),
    "immobilized": N_("Immobilized"),
    "stunned": N_("Stunned"),
}
"""Conditions: aveuglé, empêtré, contrôlé, immobilisé, sonné (../shared/GLOSSARY.md)."""

INFERRED_NAMES: dict[str, str] = {
    "rank": N_("rank"),
    "attributes": N_("attributes"),
    "maturity": N_("maturity"),
    "aptitudes": N_("aptitudes"),
    "living_standard": N_("living standard"),
    "powers.effect": N_("combat effects of the powers"),
    "traits.aptitudes": N_("aptitudes the traits apply to"),
    "pc": N_("player character or not"),
}
"""The fields a library hero lists in ``inferred``, as the sheet names them."""


FILE_VALUE_NAMES: dict[str, str] = {
    "savings": N_("savings"),
    "debts": N_("debts"),
    "super_notoriety": N_("super notoriety"),
    "civil_notoriety": N_("civil notoriety"),
    "morality": N_("morality"),
    "heroic_xp": N_("heroic experience"),
    "aptitude_xp": N_("aptitude experience"),
    "heroic_points": N_("unspent hero points"),
    "aptitude_points": N_("unspent aptitude points"),
    "spent_hero_points": N_("hero points earned and spent"),
    "spent_aptitude_points": N_("aptitude points earned and spent"),
}
"""The book's words for the values a character file keeps beside its creation (« économies »,
« notoriété super », « expérience héroïque »): a message says them, after the file's path."""


def word(msgid: str) -> Message:
    """A deferred translation of one of the names above."""
    return Message(DOMAIN, msgid)
