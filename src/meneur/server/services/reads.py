"""A session as stored at one head, read once for every viewer of the change that brought it there.

A change of a session (a command, an undo, a redo, a rewind) is shown to every screen of its table:
the tapping member's answer and each view the live sockets show (the GM's, each player's, the
observers'). What they all need of the session is the same: its state, its log with the times of
its commands, the legal-action query, the table's options and hidden characters. A
:class:`SessionRead` holds it, read once, and each viewer's projection is made from it (by
:func:`meneur.server.services.sessions.session_view`), once per viewer and language.

A read is kept by :class:`meneur.server.games.Games` with its :class:`Head` (the session's version,
the live command at that version, its controllers, the table's options and hidden characters), all
read again by every viewer in one statement and one more: a read whose head is not the stored one
is never used (another process's command, an undo, a new option), whatever told this process or
not. Its parts are immutable, or copied for each viewer (:meth:`SessionRead.state_json`,
:meth:`SessionRead.log_json`): a page builder that changes what it received changes no other
viewer's. A read keeps the session's read before it (that one only): a viewer's log lines of the
entries both hold (the same entries of the session in memory) are taken from their view of it.
"""

from __future__ import annotations

import copy
import json
import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from sqlalchemy.orm import Session as Db

from meneur.engine import Session
from meneur.engine.session import Entry
from meneur.engine.system import Legal, System
from meneur.server.games import Resumed, given_at, stored_log
from meneur.server.projection import view_options

T = TypeVar("T")

VIEWS = 32
"""The projections a read keeps (viewers and languages): a table's views, with room to spare."""


class Folded(Protocol):
    """What the log's lines are told from: the rules, the state before any command and each entry
    with the state before it (an engine session, or a read of one)."""

    @property
    def system(self) -> System[Any, Any, Any]: ...

    @property
    def key(self) -> str: ...

    @property
    def start(self) -> Any: ...

    def entries(self) -> list[Entry[Any, Any, Any]]: ...


@dataclass(frozen=True)
class Copied:
    """A JSON value kept to be handed out as copies: from its text when the text reads back to the
    same value (the fast way), else copied whole (a value with tuples, or that JSON cannot hold)."""

    value: Any
    text: str | None

    @classmethod
    def of(cls, value: Any) -> Copied:
        try:
            text = json.dumps(value, ensure_ascii=False)
        except (TypeError, ValueError):
            return cls(copy.deepcopy(value), None)
        return cls(value, text) if json.loads(text) == value else cls(copy.deepcopy(value), None)

    def copy(self) -> Any:
        return json.loads(self.text) if self.text is not None else copy.deepcopy(self.value)


@dataclass(frozen=True)
class Head:
    """What tells one stored moment of a session from another: a read is the session's when its
    head is the stored one."""

    version: int
    command: int
    """The live command at ``version`` (its row's id, 0 at version 0): see
    :func:`meneur.server.games.live_command`."""
    controllers: str
    options: str
    """The session's controllers and the table's options, as canonical JSON."""
    hidden: tuple[str, ...]
    """The table's hidden characters' names, sorted."""

    @classmethod
    def of(
        cls,
        version: int,
        command: int,
        controllers: dict[str, str],
        options: dict[str, Any],
        hidden: list[str],
    ) -> Head:
        def text(value: Any) -> str:
            return json.dumps(value, sort_keys=True, ensure_ascii=False)

        return cls(version, command, text(controllers), text(options), tuple(sorted(hidden)))


