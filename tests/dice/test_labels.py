"""Labels as avrae players write them: ``1d8+3[fire]``, ``2d6[poison]``.

Issue 18: « Avrae players also label their dice (`1d8+3[fire]`, `2d6[poison]`): accept labels and
show them in the breakdown and the roll log, instead of refusing them ». A label belongs to what it
follows, as in d20; it changes neither the total nor the exact odds.
"""

from __future__ import annotations

import pytest

from meneur.dice import DiceSyntaxError, EnteredSource, odds, parse, roll, to_json, to_markup, to_text


@pytest.mark.parametrize(
    ("text", "faces", "breakdown", "labels"),
    [
        ("1d8+3[fire]", [5], "1d8 (5) + 3 [fire] = 8", [(["fire"], "3", 3)]),
        ("2d6[poison]", [3, 2], "2d6 (3, 2) [poison] = 5", [(["poison"], "2d6 (3, 2)", 5)]),
        (
            "2d6 [poison] + 1d4[Feu sacré]",
            [3, 2, 4],
            "2d6 (3, 2) [poison] + 1d4 (4) [Feu sacré] = 9",
            [(["poison"], "2d6 (3, 2)", 5), (["Feu sacré"], "1d4 (4)", 4)],
        ),
        ("(1d6+1)[x][y]", [2], "(1d6 (2) + 1) [x][y] = 3", [(["x", "y"], "(1d6 (2) + 1)", 3)]),
        (
            "4d6kh3 [force 1.5]",
            [1, 2, 3, 4],
            "4d6kh3 (~1~, 2, 3, 4) [force 1.5] = 9",
            [(["force 1.5"], "4d6kh3 (~1~, 2, 3, 4)", 9)],
        ),
    ],
)
def test_labels_are_kept_in_the_breakdown_and_the_json(
    text: str, faces: list[int], breakdown: str, labels: list[tuple[list[str], str, int]]
) -> None:
    result = roll(text, EnteredSource(faces))
    assert to_text(result) == breakdown
    data = to_json(result)
    assert data["breakdown"] == breakdown
    assert [(p["labels"], p["breakdown"], p["total"]) for p in data["labels"]] == labels


def test_a_label_changes_neither_the_total_nor_the_odds() -> None:
    assert odds("1d8+3[fire]") == odds("1d8+3")
    assert odds("4*(3d8kh2+9[fire]+(9d2e2+3[cold])/2)") == odds("4*(3d8kh2+9+(9d2e2+3)/2)")
    assert roll("2d6[poison]", EnteredSource([3, 2])).total == roll("2d6", EnteredSource([3, 2])).total


def test_a_label_is_shown_as_text_in_rich_markup() -> None:
    markup = to_markup(roll("1d6[bold]", EnteredSource([4])))
    assert "\\[bold]" in markup


def test_labels_read_back_canonically() -> None:
    assert str(parse("1d8+3[fire]")) == "1d8 + 3 [fire]"
    assert str(parse(str(parse("2d6 [a] [b]")))) == "2d6 [a][b]"


@pytest.mark.parametrize(
    ("text", "english", "french"),
    [
        ("1d6[fire", "not closed", "n'est pas fermée"),
        ("1d6[]", "between '[' and ']'", "entre « [ » et « ] »"),
        ("1d6[a[b]]", "between '[' and ']'", "entre « [ » et « ] »"),
    ],
)
def test_broken_labels_say_how_to_write_one(text: str, english: str, french: str) -> None:
    with pytest.raises(DiceSyntaxError) as caught:
        parse(text)
    assert caught.value.position == 3
    assert english in caught.value.render("en") and french in caught.value.render("fr")


def test_a_label_goes_after_the_operations() -> None:
    with pytest.raises(DiceSyntaxError):
        parse("1d20[fire]kh1")
