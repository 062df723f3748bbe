"""Show a roll: plain text, Rich markup (kept dice bold, dropped struck through) and JSON.

Text conventions: ``4d6kh3 (5, ~2~, 4, 6) = 15``: a dropped die between tildes, a rerolled die as
``1>4`` (old faces first), an exploded die followed by ``!``, a value forced by mi/ma as ``2=>3``.
Labels follow what they label: ``1d8 (5) + 3 [fire] = 8``. A success count marks the dice that
count with ``✓``: ``5d10 (3, 8✓, 10✓, 1, 7) >= 8 = 2``; in JSON its group has ``successes`` and
each of its dice ``success``.
JSON keys are stable: ``expression``, ``total``, ``breakdown``, ``labels`` (one object per labelled
part: ``labels``, its ``breakdown`` and ``total``), ``dice`` (one object per group:
``notation``, ``sides``, ``total``, ``dice``: ``value``, ``faces``, ``rerolls``, ``kept``,
``exploded``, ``added_by`` and, for digit dice, ``digits``); a group of Fate dice has
``"fate": true`` and ``sides`` 3, its values are -1, 0 and 1 (shown ``−``, a blank and ``+``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.markup import escape

from meneur.dice.result import (
    DiceResult,
    LabelledResult,
    NumberResult,
    ParensResult,
    Result,
    Roll,
    RolledDie,
    SetResult,
    SuccessResult,
    UnaryResult,
)

Style = Callable[[str, bool], str]


def _plain(text: str, kept: bool) -> str:
    return text if kept else f"~{text}~"


def _rich(text: str, kept: bool) -> str:
    return f"[bold]{escape(text)}[/bold]" if kept else f"[strike dim]{escape(text)}[/strike dim]"


FATE_SYMBOLS = {-1: "\u2212", 0: " ", 1: "+"}


def face_text(die: RolledDie, face: int) -> str:
    """One face as shown: the number, or for a Fate die ``−``, a blank or ``+``."""
    return FATE_SYMBOLS[face] if die.fate else str(face)


def die_text(die: RolledDie) -> str:
    """One die without styling: ``1>4``, ``6!``, ``2=>3``; a Fate die ``+``, ``−`` or a blank."""
    text = ">".join(face_text(die, f) for f in die.faces)
    if die.forced:
        text += f"=>{face_text(die, die.value)}"
    return text + ("!" if die.exploded else "")


def die_markup(die: RolledDie) -> str:
    """One die in Rich markup: rerolled-away faces struck, the value bold if kept."""
    if not die.kept:
        return _rich(die_text(die), False)
    shown = [f"[strike dim]{face_text(die, f)}[/strike dim]>" for f in die.rerolls]
    if die.forced:
        shown.append(f"[strike dim]{face_text(die, die.faces[-1])}[/strike dim]=>")
    shown.append(f"[bold]{face_text(die, die.value)}{'!' if die.exploded else ''}[/bold]")
    return "".join(shown)


SUCCESS = "\u2713"


def _dice(result: DiceResult, style: Style, hits: tuple[bool, ...] = ()) -> str:
    marks = [SUCCESS if hit else "" for hit in hits] or [""] * len(result.dice)
    if style is _rich:
        inside = ", ".join(
            f"[green]{die_markup(d)}{m}[/green]" if m else die_markup(d)
            for d, m in zip(result.dice, marks, strict=True)
        )
    else:
        inside = ", ".join(style(die_text(d) + m, d.kept) for d, m in zip(result.dice, marks, strict=True))
    return f"{result.notation} ({inside})"


def _labels(labels: tuple[str, ...], style: Style) -> str:
    text = "".join(f"[{label}]" for label in labels)
    return escape(text) if style is _rich else text


def _counted(result: Result, style: Style, hits: tuple[bool, ...]) -> str:
    if isinstance(result, LabelledResult):
        return f"{_counted(result.inner, style, hits)} {_labels(result.labels, style)}"
    assert isinstance(result, DiceResult)
    return _dice(result, style, hits)


def _node(result: Result, style: Style) -> str:
    if isinstance(result, NumberResult):
        return str(result.total)
    if isinstance(result, DiceResult):
        return _dice(result, style)
    if isinstance(result, SuccessResult):
        counted = _counted(result.counted, style, result.hits)
        return f"{counted} {result.op} {_node(result.target, style)}"
    if isinstance(result, SetResult):
        items = ", ".join(style(_node(i, style), k) for i, k in zip(result.items, result.kept, strict=True))
        return f"({items}){result.operations}"
    if isinstance(result, ParensResult):
        return f"({_node(result.inner, style)})"
    if isinstance(result, LabelledResult):
        return f"{_node(result.inner, style)} {_labels(result.labels, style)}"
    if isinstance(result, UnaryResult):
        return f"{result.op}{_node(result.operand, style)}"
    return f"{_node(result.left, style)} {result.op} {_node(result.right, style)}"


def to_text(roll: Roll) -> str:
    """``4d6kh3 (5, ~2~, 4, 6) + 1 = 16``."""
    return f"{_node(roll.result, _plain)} = {roll.total}"


def to_markup(roll: Roll) -> str:
    """The same as :func:`to_text` in Rich markup: kept dice bold, dropped struck through."""
    return f"{_node(roll.result, _rich)} = [bold]{roll.total}[/bold]"


def die_json(die: RolledDie) -> dict[str, Any]:
    """One die as a JSON-ready dict."""
    data: dict[str, Any] = {
        "value": die.value,
        "faces": list(die.faces),
        "rerolls": list(die.rerolls),
        "kept": die.kept,
        "exploded": die.exploded,
        "added_by": die.added_by,
    }
    if die.digits is not None:
        data["digits"] = list(die.digits)
    return data


def to_json(roll: Roll) -> dict[str, Any]:
    """The whole roll as a stable JSON-ready dict."""
    hits = {id(count.group): count.hits for count in roll.successes()}
    return {
        "expression": roll.expression,
        "total": roll.total,
        "breakdown": to_text(roll),
        "dice": [_group_json(g, hits.get(id(g))) for g in roll.groups()],
        "labels": [_label_json(part) for part in roll.labelled()],
    }


def _label_json(part: LabelledResult) -> dict[str, Any]:
    return {"labels": list(part.labels), "breakdown": _node(part.inner, _plain), "total": part.total}


def _group_json(group: DiceResult, hits: tuple[bool, ...] | None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "notation": group.notation,
        "sides": group.sides,
        "total": group.total,
        "dice": [die_json(d) for d in group.dice],
    }
    if hits is not None:
        data["successes"] = sum(hits)
        for die, hit in zip(data["dice"], hits, strict=True):
            die["success"] = hit
    if group.dice and group.dice[0].fate:
        data["fate"] = True
    return data


__all__ = [
    "FATE_SYMBOLS",
    "die_json",
    "die_markup",
    "die_text",
    "face_text",
    "to_json",
    "to_markup",
    "to_text",
]