@dataclass(eq=False)
class SessionRead:
    """The session as stored at :attr:`head`, for every viewer (see the module)."""

    head: Head
    version: int
    """The session's version as read (its head's, unless a newer command was read past it)."""
    session_id: str
    table_id: str
    kind: str
    controllers: dict[str, str]
    table_options: dict[str, Any]
    """The table's options as the GM's projections receive them."""
    player_options: dict[str, Any]
    """The options the projections receive for a viewer who is not the GM (the hidden characters,
    what the kind's context reads of the session)."""
    rules: System[Any, Any, Any]
    first: Any
    """The state before any command (the start, or a snapshot's for a session restored from one)."""
    state: Any
    """The engine's state now (immutable)."""
    log_entries: list[Entry[Any, Any, Any]]
    """The engine's log as the session in memory holds it (after its snapshot, if it has one)."""
    log_wire: Copied
    """The whole log in its wire form (``[{"command", "events"}, ...]``)."""
    state_wire: Copied
    """The state's JSON (the system's ``state_json``)."""
    times: dict[int, float | None]
    """When each live command was given, by version."""
    legal: list[Legal[Any]]
    """The legal-action query with the refused entries, for every actor."""
    earlier: SessionRead | None = None
    """The session's read before this one (only its views are asked, and it holds no earlier one)."""
    _views: dict[Hashable, Any] = field(default_factory=dict)
    _guard: threading.Lock = field(default_factory=threading.Lock)

    @property
    def system(self) -> System[Any, Any, Any]:
        return self.rules

    @property
    def key(self) -> str:
        return self.rules.key

    @property
    def start(self) -> Any:
        return self.first

    def entries(self) -> list[Entry[Any, Any, Any]]:
        return list(self.log_entries)

    def state_json(self) -> Any:
        """The state's JSON, a copy of one's own."""
        return self.state_wire.copy()

    def log_json(self) -> list[dict[str, Any]]:
        """The whole log's wire form, a copy of one's own."""
        found: list[dict[str, Any]] = self.log_wire.copy()
        return found

    def options_for(self, is_gm: bool) -> dict[str, Any]:
        """The options a viewer's projections receive (a copy)."""
        return dict(self.table_options if is_gm else self.player_options)

    def same_entries(self) -> int:
        """How many first entries of the log this read and :attr:`earlier` share (the same entries
        of the session in memory, each with its state before it); 0 unless both hold the whole log."""
        earlier = self.earlier
        if earlier is None or earlier.first is not self.first or earlier.kind != self.kind:
            return 0
        if len(self.log_entries) != self.version or len(earlier.log_entries) != earlier.version:
            return 0  # restored from a snapshot: the older entries are not in memory
        count = 0
        for mine, theirs in zip(self.log_entries, earlier.log_entries, strict=False):
            if mine is not theirs:
                break
            count += 1
        return count

    def earlier_view(self, key: Hashable) -> Any | None:
        """The view :attr:`earlier` made for ``key`` (the same viewer and language), if any."""
        earlier = self.earlier
        if earlier is None:
            return None
        with earlier._guard:
            return earlier._views.get(key)

    def view(self, key: Hashable, make: Callable[[], T]) -> T:
        """A viewer's projection of this read, made once (``key``: the viewer and the language;
        never the same for two viewers: the projection is theirs alone)."""
        with self._guard:
            if key in self._views:
                found: T = self._views[key]
                return found
        made = make()
        with self._guard:
            self._views.setdefault(key, made)
            while len(self._views) > VIEWS:
                del self._views[next(iter(self._views))]
        return made


def read_session(
    db: Db,
    session: Session[Any, Any, Any],
    head: Head,
    session_id: str,
    table_id: str,
    controllers: dict[str, str],
    table_options: dict[str, Any],
    earlier: SessionRead | None = None,
) -> SessionRead:
    """Read the session in memory at ``head`` and the rest of what its viewers need (call with its
    lock held: the session in memory changes under it); ``earlier``, the session's read before,
    lends its views' log lines to the entries they share."""
    if earlier is not None:
        earlier.earlier = None  # one read back at most: a session's reads are no chain kept alive
    rules = session.system
    if isinstance(session, Resumed):  # restored from a snapshot: the older commands are stored
        log = [{"command": c, "events": e} for c, e in stored_log(db, session_id)]
    else:
        log = session.log_json()
    return SessionRead(
        head=head,
        version=session.version,
        session_id=session_id,
        table_id=table_id,
        kind=session.key,
        controllers=dict(controllers),
        table_options=dict(table_options),
        player_options=view_options(session.key, table_options, head.hidden, session),
        rules=rules,
        first=session.start,
        state=session.state,
        log_entries=session.entries(),
        log_wire=Copied.of(log),
        state_wire=Copied.of(rules.state_json(session.state)),
        times=given_at(db, session_id),
        legal=session.legal(include_refused=True),
        earlier=earlier,
    )
