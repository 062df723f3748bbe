"""Reading expressions: the notation accepted, syntax errors with a caret, caps and endless rolls."""

from __future__ import annotations

import pytest

from meneur.dice import DiceLimitError, DiceSyntaxError, DiceValueError, parse
from meneur.dice.limits import MAX_EXPRESSION_LENGTH
from meneur.dice.notation import Binary, DiceTerm, SetTerm, Unary


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("4d6kh3", "4d6kh3"),
        ("d20", "1d20"),
        ("d%", "1d%"),
        ("3d6kl2", "3d6kl2"),
        ("2d6 + 3", "2d6 + 3"),
        ("(1d4, 1d6)kh1", "(1d4, 1d6)kh1"),
        ("(4d6)kh3", "(4d6)kh3"),
        ("4d6rr1ro2", "4d6rr1ro2"),
        ("8d6e6", "8d6e6"),
        ("1d20 >= 10", "1d20 >= 10"),
        ("-1d4", "-1d4"),
        ("d666", "1d666"),
        ("2d66", "2d66"),
        ("10d10k>5", "10d10k>5"),
        ("4d6mi2ma5", "4d6mi2ma5"),
    ],
)
def test_accepted_notation_reads_back_canonically(text: str, canonical: str) -> None:
    assert str(parse(text)) == canonical


def test_percent_die_is_a_d100() -> None:
    term = parse("d%").root
    assert isinstance(term, DiceTerm)
    assert (term.count, term.sides, term.percent) == (1, 100, True)


def test_digit_dice_are_read_as_digits() -> None:
    """INS/MV (000_008acb24c72771e3.txt): "le nombre ... à obtenir avec un d666"."""
    d666, d66, d6 = (parse(t).root for t in ("d666", "d66", "d6"))
    assert isinstance(d666, DiceTerm) and isinstance(d66, DiceTerm) and isinstance(d6, DiceTerm)
    assert (d666.digits, d66.digits, d6.digits) == (3, 2, 0)


def test_tree_shape_of_arithmetic_and_sets() -> None:
    root = parse("-(1d4, 2)kh1 * 3").root
    assert isinstance(root, Binary) and root.op == "*"
    assert isinstance(root.left, Unary) and isinstance(root.left.operand, SetTerm)


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("4d6kx3", 4),
        ("4d6+", 4),
        ("(1d6", 4),
        ("1d6)", 3),
        ("abc", 0),
        ("", 0),
        ("1d6 # comment", 4),
        ("(1d6,2)rr1", 7),
    ],
)
def test_syntax_errors_point_at_the_mistake(text: str, position: int) -> None:
    with pytest.raises(DiceSyntaxError) as caught:
        parse(text)
    assert caught.value.position == position
    lines = caught.value.render("en").splitlines()
    assert lines[-2:] == [text.strip(), " " * position + "^"]


def test_syntax_error_reads_like_the_issue_example() -> None:
    with pytest.raises(DiceSyntaxError) as caught:
        parse("4d6kx3")
    assert caught.value.render("en") == ("Unexpected 'x3' at position 5. Did you mean 4d6kh3?\n4d6kx3\n    ^")
    assert "inattendu" in caught.value.render("fr")


@pytest.mark.parametrize(
    ("text", "position"), [("1.5+2", 0), ("2d6 + 0.5", 6), ("1d6 [fire", 4), ("1d6 []", 4)]
)
def test_decimals_and_broken_labels_are_refused_with_their_position(text: str, position: int) -> None:
    with pytest.raises(DiceSyntaxError) as caught:
        parse(text)
    assert caught.value.position == position


@pytest.mark.parametrize(
    "text",
    [
        "1000000d1000000",
        "1001d6",
        "600d6+600d6",
        "1d10001",
        "1" + "+1" * MAX_EXPRESSION_LENGTH,
        "(" * 25 + "1" + ")" * 25,
        "-" * 499 + "1",
        "1d1e1",
        "d6e>0",
        "d6rr<7",
        "4d6rrl1",
        "4d6eh1",
        "1d2rr1rr2",
        "1d66rr>10",
    ],
)
def test_runaway_expressions_are_refused_before_rolling(text: str) -> None:
    with pytest.raises(DiceLimitError):
        parse(text)


@pytest.mark.parametrize("text", ["1d0", "4d6mih2", "(1d6, 2)mi2"])
def test_values_an_operation_cannot_take(text: str) -> None:
    with pytest.raises((DiceValueError, DiceSyntaxError)):
        parse(text)


@pytest.mark.parametrize("text", ["d66", "d666", "1000d6", "1d10000", "10d666"])
def test_large_but_allowed(text: str) -> None:
    assert parse(text)


def test_refusals_are_translated() -> None:
    with pytest.raises(DiceLimitError) as caught:
        parse("1d1e1")
    assert caught.value.render("en") != caught.value.render("fr")


@pytest.mark.parametrize("text", ["²", "1d²", "³d6", "4d6kh¹"])
def test_digits_that_are_not_decimal_are_a_syntax_error(text: str) -> None:
    """Superscripts pass str.isdigit() but int() refuses them: they are syntax errors, not crashes."""
    with pytest.raises(DiceSyntaxError):
        parse(text)
