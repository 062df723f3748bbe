"""What the shared session page (:mod:`meneur.web.games`) asks of a game: its actors, the rows of its
cards, the words of its buttons, the odds of a command before rolling and a setup to start from.

Each game's view package builds one :class:`GameParts` and its plugin's view adapter is
``GamePages(parts)`` (:class:`meneur.web.games.GamePages`); the shared page finds a session's parts
by its kind through the registry (:func:`parts_of`), never by the game's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from meneur.server.services.sessions import LogOut
    from meneur.web.game_odds import Odds

Rows = list[dict[str, Any]]
"""One card per actor: the fields its game's row template shows (``name`` at least)."""

Facts = list[tuple[str, str | list[str]]]
"""What the page says of the session beside the cards (a heading and its text or lines)."""


@runtime_checkable
class GameParts(Protocol):
    """The game-specific parts of a session page, each computed by the game's own rules."""

    @property
    def example(self) -> dict[str, Any]:
        """A setup to start from in the new-session form (the GM edits it)."""
        ...

    @property
    def rolling(self) -> frozenset[str]:
        """Commands that roll dice though the page shows no odds for them (the dice field is offered)."""
        ...

    @property
    def words(self) -> Mapping[str, str]:
        """The buttons' words for the engine's command names (``web`` message ids: a label, not a
        rule)."""
        ...

    def actors(self, state: Any) -> list[str]:
        """The actors a player may take in a session in ``state``."""
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
