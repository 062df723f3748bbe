"""Read a dice expression: checks, then our reader (:mod:`meneur.dice.grammar`), then our caps.

Accepted, in any case (``2D6``, ``D666``): ``NdX``, ``d%`` (a d100), ``dF`` (Fate), digit dice
``d66``/``d666``, keep/drop (``kh3``, ``k3``, ``dl1``, ``d1``, ``pl1``, ``k>4``), rerolls (``r``,
``rr``, ``ro``, ``ra``), explosions (``!``, ``x``, ``e``), ``mi``/``ma``, sets ``(1d4, 1d6)kh1``,
``+ - * / // %`` with parentheses and unary minus, comparisons (a group of dice on the left counts
successes: ``10d10>=8``), labels (``2d6[fire]``). Refused with a message
and a caret: decimals, operations that cannot apply, anything past the caps of
:mod:`meneur.dice.limits`. Syntax errors suggest the nearest expression that reads.
Results are cached by text.
"""

from __future__ import annotations

import re
from functools import lru_cache

from meneur.dice.errors import DiceError, DiceSyntaxError
from meneur.dice.grammar import Reader
from meneur.dice.limits import check_expression, check_text
from meneur.dice.notation import Expression
from meneur.i18n import N_, Message

_DECIMAL = re.compile(r"\d*\.\d*")
_WHITESPACE = str.maketrans("\t\n\r\f\v", "     ")


def parse(text: str) -> Expression:
    """Parse and check ``text`` (cached: the same text always gives the same tree).

    Raises:
        DiceSyntaxError: with the position of the mistake.
        DiceLimitError: past a cap (length, nesting, dice, sides, endless rerolls or explosions).
        DiceValueError: for a selector an operation cannot take, or a die without sides.
    """
    found = _SEEN.get(text)
    if found is None:
        found = _parse(text.translate(_WHITESPACE).strip())
        if len(_SEEN) < _SEEN_SIZE:
            _SEEN[text] = found
    return found


_SEEN: dict[str, Expression] = {}  # text as typed -> expression: the hot path of repeated rolls
_SEEN_SIZE = 4096


@lru_cache(maxsize=1024)
def _parse(text: str) -> Expression:
    try:
        return _read(text)
    except DiceSyntaxError as error:
        hint = advantage_hint(text)
        if hint is not None:
            raise hint from None
        if type(error) is DiceSyntaxError and error.suggestion is None:
            better = suggest(text, error.position)
            if better is not None:
                raise error.suggesting(better) from None
        raise


def _read(text: str) -> Expression:
    outside = without_labels(text)
    check_text(outside)
    _refuse_decimals(outside, text)
    expression = Expression(text, Reader(text).read())
    check_expression(expression)
    return expression


#: Edits tried at the position of a syntax error, in order of preference.
_INSERTS = (")", "h", "1", "h1", "d6", "l")
_AFTER_D = ("6", "20")
_REPLACEMENTS = ("h", "l", "d", "r", "k", "+", "-", ",", "")


def suggest(text: str, position: int) -> str | None:
    """The nearest expression that reads: one edit at (or just before) ``position``, or ``None``."""
    candidates: list[str] = []
    for at in (position, position - 1):
        if not 0 <= at <= len(text):
            continue
        if at < len(text):
            candidates.extend(text[:at] + new + text[at + 1 :] for new in _REPLACEMENTS)
        inserts = (_AFTER_D if text[:at].lower().endswith("d") else ()) + _INSERTS
        candidates.extend(text[:at] + insert + text[at:] for insert in inserts)
    for candidate in candidates:
        if candidate.strip() and candidate != text:
            try:
                _read(candidate)
            except DiceError:
                continue
            return candidate
    return None


_ADVANTAGE = re.compile(
    r"^(?P<rest>.*?)\s*(?<![^\W\d_])(?P<word>adv|advantage|avantage|dis|disadv|disadvantage|d[ée]savantage)\s*$",
    re.IGNORECASE,
)
_D20 = re.compile(r"(?<![\w)])1?d20(?![\w!%])", re.IGNORECASE)
_HIGHER = ("adv", "advantage", "avantage")


def advantage_hint(text: str) -> DiceSyntaxError | None:
    """For ``d20 adv`` or ``1d20+5 dis`` (avrae's bot words, not notation): the notation to write.

    Advantage is ``2d20kh1``, disadvantage ``2d20kl1``; when the rest has exactly one plain d20,
    the whole expression rewritten that way is suggested. ``None`` when ``text`` is not such a case.
    """
    found = _ADVANTAGE.match(text)
    if found is None:
        return None
    word = found.group("word")
    reason = Message(
        "core",
        N_(
            "'{word}' is not part of the notation: advantage is written 2d20kh1 (the higher of two"
            " d20), disadvantage 2d20kl1 (the lower)."
        ),
        {"word": word},
    )
    rest = found.group("rest")
    error = DiceSyntaxError(reason, text, found.start("word"))
    if len(_D20.findall(rest)) != 1:
        return error
    keep = "kh1" if word.lower() in _HIGHER else "kl1"
    better = _D20.sub(f"2d20{keep}", rest)
    try:
        _read(better)
    except DiceError:
        return error
    return error.suggesting(better)


_LABEL = re.compile(r"\[[^\[\]]*\]")


def without_labels(text: str) -> str:
    """``text`` with the inside of each label blanked, so checks on the notation skip labels."""
    return _LABEL.sub(lambda found: "[" + " " * (len(found.group()) - 2) + "]", text)


def _refuse_decimals(outside: str, text: str) -> None:
    """Refuse ``1.5`` outside labels (``outside`` is ``text`` with labels blanked)."""
    decimal = _DECIMAL.search(outside)
    if decimal:
        raise DiceSyntaxError(
            Message(
                "core",
                N_("Decimal numbers are not allowed ('{text}'): dice use whole numbers."),
                {"text": decimal.group()},
            ),
            text,
            decimal.start(),
        )
