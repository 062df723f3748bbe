"""What a page reads of a form's text fields, with the page's words for a bad value."""

from __future__ import annotations

from meneur.errors import BadInputError
from meneur.i18n import N_, Message


def whole(text: str) -> int:
    """The whole number ``text`` holds.

    Raises:
        BadInputError: it holds none (naming the value).
    """
    try:
        return int(text.strip())
    except ValueError:
        raise BadInputError(Message("web", N_("“{value}” is not a whole number."), {"value": text})) from None


def dice(text: str) -> list[int]:
    """The dice a form's field lists (separated by spaces or commas; empty: none).

    Raises:
        BadInputError: one of them is not a whole number.
    """
    return [whole(part) for part in text.replace(",", " ").split()]
