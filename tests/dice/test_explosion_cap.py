"""The exact odds of exploding dice say they stop at the cap, how rarely that matters, and the true mean.

Issue 18: « the "exact" mean of exploding dice is computed on a truncated distribution without
saying so ». Rolls and odds both stop a chain after 20 explosions (docs/rulings/dice.md); the mean
without the cap is worked out analytically (μ / (1 - p) per die) where the expression is linear.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from meneur.dice import odds, parse
from meneur.dice.explosions import explosion_cap
from meneur.dice.limits import MAX_EXPLOSIONS
from tests.cli_helpers import run_cli
from tests.dice.brute import exploding_chains


def test_the_probability_past_the_cap_is_the_chance_the_last_die_would_explode() -> None:
    """Brute force: the chains of 21 dice whose last die shows a 6 are those the cap stops."""
    stopped = sum(
        p for p, faces in exploding_chains(6, MAX_EXPLOSIONS) if len(faces) == 21 and faces[-1] == 6
    )
    cap = explosion_cap(parse("1d6!"))
    assert cap is not None and not cap.bound
    assert cap.beyond == pytest.approx(float(stopped), rel=1e-12)
    assert cap.explosions == MAX_EXPLOSIONS


@pytest.mark.parametrize(
    ("text", "uncapped"),
    [
        ("1d6!", Fraction(21, 5)),  # 3.5 / (1 - 1/6)
        ("3d6! + 2", 3 * Fraction(21, 5) + 2),
        ("2 * 1d10!>8 - 1d4", 2 * Fraction(11, 2) / Fraction(4, 5) - Fraction(5, 2)),
        ("-1d2e2", -Fraction(3, 2) / Fraction(1, 2)),
    ],
)
def test_the_mean_without_the_cap_is_the_analytic_one(text: str, uncapped: Fraction) -> None:
    cap = explosion_cap(parse(text))
    assert cap is not None and cap.mean_difference is not None
    exact = odds(text).mean
    assert exact != uncapped  # the odds are those of capped chains
    assert exact + cap.mean_difference == uncapped


@pytest.mark.parametrize("text", ["(1d6!, 1d6!)kh1", "1d6ro1!", "3d6! >= 5"])
def test_the_mean_without_the_cap_is_not_guessed_where_it_is_not_linear(text: str) -> None:
    cap = explosion_cap(parse(text))
    assert cap is not None and cap.mean_difference is None
    assert 0 < cap.beyond < 1e-9


def test_an_explosion_after_other_operations_gives_a_bound() -> None:
    cap = explosion_cap(parse("1d6ro1!"))
    assert cap is not None and cap.bound and cap.beyond == pytest.approx(float(Fraction(1, 6) ** 20))


def test_nothing_to_say_without_explosions() -> None:
    assert explosion_cap(parse("4d6kh3 + 1d20")) is None


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "fr",
            [
                "s'arrêtent après 20 explosions",
                "environ une fois sur",
                "Sans cette limite, la moyenne serait de 4,2 (exactement 21/5).",
            ],
        ),
        (
            "en",
            [
                "stop after 20 explosions",
                "about once in",
                "Without that cap, the mean would be 4.2 (exactly 21/5).",
            ],
        ),
    ],
)
def test_odds_of_exploding_dice_say_so(lang: str, words: list[str]) -> None:
    result = run_cli(["odds", "1d6!"], lang)
    assert result.exit_code == 0, result.stderr
    for word in words:
        assert word in result.stdout
    assert "explosions" not in run_cli(["odds", "2d6"], lang).stdout


def test_odds_json_of_exploding_dice_carry_the_cap() -> None:
    data = json.loads(run_cli(["odds", "3d6!+2", "--json"], "en").stdout)
    cap = data["explosion_cap"]
    assert cap["explosions"] == 20 and cap["beyond_is_bound"] is False
    assert cap["mean_without_cap_exact"] == "73/5" and cap["mean_without_cap"] == 14.6
    assert 0 < cap["beyond"] < 1e-15
    assert json.loads(run_cli(["odds", "2d6", "--json"], "en").stdout)["explosion_cap"] is None
