"""The book's words for the glossary keys shown in messages (conditions, phases, stress uses)."""

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
}


def word(key: str) -> Message | str:
    """The book's word for ``key`` (the key itself when it has none)."""
    msgid = WORDS.get(key)
    return Message(DOMAIN, msgid) if msgid is not None else key
