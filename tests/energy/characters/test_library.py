"""The built-in library: the book's heroes (002_58e889a1abff3456.txt) as character files."""

from __future__ import annotations

import re

import pytest

from meneur.errors import BadInputError
from meneur.systems.energy import costs
from meneur.systems.energy.catalogue import library_hero, library_names
from meneur.systems.energy.catalogue.archetypes import ARCHETYPES, Archetype, archetype
from meneur.systems.energy.model import EFFECT_KINDS
from meneur.systems.energy.names import CATEGORY_CODES
from meneur.systems.energy.validation import validate
from tests.energy.rule_text import rule_text

ARCHETYPE_HEROES = [
    "TREMBLOR",
    "VECTOR",
    "ALTAIR",
    "FOLD",
    "TEMPÊTE D’ACIER",
    "MIROIR",
    "AXIOME",
    "SUTURE",
    "SPECTRE",
    "BULWARK",
    "ÉCHO",
    "LEGION",
    "FORGE",
    "KALÉIDOSCOPE",
    "NEXUS",
    "HORLOGE",
    "SOLARIS",
    "ARCHITECT",
    "GRIMOIRE",
    "DÉJÀ-VU",
]
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
    text = _plain(rule_text())
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


# Energy the example of each archetype hero spends in one turn, and the words that say so
# (002_58e889a1abff3456.txt). The quick formula's attributes equal the rank, so the rank must reach it.
SPENT_IN_ONE_TURN: dict[str, tuple[int, str]] = {
    "TREMBLOR": (5, "il engage 3 points d'énergie ... Marcus dépense ensuite 2 points d'énergie"),
    "VECTOR": (5, "Lors d'un tour, elle commence avec 5 points d'énergie"),
    "ALTAIR": (5, "vole jusqu'au niveau de la mezzanine (1 point ... et engage 4 points d'énergie"),
    "FOLD": (6, "elle engage 4 points sur son Off-C +1 ... son (Sup) (2 points"),
    "TEMPÊTE D’ACIER": (6, "elle engage 3 points sur son (Sup) ... (3 points = 4 effectifs)"),
    "MIROIR": (4, "(2 points dépensés ... Il engage ensuite 2 points sur son Attaque mentale"),
    "AXIOME": (5, "elle engage 3 points sur son (Sup) ... elle utilise 2 points sur son Off-D +1"),
    "SUTURE": (6, "Suture engage 4 points en (Sup) ... Il lui reste 2 points pour sa propre défense"),
    "SPECTRE": (5, "pour un point d'énergie ... 3 points sur sa Frappe ... 1 point supplémentaire"),
    "BULWARK": (5, "il engage 5 points d'énergie sur sa défense"),
    "ÉCHO": (2, "elle dépense 2 points sur son Emprise (Off-D) +1"),
    "LEGION": (5, "il dépense 3 points sur son (Def) +1 ... une autre copie avec 2 points"),
    "FORGE": (5, "il engage 3 points sur son (Sup) ... Il engage ensuite 2 points sur son Off-D"),
    "KALÉIDOSCOPE": (5, "il engage 3 points sur son Off-C ... Son (Def) absorbe en parallèle 2 points"),
    "NEXUS": (0, "il ouvre un portail de rang 1 gratuitement (grâce au renforcement)"),
    "HORLOGE": (6, "Elle engage 3 points ... Elle engage 2 points ... Il lui reste 1 point en réserve"),
    "SOLARIS": (5, "Il engage 3 points d'énergie ... Il utilise ensuite 2 points d'énergie"),
    "ARCHITECT": (4, "elle engage 2 points sur son (Sup) ... Elle engage ensuite 2 points sur son Off-C"),
    "GRIMOIRE": (3, "elle engage 3 points sur sa Malédiction (Off-D) +1"),
    "DÉJÀ-VU": (2, "elle dépense 2 points sur son Off-D"),
}


def test_every_archetype_hero_has_its_example_spending() -> None:
    """The table above covers the twenty archetype heroes of 002_58e889a1abff3456.txt."""
    assert sorted(SPENT_IN_ONE_TURN) == sorted(ARCHETYPE_HEROES)


@pytest.mark.parametrize("name", ARCHETYPE_HEROES)
def test_archetype_heroes_are_completed_by_the_quick_formula(name: str) -> None:
    """002_58e889a1abff3456.txt: "Les attributs du personnage sont égaux à son rang de puissance"; the
    rank is the lowest from 5 whose budget pays for the book's powers, raised to what the text's numbers
    imply: the energy the example spends in one turn (SUTURE "Il lui reste 2 points", HORLOGE "Il lui
    reste 1 point en réserve") and BULWARK's "Grâce à sa vigueur de 7" (docs/rulings/energy-characters.md)."""
    hero = library_hero(name)
    a = hero.attributes
    assert a.energy == a.recovery == a.vigor == hero.rank
    assert {"rank", "attributes"} <= set(hero.inferred)
    power_cost = sum(costs.power_cost(p) for p in hero.powers)
    room = [r for r in range(5, 12) if costs.hero_point_budget(r) - 6 * r >= power_cost]
    spent, _quote = SPENT_IN_ONE_TURN[name]
    vigor = 7 if name == "BULWARK" else 0
    assert hero.rank == max(room[0], spent, vigor)
    assert a.energy >= spent


