"""What each viewer may see of a session: the per-kind projections of states, events and commands.

The one door out: everything the server sends a viewer who is not the GM about a session (its
state, its log's commands and events, the legal-action query, the live feed, the pages, a command's
answer) goes through these functions. The GM sees everything. Other viewers see what the kind's
projection leaves (:class:`meneur.engine.projection.Projection`, named by the kind in its game's
plugin and found through the registry); a kind without one shows its whole state, as a table where
every sheet lies open, and its commands to the players (an observer sees the events only). No rule
is decided here, and no game is named.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any, cast

from meneur.engine.plugin import load
from meneur.engine.projection import HIDDEN, HIDE, Projection, Viewer, mentions
from meneur.engine.registry import kind_of
from meneur.engine.session import rewind_of
from meneur.errors import MeneurError
from meneur.i18n import Message

__all__ = [
    "HIDDEN",
    "HIDE",
    "Viewer",
    "mentions",
    "needs_session",
    "project_command",
    "project_engine",
    "project_events",
    "project_state",
    "projection_of",
    "read_command",
    "secrets",
    "setup_problem",
    "view_options",
]

_NONE = Projection()


@lru_cache(maxsize=64)
def _loaded(path: str) -> Projection:
    return cast(Projection, load(path))


def projection_of(kind: str) -> Projection:
    """The projection of ``kind`` its game's plugin names (one that hides nothing when it names
    none, or no game lists the kind)."""
    found = kind_of(kind)
    if found is None or found[1].projection is None:
        return _NONE
    return _loaded(found[1].projection)


def needs_session(kind: str) -> bool:
    """Whether the projections of ``kind`` read the session itself (see :func:`view_options`)."""
    return projection_of(kind).context is not None


def view_options(
    kind: str, table_options: Mapping[str, Any], hidden: Iterable[str], session: Any = None
) -> dict[str, Any]:
    """The options a kind's projections receive: the table's, the hidden characters' names under
    :data:`HIDDEN`, and what the kind's context reads of ``session`` (when given)."""
    found = {**table_options, HIDDEN: sorted({name.casefold() for name in hidden})}
    context = projection_of(kind).context
    if context is not None and session is not None:
        found.update(context(session, found))
    return found


def project_state(kind: str, state: Any, viewer: Viewer, options: Mapping[str, Any]) -> Any:
    """The state ``viewer`` may see."""
    projection = projection_of(kind).state
    if viewer.is_gm or projection is None:
        return state
    return projection(state, viewer, options)


def project_events(kind: str, events: list[Any], viewer: Viewer, options: Mapping[str, Any]) -> list[Any]:
    """The events ``viewer`` may see, in their wire form."""
    projection = projection_of(kind).events
    if viewer.is_gm or projection is None:
        return events
    return projection(events, viewer, options)


def project_command(kind: str, command: Any, viewer: Viewer, options: Mapping[str, Any]) -> Any:
    """The command (its wire form) as ``viewer`` may see it; ``None`` when they may not see it (an
    observer sees no command of a kind without a command projection)."""
    if viewer.is_gm or _is_rewind(command):  # the kernel's rewind names an entry's number only
        return command
    projection = projection_of(kind).commands
    if projection is None:
        return command if viewer.role == "player" else HIDE
    return projection(command, viewer, options)


def _is_rewind(command: Any) -> bool:
    try:
        return rewind_of(command) is not None
    except MeneurError:
        return False


def secrets(kind: str, viewer: Viewer, options: Mapping[str, Any]) -> frozenset[str]:
    """The words ``viewer`` may not meet in what the server sends them (none for the GM)."""
    projection = projection_of(kind).secrets
    if viewer.is_gm or projection is None:
        return frozenset()
    return projection(viewer, options)


def project_engine(kind: str, state: Any, viewer: Viewer, options: Mapping[str, Any]) -> Any:
    """The engine's state as ``viewer`` may see it (the pages name things from it)."""
    projection = projection_of(kind).engine
    if viewer.is_gm or projection is None:
        return state
    return projection(state, viewer, options)


def read_command(kind: str, session: Any, wire: Any, viewer: Viewer, options: Mapping[str, Any]) -> Any:
    """``wire`` read as a typed command of ``session`` the way ``viewer`` may name things (what is
    hidden from them is not there); the GM's, and a kind without a reader, as the engine reads it.

    Raises:
        BadInputError: the command is malformed or names nothing this viewer may know of.
    """
    reader = projection_of(kind).reader
    if reader is not None and not viewer.is_gm:
        return reader(session, wire, viewer, options)
    own = session.system.read_command
    return own(session.state, wire) if own is not None else session.system.codec.command_from_json(wire)


def setup_problem(kind: str, setup: Any) -> Message | None:
    """Why ``setup`` may not start a session of ``kind`` at a table (the kind's setup check), or
    ``None`` when it may."""
    check = projection_of(kind).setup
    return None if check is None else check(setup)
