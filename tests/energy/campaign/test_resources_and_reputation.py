"""Resources, reputation and relations, 002_58e889a1abff3456.txt."""

from __future__ import annotations

import pytest

from meneur.errors import BadInputError, Refused
from meneur.i18n import Message
from meneur.systems.energy import library_hero
from meneur.systems.energy.campaign import reputation, resources
from meneur.systems.energy.campaign.reputation import ReputationScore
from meneur.systems.energy.model import LivingStandard, Relation
from tests.energy.rule_text import rule_text

P, M, C, W, R, V = tuple(LivingStandard)
DOMAIN = "energy_campaign"


def test_precarious_to_well_off_costs_seven() -> None:
    """002_58e889a1abff3456.txt: "un personnage de niveau de vie précaire et qui souhaite acquérir un bien
    de niveau aisé doit dépenser 7 cases d'économies (1 pour atteindre le niveau modeste, puis 2 pour
    atteindre le niveau confortable, et enfin 4 de plus pour le niveau aisé)"."""
    plan = resources.plan_purchase(P, W)
    assert [(s, c) for s, c in plan.steps] == [(M, 1), (C, 2), (W, 4)]
    assert plan.cost == resources.purchase_cost(P, W) == 7


@pytest.mark.parametrize(("standard", "cost"), [(M, 1), (C, 2), (W, 4), (R, 8), (V, 16)])
def test_savings_cost_table(standard: LivingStandard, cost: int) -> None:
    """002_58e889a1abff3456.txt: "| Modeste | 1 |", "| Confortable | 2 |", "| Aisé | 4 |", "| Riche | 8 |",
    "| Très riche | 16 |"."""
    assert resources.step_cost(standard) == cost


@pytest.mark.parametrize(
    ("current", "required", "cost"), [(P, V, 31), (M, W, 6), (C, C, 0), (R, M, 0), (W, V, 24), (P, M, 1)]
)
def test_cumulative_purchase_costs(current: LivingStandard, required: LivingStandard, cost: int) -> None:
    """002_58e889a1abff3456.txt: "il faut dépenser les cases d'économies pour chaque niveau de vie au dessus
    du sien jusqu'à atteindre le niveau de vie requis"."""
    assert resources.purchase_cost(current, required) == cost


def test_buying_spends_savings_or_is_refused() -> None:
    """002_58e889a1abff3456.txt: "Les cases d'économies peuvent être utilisés pour effectuer un achat au
    dessus de son niveau de vie"."""
    wink = library_hero("WINK").model_copy(update={"savings": 7})
    assert resources.buy(wink, W).savings == 0
    with pytest.raises(Refused) as error:
        resources.buy(wink.model_copy(update={"savings": 6}), W)
    assert error.value.rule == "savings"


def test_a_debt_gives_one_savings_box_for_two_debt_boxes() -> None:
    """002_58e889a1abff3456.txt: "contracter une dette pour le coût d'une case d'économies pour deux cases
    de dettes"."""
    indebted = resources.take_debt(library_hero("WINK"), 3)
    assert (indebted.savings, indebted.debts) == (3, 6)
    repaid = resources.repay(indebted, 2)
    assert (repaid.savings, repaid.debts) == (1, 4)
    with pytest.raises(Refused):
        resources.repay(repaid, 2)
    with pytest.raises(BadInputError):
        resources.take_debt(repaid, 0)


@pytest.mark.parametrize(("standard", "cost"), [(P, 0), (M, 1), (C, 2), (W, 3), (R, 4), (V, 5)])
def test_living_standard_creation_costs(standard: LivingStandard, cost: int) -> None:
    """002_58e889a1abff3456.txt: "| Coût | Niveau de vie |" from "0 | PRÉCAIRE" to "5 | TRÈS RICHE"."""
    assert resources.creation_cost(standard) == cost


@pytest.mark.parametrize(
    ("value", "start"),
    [
        (0, "Inconnu du grand public"),
        (1, "Connu dans les milieux"),
        (3, "Connu dans les milieux"),
        (4, "Apparaît parfois"),
        (6, "Apparaît parfois"),
        (7, "Apparaît régulièrement"),
        (9, "Apparaît régulièrement"),
        (10, "Tout le monde a entendu"),
    ],
)
def test_notoriety_bands(value: int, start: str) -> None:
    """002_58e889a1abff3456.txt: the "Notoriété | Effet" table."""
    assert reputation.notoriety_band(value).render("fr").startswith(start)


@pytest.mark.parametrize(
    ("value", "start"),
    [
        (-10, "Considéré comme une engeance"),
        (-8, "Considéré comme extrêmement"),
        (-5, "Considéré comme un malfaiteur"),
        (-1, "Considéré comme un fauteur"),
        (0, "Ni bon ni mauvais"),
        (2, "Considéré comme quelqu'un de bien"),
        (6, "Considéré comme un redresseur"),
        (7, "Considéré comme un héros"),
        (10, "Un parangon de vertu"),
    ],
)
def test_morality_bands(value: int, start: str) -> None:
    """002_58e889a1abff3456.txt: the "Moralité | Effet" table."""
    assert reputation.morality_band(value).render("fr").startswith(start)


