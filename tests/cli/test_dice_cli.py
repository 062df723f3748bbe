"""``meneur roll`` and ``meneur odds`` in both languages: output, JSON keys, exit statuses."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from tests.cli_helpers import run_cli

LANGS = ["fr", "en"]


@pytest.mark.parametrize(("lang", "total_word"), [("fr", "Total :"), ("en", "Total:")])
def test_roll_with_entered_dice_prints_breakdown_and_total(lang: str, total_word: str) -> None:
    result = run_cli(["roll", "4d6kh3", "--dice", "3,1,5,6"], lang)
    assert result.exit_code == 0
    assert "4d6kh3 (3, ~1~, 5, 6) = 14" in result.stdout
    assert f"{total_word} 14" in result.stdout


@pytest.mark.parametrize(
    ("lang", "word"), [("fr", "chiffres 3 5 1 (unités 1)"), ("en", "digits 3 5 1 (units 1)")]
)
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
    assert set(data) == {"expression", "total", "breakdown", "dice", "labels"}
    assert data["total"] == data["dice"][0]["total"] + 2
    assert len([d for d in data["dice"][0]["dice"] if d["kept"]]) == 3


@pytest.mark.parametrize(
    ("lang", "needle"),
    [
        ("fr", "Erreur : « x3 » inattendu à la position 5."),
        ("en", "Error: Unexpected 'x3' at position 5."),
    ],
)
def test_roll_syntax_error_exits_2_with_a_caret(lang: str, needle: str) -> None:
    result = run_cli(["roll", "4d6kx3"], lang)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert needle in result.stderr
    assert "4d6kx3\n    ^" in result.stderr


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    "args",
    [
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
    ],
)
def test_bad_input_exits_2_with_a_translated_message(lang: str, args: list[str]) -> None:
    result = run_cli(args, lang)
    assert result.exit_code == 2
    assert result.stderr.startswith("Erreur :" if lang == "fr" else "Error:")


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "fr",
            [
                "Probabilités de 3d6kh2",
                "Résultat",
                "Probabilité",
                "Au moins",
                "Moyenne : 8,458",
                "Écart type : 2,215",
                "De 2 à 12.",
            ],
        ),
        (
            "en",
            [
                "Odds of 3d6kh2",
                "Result",
                "Probability",
                "At least",
                "Mean: 8.458",
                "Standard deviation: 2.215",
                "From 2 to 12.",
            ],
        ),
    ],
)
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


@pytest.mark.parametrize(("lang", "word"), [("fr", "Lancer des dés"), ("en", "Roll dice written")])
def test_help_is_translated(lang: str, word: str) -> None:
    result = run_cli(["roll", "--help"], lang)
    assert result.exit_code == 0
    assert word in result.stdout


@pytest.mark.parametrize(
    ("lang", "expression", "words"),
    [
        ("fr", "7/0", "Division par zéro : le diviseur de « / » valait 0."),
        ("fr", "7//0", "Division par zéro : le diviseur de « // » valait 0."),
        ("fr", "7%0", "Reste d'une division par zéro : le diviseur de « % » valait 0."),
        ("en", "7/0", "Division by zero: the divisor of '/' was 0."),
        ("en", "1d6%(1-1)", "Remainder of a division by zero: the divisor of '%' was 0."),
    ],
)
@pytest.mark.parametrize("command", ["roll", "odds"])
def test_division_by_zero_names_the_operator_used(
    lang: str, expression: str, words: str, command: str
) -> None:
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


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("args", "breakdown"),
    [
        (["roll", "2D6", "--dice", "3,4"], "2d6 (3, 4) = 7"),
        (["roll", "1D20+3", "--dice", "12"], "1d20 (12) + 3 = 15"),
        (["roll", "D66", "--dice", "3,5"], "1d66 (35) = 35"),
        (["roll", "D666", "--dice", "3,5,1"], "1d666 (351) = 351"),
        (["roll", "4d6k3", "--dice", "3,1,5,6"], "4d6kh3 (3, ~1~, 5, 6) = 14"),
        (["roll", "4d6d1", "--dice", "3,1,5,6"], "4d6pl1 (3, ~1~, 5, 6) = 14"),
        (["roll", "1d6!", "--dice", "6,2"], "1d6e6 (6!, 2) = 8"),
        (["roll", "1d6x", "--dice", "6,6,1"], "1d6e6 (6!, 6!, 1) = 13"),
        (["roll", "3d6r1", "--dice", "1,1,5,1,3,4"], "3d6rr1 (1>1>4, 1>3, 5) = 12"),
        (["roll", "4dF", "--dice=-1,0,1,1"], "4dF (\u2212,  , +, +) = 1"),
        (["roll", "4DF", "--dice", "+,+,-,0"], "4dF (+, +, \u2212,  ) = 1"),
    ],
)
def test_dice_written_as_players_write_them(lang: str, args: list[str], breakdown: str) -> None:
    result = run_cli(args, lang)
    assert result.exit_code == 0, result.stderr
    assert breakdown in result.stdout


@pytest.mark.parametrize(
    ("lang", "expression", "words", "caret"),
    [
        ("fr", "d666e6", "« e6 » ne s'applique pas à un d666", "d666e6\n    ^"),
        ("en", "d666e6", "'e6' does not apply to a d666", "d666e6\n    ^"),
        ("fr", "4dF!", "les dés Fate n'explosent pas", "4dF!\n   ^"),
        ("en", "4dF!", "Fate dice do not explode", "4dF!\n   ^"),
        ("fr", "1d6rr7", "« rr7 » ne s'applique jamais : un d6 donne de 1 à 6.", "1d6rr7\n   ^"),
        ("en", "1d6rr7", "'rr7' never applies: a d6 shows 1 to 6.", "1d6rr7\n   ^"),
    ],
)
def test_an_operation_that_cannot_apply_is_refused_never_ignored(
    lang: str, expression: str, words: str, caret: str
) -> None:
    result = run_cli(["roll", expression, "--dice", "1,2,3"], lang)
    assert result.exit_code == 2
    assert words in result.stderr and caret in result.stderr


@pytest.mark.parametrize(
    ("lang", "expression", "words", "caret"),
    [
        ("fr", "4d6kx3", "Vouliez-vous dire « 4d6kh3 » ?", "4d6kx3\n    ^"),
        ("en", "4d6kx3", "Did you mean 4d6kh3?", "4d6kx3\n    ^"),
        ("fr", "3d6r", "« r » doit être suivi d'un nombre. Vouliez-vous dire « 3d6r1 » ?", "3d6r\n    ^"),
        ("en", "(1d6", "Did you mean (1d6)?", "(1d6\n    ^"),
    ],
)
def test_syntax_errors_point_at_the_character_and_suggest(
    lang: str, expression: str, words: str, caret: str
) -> None:
    result = run_cli(["roll", expression], lang)
    assert result.exit_code == 2
    assert words in result.stderr and caret in result.stderr


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "fr",
            [
                "4d6k3 gardent les 3 meilleurs",
                "4d6d1",
                "3d6r1",
                "Roll20",
                "Foundry",
                "4dF",
                "ro1",
                "d666e6",
                "docs/dice.md",
            ],
        ),
        (
            "en",
            [
                "4d6k3 keep the 3 highest",
                "4d6d1",
                "3d6r1",
                "Roll20",
                "Foundry",
                "4dF",
                "ro1",
                "d666e6",
                "docs/dice.md",
            ],
        ),
    ],
)
def test_roll_help_documents_the_notation_and_where_it_differs_from_d20(lang: str, words: list[str]) -> None:
    result = run_cli(["roll", "--help"], lang)
    assert result.exit_code == 0
    text = " ".join(result.stdout.replace("│", " ").split())
    for word in words:
        assert word in text


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("fr", ["Les probabilités exactes ne sont pas disponibles", "Ajoutez --estimate"]),
        ("en", ["Exact odds are not available", "Add --estimate"]),
    ],
)
@pytest.mark.parametrize(
    ("expression", "reason"),
    [
        ("3d1000kh2", {"fr": "plus de 400 faces", "en": "more than 400 faces"}),
        ("4d999kh3", {"fr": "plus de 400 faces", "en": "more than 400 faces"}),
        ("100d100kh50", {"fr": "environ 50 secondes", "en": "about 50 seconds"}),
    ],
)
def test_costly_odds_are_refused_at_once_with_the_reason(
    lang: str, words: list[str], expression: str, reason: dict[str, str]
) -> None:
    result = run_cli(["odds", expression], lang)
    assert result.exit_code == 2
    assert result.stdout == ""
    for word in [*words, reason[lang]]:
        assert word in result.stderr


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "fr",
            [
                "Probabilités estimées de 3d1000kh2 (500 lancers, graine 4)",
                "Ceci est une estimation",
                "95 fois sur 100",
                "Moyenne : environ",
                "±",
            ],
        ),
        (
            "en",
            [
                "Estimated odds of 3d1000kh2 (500 rolls, seed 4)",
                "This is an estimate",
                "95 times out of 100",
                "Mean: about",
                "±",
            ],
        ),
    ],
)
def test_estimate_is_labelled_with_its_error_bound(lang: str, words: list[str]) -> None:
    args = ["odds", "3d1000kh2", "--estimate", "--seed", "4", "--samples", "500"]
    result = run_cli(args, lang)
    assert result.exit_code == 0, result.stderr
    for word in words:
        assert word in result.stdout
    assert run_cli(args, lang).stdout == result.stdout


@pytest.mark.parametrize("lang", LANGS)
def test_estimate_json_says_it_is_an_estimate(lang: str) -> None:
    result = run_cli(["odds", "100d100kh50", "--estimate", "--seed", "1", "--samples", "200", "--json"], lang)
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["estimate"] is True and data["samples"] == 200 and data["seed"] == 1
    assert data["confidence"] == 0.95 and data["mean_half_width"] > 0
    assert set(data["half_width"]) == set(data["distribution"])
    assert abs(sum(data["distribution"].values()) - 1) < 1e-9


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    "args",
    [
        ["odds", "2d6", "--seed", "3"],
        ["odds", "2d6", "--samples", "100"],
        ["odds", "2d6", "--estimate", "--samples", "5"],
        ["odds", "1000d6", "--estimate", "--samples", "100000"],
    ],
)
def test_estimate_options_out_of_place_exit_2(lang: str, args: list[str]) -> None:
    result = run_cli(args, lang)
    assert result.exit_code == 2
    assert result.stderr.startswith("Erreur :" if lang == "fr" else "Error:")


@pytest.mark.parametrize("lang", LANGS)
def test_exact_odds_of_fate_dice(lang: str) -> None:
    result = run_cli(["odds", "4dF", "--json"], lang)
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["distribution"]["0"] == "19/81" and data["distribution"]["-4"] == "1/81"
    assert data["min"] == -4 and data["max"] == 4
