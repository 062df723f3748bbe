"""The creation examples of the book: WINK, KITSUNE and BRANDON (002_58e889a1abff3456.txt)."""

from __future__ import annotations

from meneur.systems.energy import costs
from meneur.systems.energy.catalogue import library_hero
from meneur.systems.energy.model import Aptitude, Maturity, PowerCategory
from meneur.systems.energy.quick import quick_npc
from meneur.systems.energy.validation import validate


def _attribute_cost(name: str) -> int:
    a = library_hero(name).attributes
    return costs.attributes_cost(a.energy, a.recovery, a.vigor)


def _power_costs(name: str) -> list[int]:
    return [costs.power_cost(p) for p in library_hero(name).powers]


def test_wink_hero_points() -> None:
    """002_58e889a1abff3456.txt: WINK, "Avec ses 39 points de héros ... 27 points de héros dans les
    attributs ... ce qui laisse 12 points pour ses pouvoirs" (four powers at "coût 3")."""
    wink = library_hero("WINK")
    check = validate(wink)
    a = wink.attributes
    assert (wink.rank, a.energy, a.recovery, a.vigor) == (5, 5, 4, 5)
    assert _attribute_cost("WINK") == 27
    assert _power_costs("WINK") == [3, 3, 3, 3]
    assert [p.category for p in wink.powers] == [
        PowerCategory.OFF_C,
        PowerCategory.DEF,
        PowerCategory.MOV,
        PowerCategory.SUP,
    ]
    assert (check.hero_points.budget, check.hero_points.spent, check.hero_points.left) == (39, 39, 0)
    assert check.is_valid


def test_wink_aptitude_points() -> None:
    """002_58e889a1abff3456.txt: WINK, "En tant que jeune adulte nous lui attribuons 24 points dépensés
    ainsi : 21 dans les attributs (Art 2, ...)" and "Ses 3 points restants iront dans deux traits"."""
    wink = library_hero("WINK")
    assert wink.maturity is Maturity.ADULT
    assert sum(wink.aptitudes.values()) == 21
    assert wink.aptitude(Aptitude.VEHICLES) == 3
    assert [(t.name, t.bonus) for t in wink.traits] == [
        ("Spécialisation moto", 2),
        ("Spécialisation religion", 1),
    ]
    check = validate(wink)
    assert (check.aptitude_points.budget, check.aptitude_points.spent) == (24, 24)
    assert wink.complications == ("Famille anti mutants", "Conflit religieux intérieur")


def test_kitsune_hero_points() -> None:
    """002_58e889a1abff3456.txt: KITSUNE, "28 points de héros dans les attributs avec Énergie 6 (coût 12),
    Récupération 4 (coût 12), Vigueur 4 (coût 4)"; "Les 11 points de héros restants": Frappes
    instinctives (Off-C) +1 "(coût 5)", Esquive instinctive "(coût 3)", Agilité du renard "(coût 3)"."""
    kitsune = library_hero("kitsune")
    assert _attribute_cost("KITSUNE") == 28
    assert _power_costs("KITSUNE") == [5, 3, 3]
    assert kitsune.powers[0].reinforcement == 1
    check = validate(kitsune)
    assert (check.hero_points.budget, check.hero_points.spent) == (39, 39)


def test_kitsune_aptitude_points() -> None:
    """002_58e889a1abff3456.txt: KITSUNE, "Étant adolescente, nous allons lui attribuer 18 points
    d'aptitudes ... 15 dans les aptitudes ... et les 3 points restants iront dans le trait Sens
    améliorés ... au rang 2 et Environnement urbain au rang 1"."""
    kitsune = library_hero("KITSUNE")
    assert kitsune.maturity is Maturity.ADOLESCENT
    assert sum(kitsune.aptitudes.values()) == 15
    assert sum(t.bonus for t in kitsune.traits) == 3
    check = validate(kitsune)
    assert (check.aptitude_points.budget, check.aptitude_points.spent) == (18, 18)
    assert kitsune.complications == ("Allure de mutante", "Sensible à la frénésie")


def test_brandon_by_the_quick_formula() -> None:
    """002_58e889a1abff3456.txt: BRANDON "de rang 6 ... (Energie 6, Récupération 6, Vigueur 6) ; il
    posséderait trois pouvoirs ... Puisque son rang est pair, il obtient un renforcement de +1 que nous
    attribuons à ses Projectiles de feu (Off-D) +1"."""
    made = quick_npc(
        6,
        "BRANDON",
        [
            ("Projectiles de feu", PowerCategory.OFF_D),
            ("Maîtrise du feu", PowerCategory.SUP),
            ("Esquive flamboyante", PowerCategory.DEF),
        ],
    )
    brandon = library_hero("Brandon")
    assert made.attributes == brandon.attributes
    assert [(p.name, p.category, p.modifier) for p in made.powers] == [
        (p.name, p.category, p.modifier) for p in brandon.powers
    ]
    assert [(p.name, p.modifier) for p in brandon.powers] == [
        ("Projectiles de feu", 1),
        ("Maîtrise du feu", 0),
        ("Esquive flamboyante", 0),
    ]
    check = validate(brandon)
    assert (check.hero_points.budget, check.hero_points.spent) == (47, 47)
