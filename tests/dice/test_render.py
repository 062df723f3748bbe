"""Showing a roll: plain text, Rich markup and stable JSON."""

from __future__ import annotations

from meneur.dice import EnteredSource, roll, to_json, to_markup, to_text


def test_text_marks_dropped_rerolled_and_exploded_dice() -> None:
    assert to_text(roll("4d6kh3", EnteredSource([3, 1, 5, 6]))) == "4d6kh3 (3, ~1~, 5, 6) = 14"
    assert to_text(roll("1d6rr1+2", EnteredSource([1, 4]))) == "1d6rr1 (1>4) + 2 = 6"
    assert to_text(roll("1d6e6", EnteredSource([6, 2]))) == "1d6e6 (6!, 2) = 8"
    assert to_text(roll("1d6mi3", EnteredSource([1]))) == "1d6mi3 (1=>3) = 3"
    assert to_text(roll("(1d4, 1d6)kh1", EnteredSource([4, 2]))) == "(1d4 (4), ~1d6 (2)~)kh1 = 4"
    assert to_text(roll("-(1d4)*2", EnteredSource([3]))) == "-(1d4 (3)) * 2 = -6"


def test_markup_bolds_kept_and_strikes_dropped() -> None:
    markup = to_markup(roll("3d6kh2", EnteredSource([2, 5, 4])))
    assert markup == ("3d6kh2 ([strike dim]2[/strike dim], [bold]5[/bold], [bold]4[/bold]) = [bold]9[/bold]")


def test_markup_strikes_rerolled_faces_and_bolds_the_value() -> None:
    markup = to_markup(roll("2d6rr1kh1", EnteredSource([1, 3, 5])))
    assert markup.startswith(
        "2d6rr1kh1 ([strike dim]1[/strike dim]>[bold]5[/bold], [strike dim]3[/strike dim])"
    )
    assert "[bold]6![/bold]" in to_markup(roll("1d6e6", EnteredSource([6, 2])))


def test_json_is_stable_and_complete() -> None:
    data = to_json(roll("2d6rr1kh1+1d666", EnteredSource([1, 3, 5, 3, 5, 1])))
    assert set(data) == {"expression", "total", "breakdown", "dice", "labels"}
    assert data["total"] == 5 + 351
    first, digit = data["dice"]
    assert first["notation"] == "2d6rr1kh1" and first["total"] == 5
    assert first["dice"][0] == {
        "value": 5,
        "faces": [1, 5],
        "rerolls": [1],
        "kept": True,
        "exploded": False,
        "added_by": None,
    }
    assert (first["dice"][1]["value"], first["dice"][1]["kept"]) == (3, False)
    assert digit["dice"][0]["digits"] == [3, 5, 1]
    assert "digits" not in first["dice"][0]
