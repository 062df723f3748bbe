"""What each viewer may see of a session: per-kind projections of states, events and commands.

The one door out: everything the server sends a viewer who is not the GM about a session (its
state, its log's commands and events, the legal-action query, the live feed, the pages, a command's
answer) goes through these functions. The GM sees everything. Other viewers see what the kind's
projection leaves (an Energy NPC's hidden Vigueur, a hidden NPC); a kind without a projection shows
its whole state, as a table where every sheet lies open, and its commands to the players (an
observer sees the events only). Projections are registered by the system's server glue with
:func:`register`; no rule is decided here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any


@dataclass(frozen=True)
class Viewer:
    """Who looks: a member's id and role, and the actors (combatants, characters) they control."""

    member_id: str
    role: str
    actors: frozenset[str]

    @property
    def is_gm(self) -> bool:
        return self.role == "gm"


StateProjection = Callable[[Any, Viewer, Mapping[str, Any]], Any]
CommandProjection = Callable[[Any, Viewer, Mapping[str, Any]], Any]
"""A command's wire form as the viewer may see it, or :data:`HIDE` (not shown at all)."""
Secrets = Callable[[Viewer, Mapping[str, Any]], frozenset[str]]
"""The words a viewer may not meet (a hidden NPC's id and name): an entry of the legal-action
query, or a refusal, that names one is not theirs to see."""
EngineProjection = Callable[[Any, Viewer, Mapping[str, Any]], Any]
"""The engine's own state as the viewer may see it (what a page names things from)."""
Reader = Callable[[Any, Any, Viewer, Mapping[str, Any]], Any]
"""Reads a viewer's command (its wire form) against the session as they may know it."""
EventProjection = Callable[[list[Any], Viewer, Mapping[str, Any]], list[Any]]
Context = Callable[[Any, Mapping[str, Any]], Mapping[str, Any]]
"""What a kind's projections need to know of the session now (its engine ``Session`` and the
options so far), merged into the options they receive."""

HIDDEN = "hidden_actors"
"""The key of the options a projection receives that lists the table's hidden characters' names
(case folded)."""

HIDE = None
"""What a command projection gives for a command the viewer does not see at all."""

_STATES: dict[str, StateProjection] = {}
_EVENTS: dict[str, EventProjection] = {}
_CONTEXTS: dict[str, Context] = {}
_COMMANDS: dict[str, CommandProjection] = {}
_SECRETS: dict[str, Secrets] = {}
_ENGINES: dict[str, EngineProjection] = {}
_READERS: dict[str, Reader] = {}


def register(
    kind: str,
    state: StateProjection | None = None,
    events: EventProjection | None = None,
    context: Context | None = None,
    commands: CommandProjection | None = None,
    secrets: Secrets | None = None,
    engine: EngineProjection | None = None,
    reader: Reader | None = None,
) -> None:
    """Declare how a kind of session hides things from players (table options are passed in)."""
    tables: list[tuple[Any, dict[str, Any]]] = [
        (state, _STATES),
        (events, _EVENTS),
        (context, _CONTEXTS),
        (commands, _COMMANDS),
        (secrets, _SECRETS),
        (engine, _ENGINES),
        (reader, _READERS),
    ]
    for found, table in tables:
        if found is not None:
            table[kind] = found


def needs_session(kind: str) -> bool:
    """Whether the projections of ``kind`` read the session itself (see :func:`view_options`)."""
    return kind in _CONTEXTS


def view_options(
    kind: str, table_options: Mapping[str, Any], hidden: Iterable[str], session: Any = None
) -> dict[str, Any]:
    """The options a kind's projections receive: the table's, the hidden characters' names under
    :data:`HIDDEN`, and what the kind's context reads of ``session`` (when given)."""
    found = {**table_options, HIDDEN: sorted({name.casefold() for name in hidden})}
    context = _CONTEXTS.get(kind)
    if context is not None and session is not None:
        found.update(context(session, found))
    return found


def project_state(kind: str, state: Any, viewer: Viewer, options: Mapping[str, Any]) -> Any:
    """The state ``viewer`` may see."""
    projection = _STATES.get(kind)
    if viewer.is_gm or projection is None:
        return state
    return projection(state, viewer, options)


def project_events(kind: str, events: list[Any], viewer: Viewer, options: Mapping[str, Any]) -> list[Any]:
    """The events ``viewer`` may see, in their wire form."""
    projection = _EVENTS.get(kind)
    if viewer.is_gm or projection is None:
        return events
    return projection(events, viewer, options)


def project_command(kind: str, command: Any, viewer: Viewer, options: Mapping[str, Any]) -> Any:
    """The command (its wire form) as ``viewer`` may see it; ``None`` when they may not see it (an
    observer sees no command of a kind without a command projection)."""
    if viewer.is_gm:
        return command
    projection = _COMMANDS.get(kind)
    if projection is None:
        return command if viewer.role == "player" else HIDE
    return projection(command, viewer, options)


def secrets(kind: str, viewer: Viewer, options: Mapping[str, Any]) -> frozenset[str]:
    """The words ``viewer`` may not meet in what the server sends them (none for the GM)."""
    projection = _SECRETS.get(kind)
    if viewer.is_gm or projection is None:
        return frozenset()
    return projection(viewer, options)


def mentions(value: Any, words: frozenset[str]) -> bool:
    """Whether ``value`` (JSON-like data, or a sentence) names one of ``words`` (case folded): as a
    whole string, or as a word of a sentence."""
    if not words:
        return False
    if isinstance(value, str):
        folded = value.casefold()
        return folded in words or any(_word(word).search(folded) for word in words)
    if isinstance(value, Mapping):
        return any(mentions(key, words) or mentions(item, words) for key, item in value.items())
    if isinstance(value, list | tuple | set | frozenset):
        return any(mentions(item, words) for item in value)
    return False


@lru_cache(maxsize=1024)
def _word(word: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w){re.escape(word)}(?!\w)")


def project_engine(kind: str, state: Any, viewer: Viewer, options: Mapping[str, Any]) -> Any:
    """The engine's state as ``viewer`` may see it (the pages name things from it)."""
    projection = _ENGINES.get(kind)
    if viewer.is_gm or projection is None:
        return state
    return projection(state, viewer, options)


def read_command(kind: str, session: Any, wire: Any, viewer: Viewer, options: Mapping[str, Any]) -> Any:
    """``wire`` read as a typed command of ``session`` the way ``viewer`` may name things (what is
    hidden from them is not there); the GM's, and a kind without a reader, as the engine reads it.

    Raises:
        BadInputError: the command is malformed or names nothing this viewer may know of.
    """
    reader = _READERS.get(kind)
    if reader is not None and not viewer.is_gm:
        return reader(session, wire, viewer, options)
    own = session.system.read_command
    return own(session.state, wire) if own is not None else session.system.codec.command_from_json(wire)
