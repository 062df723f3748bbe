"""The rulebook's heroes as character files shipped with meneur (``heroes/*.yaml``).

Names are matched without regard to case, accents, apostrophes or spaces ("tempete d'acier",
"TEMPÊTE D’ACIER" and "tempete-d-acier" are the same hero).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.i18n.words import fold
from meneur.systems.energy.model import Character
from meneur.systems.energy.names import DOMAIN
from meneur.systems.energy.reading import parse_character

HEROES_DIR = Path(__file__).parent / "heroes"


def name_key(name: str) -> str:
    """``name`` folded for comparison: lower case, no accents, letters and digits only."""
    return re.sub(r"[^a-z0-9]+", "", fold(name))


@cache
def _library() -> dict[str, Character]:
    heroes = {}
    for path in sorted(HEROES_DIR.glob("*.yaml")):
        hero = parse_character(path.read_text(encoding="utf-8"), path.name)
        heroes[name_key(hero.name)] = hero
    return heroes


def library_names() -> list[str]:
    """The names of the built-in heroes, as the book writes them, in alphabetical order."""
    return sorted((hero.name for hero in _library().values()), key=name_key)


def library_hero(name: str) -> Character:
    """The built-in hero called ``name`` (case, accents and punctuation do not matter).

    Raises:
        BadInputError: for an unknown name, listing the known ones.
    """
    hero = _library().get(name_key(name))
    if hero is None:
        raise BadInputError(
            Message(
                DOMAIN,
                N_("{name}: no such hero in the library; known heroes: {known}."),
                {"name": name, "known": ", ".join(library_names())},
            )
        )
    return hero


def is_library_name(name: str) -> bool:
    """True when ``name`` is a built-in hero."""
    return name_key(name) in _library()
