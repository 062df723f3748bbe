"""The words of the session pages' buttons: the command's name and its fields in the book's words
(« dépenser des points de pouvoir — Yves », « jet — Mihail, Mental, protection, en péril »). A label,
never a rule: the command itself is the legal entry's, in a hidden field. Each game gives its
commands' words and the words its catalogs have for a field's value (its parts,
:class:`meneur.web.game_parts.Parts`); how a field is said beside its value is shared here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from meneur.i18n import N_, Message, translate

FIELD_WORDS: dict[str, str] = {
    "value": N_("value {value}"),
    "voluntary": N_("voluntary shift {value}"),
    "shift": N_("shift {value}"),
    "days": N_("{value} days"),
    "target": N_("on {value}"),
    "teacher": N_("taught by {value}"),
    "difficulty": N_("difficulty {value}"),
}
"""How a field is said beside its value; a field not named here shows its value alone."""

FLAGS: dict[tuple[str, bool], str] = {
    ("peril", True): N_("in peril"),
    ("concentrate", True): N_("concentrating"),
    ("panicked", True): N_("panicked"),
    ("panicked", False): N_("no longer panicked"),
    ("confirmed", False): N_("not confirmed"),
    ("after_night", True): N_("after a night"),
    ("sincere", True): N_("sincere"),
    ("sincere", False): N_("not sincere"),
}
"""The words of a yes-or-no field (a field whose value is not listed here is not shown)."""

ACTORS = frozenset({"being", "model", "pc", "attacker"})
"""Fields naming who acts: said first."""

HIDDEN = frozenset({"cost"})
"""Fields the button does not name: the amount is chosen beside it."""

BookWord = Callable[[str, Any, str], str | None]
"""A game's words for a field's value (``key``, ``value``, ``lang``): ``None`` for a value its catalogs
do not name."""


def _none(_key: str, _value: Any, _lang: str) -> str | None:
    return None


def field_words(key: str, value: Any, lang: str, book: BookWord = _none) -> str:
    """How a field is said on a button: its value, in the game's ``book`` words where it has some."""
    if isinstance(value, bool):
        word = FLAGS.get((key, value))
        return translate("web", word, lang) if word else ""
    if isinstance(value, dict):  # a command's part (one side of an opposed test): its fields
        inner = [field_words(k, v, lang, book) for k, v in value.items() if k not in HIDDEN]
        return " ".join(part for part in inner if part)
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    found = book(key, value, lang)
    if found is not None:
        return found
    if key in FIELD_WORDS:
        return Message("web", FIELD_WORDS[key], {"value": value}).render(lang)
    return str(value)


def label(kind: str, fields: Any, lang: str, words: Mapping[str, str], book: BookWord = _none) -> str:
    """The button's words for a legal entry: the command (in its game's ``words``), then what it is
    given (in its game's ``book`` words)."""
    word = translate("web", words[kind], lang) if kind in words else kind
    if not isinstance(fields, dict):
        return word
    first = sorted(fields, key=lambda key: key not in ACTORS)  # who acts, then what with
    shown = [field_words(key, fields[key], lang, book) for key in first if key not in HIDDEN]
    shown = [part for part in shown if part]
    return f"{word} — {', '.join(shown)}" if shown else word
