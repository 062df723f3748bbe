"""Challenges (défis), 002_58e889a1abff3456.txt, chapter on défis."""

from __future__ import annotations

import pytest

from meneur.errors import BadInputError, Refused
from meneur.systems.energy import library_hero
from meneur.systems.energy.campaign.challenges import (
    Difficulty,
    OpposedOutcome,
    TermKind,
    aptitude_score,
    challenge,
    character_aptitude_score,
    character_power_score,
    opposed,
    parse_difficulty,
    power_score,
)
from meneur.systems.energy.campaign.stress import at_level
from meneur.systems.energy.model import Aptitude
from tests.energy.campaign.helpers import mecanus, wink_on_the_road


def test_wink_avoids_the_tree_with_her_vehicle_aptitude() -> None:
    """002_58e889a1abff3456.txt: "un rang de 3 en aptitude véhicules ainsi qu'une spécialité moto à +1
    pour un total de 4" against "il estime donc cette difficulté à 4": "son score de 4 lui permet
    d'éviter l'accident"."""
    score = character_aptitude_score(wink_on_the_road(), Aptitude.VEHICLES)
    result = challenge(score, parse_difficulty("expert"))
    assert [(t.kind, t.value) for t in score.terms] == [(TermKind.APTITUDE, 3), (TermKind.TRAIT, 1)]
    assert (score.total, int(result.difficulty), result.success) == (4, 4, True)


def test_wink_teleports_past_the_tree() -> None:
    """002_58e889a1abff3456.txt: "son rang de puissance de 5, augmenté à 6 grâce à son renforcement de
    +1, on retranche 1 point car elle téléporte quelqu'un d'autre avec elle (sa moto), ce qui donne 5"."""
    score = character_power_score(wink_on_the_road(), "Téléportation", carried=1)
    assert [(t.kind, t.value) for t in score.terms] == [
        (TermKind.RANK, 5),
        (TermKind.REINFORCEMENT, 1),
        (TermKind.CARRIED, -1),
    ]
    assert score.total == 5
    assert challenge(score, Difficulty.EXPERT).success


def test_kitsune_escapes_mecanus() -> None:
    """002_58e889a1abff3456.txt: KITSUNE "de rang 5 [...] Agilité du renard (Mov), ce qui lui donne un
    score de défi de 5"; "MECANUS possède un score de défi de 4 (5 de rang, -1 d'affaiblissement)";
    "le plus élevé l'emporte": she gets away."""
    kitsune = character_power_score(library_hero("KITSUNE"), "Agilité du renard")
    villain = character_power_score(mecanus(), "Jambes cybernétiques")
    result = opposed(kitsune, villain)
    assert (kitsune.total, villain.total, result.outcome) == (5, 4, OpposedOutcome.FIRST)
    assert [(t.kind, t.value) for t in villain.terms] == [(TermKind.RANK, 5), (TermKind.WEAKENING, -1)]


@pytest.mark.parametrize(
    ("first", "second", "outcome"),
    [(5, 4, OpposedOutcome.FIRST), (3, 6, OpposedOutcome.SECOND), (4, 4, OpposedOutcome.STATUS_QUO)],
)
def test_opposed_higher_wins_tie_is_status_quo(first: int, second: int, outcome: OpposedOutcome) -> None:
    """002_58e889a1abff3456.txt: "le plus élevé l'emporte. En cas d'égalité, c'est un statut quo"."""
    assert opposed(power_score(first), power_score(second)).outcome is outcome


@pytest.mark.parametrize(
    ("total", "difficulty", "success"),
    [(4, 4, True), (3, 4, False), (10, 10, True), (0, 1, False), (6, 5, True)],
)
def test_success_on_equal_or_higher(total: int, difficulty: int, success: bool) -> None:
    """002_58e889a1abff3456.txt: "le résultat doit être égal ou supérieur à la difficulté du défi"."""
    assert (
        challenge(aptitude_score(min(total, 5), max(0, total - 5)), Difficulty(difficulty)).success is success
    )


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("amateur", 1),
        ("Débutant", 2),
        ("professional", 3),
        ("4", 4),
        ("maître", 5),
        ("héroïque", 6),
        ("fantastic", 7),
        ("Extraordinaire", 8),
        ("incroyable", 9),
        ("impossible", 10),
    ],
)
def test_the_difficulty_table(text: str, value: int) -> None:
    """002_58e889a1abff3456.txt: "| Amateur | 1 |" ... "| Impossible | 10 |"."""
    assert parse_difficulty(text) == value


