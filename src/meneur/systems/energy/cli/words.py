"""The words a game master types for a key: "véhicules", "Aisé", "blessé", "exutoire", "+".

Reading words is input parsing, not a rule: each function returns the key the core expects or
raises :class:`~meneur.errors.BadInputError` listing what is expected (key and book's word). The
tables are built on first use, so the command tree loads none of the campaign modules.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, NoReturn, TypeVar

from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.i18n.words import fold

DOMAIN = "energy_campaign"
K = TypeVar("K", bound=StrEnum)


def choice(value: str, allowed: list[str], what: str, names: Mapping[str, Message] | None = None) -> str:
    """The key ``value`` stands for: the key itself or, when ``names`` are given, the book's word.

    Raises:
        BadInputError: for anything else, naming what was expected (key and book's word).
    """
    key = fold(value)
    if key in allowed:
        return key
    for option, name in (names or {}).items():
        if key in (fold(name.render("fr")), fold(name.render("en"))):
            return option
    listed = ", ".join(
        f"{a} ({names[a].render()})" if names and a in names and names[a].render() != a else a
        for a in allowed
    )
    raise BadInputError(
        Message(
            DOMAIN,
            N_("Unknown {what} {value!r}: expected one of {allowed}."),
            {"what": Message(DOMAIN, what), "value": value, "allowed": listed},
        )
    )


def enum_word(
    kind: type[K],
    value: str,
    what: str,
    names: Mapping[K, str] | None = None,
    domain: str = DOMAIN,
    keys: tuple[K, ...] | None = None,
) -> K:
    """A member of ``kind`` from its key or its book's word (``names``: member -> msgid; an enum
    whose ``_missing_`` reads more of the book's words, through :func:`meneur.i18n.words.member`, is
    asked first)."""
    members = keys or tuple(kind)
    try:
        found = kind(value)
    except ValueError:
        found = None
    if found in members:
        return found
    words = {m.value: Message(domain, names[m]) for m in members if names and m in names}
    return kind(choice(value, [m.value for m in members], what, words))


def book_word(key: str, lang: str) -> str | None:
    """The book's word for a glossary key in ``lang`` (``adversaires`` for ``foes``, ``Adulte`` for
    ``adult``), from the translations of the fight's and the characters' words; None when it has none."""
    from meneur.i18n import translate
    from meneur.systems.energy import names
    from meneur.systems.energy.combat import words

    if key in words.WORDS:
        return translate(words.DOMAIN, words.WORDS[key], lang)
    tables: tuple[Mapping[Any, str], ...] = (
        names.MATURITY_NAMES,
        names.LIVING_STANDARD_NAMES,
        names.APTITUDE_NAMES,
        names.STATE_NAMES,
    )
    for table in tables:
        for member, msgid in table.items():
            if member.value == key:
                return translate(names.DOMAIN, msgid, lang)
    return None


_DIRECTION_WORDS = {"up": Message(DOMAIN, N_("up (+1)")), "down": Message(DOMAIN, N_("down (-1)"))}
_DIRECTION_ALIASES = {"+": "up", "-": "down", "+1": "up", "-1": "down", "hausse": "up", "baisse": "down"}


def step(direction: str) -> int:
    """+1 or -1: ``up``/``down``, "monter"/"baisser", "hausse"/"baisse" or ``+``/``-``."""
    direction = _DIRECTION_ALIASES.get(direction.strip(), _DIRECTION_ALIASES.get(fold(direction), direction))
    return 1 if choice(direction, ["up", "down"], N_("direction"), _DIRECTION_WORDS) == "up" else -1


def mixed(flags: list[str], why: str) -> NoReturn:
    """Refuse options that cannot go together (they would silently be ignored)."""
    raise BadInputError(
        Message(
            DOMAIN,
            N_("Options {flags} cannot be used here: {why}."),
            {"flags": ", ".join(flags), "why": Message(DOMAIN, why)},
        )
    )
