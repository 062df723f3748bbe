"""``meneur insmv ...`` rolls in French and English: JSON keys, exit statuses, odds."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.cli_helpers import run_cli
from tests.insmv.helpers import cell, column_of_label

LANGS = ["fr", "en"]


def as_json(args: list[str], lang: str = "fr") -> dict[str, Any]:
    result = run_cli(["insmv", *args, "--json"], lang)
    assert result.exit_code == 0, result.stderr
    data: dict[str, Any] = json.loads(result.stdout)
    return data


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("args", "success", "units", "automatic", "threshold"),
    [
        (["--value", "3", "--dice", "2,4,5"], True, 5, None, cell("moyenne", column_of_label(3))),
        (
            ["--value", "1", "--difficulty", "tres_difficile", "--dice", "1,4,3"],
            False,
            3,
            None,
            cell("tres_difficile", column_of_label(1)),
        ),
        (["--value", "1", "--shift", "-2", "--dice", "1,1,4"], False, 4, "failure", None),
        (
            ["--value", "6", "--difficulty", "tres_difficile", "--shift", "1", "--dice", "6,6,2"],
            True,
            2,
            "success",
            None,
        ),
        (
            ["--value", "6", "--voluntary", "4", "--kind", "angel", "--dice", "1,1,2"],
            True,
            6,
            None,
            cell("moyenne", 14),
        ),
    ],
)
def test_test_json(
    lang: str, args: list[str], success: bool, units: int, automatic: str | None, threshold: int | None
) -> None:
    """The issue's stable keys: success, threshold, units, automatic."""
    data = as_json(["test", *args], lang)
    assert (data["success"], data["units"], data["automatic"], data["threshold"]) == (
        success,
        units,
        automatic,
        threshold,
    )


def test_power_not_possessed_takes_no_dice() -> None:
    """000_008acb24c72771e3.txt: "il n'a aucune chance de réussir": no roll, so entered dice are refused."""
    data = as_json(["test", "--value", "4", "--power-not-possessed"])
    assert data["no_chance"] is True and data["success"] is False and data["dice"] == []
    result = run_cli(["insmv", "test", "--value", "4", "--power-not-possessed", "--dice", "1,2,3"])
    assert result.exit_code == 2


def test_untrained_talent_and_interventions() -> None:
    data = as_json(["test", "--value", "4", "--untrained-malus", "2", "--dice", "1,1,1"])
    assert data["difficulty"] == "tres_difficile" and data["column"] == column_of_label(4) - 2
    assert data["intervention"] == "divine" and data["success"] is True
    assert as_json(["test", "--value", "2", "--dice", "6,6,6"])["intervention"] == "infernal"


@pytest.mark.parametrize(
    ("lang", "words"), [("fr", ["Réussite", "unités", "moyenne"]), ("en", ["Success", "units", "average"])]
)
def test_text_output_in_each_language(lang: str, words: list[str]) -> None:
    result = run_cli(["insmv", "test", "--value", "3", "--dice", "2,4,5"], lang)
    assert result.exit_code == 0
    assert all(word in result.stdout for word in words)


BAD_INPUTS = [
    (["test", "--value", "7"], "7"),
    (["test", "--value", "0"], "0"),
    (["test", "--value", "3", "--difficulty", "impossible"], "impossible"),
    (["test", "--value", "3", "--dice", "1,2"], "3"),
    (["test", "--value", "3", "--dice", "1,2,3,4"], "4"),
    (["test", "--value", "3", "--dice", "1,7,3"], "7"),
    (["test", "--value", "3", "--dice", "a,b,c"], "a"),
    (["test", "--value", "3", "--voluntary", "-1", "--kind", "angel"], "-1"),
    (["test", "--value", "3", "--kind", "dragon"], "dragon"),
    (["test", "--value", "3", "--untrained-malus", "5"], "5"),
    (["test", "--value", "3", "--untrained-malus", "2", "--difficulty", "facile"], "facile"),
    (["test", "--value", "3", "--odds", "--dice", "1,1,1"], "--dice"),
    (["opposed", "--value-a", "3", "--value-b", "3", "--dice", "1,1,1"], "4"),
    (
        ["opposed", "--value-a", "3", "--value-b", "3", "--tie-winner", "nobody", "--dice", "1,1,1,1,1,1"],
        "nobody",
    ),
]
BAD_CASES = [("fr", *case) for case in BAD_INPUTS] + [("en", *case) for case in BAD_INPUTS[::3]]


@pytest.mark.parametrize(("lang", "args", "needle"), BAD_CASES)
def test_bad_input_exits_2(lang: str, args: list[str], needle: str) -> None:
    result = run_cli(["insmv", *args, "--json"], lang)
    assert result.exit_code == 2
    assert needle in result.stderr
    assert json.loads(result.stdout)["error"] in ("bad_input", "entered_dice")  # --json: JSON on stdout too


@pytest.mark.parametrize("lang", LANGS)
def test_voluntary_shift_refused_exits_1(lang: str) -> None:
    """000_008acb24c72771e3.txt: "Aucun autre personnage du jeu ne peut utiliser cette option"."""
    result = run_cli(["insmv", "test", "--value", "3", "--voluntary", "1", "--dice", "1,1,1"], lang)
    assert result.exit_code == 1 and result.stderr
    too_far = run_cli(["insmv", "test", "--value", "3", "--voluntary", "6", "--kind", "demon"], lang)
    assert too_far.exit_code == 1
    ok = run_cli(
        [
            "insmv",
            "test",
            "--value",
            "3",
            "--voluntary",
            "6",
            "--kind",
            "human",
            "--max-shift",
            "6",
            "--dice",
            "1,1,1",
        ],
        lang,
    )
    assert ok.exit_code == 0


