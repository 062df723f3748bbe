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


def word(msgid: str) -> Message:
    """A deferred translation of one of the names above."""
    return Message(DOMAIN, msgid)
