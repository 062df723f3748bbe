"""``meneur roll`` and ``meneur odds`` with other tables' habits, in French and English (issue 18):
labels, success counts, ``adv``/``dis``, the cap of exploding dice."""

from __future__ import annotations

import json

import pytest

from tests.cli_helpers import run_cli


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_labels_show_in_the_breakdown_and_the_json(lang: str) -> None:
    result = run_cli(["roll", "1d8+3[fire]", "--dice", "5"], lang)
    assert result.exit_code == 0, result.stderr
    assert "1d8 (5) + 3 [fire] = 8" in result.stdout
    data = json.loads(run_cli(["roll", "2d6[poison]", "--dice", "3,2", "--json"], lang).stdout)
    assert data["breakdown"] == "2d6 (3, 2) [poison] = 5"
    assert data["labels"] == [{"labels": ["poison"], "breakdown": "2d6 (3, 2)", "total": 5}]


@pytest.mark.parametrize(
    ("lang", "line", "total"),
    [("fr", "10d10 >= 8 : 2 succès", "Total : 2"), ("en", "10d10 >= 8: 2 successes", "Total: 2")],
)
def test_a_success_count_says_how_many_dice_count(lang: str, line: str, total: str) -> None:
    result = run_cli(["roll", "10d10>=8", "--dice", "1,1,7,7,1,8,5,6,3,10"], lang)
    assert result.exit_code == 0, result.stderr
    assert "(1, 1, 7, 7, 1, 8✓, 5, 6, 3, 10✓) >= 8 = 2" in result.stdout
    assert line in result.stdout and total in result.stdout


def test_success_odds_go_from_none_to_every_die() -> None:
    data = json.loads(run_cli(["odds", "10d10>=8", "--json"], "en").stdout)
    assert (data["min"], data["max"], data["mean_exact"]) == (0, 10, "3")


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("fr", ["« adv » ne fait pas partie de la notation", "2d20kl1", "Vouliez-vous dire « 2d20kh1+5 » ?"]),
        ("en", ["'adv' is not part of the notation", "2d20kl1", "Did you mean 2d20kh1+5?"]),
    ],
)
def test_adv_is_refused_with_the_notation_to_write(lang: str, words: list[str]) -> None:
    result = run_cli(["roll", "1d20+5 adv"], lang)
    assert result.exit_code == 2 and result.stdout == ""
    for word in words:
        assert word in result.stderr