def test_odds_json() -> None:
    data = as_json(["odds", "--value", "1", "--shift", "-1", "--difficulty", "tres_difficile"])
    assert data["success"] == "1/36" and data["failure"] == "35/36"
    assert data["success_units"] == {str(u): "1/216" for u in range(1, 7)}
    assert data["divine_intervention"] == "1/216"
    same = ["test", "--value", "1", "--shift", "-1", "--difficulty", "tres_difficile", "--odds"]
    assert as_json(same) == data
    assert as_json(["odds", "--value", "2", "--power-not-possessed"])["success"] == "0"


def test_seeded_rolls_are_reproducible() -> None:
    first = as_json(["test", "--value", "3", "--seed", "42"])
    assert first == as_json(["test", "--value", "3", "--seed", "42"])
    assert len(first["dice"]) == 3


@pytest.mark.parametrize("lang", LANGS)
def test_opposed(lang: str) -> None:
    data = as_json(["opposed", "--value-a", "4", "--value-b", "2", "--dice", "3,3,5,1,2,2"], lang)
    assert (data["outcome"], data["winner"], data["units"], data["action_succeeds"]) == (
        "higher_units",
        "attacker",
        3,
        True,
    )
    tie = as_json(["opposed", "--value-a", "3", "--value-b", "3", "--dice", "2,2,4,3,1,4"], lang)
    assert tie["outcome"] == "tie" and tie["needs_gm_decision"] is True and tie["winner"] is None
    settled = as_json(
        ["opposed", "--value-a", "3", "--value-b", "3", "--dice", "2,2,4,3,1,4", "--tie-winner", "defender"],
        lang,
    )
    assert (settled["winner"], settled["units"], settled["action_succeeds"]) == ("defender", 0, False)
    odds = as_json(["opposed", "--value-a", "3", "--value-b", "3", "--odds"], lang)
    assert set(odds["winners"]) == {"attacker", "defender", "both_failed", "tie"}


def test_table_and_kinds() -> None:
    table = as_json(["table"])
    assert table["rows"]["moyenne"][column_of_label(3) - 1] == cell("moyenne", column_of_label(3))
    kinds = as_json(["kinds"])
    assert kinds["angel"]["max_voluntary_shift"] == 5
    assert kinds["demon_prince_avatar"]["max_voluntary_shift"] == 10
    for lang, word in (("fr", "Ange"), ("en", "Angel")):
        assert word in run_cli(["insmv", "kinds"], lang).stdout
        assert run_cli(["insmv", "table"], lang).exit_code == 0


@pytest.mark.parametrize(("lang", "expected"), [("fr", "88,89\u00a0%"), ("en", "88.89%")])
def test_odds_percent_in_the_reader_s_way(lang: str, expected: str) -> None:
    result = run_cli(["insmv", "odds", "--value", "3"], lang)
    assert result.exit_code == 0 and expected in result.stdout and "8/9" in result.stdout


@pytest.mark.parametrize("lang", LANGS)
def test_opposed_with_a_power_not_possessed(lang: str) -> None:
    """000_008acb24c72771e3.txt: "chacun des deux protagonistes utilise le talent, la caractéristique ou
    le pouvoir concerné"; B lacks the power ("aucune chance"), so only A rolls and A's success wins.
    """
    data = as_json(
        ["opposed", "--value-a", "3", "--value-b", "5", "--power-not-possessed-b", "--dice", "2,1,4"], lang
    )
    assert (data["outcome"], data["winner"], data["units"]) == ("attacker_wins", "attacker", 4)
    assert data["defender"]["no_chance"] is True and data["defender"]["dice"] == []
    odds = as_json(["opposed", "--value-a", "3", "--value-b", "5", "--power-not-possessed-b", "--odds"])
    assert odds["winners"] == {"attacker": "8/9", "defender": "0", "both_failed": "1/9", "tie": "0"}


def test_opposed_with_an_untrained_talent() -> None:
    """000_008acb24c72771e3.txt: the untrained side uses its characteristic, shifted by the malus,
    "toujours en rapport avec la ligne « très difficile »"."""
    data = as_json(
        ["opposed", "--value-a", "3", "--value-b", "4", "--untrained-malus-b", "3", "--dice", "1,1,5,1,1,2"]
    )
    defender = data["defender"]
    assert defender["difficulty"] == "tres_difficile" and defender["column"] == column_of_label(4) - 3
    assert (data["winner"], data["units"]) == ("attacker", 3)


@pytest.mark.parametrize(("lang", "word"), [("fr", "valeurs provisoires"), ("en", "placeholders")])
def test_kinds_say_the_pp_numbers_are_placeholders(lang: str, word: str) -> None:
    """000_008acb24c72771e3.txt: the PP modifier "dépend du type de personnage" (« Création des
    personnages », not in our sources): the defaults are shown as placeholders, and complete rest
    "en récupère 1 toutes les 24 heures"."""
    out = run_cli(["insmv", "kinds"], lang).stdout
    assert word in out and "24" in out.splitlines()[-1]