@pytest.mark.parametrize(
    ("name", "rank"),
    [("SUTURE", 6), ("HORLOGE", 6), ("BULWARK", 7), ("VECTOR", 6), ("FOLD", 8), ("LEGION", 5), ("ALTAIR", 5)],
)
def test_ranks_the_text_implies(name: str, rank: int) -> None:
    """002_58e889a1abff3456.txt: SUTURE "engage 4 points ... Il lui reste 2 points" (6 tokens);
    HORLOGE "3 points ... 2 points ... Il lui reste 1 point en réserve" (6); BULWARK "Grâce à sa vigueur
    de 7"; VECTOR's and FOLD's +1 on three and four powers (the quick formula's even ranks 6 and 8);
    LEGION's "3 points ... 2 points" (5); ALTAIR "(1 point ...) ... engage 4 points" (5)."""
    assert library_hero(name).rank == rank


@pytest.mark.parametrize(
    ("asked", "found"),
    [
        ("wink", "WINK"),
        ("Tempete d'acier", "TEMPÊTE D’ACIER"),
        ("deja-vu", "DÉJÀ-VU"),
        ("  écho ", "ÉCHO"),
        ("kaleidoscope", "KALÉIDOSCOPE"),
    ],
)
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


@pytest.mark.parametrize(
    ("asked", "key"), [("flight", "flight"), ("Vol", "flight"), ("super force", "super_strength")]
)
def test_archetype_lookup(asked: str, key: str) -> None:
    """Archetypes are found by key or by name in the current language (French by default)."""
    assert archetype(asked).key == key


def test_unknown_archetype_is_bad_input() -> None:
    """An unknown archetype is bad input listing the keys."""
    with pytest.raises(BadInputError):
        archetype("cooking")


_BULLET = re.compile(r"^- ((?:OFF-[CD]|DEF|MOV|SUP)(?:/(?:OFF-[CD]|DEF|MOV|SUP))*)\b")
_CODES = {"OFF-C": "off_c", "OFF-D": "off_d", "DEF": "def", "MOV": "mov", "SUP": "sup"}


def _categories_before_each_hero() -> dict[str, set[str]]:
    """The category bullets ("- OFF-C :", "- OFF-D/OFF-C :", "- SUP sur alliés :") the text lists before
    each archetype hero's paragraph."""
    found: dict[str, set[str]] = {}
    pending: set[str] = set()
    for line in rule_text().splitlines():
        bullet = _BULLET.match(line)
        if bullet:
            pending |= {_CODES[code] for code in bullet.group(1).split("/")}
            continue
        hero = next((h for h in ARCHETYPE_HEROES if line.startswith(f"{h} ")), None)
        if hero is not None:
            found[hero], pending = pending, set()
    return found


@pytest.mark.parametrize("item", [a for a in ARCHETYPES if a.hero], ids=lambda a: a.key)
def test_archetype_categories_are_the_texts(item: Archetype) -> None:
    """002_58e889a1abff3456.txt: each archetype gives "ses déclinaisons mécaniques selon les quatre
    catégories (Off, Def, Mov, Sup)" as bullets before its example hero; the catalogue has exactly those."""
    assert item.hero is not None
    assert {c.value for c in item.categories} == _categories_before_each_hero()[item.hero]


def test_super_senses_have_no_category() -> None:
    """002_58e889a1abff3456.txt: "Ils ont plutôt leur place en tant que traits pour le personnage"."""
    senses = archetype("super_senses")
    assert (senses.categories, senses.hero) == ((), None)


@pytest.mark.parametrize("item", [a for a in ARCHETYPES if a.hero], ids=lambda a: a.key)
def test_archetype_effects_cover_their_heros_powers(item: Archetype) -> None:
    """002_58e889a1abff3456.txt: each archetype's "exemple chiffré en situation" uses effects of that
    archetype; the catalogue lists every effect kind its example hero's powers have."""
    assert item.hero is not None
    used = {p.effective_effect for p in library_hero(item.hero).powers} - {None}
    assert used <= set(item.effects)
    assert set(item.effects) <= set(EFFECT_KINDS)


def test_deja_vu_reads_the_future_for_an_ally() -> None:
    """002_58e889a1abff3456.txt, précognition "SUP : ... prévenir un allié à l'avance de ce qu'il doit faire
    (et donc lui transférer des points d'énergie en demi-succès"; the bad luck is the Off-D's "Malchance
    imposée" (DÉJÀ-VU's Coup de malchance)."""
    powers = {p.name: p for p in library_hero("DÉJÀ-VU").powers}
    assert powers["Lecture du futur"].effect == "give_energy"
    assert powers["Coup de malchance"].effect == "luck"


_CATEGORY = re.compile(r"\((Off-C|Off-D|Def|Mov|Sup)\)")


@pytest.mark.parametrize("name", ARCHETYPE_HEROES)
def test_no_power_of_the_book_is_missing(name: str) -> None:
    """002_58e889a1abff3456.txt: "Il possède ..." / "Elle possède ..." lists each archetype hero's powers;
    the file has as many powers, in the same categories and order."""
    line = next(li for li in rule_text().splitlines() if li.startswith(f"{name} "))
    listed = line.split(" possède ", 1)[1].split(". ", 1)[0]
    codes = _CATEGORY.findall(listed)
    assert codes == [CATEGORY_CODES[p.category] for p in library_hero(name).powers]
