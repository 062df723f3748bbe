"""``meneur roll`` and ``meneur odds`` in both languages: output, JSON keys, exit statuses."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from tests.cli_helpers import run_cli

LANGS = ["fr", "en"]


@pytest.mark.parametrize(("lang", "total_word"), [("fr", "Total :"), ("en", "Total:")])
def test_roll_with_entered_dice_prints_breakdown_and_total(lang: str, total_word: str) -> None:
    result = run_cli(["roll", "4d6kh3", "--dice", "3,1,5,6"], lang)
    assert result.exit_code == 0
    assert "4d6kh3 (3, ~1~, 5, 6) = 14" in result.stdout
    assert f"{total_word} 14" in result.stdout


@pytest.mark.parametrize(("lang", "word"), [("fr", "chiffres 3 5 1 (unités 1)"),
                                            ("en", "digits 3 5 1 (units 1)")])
def test_roll_d666_shows_the_digits(lang: str, word: str) -> None:
    """INS/MV (000_008acb24c72771e3.txt): the units die "quantifier une éventuelle réussite"."""
    result = run_cli(["roll", "d666", "--dice", "3,5,1"], lang)
    assert result.exit_code == 0
    assert word in result.stdout


@pytest.mark.parametrize("lang", LANGS)
def test_roll_with_seed_is_reproducible_and_json(lang: str) -> None:
    first = run_cli(["roll", "10d10kh3+2", "--seed", "7", "--json"], lang)
    second = run_cli(["roll", "10d10kh3+2", "--seed", "7", "--json"], lang)
    assert first.exit_code == 0
    data = json.loads(first.stdout)
    assert data == json.loads(second.stdout)
    assert set(data) == {"expression", "total", "breakdown", "dice"}
    assert data["total"] == data["dice"][0]["total"] + 2
    assert len([d for d in data["dice"][0]["dice"] if d["kept"]]) == 3


@pytest.mark.parametrize(("lang", "needle"), [
    ("fr", "Erreur : « x3 » inattendu à la position 5."),
    ("en", "Error: Unexpected 'x3' at position 5."),
])
def test_roll_syntax_error_exits_2_with_a_caret(lang: str, needle: str) -> None:
    result = run_cli(["roll", "4d6kx3"], lang)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert needle in result.stderr
    assert "4d6kx3\n    ^" in result.stderr


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("args", [
    ["roll", "1000000d1000000"],
    ["roll", "1d1e1"],
    ["roll", "2d6", "--dice", "3,5,1"],
    ["roll", "2d6", "--dice", "3"],
    ["roll", "2d6", "--dice", "3,9"],
    ["roll", "2d6", "--dice", "a,b"],
    ["roll", "1d6/0"],
    ["odds", "1000d6"],
    ["odds", "4d6kx3"],
    ["odds", "1.5d6"],
])
def test_bad_input_exits_2_with_a_translated_message(lang: str, args: list[str]) -> None:
    result = run_cli(args, lang)
    assert result.exit_code == 2
    assert result.stderr.startswith("Erreur :" if lang == "fr" else "Error:")


@pytest.mark.parametrize(("lang", "words"), [
    ("fr", ["Probabilités de 3d6kh2", "Résultat", "Probabilité", "Au moins", "Moyenne : 8,458",
            "Écart type : 2,215", "De 2 à 12."]),
    ("en", ["Odds of 3d6kh2", "Result", "Probability", "At least", "Mean: 8.458",
            "Standard deviation: 2.215", "From 2 to 12."]),
])
def test_odds_prints_table_chart_mean_and_deviation(lang: str, words: list[str]) -> None:
    """Carpathes (003_87a535c5e428c5d3.txt): "Avantage (3D6 garder les 2 meilleurs)"."""
    result = run_cli(["odds", "3d6kh2"], lang)
    assert result.exit_code == 0
    for word in words:
        assert word in result.stdout
    assert "1/216" in result.stdout and "█" in result.stdout
    assert ("0,46" if lang == "fr" else "0.46") in result.stdout


@pytest.mark.parametrize("lang", LANGS)
def test_odds_json_maps_outcomes_to_reduced_fractions(lang: str) -> None:
    result = run_cli(["odds", "2d6", "--json"], lang)
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert {"distribution", "mean", "stdev"} <= set(data)
    assert data["distribution"]["7"] == "1/6"
    assert data["distribution"]["2"] == "1/36"
    assert sum(Fraction(v) for v in data["distribution"].values()) == 1
    assert data["mean"] == 7


@pytest.mark.parametrize("lang", LANGS)
def test_wide_odds_hide_only_the_thinnest_tails(lang: str) -> None:
    result = run_cli(["odds", "30d6"], lang)
    assert result.exit_code == 0
    assert ("ne sont pas affichés" if lang == "fr" else "are not shown") in result.stdout


@pytest.mark.parametrize(("lang", "word"), [("fr", "Lance des dés"), ("en", "Roll dice written")])
def test_help_is_translated(lang: str, word: str) -> None:
    result = run_cli(["roll", "--help"], lang)
    assert result.exit_code == 0
    assert word in result.stdout


@pytest.mark.parametrize(("lang", "expression", "words"), [
    ("fr", "7/0", "Division par zéro : le diviseur de « / » valait 0."),
    ("fr", "7//0", "Division par zéro : le diviseur de « // » valait 0."),
    ("fr", "7%0", "Reste d'une division par zéro : le diviseur de « % » valait 0."),
    ("en", "7/0", "Division by zero: the divisor of '/' was 0."),
    ("en", "1d6%(1-1)", "Remainder of a division by zero: the divisor of '%' was 0."),
])
@pytest.mark.parametrize("command", ["roll", "odds"])
def test_division_by_zero_names_the_operator_used(
        lang: str, expression: str, words: str, command: str) -> None:
    result = run_cli([command, expression], lang)
    assert result.exit_code == 2
    assert words in result.stderr


@pytest.mark.parametrize(("lang", "words"), [("fr", "après --"), ("en", "after --")])
def test_roll_help_shows_how_to_start_with_a_minus(lang: str, words: str) -> None:
    """``meneur roll -3/2`` would read -3 as an option; the help shows ``meneur roll -- -3/2``."""
    help_text = " ".join(run_cli(["roll", "--help"], lang).stdout.replace("│", " ").split())
    assert "meneur roll -- -3/2" in help_text and words in help_text
    result = run_cli(["roll", "--", "-3/2"], lang)
    assert result.exit_code == 0 and "-3 / 2 = -2" in result.stdout  # division rounds down
