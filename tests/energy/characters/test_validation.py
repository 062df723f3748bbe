"""Every creation rule, each with a breaking case (002_58e889a1abff3456.txt)."""

from __future__ import annotations

from typing import Any

import pytest

from meneur.i18n import set_language
from meneur.systems.energy.catalogue import library_hero
from meneur.systems.energy.model import (
    Aptitude,
    Attributes,
    Character,
    Experience,
    LivingStandard,
    Power,
    PowerCategory,
    Relation,
    Reputation,
    Trait,
)
from meneur.systems.energy.validation import InvalidCharacterError, TableOptions, ensure_valid, validate


def _kitsune(**update: Any) -> Character:
    return library_hero("KITSUNE").model_copy(update=update)


def _attributes(energy: int, recovery: int, vigor: int) -> Attributes:
    return Attributes(energy=energy, recovery=recovery, vigor=vigor)


BREAKING: list[tuple[str, dict[str, Any], str, str]] = [
    # (rule id, change to KITSUNE, field, the words of the book it breaks)
    (
        "attribute.minimum",
        {"attributes": _attributes(6, 4, 0)},
        "attributes.vigor",
        "Un attribut ne peut jamais être inférieur à 1",
    ),
    (
        "attribute.minimum",
        {"attributes": _attributes(6, -1, 4)},
        "attributes.recovery",
        "Un attribut ne peut jamais être inférieur à 1",
    ),
    (
        "attribute.recovery_above_energy",
        {"attributes": _attributes(3, 4, 4)},
        "attributes.recovery",
        "La récupération ne peut pas être supérieure à l'énergie",
    ),
    (
        "hero_points.over_budget",
        {"attributes": _attributes(6, 4, 5)},
        "hero_points",
        "Le rang ... détermine le budget en points de héros disponibles",
    ),
    (
        "hero_points.over_budget",
        {
            "powers": (
                Power(name="Frappes instinctives", category=PowerCategory.OFF_C, modifier=2),
                *library_hero("KITSUNE").powers[1:],
            )
        },
        "hero_points",
        "Renforcement | +X | 2 par +1",
    ),
    (
        "aptitude_points.over_budget",
        {"living_standard": LivingStandard.MODEST},
        "aptitude_points",
        "vous pouvez l'augmenter à la création en dépensant des points d'aptitudes",
    ),
    (
        "aptitude_points.over_budget",
        {"traits": (Trait(name="Sens améliorés", bonus=4),)},
        "aptitude_points",
        "Un trait coûte 1 point d'aptitude par bonus de +1",
    ),
    ("aptitude.rank_range", {"aptitudes": {Aptitude.ART: 6}}, "aptitudes.art", "5 | 5 | Maître"),
    ("aptitude.rank_range", {"aptitudes": {Aptitude.ART: 0}}, "aptitudes.art", "1 | 1 | Amateur"),
    (
        "trait.bonus_minimum",
        {"traits": (Trait(name="Rien", bonus=0),)},
        "traits[0].bonus",
        "Un trait coûte 1 point d'aptitude par bonus de +1",
    ),
    ("rank.minimum", {"rank": 0}, "rank", "| 1 | 9 | Civils |"),
    ("name.empty", {"name": " "}, "name", "un personnage est principalement défini par"),
    (
        "power.name_empty",
        {"powers": (Power(name="", category=PowerCategory.DEF),)},
        "powers[0].name",
        "mettez-vous d'accord sur les détails avec votre MJ et notez-les",
    ),
    (
        "power.condition_missing",
        {"powers": (Power(name="Filet", category=PowerCategory.OFF_D, effect="condition"),)},
        "powers[0].condition",
        "appliquer une condition à cette dernière",
    ),
    (
        "power.condition_without_effect",
        {"powers": (Power(name="Filet", category=PowerCategory.OFF_D, condition="entangled"),)},
        "powers[0].effect",
        "appliquer une condition à cette dernière",
    ),
    ("stress.range", {"stress": 11}, "stress", "Lorsque le personnage atteint 10 cases de stress"),
    ("resources.negative", {"savings": -1}, "savings", "Les cases d'économies"),
    ("resources.negative", {"debts": -2}, "debts", "deux cases de dettes"),
    (
        "reputation.range",
        {"reputation": Reputation(super_notoriety=11)},
        "reputation.super_notoriety",
        "Notoriété | Effet ... 10",
    ),
    ("reputation.range", {"reputation": Reputation(morality=-11)}, "reputation.morality", "Moralité | -10"),
    (
        "relation.range",
        {"relations": (Relation(name="MECANUS", value=12),)},
        "relations[0].value",
        "Relation | Effet | -10 ... 10",
    ),
    (
        "experience.negative",
        {"experience": Experience(heroic_xp=-1)},
        "experience.heroic_xp",
        "10 points d'expérience héroïques peuvent être convertis",
    ),
]


