"""Exact odds decided from the size of the computation before it starts; estimates otherwise.

The verdict reads the parsed tree only: these tests assert on it (never on time), and check that
refused odds raise without icepool ever being asked (a pure function of the tree).
"""

from __future__ import annotations

import pytest

from meneur.dice import DiceLimitError, OddsUnavailableError, odds, parse
from meneur.dice.estimate import DEFAULT_SAMPLES, MAX_DICE, estimate, sample_size
from meneur.dice.odds_cost import MAX_POOL_FACES, MAX_WORK, verdict


@pytest.mark.parametrize(
    ("expression", "words"),
    [
        ("3d1000kh2", f"more than {MAX_POOL_FACES} faces"),
        ("4d999kh3", f"more than {MAX_POOL_FACES} faces"),
        ("100d100kh50", "would take about 50 seconds"),
        ("40d100kh20", "seconds"),
        ("2d1000e1000kh1", "sequences of dice"),
        ("4d6e6kh3", "sequences of dice"),
        ("(1d1000, 1d1000, 1d1000)kh2", f"more than {MAX_POOL_FACES} faces"),
    ],
)
def test_costly_odds_are_refused_by_the_verdict(expression: str, words: str) -> None:
    decided = verdict(parse(expression))
    assert not decided.exact
    assert decided.reason is not None
    assert words in decided.reason.render("en")


@pytest.mark.parametrize(
    "expression",
    [
        "1d20",
        "4d6kh3",
        "3d6kh2",
        "20d20kh10",
        "2d400kh1",
        "8d6e6",
        "100d6",
        "4dF",
        "10d10k3",
        "(1d20, 1d20)kh1 + 5",
        "4d6d1",
        "3d6r1",
        "1d100!",
    ],
)
def test_usual_odds_are_allowed_within_the_work_cap(expression: str) -> None:
    decided = verdict(parse(expression))
    assert decided.exact and decided.reason is None
    assert 0 <= decided.work <= MAX_WORK


def test_the_work_estimate_grows_with_dice_faces_and_kept() -> None:
    works = [verdict(parse(e)).work for e in ("4d6kh3", "8d6kh3", "8d20kh3", "8d20kh6")]
    assert works == sorted(works) and len(set(works)) == 4


@pytest.mark.parametrize("expression", ["3d1000kh2", "4d999kh3", "100d100kh50"])
def test_odds_refuse_the_examples_with_the_verdicts_reason(
    expression: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import meneur.dice.odds_plan as plan

    def never(_node: object) -> None:
        raise AssertionError("the computation started")

    monkeypatch.setattr(plan, "compile_die", never)
    with pytest.raises(OddsUnavailableError) as caught:
        odds(expression)
    reason = verdict(parse(expression)).reason
    assert reason is not None
    assert reason.render("en") in caught.value.render("en")


def test_an_estimate_is_reproducible_from_its_seed_and_within_bounds() -> None:
    first = estimate("4d999kh3", samples=500, seed=7)
    assert first == estimate("4d999kh3", samples=500, seed=7)
    assert first.samples == 500 and first.seed == 7
    assert sum(c for _o, c in first.counts) == 500
    assert 3 <= first.counts[0][0] <= first.counts[-1][0] <= 3 * 999


def test_an_estimate_is_close_to_the_exact_odds_within_its_bound() -> None:
    """With 20,000 rolls, the exact mean of 3d6 (10.5) lies within a few half-widths."""
    guess = estimate("3d6", samples=20_000, seed=1)
    assert abs(guess.mean - 10.5) <= 3 * guess.mean_half_width
    exact = odds("3d6")
    for outcome, probability in exact.distribution.items():
        assert abs(guess.probability(outcome) - float(probability)) <= 4 * max(
            guess.half_width(float(probability)), 1e-3
        )


def test_an_estimate_labels_itself_in_json() -> None:
    data = estimate("3d1000kh2", samples=200, seed=3).to_json()
    assert data["estimate"] is True
    assert data["samples"] == 200 and data["seed"] == 3 and data["confidence"] == 0.95
    assert set(data["half_width"]) == set(data["distribution"])
    assert data["mean_half_width"] > 0


def test_the_sample_size_is_decided_from_the_dice_before_rolling() -> None:
    assert sample_size(parse("1d20"), None) == DEFAULT_SAMPLES
    assert sample_size(parse("1000d6"), None) == MAX_DICE // 1000
    assert sample_size(parse("100d100kh50"), 10_000) == 10_000
    with pytest.raises(DiceLimitError):
        sample_size(parse("1000d6"), 10_000)
    with pytest.raises(DiceLimitError):
        sample_size(parse("1d6"), 10)
