"""The Energy System: characters, challenges, campaign and tactical combat.

The character side is re-exported here: the model, the character files, the built-in library,
quick NPCs, validation and encounter balance.
"""

from meneur.systems.energy.balance import EncounterBalance, Verdict, balance
from meneur.systems.energy.catalogue import library_hero, library_names
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