@pytest.mark.parametrize(
    ("value", "start"),
    [
        (-10, "Vous pouvez considérer le personnage comme votre Némésis"),
        (-7, "Le personnage vous déteste"),
        (-4, "Le personnage ne vous aime pas du tout"),
        (-2, "Le personnage ne vous apprécie pas"),
        (0, "Le personnage ne vous porte pas"),
        (3, "Le personnage vous apprécie assez"),
        (5, "Le personnage vous apprécie beaucoup"),
        (9, "Le personnage est un ami très proche"),
        (10, "Le personnage est une âme sœur"),
    ],
)
def test_relation_bands(value: int, start: str) -> None:
    """002_58e889a1abff3456.txt: the "Relation | Effet" table."""
    assert reputation.relation_band(value).render("fr").startswith(start)


@pytest.mark.parametrize("value", [-11, 11])
def test_off_the_scale_is_bad_input(value: int) -> None:
    """002_58e889a1abff3456.txt: "une échelle de magnitude 10"."""
    with pytest.raises(BadInputError):
        reputation.morality_band(value)


@pytest.mark.parametrize(
    ("score", "start", "delta", "allowed"),
    [
        (ReputationScore.SUPER_NOTORIETY, 0, 1, True),
        (ReputationScore.SUPER_NOTORIETY, 0, -1, False),
        (ReputationScore.CIVIL_NOTORIETY, 10, 1, False),
        (ReputationScore.MORALITY, -10, -1, False),
        (ReputationScore.MORALITY, -10, 1, True),
        (ReputationScore.MORALITY, 0, 2, False),
        (ReputationScore.MORALITY, 0, 0, False),
    ],
)
def test_reputation_moves_one_point_within_its_scale(
    score: ReputationScore, start: int, delta: int, allowed: bool
) -> None:
    """002_58e889a1abff3456.txt: "faire varier un ou plusieurs scores de réputations ou de relations de 1
    point dans un sens ou un autre"; notoriety 0..10, morality -10..10."""
    hero = library_hero("WINK")
    hero = hero.model_copy(update={"reputation": hero.reputation.model_copy(update={score.value: start})})
    if allowed:
        assert (
            getattr(reputation.change_reputation(hero, score, delta).reputation, score.value) == start + delta
        )
    else:
        with pytest.raises(Refused):
            reputation.change_reputation(hero, score, delta)


def test_the_last_three_relations_are_the_gms() -> None:
    """002_58e889a1abff3456.txt: "les trois dernières cases de relations sont réservées au MJ"."""
    hero = library_hero("KITSUNE")
    for index in range(3):
        hero = reputation.add_relation(hero, Relation(name=f"Rival {index}", value=-2, gm_reserved=True))
    hero = reputation.add_relation(hero, Relation(name="Chef du gang", value=6))
    assert [r.name for r in hero.relations] == ["Chef du gang", "Rival 0", "Rival 1", "Rival 2"]
    with pytest.raises(Refused):
        reputation.add_relation(hero, Relation(name="MECANUS", value=-5, gm_reserved=True))
    with pytest.raises(BadInputError):
        reputation.add_relation(hero, Relation(name="chef du gang", value=1))
    moved = reputation.change_relation(hero, "chef du gang", 1)
    assert moved.relations[0].value == 7
    with pytest.raises(BadInputError):
        reputation.change_relation(hero, "Personne", 1)


MISPRINTS = {"se présente de vous mettre": "se présence de vous mettre"}
"""The one correction of the book's words (docs/rulings/energy-campaign.md, "A misprint")."""


def _book_rows() -> set[str]:
    """Each table row's text column of the book, e.g. "Inconnu du grand public."."""
    lines = rule_text().splitlines()
    return {line.split("|")[2].strip() for line in lines if line.startswith("|") and line.count("|") >= 3}


def _as_printed(text: str) -> str:
    for ours, book in MISPRINTS.items():
        text = text.replace(ours, book)
    return text


@pytest.mark.parametrize(
    "bands", [reputation.NOTORIETY_BANDS, reputation.MORALITY_BANDS, reputation.RELATION_BANDS]
)
def test_band_texts_are_the_books_words(bands: tuple[tuple[int, int, str], ...]) -> None:
    """002_58e889a1abff3456.txt: the "Notoriété | Effet", "Moralité | Effet" and "Relation | Effet" tables,
    shown in French word for word."""
    rows = _book_rows()
    for _low, _high, msgid in bands:
        french = Message(DOMAIN, msgid).render("fr").replace("’", "'")
        assert _as_printed(french) in {row.replace("’", "'") for row in rows}, french


def test_living_standard_texts_are_the_books_words() -> None:
    """002_58e889a1abff3456.txt: "| 0 | PRÉCAIRE : Vous vivez dans un squat [...]" to "TRÈS RICHE"."""
    rows = {row.split(" : ", 1)[-1].replace("’", "'") for row in _book_rows()}
    for msgid in resources.STANDARD_TEXTS.values():
        assert Message(DOMAIN, msgid).render("fr").replace("’", "'") in rows
