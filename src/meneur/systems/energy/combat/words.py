"""The book's words for the glossary keys shown in messages (conditions, phases, stress uses, categories,
states, reasons for a half success)."""

from __future__ import annotations

from meneur.i18n import N_, Message

DOMAIN = "energy_combat"

WORDS: dict[str, str] = {
    "blinded": N_("blinded"),
    "entangled": N_("entangled"),
    "controlled": N_("controlled"),
    "immobilized": N_("immobilized"),
    "stunned": N_("stunned"),
    "setup": N_("set-up"),
    "recovery": N_("recovery"),
    "maintenance": N_("maintenance"),
    "action": N_("action"),
    "ended": N_("ended"),
    "feat": N_("feat"),
    "determination": N_("determination"),
    "second_wind": N_("second wind"),
    "obstacle": N_("obstacle"),
    "hazard": N_("hazard"),
    "portal": N_("portal"),
    "off_c": N_("Off-C"),
    "off_d": N_("Off-D"),
    "def": N_("Def"),
    "mov": N_("Mov"),
    "sup": N_("Sup"),
    "wounded": N_("wounded"),
    "exhausted": N_("exhausted"),
    "incapacitated": N_("incapacitated"),
    "troubled": N_("troubled"),
    "demoralized": N_("demoralized"),
    "broken": N_("broken"),
    "no_power": N_("no power"),
    "not_offensive": N_("not an offensive power"),
    "support_copy": N_("copy made by a support power"),
    "area": N_("area attack"),
    "forced_move": N_("forced move"),
    "engaged_far": N_("engaged, target beyond 5 m"),
    "slow_zone": N_("time-slow zone"),
    "heroes": N_("heroes"),
    "foes": N_("foes"),
    "damage": N_("damage"),
    "steal": N_("power theft"),
    "carry": N_("carry"),
}


AGREEING: dict[str, str] = {
    "blinded": N_("{gender:blinded}"),
    "entangled": N_("{gender:entangled}"),
    "controlled": N_("{gender:controlled}"),
    "immobilized": N_("{gender:immobilized}"),
    "stunned": N_("{gender:stunned}"),
}
"""The conditions as words that agree with a character's grammatical gender (« sonnée »)."""


def agreeing(key: str, gender: str | None) -> Message | str:
    """The book's word for condition ``key`` agreeing with ``gender`` (the plain word otherwise)."""
    msgid = AGREEING.get(key)
    return Message(DOMAIN, msgid, {"gender": gender}) if msgid is not None else word(key)


def word(key: str) -> Message | str:
    """The book's word for ``key`` (the key itself when it has none)."""
    msgid = WORDS.get(key)
    return Message(DOMAIN, msgid) if msgid is not None else key


def metres(value: float) -> str:
    """A distance as a reader writes it: 19 rather than 19.0, 2.5 kept."""
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"
