"""Words typed by users, read the same way everywhere.

A game master types the book's French words (« très difficile », « mort-vivant », « Aisé ») or the
glossary's keys (``tres_difficile``, ``undead``, ``well_off``); :func:`fold` reduces both to one form so
that any system can compare them: lower case, no accents, and ``_`` for spaces, dashes and apostrophes.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from enum import Enum
from functools import lru_cache
from typing import TypeVar

from meneur.errors import BadInputError
from meneur.i18n import N_, Message


@lru_cache(maxsize=8192)
def fold(text: str) -> str:
    """``text`` reduced for comparison: « Avatar d’Archange » and ``avatar_d_archange`` fold alike
    (remembered: the same names are compared at every command)."""
    decomposed = unicodedata.normalize("NFKD", text.strip().casefold().replace("\u2019", "'"))
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return "_".join(plain.replace("-", " ").replace("'", " ").replace("_", " ").split())


def match(typed: str, known: Iterable[str]) -> str | None:
    """The name of ``known`` that ``typed`` names, without regard to case, accents or spacing.

    ``ioana`` names « Ioana », ``lumiere`` names « LUMIÈRE ». A name written exactly as known wins;
    otherwise the one known name that folds alike. ``None`` when no name, or more than one, does.
    """
    names = list(known)
    if typed in names:
        return typed
    wanted = fold(typed)
    alike = [name for name in names if fold(name) == wanted]
    return alike[0] if len(alike) == 1 else None


def listing(names: Iterable[str]) -> str | Message:
    """Names for an error message: ``A, B, C``, or « aucun » when there are none."""
    shown = ", ".join(names)
    return shown or Message("core", N_("none"))


def find(typed: str, known: Iterable[str], what: Message) -> str:
    """The known name ``typed`` names (see :func:`match`).

    Args:
        typed: the name as the user typed it.
        known: the names that exist.
        what: what a name names, for the error (« personnage », « être »...).

    Raises:
        BadInputError: no known name, or several, fold like ``typed``; the known names are listed.
    """
    names = list(known)
    found = match(typed, names)
    if found is None:
        raise BadInputError(
            Message(
                "core",
                N_("Unknown {what} '{name}'; known: {known}."),
                {"what": what, "name": typed.strip(), "known": listing(names)},
            )
        )
    return found


def items(values: Iterable[str] | str | None) -> list[str]:
    """The values of an option that takes several: repeated, separated by commas, or both.

    ``["a,b", "c"]`` and ``"a, b, c"`` both give ``["a", "b", "c"]``; blanks are dropped.
    """
    if values is None:
        return []
    given = [values] if isinstance(values, str) else list(values)
    return [part.strip() for value in given for part in value.split(",") if part.strip()]


E = TypeVar("E", bound=Enum)


def member(enum: type[E], value: object, aliases: Mapping[str, str] | None = None) -> E | None:
    """The member of ``enum`` that ``value`` names: its key or one of ``aliases`` (folded word ->
    key), without regard to case, accents or spacing; ``None`` when it names none.

    An enum's ``_missing_`` calls it, so files, wire commands and options read the book's French
    words and the English keys alike, whatever the interface language.
    """
    if not isinstance(value, str):
        return None
    typed = fold(value)
    key = (aliases or {}).get(typed, typed)
    for candidate in enum:
        if fold(str(candidate.value)) == key:
            return candidate
    return None
