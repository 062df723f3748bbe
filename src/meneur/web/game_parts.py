"""What the shared session page (:mod:`meneur.web.games`) asks of a game: its actors, the rows of its
cards, the words of its buttons, the odds of a command before rolling and what may be chosen beside
its button.

Each game's view package builds one :class:`GameParts` (most on :class:`Parts`, which gives the
common answers) and its plugin's view adapter is ``GamePages(parts)``
(:class:`meneur.web.games.GamePages`); the shared page finds a session's parts by its kind through
the registry (:func:`parts_of`), never by the game's name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from meneur.errors import MeneurError
from meneur.i18n import N_, translate
from meneur.web.game_odds import Odds
from meneur.web.game_words import label

if TYPE_CHECKING:
    from meneur.server.services.sessions import LogOut

Rows = list[dict[str, Any]]
"""One card per actor: the fields its game's row template shows (``name`` at least)."""

Facts = list[tuple[str, str | list[str]]]
"""What the page says of the session beside the cards (a heading and its text or lines)."""


@runtime_checkable
class GameParts(Protocol):
    """The game-specific parts of a session page, each computed by the game's own rules."""

    @property
    def rolling(self) -> frozenset[str]:
        """Commands that roll dice though the page shows no odds for them (the dice field is offered)."""
        ...

    def label(self, kind: str, fields: Any, lang: str) -> str:
        """The words of the button of a legal entry (its command's name ``kind`` and its fields)."""
        ...

    def actors(self, state: Any) -> list[str]:
        """The actors a player may take in a session in ``state``."""
        ...

    def is_rare(self, kind: str, fields: Any) -> bool:
        """Whether a legal entry is seldom used (the page folds it away with the others of its
        actor, under one summary), by its command's name ``kind`` and its fields."""
        ...

    def rows(self, state: Any, log: LogOut, lang: str) -> tuple[Rows, Facts]:
        """Who is at the table, with the numbers the engine keeps for each, and the session's facts."""
        ...

    def extra(self, lang: str) -> dict[str, Any]:
        """What the game's templates show beside the cards (its tables), by name."""
        ...

    def odds(self, state: Any, command: Any, lang: str) -> Odds:
        """The odds of ``command`` now (empty for a command that rolls nothing).

        Raises:
            MeneurError: what the engine would say of the command.
        """
        ...

    def choose(self, wire: Any, data: Any) -> Any:
        """The legal entry's command ``wire`` with what was chosen beside its button (``data``: the
        form's or the query's fields, several values a name); the engine judges it.

        Raises:
            ValueError: a number chosen that is not a whole one.
        """
        ...

    def not_whole(self, wire: Any, lang: str) -> str:
        """What to say when a number chosen beside ``wire``'s button is not a whole one."""
        ...

    def settle(self, state: Any, data: Any, found: Odds, again: Callable[[], Odds]) -> Odds:
        """What the button shows once ``data`` is chosen: ``found``, the odds with the choices (its
        ``error``: the engine's word on them); ``again()`` gives the entry's own odds, to show
        beside that word with the choices still as made."""
        ...

    setup_template: str | None
    """The game's new-session form (a template included in the shared one, given ``form``: the values
    sent back, and ``characters``: the table's characters), or ``None``: the setup is typed as YAML."""

    def setup_of(self, form: Mapping[str, str], lang: str) -> Any:
        """The session's setup read from the fields of :attr:`setup_template` (raises
        :class:`~meneur.errors.BadInputError` saying which field is wrong and how to fix it)."""
        ...


class Parts:
    """The common answers of a game's parts (a game overrides what its page adds): its buttons'
    ``words`` by command name, no choice beside a button but the amount, no table beside the cards."""

    rolling: frozenset[str] = frozenset()
    setup_template: str | None = None
    words: Mapping[str, str] = {}
    """The buttons' words for the engine's command names (``web`` message ids: a label, not a rule)."""

    def label(self, kind: str, fields: Any, lang: str) -> str:
        """The command in the game's :attr:`words`, then what it is given."""
        return label(kind, fields, lang, self.words)

    def extra(self, lang: str) -> dict[str, Any]:
        """Nothing beside the cards."""
        return {}

    def is_rare(self, kind: str, fields: Any) -> bool:
        """No entry is folded away."""
        return False

    def choose(self, wire: Any, data: Any) -> Any:
        """The command as the button holds it."""
        return wire

    def not_whole(self, wire: Any, lang: str) -> str:
        """The amount on the stepper is not a whole number."""
        return translate("web", N_("Give a whole number of columns."), lang)

    def settle(self, state: Any, data: Any, found: Odds, again: Callable[[], Odds]) -> Odds:
        """The odds found, or the entry's own beside the engine's word on the choices."""
        if found.error is None:
            return found
        return replace(again(), error=found.error)

    def setup_of(self, form: Mapping[str, str], lang: str) -> Any:
        """No form of its own: the setup is the YAML typed (:attr:`setup_template` is ``None``)."""
        return None


@runtime_checkable
class HasParts(Protocol):
    """A view adapter built on the shared session page: it gives each of its kinds' parts."""

    def parts_for(self, kind: str) -> GameParts:
        """The parts of a session of ``kind``."""
        ...


def parts_of(kind: str) -> GameParts:
    """The parts of a session of ``kind``, from its game's view adapter.

    Raises:
        LookupError: no game shows sessions of ``kind`` on the shared session page.
    """
    from meneur.web.adapter import view_of_kind

    adapter = view_of_kind(kind)
    if not isinstance(adapter, HasParts):
        raise LookupError(kind)
    return adapter.parts_for(kind)


def odds(kind: str, state: Any, command: Any, lang: str, strict: bool = False) -> Odds:
    """The odds of ``command`` in a session of ``kind`` now (empty for a command that rolls nothing).

    Raises:
        MeneurError: with ``strict``, what the engine would say of the command (a row or a shift
            the being's sheet refuses); otherwise the odds are empty and the engine says it when
            the command is given.
    """
    try:
        return parts_of(kind).odds(state, command, lang)
    except MeneurError:
        if strict:
            raise
        return Odds()
