"""The Energy System: characters, challenges, campaign and tactical combat.

The character side is exported here: the model, the character files, the built-in library, quick
NPCs, validation and encounter balance. The names are loaded on first use (PEP 562), so importing
the package (as every ``meneur energy`` command does) costs nothing.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from meneur.systems.energy.catalogue import library_hero, library_names
    from meneur.systems.energy.encounter import EncounterBalance, Verdict, balance
    from meneur.systems.energy.files import dump_character, load_character, parse_character, save_character
    from meneur.systems.energy.model import (
        Aptitude,
        Attributes,
        Character,
        Experience,
        LivingStandard,
        Maturity,
        Power,
        PowerCategory,
        Relation,
        Reputation,
        Side,
        State,
        Trait,
    )
    from meneur.systems.energy.quick import quick_npc
    from meneur.systems.energy.validation import (
        CharacterCheck,
        InvalidCharacterError,
        Problem,
        TableOptions,
        ensure_valid,
        validate,
    )

_HOMES: dict[str, str] = {
    **dict.fromkeys(("EncounterBalance", "Verdict", "balance"), "encounter"),
    **dict.fromkeys(("library_hero", "library_names"), "catalogue"),
    **dict.fromkeys(("dump_character", "load_character", "parse_character", "save_character"), "files"),
    **dict.fromkeys(
        (
            "Aptitude",
            "Attributes",
            "Character",
            "Experience",
            "LivingStandard",
            "Maturity",
            "Power",
            "PowerCategory",
            "Relation",
            "Reputation",
            "Side",
            "State",
            "Trait",
        ),
        "model",
    ),
    "quick_npc": "quick",
    **dict.fromkeys(
        ("CharacterCheck", "InvalidCharacterError", "Problem", "TableOptions", "ensure_valid", "validate"),
        "validation",
    ),
}

__all__ = [
    "Aptitude",
    "Attributes",
    "Character",
    "CharacterCheck",
    "EncounterBalance",
    "Experience",
    "InvalidCharacterError",
    "LivingStandard",
    "Maturity",
    "Power",
    "PowerCategory",
    "Problem",
    "Relation",
    "Reputation",
    "Side",
    "State",
    "TableOptions",
    "Trait",
    "Verdict",
    "balance",
    "dump_character",
    "ensure_valid",
    "library_hero",
    "library_names",
    "load_character",
    "parse_character",
    "quick_npc",
    "save_character",
    "validate",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{home}"), name)