@pytest.mark.parametrize("text", ["0", "11", "facile", ""])
def test_unknown_difficulty_is_bad_input(text: str) -> None:
    """The difficulty table has ten levels, Amateur 1 to Impossible 10 (002_58e889a1abff3456.txt)."""
    with pytest.raises(BadInputError):
        parse_difficulty(text)


def test_surpass_adds_two() -> None:
    """002_58e889a1abff3456.txt: "cocher un point de stress pour obtenir un bonus de +2 lors d'un défi"."""
    plain = character_aptitude_score(wink_on_the_road(), Aptitude.VEHICLES)
    surpassed = character_aptitude_score(wink_on_the_road(), Aptitude.VEHICLES, surpass=True)
    assert surpassed.total == plain.total + 2 and surpassed.surpassed


def test_surpass_is_for_player_characters_only() -> None:
    """002_58e889a1abff3456.txt: "Les personnages joueurs peuvent cocher un point de stress"."""
    with pytest.raises(Refused) as error:
        character_power_score(mecanus(), "Jambes cybernétiques", surpass=True)
    assert error.value.rule == "surpass"


def test_surpass_needs_an_empty_box() -> None:
    """002_58e889a1abff3456.txt: "il peut cocher une case de stress": a full gauge has none left."""
    with pytest.raises(Refused):
        character_aptitude_score(at_level(wink_on_the_road(), 10), Aptitude.ART, surpass=True)


@pytest.mark.parametrize(("level", "malus"), [(9, 0), (10, -1), (11, -2)])
def test_state_maluses_on_aptitudes(level: int, malus: int) -> None:
    """002_58e889a1abff3456.txt: troublé "malus de -1 à toutes ses aptitudes"; démoralisé "le malus
    d'aptitude atteint -2"."""
    wink = at_level(wink_on_the_road(), level)
    assert character_aptitude_score(wink, Aptitude.VEHICLES).total == 4 + malus
    assert character_power_score(wink, "Téléportation").total == 6 + malus
    assert character_power_score(wink, "Téléportation", malus_on_powers=False).total == 6


def test_best_applicable_trait_or_the_named_one() -> None:
    """002_58e889a1abff3456.txt: "en additionnant une aptitude et un trait applicable" (one trait)."""
    wink = library_hero("WINK")
    assert character_aptitude_score(wink, Aptitude.OCCULTISM).total == 2 + 1
    assert character_aptitude_score(wink, Aptitude.ART).total == 2
    assert character_aptitude_score(wink, Aptitude.ART, trait="spécialisation moto").total == 4
    with pytest.raises(BadInputError):
        character_aptitude_score(wink, Aptitude.ART, trait="Pilote")


def test_unknown_power_and_bad_numbers_are_bad_input() -> None:
    """A power used "à la place d'une aptitude" must be one of the character's (002_58e889a1abff3456.txt)."""
    with pytest.raises(BadInputError):
        character_power_score(library_hero("KITSUNE"), "Vol")
    with pytest.raises(BadInputError):
        power_score(5, carried=-1)
    with pytest.raises(BadInputError):
        aptitude_score(6)


def test_results_explain_themselves() -> None:
    """Results keep every term: WINK's 3 + 1 against 4 explains each number."""
    result = challenge(character_aptitude_score(wink_on_the_road(), Aptitude.VEHICLES), Difficulty.EXPERT)
    english = [m.render("en") for m in result.explain()]
    french = [m.render("fr") for m in result.explain()]
    assert english[-1] == "Success: 4 ≥ 4." and "Expert" in english[-2]
    assert french[-1] == "Réussite : 4 ≥ 4."
    assert result.to_json()["score"] == {
        "who": "WINK",
        "total": 4,
        "terms": [
            {"kind": "aptitude", "label": "vehicles", "value": 3},
            {"kind": "trait", "label": "Spécialisation moto", "value": 1},
        ],
    }


@pytest.mark.parametrize("use_power", [False, True])
def test_a_broken_character_takes_no_challenge(use_power: bool) -> None:
    """002_58e889a1abff3456.txt: brisé, "le personnage ne sera plus jouable tant qu'il n'aura pas été
    ramené"."""
    wink = at_level(wink_on_the_road(), 12)
    with pytest.raises(Refused) as error:
        if use_power:
            character_power_score(wink, "Téléportation")
        else:
            character_aptitude_score(wink, Aptitude.VEHICLES)
    assert error.value.rule == "broken"
