"""The built-in library: the book's heroes (002_58e889a1abff3456.txt) as character files."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from meneur.errors import BadInputError
from meneur.systems.energy import costs
from meneur.systems.energy.catalogue import library_hero, library_names
from meneur.systems.energy.catalogue.archetypes import ARCHETYPES, archetype
from meneur.systems.energy.names import CATEGORY_CODES
from meneur.systems.energy.validation import validate

RULES = Path(__file__).resolve().parents[4] / "shared" / "rules" / "002_58e889a1abff3456.txt"
ARCHETYPE_HEROES = ["TREMBLOR", "VECTOR", "ALTAIR", "FOLD", "TEMPÊTE D’ACIER", "MIROIR", "AXIOME", "SUTURE",
                    "SPECTRE", "BULWARK", "ÉCHO", "LEGION", "FORGE", "KALÉIDOSCOPE", "NEXUS", "HORLOGE",
                    "SOLARIS", "ARCHITECT", "GRIMOIRE", "DÉJÀ-VU"]
ALL_HEROES = ["WINK", "KITSUNE", "BRANDON", *ARCHETYPE_HEROES]


def _plain(text: str) -> str:
    return text.replace("’", "'")


def test_the_library_holds_every_hero_of_the_book() -> None:
    """002_58e889a1abff3456.txt: WINK, KITSUNE, BRANDON and the twenty archetype heroes."""
    assert sorted(library_names()) == sorted(ALL_HEROES)


@pytest.mark.parametrize("name", ALL_HEROES)
def test_every_library_hero_passes_check(name: str) -> None:
    """Each hero follows the creation rules of 002_58e889a1abff3456.txt ("les bases d'un personnage")."""
    check = validate(library_hero(name))
    assert check.is_valid, [p.rule for p in check.problems]


@pytest.mark.parametrize("name", ALL_HEROES)
def test_powers_are_those_the_book_gives(name: str) -> None:
    """002_58e889a1abff3456.txt: each hero's paragraph names its powers as "Nom (Cat) +X"; the file has
    exactly those, read from the text itself."""
    if not RULES.exists():
        pytest.skip("the rule text is not next to the repository")
    text = _plain(RULES.read_text(encoding="utf-8"))
    hero = library_hero(name)
    paragraphs = [line for line in text.splitlines() if _plain(name) in line]
    assert paragraphs, name
    paragraph = " ".join(paragraphs)
    for power in hero.powers:
        pattern = re.escape(f"{_plain(power.name)} ({CATEGORY_CODES[power.category]})")
        if power.modifier:
            pattern += re.escape(f" {power.modifier:+d}")
        else:
            pattern += r"(?! [+-]\d)"
        assert re.search(pattern, paragraph, flags=re.IGNORECASE), (name, power.name)


@pytest.mark.parametrize("name", ARCHETYPE_HEROES)
def test_archetype_heroes_are_completed_by_the_quick_formula(name: str) -> None:
    """002_58e889a1abff3456.txt: "Les attributs du personnage sont égaux à son rang de puissance"; the
    rank is the one the text implies (BULWARK "Grâce à sa vigueur de 7"), else the lowest from 5 whose
    budget pays for the book's powers (docs/rulings/energy-characters.md)."""
    hero = library_hero(name)
    a = hero.attributes
    assert a.energy == a.recovery == a.vigor == hero.rank
    assert {"rank", "attributes"} <= set(hero.inferred)
    power_cost = sum(costs.power_cost(p) for p in hero.powers)
    if name == "BULWARK":
        assert hero.rank == 7
    else:
        room = [r for r in range(5, 12) if costs.hero_point_budget(r) - 6 * r >= power_cost]
        assert hero.rank == room[0]


@pytest.mark.parametrize(("asked", "found"), [("wink", "WINK"), ("Tempete d'acier", "TEMPÊTE D’ACIER"),
                                              ("deja-vu", "DÉJÀ-VU"), ("  écho ", "ÉCHO"),
                                              ("kaleidoscope", "KALÉIDOSCOPE")])
def test_names_ignore_case_accents_and_punctuation(asked: str, found: str) -> None:
    """Library look-up is case- and accent-insensitive."""
    assert library_hero(asked).name == found


def test_unknown_hero_lists_the_known_ones() -> None:
    """An unknown name is bad input that lists the heroes."""
    with pytest.raises(BadInputError) as caught:
        library_hero("MECANUS")
    assert "KITSUNE" in caught.value.render("fr")
    assert "MECANUS" in caught.value.render("en")


def test_archetype_catalogue_names_its_example_heroes() -> None:
    """002_58e889a1abff3456.txt, "plusieurs archétypes de pouvoirs ... avec pour chacun ... un exemple
    chiffré": every example hero is in the library and has a power of its archetype's categories."""
    heroes = [a.hero for a in ARCHETYPES if a.hero]
    assert sorted(heroes) == sorted(ARCHETYPE_HEROES)
    for item in ARCHETYPES:
        if item.hero:
            assert {p.category for p in library_hero(item.hero).powers} & set(item.categories), item.key


@pytest.mark.parametrize(("asked", "key"),
                         [("flight", "flight"), ("Vol", "flight"), ("super force", "super_strength")])
def test_archetype_lookup(asked: str, key: str) -> None:
    """Archetypes are found by key or by name in the current language (French by default)."""
    assert archetype(asked).key == key


def test_unknown_archetype_is_bad_input() -> None:
    """An unknown archetype is bad input listing the keys."""
    with pytest.raises(BadInputError):
        archetype("cooking")