@pytest.mark.parametrize(
    ("rule", "update", "field", "quote"), BREAKING, ids=[f"{r}:{f}" for r, _, f, _q in BREAKING]
)
def test_each_rule_has_a_breaking_case(rule: str, update: dict[str, Any], field: str, quote: str) -> None:
    """002_58e889a1abff3456.txt: each case breaks the rule quoted in the table above (``quote``)."""
    assert validate(_kitsune()).is_valid
    check = validate(_kitsune(**update))
    assert not check.is_valid
    assert (rule, field) in {(p.rule, p.field) for p in check.problems}, quote


def test_every_problem_is_reported_at_once() -> None:
    """002_58e889a1abff3456.txt: three rules broken together ("jamais être inférieur à 1", "ne peut pas
    être supérieure à l'énergie", a trait of +0) are all listed, with both budgets."""
    broken = _kitsune(attributes=_attributes(2, 3, 0), traits=(Trait(name="x", bonus=0),), stress=12)
    check = validate(broken)
    assert check.rules == {
        "attribute.minimum",
        "attribute.recovery_above_energy",
        "trait.bonus_minimum",
        "stress.range",
    }
    assert (check.hero_points.budget, check.hero_points.spent) == (39, 4 + 9 + 0 + 11)
    assert check.aptitude_points.spent == 15


def test_messages_name_the_field_and_the_rule_in_french_and_english() -> None:
    """002_58e889a1abff3456.txt: "La récupération ne peut pas être supérieure à l'énergie"."""
    problem = validate(_kitsune(attributes=_attributes(3, 4, 4))).problems[0]
    assert problem.message.render("fr").startswith("attributes.recovery : la Récupération (4) dépasse")
    assert "recovery can never be higher than energy" in problem.message.render("en")


def test_check_json_shape() -> None:
    """The ``check --json`` document: valid, errors (rule, message), both budgets {budget, spent}."""
    data = validate(_kitsune(attributes=_attributes(3, 4, 4))).to_json()
    assert data["valid"] is False
    assert data["errors"][0]["rule"] == "attribute.recovery_above_energy"
    assert set(data["errors"][0]) >= {"rule", "message"}
    assert data["hero_points"] == {"budget": 39, "spent": 6 + 12 + 4 + 11, "earned": 0}
    assert data["aptitude_points"] == {"budget": 18, "spent": 18, "earned": 0}


def test_invalid_character_error_lists_every_problem() -> None:
    """002_58e889a1abff3456.txt: "Un attribut ne peut jamais être inférieur à 1" twice, one line each."""
    set_language("en")
    with pytest.raises(InvalidCharacterError) as caught:
        ensure_valid(_kitsune(attributes=_attributes(6, 0, 0)))
    text = caught.value.render()
    assert text.count("[attribute.minimum]") == 2
    assert caught.value.to_json()["valid"] is False
    assert ensure_valid(_kitsune()) == _kitsune()


def test_unspent_points_are_allowed_unless_the_table_forbids_them() -> None:
    """Table option ``allow_unspent_points`` (docs/rulings/energy-characters.md): the book never forbids
    keeping points; SUTURE as completed keeps 3."""
    suture = library_hero("SUTURE")
    assert validate(suture).is_valid
    strict = validate(suture, options=TableOptions(allow_unspent_points=False))
    assert strict.rules == {"hero_points.unspent", "aptitude_points.unspent"}


def test_campaign_rank_cap() -> None:
    """002_58e889a1abff3456.txt: "Le MJ peut décider, pour sa campagne, de limiter les personnages à un
    ensemble de rangs" (table option ``max_rank``)."""
    assert validate(library_hero("FOLD"), options=TableOptions(max_rank=6)).rules == {"rank.cap"}
    assert validate(library_hero("KITSUNE"), options=TableOptions(max_rank=6)).is_valid


def test_points_earned_by_experience_raise_the_budgets() -> None:
    """002_58e889a1abff3456.txt: "10 points d'expérience héroïques peuvent être convertis en 1 point de
    héros"; "10 points d'expérience d'aptitude peuvent être convertis en 1 point d'aptitude"."""
    more = {**_kitsune().aptitudes, Aptitude.NATURE: 1}
    stronger = _kitsune(attributes=_attributes(6, 4, 6), aptitudes=more)
    assert validate(stronger).rules == {"hero_points.over_budget", "aptitude_points.over_budget"}
    check = validate(stronger, earned_hero_points=2, earned_aptitude_points=1)
    assert check.is_valid
    assert (check.hero_points.budget, check.aptitude_points.budget) == (41, 19)
