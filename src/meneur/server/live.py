"""The live feed over WebSocket: ``{"seq", "kind", ...}`` messages a viewer may see, in order.

A client connects with its token (``?token=``, or the browser's cookies: see
:mod:`meneur.server.accounts`) and the last ``seq`` it saw (``?after=``): the stored changes after
it are sent first, then each new one as it is written. Writers wake the waiting connections of
their table through the :class:`Hub` (in one process) and PostgreSQL ``NOTIFY`` (across
processes); a woken connection reads the changes from the database, so nothing is lost and
nothing is sent twice. A member removed by the GM is disconnected at once (close code 4401).

A quiet connection costs nothing: every edit that changes what a member may see or how their
projection reads (a member removed, a session created or handed over, a character hidden, the
table's options) is a change of the feed, which the connection reacts to (:class:`_Watcher`), so no
connection reads its member or its table again on a clock. The one safety net, against a
notification lost between processes, is the hub's: every :data:`SWEEP` seconds one statement reads
the head ``seq`` of every table watched in this process, and wakes the connections of a table whose
head is beyond what this process knows (:meth:`Hub.sweep`).

A change's message is projected and written once per view of it (:meth:`Hub.text`): the GM's, each
distinct player's projection (the actors they control), the observers'; the table's connections
that share a view send the same text. What decides whether a connection gets a change at all (its
audience: a whisper, a roll for oneself) is still asked of each connection's own member.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import threading
from collections.abc import Callable, Hashable, Mapping
from functools import partial
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from sqlalchemy import select
from sqlalchemy.exc import OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.concurrency import run_in_threadpool

from meneur.server import feed, jsontext, resume
from meneur.server.accounts import member_for, seated
from meneur.server.models import TABLES, GameSession, GameTable, Member
from meneur.server.origin import refused_handshake
from meneur.server.projection import Viewer, needs_session, project_command, project_events
from meneur.server.viewing import options_for, viewer_of

log = logging.getLogger("meneur.server.live")
router = APIRouter()

CLOSE_UNAUTHORIZED = 4401
CLOSE_TRY_AGAIN = 1013
"""The server is overloaded (no database connection in time): reconnect later with ``after``."""
OVERLOAD = (OperationalError, PoolTimeout)


KEEP = 256
"""The most recent changes a table's connections are served from memory."""
SWEEP = 5.0
"""Seconds (give or take a fifth, drawn each time) between two reads of the heads of the tables
watched in this process (:meth:`Hub.sweep`): how long a change whose notification was lost takes
at most to reach its connections. One statement for all the tables, whatever their number."""
_JITTER = random.Random()
"""The sweep's own draws (the module's global generator belongs to whoever seeds it)."""
HEADS_AT_ONCE = 500
"""The most tables whose heads one statement reads (SQLite bounds a statement's parameters)."""


class Hub:
    """Serves each table's connections the changes written since they last looked, and wakes them
    when there are new ones (thread-safe).

    The changes this process commits are handed to :meth:`publish` (by the store, after the commit)
    and kept in memory for the table's connections, the last :data:`KEEP` of them: a connection that
    is up to date reads nothing from the database. It reads the database (once for every connection
    of the table asking for the same changes) when memory cannot tell: when it starts or resumes
    from further back, when a change is missing (committed by another thread, not handed over yet),
    when another process wrote to the table (PostgreSQL ``NOTIFY``), and when :meth:`sweep` finds
    a table's head in the database beyond the last change this process knows of it.
    """

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self._waiters: dict[str, set[asyncio.Event]] = {}
        self._generation: dict[str, int] = {}
        self._foreign: dict[str, int] = {}
        self._recent: dict[str, dict[int, Raw]] = {}
        self._fetches: dict[tuple[str, int, int], asyncio.Future[list[Raw]]] = {}
        self._texts: dict[str, dict[int, dict[Hashable, str]]] = {}
        self._known: dict[str, int] = {}
        self._stop = threading.Event()
        self.written = 0
        """How many messages were projected and written (not how many were sent): one per change
        and view, whatever the number of connections that show it."""

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop

    def subscribe(self, table_id: str) -> asyncio.Event:
        event = asyncio.Event()
        self._waiters.setdefault(table_id, set()).add(event)
        return event

    def unsubscribe(self, table_id: str, event: asyncio.Event) -> None:
        found = self._waiters.get(table_id)
        if found is not None:
            found.discard(event)
            if not found:
                del self._waiters[table_id]
                self._recent.pop(table_id, None)
                self._texts.pop(table_id, None)
                self._known.pop(table_id, None)

    def notify(self, table_id: str) -> None:
        """Wake the table's connections (callable from any thread)."""
        self._call(self._wake, table_id)

    def publish(self, changes: list[Raw]) -> None:
        """Changes this process committed, in any order (callable from any thread)."""
        self._call(self._add, changes)

    def notify_foreign(self, table_id: str) -> None:
        """Another process wrote to the table: its connections read the database (any thread)."""
        self._call(self._foreign_wake, table_id)

    def foreign(self, table_id: str) -> int:
        """How many times another process wrote to the table (a connection compares it)."""
        return self._foreign.get(table_id, 0)

    def _call(self, callback: Any, argument: Any) -> None:
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(callback, argument)

    def _wake(self, table_id: str) -> None:
        self._generation[table_id] = self._generation.get(table_id, 0) + 1
        for event in self._waiters.get(table_id, ()):
            event.set()

    def _foreign_wake(self, table_id: str) -> None:
        self._foreign[table_id] = self.foreign(table_id) + 1
        self._wake(table_id)

    def _add(self, changes: list[Raw]) -> None:
        tables: set[str] = set()
        for change in changes:
            table_id = change["table_id"]
            if table_id not in self._waiters:  # no one here: a connection that comes reads the database
                continue
            recent = self._recent.setdefault(table_id, {})
            recent[change["seq"]] = change
            self._learn(table_id, change["seq"])
            for seq in sorted(recent)[: max(0, len(recent) - KEEP)]:
                del recent[seq]
            tables.add(table_id)
        for table_id in tables:
            self._wake(table_id)

    def text(self, table_id: str, seq: int, view: Hashable, make: Callable[[], str]) -> str:
        """The message of the table's change ``seq`` as the viewers of ``view`` see it: ``make``
        projects and writes it, once for all the table's connections with that view (in the event
        loop: no lock). The texts of the last :data:`KEEP` changes are kept while someone watches."""
        texts = self._texts.setdefault(table_id, {})
        views = texts.get(seq)
        if views is None:
            views = texts[seq] = {}
            while len(texts) > KEEP:
                del texts[next(iter(texts))]
        found = views.get(view)
        if found is None:
            found = views[view] = make()
            self.written += 1
        return found

    def remembered(self, table_id: str, after: int) -> list[Raw] | None:
        """The changes after ``after`` from memory, or ``None`` when memory cannot tell."""
        recent = self._recent.get(table_id)
        if not recent:
            return None
        newest = max(recent)
        if after >= newest:
            return []
        found: list[Raw] = []
        seq = after + 1
        while seq in recent:
            found.append(recent[seq])
            seq += 1
        return found if found and seq > newest else None

    async def changes(self, app: Any, table_id: str, after: int, fresh: bool = True) -> list[Raw]:
        """The changes after ``after``: from memory unless ``fresh`` (see the class), else read once
        for every connection of the table that asks for the same ones since the last wake-up (a read
        started before a change was notified is never shared with a connection woken by it)."""
        if not fresh:
            found_here = self.remembered(table_id, after)
            if found_here is not None:
                return found_here
        key = (table_id, after, self._generation.get(table_id, 0))
        found = self._fetches.get(key)
        if found is None:
            if not app.state.store.is_postgresql:
                # one indexed read of a local file: cheaper in the loop than a hop to a thread
                found = asyncio.get_running_loop().create_future()
                found.set_result(_fetch(app, table_id, after))
            else:
                found = asyncio.ensure_future(run_in_threadpool(_fetch, app, table_id, after))
            self._fetches[key] = found
            found.add_done_callback(lambda _: self._fetches.pop(key, None))
        read = await asyncio.shield(found)
        if read:
            self._learn(table_id, read[-1]["seq"])
        return read

    def _learn(self, table_id: str, seq: int) -> None:
        if table_id in self._waiters and seq > self._known.get(table_id, -1):
            self._known[table_id] = seq

    def behind(self, heads: Mapping[str, int]) -> list[str]:
        """Wake the connections of the tables whose head ``seq`` in the database (``heads``) is
        beyond the last change this process knows of them (a notification lost, a write of another
        process or program): they read the database. A table not known yet is woken once."""
        found = [
            table_id
            for table_id, seq in heads.items()
            if table_id in self._waiters and seq > self._known.get(table_id, -1)
        ]
        for table_id in found:
            self._known[table_id] = heads[table_id]
            self._foreign_wake(table_id)
        return found

    async def sweep(self, store: Any, every: float = SWEEP) -> None:
        """Every ``every`` seconds or so, read the heads of the tables watched here and wake those
        behind (:meth:`behind`): the safety net of every connection at once, one statement for all
        (runs until cancelled)."""
        while True:
            await asyncio.sleep(every * _JITTER.uniform(0.8, 1.2))
            await self.sweep_once(store)

    async def sweep_once(self, store: Any) -> list[str]:
        """One sweep (see :meth:`sweep`): the tables woken."""
        watched = list(self._waiters)
        if not watched:
            return []
        try:
            heads = await run_in_threadpool(_heads, store, watched)
        except OVERLOAD:
            log.warning("live feed sweep skipped: database busy or unavailable")
            return []
        return self.behind(heads)

    def listen_postgresql(self, url: str) -> None:
        """Relay PostgreSQL notifications of other processes to this process's connections."""
        thread = threading.Thread(target=self._listen, args=(url,), name="meneur-listen", daemon=True)
        thread.start()

    def _listen(self, url: str) -> None:
        import psycopg

        dsn = url.replace("postgresql+psycopg://", "postgresql://", 1)
        while not self._stop.is_set():
            try:
                # one connection listens, the other reads what it hears (a connection that waits for
                # notifications runs no query meanwhile)
                with (
                    psycopg.connect(dsn, autocommit=True) as connection,
                    psycopg.connect(dsn, autocommit=True) as reader,
                ):
                    connection.execute("LISTEN meneur_live")
                    while not self._stop.is_set():
                        for note in connection.notifies(timeout=1.0):
                            self._heard(reader, note.payload)
            except psycopg.Error:
                log.exception("lost the PostgreSQL notification channel; reconnecting")
                self._stop.wait(1.0)

    def _heard(self, connection: Any, payload: str) -> None:
        """Another process committed a change (``table process seq``): read it on the listening
        connection and hand it over like this process's own; a change that cannot be read so makes
        the table's connections read the database. This process's own were handed over already."""
        table_id, process, seq = [*payload.split(" "), "", ""][:3]
        if process == feed.PROCESS:
            return
        if table_id not in self._waiters or not seq.isdigit():  # nobody here, or an older server
            self.notify_foreign(table_id)
            return
        found = connection.execute(feed.READ_ONE, (table_id, int(seq))).fetchone()
        if found is None:
            self.notify_foreign(table_id)
            return
        keys = ("seq", "kind", "audience", "member_id", "session_id", "payload")
        self.publish([{"table_id": table_id, **dict(zip(keys, found, strict=True))}])

    def stop(self) -> None:
        self._stop.set()


def _heads(store: Any, table_ids: list[str]) -> dict[str, int]:
    """The head ``seq`` of each table of ``table_ids`` (a table gone is left out)."""
    found: dict[str, int] = {}
    with store.reader() as db:
        for start in range(0, len(table_ids), HEADS_AT_ONCE):
            chunk = table_ids[start : start + HEADS_AT_ONCE]
            query = select(TABLES.c.id, TABLES.c.seq).where(TABLES.c.id.in_(chunk))
            found.update({str(row[0]): int(row[1]) for row in db.execute(query)})
    return found


class Reading:
    """One connection's reading of its table's changes: from the hub's memory when it can, from the
    database when it starts and after another process wrote (or the hub's sweep found the table
    behind: :meth:`Hub.behind`)."""

    def __init__(self, hub: Hub, table_id: str) -> None:
        self.hub = hub
        self.table_id = table_id
        self.fresh = True
        self.seen = hub.foreign(table_id)

    async def changes(self, app: Any, after: int) -> list[Raw]:
        foreign = self.hub.foreign(self.table_id)
        found = await self.hub.changes(app, self.table_id, after, self.fresh or foreign != self.seen)
        self.fresh, self.seen = False, foreign
        return found


Raw = dict[str, Any]
"""A stored change as plain data: ``seq``, ``kind``, ``audience``, ``member_id``, ``session_id``,
``payload``."""


def _fetch(app: Any, table_id: str, after: int) -> list[Raw]:
    """The table's changes after ``after`` (one read shared by every connection of the table)."""
    with app.state.store.reader() as db:
        return feed.since(db, table_id, after)


Seen = tuple[str, Viewer, dict[str, Any], Hashable]
"""How a session looks to a member: its kind, the member as its viewer, the options its projections
get, and the key of that view (:func:`view_key`)."""
GM_VIEW = ("gm",)
EVERYONE = ("everyone",)
"""The view of a change that no projection touches: the same message for everyone who may see it."""


def view_key(kind: str, viewer: Viewer, options: dict[str, Any]) -> Hashable:
    """What makes one viewer's projection of a session's changes differ from another's: the GM sees
    everything; a player's and an observer's projection reads their role, the actors they control
    and the options it is given (the hidden characters among them), never who they are
    (:class:`meneur.engine.projection.Projection`): two viewers with the same key get the same
    text."""
    if viewer.is_gm:
        return GM_VIEW
    return (kind, viewer.role, tuple(sorted(viewer.actors)), jsontext.dumps_sorted(options))


class _Watcher:
    """One connection's member: what they may see, and how sessions look to them."""

    def __init__(self, app: Any, table_id: str, member_id: str) -> None:
        self.app = app
        self.table_id = table_id
        self.member_id = member_id
        self.role = ""
        self.options: dict[str, Any] = {}
        self.sessions: dict[str, Seen] = {}

    def load(self) -> bool:
        """Read the member and the table again; ``False`` when the member left the table."""
        with self.app.state.store.reader() as db:
            member = db.get(Member, self.member_id)
            table = db.get(GameTable, self.table_id)
            if member is None or member.removed or table is None:
                return False
            self.role = member.role
            self.options = dict(table.options)
            self.sessions.clear()
            return True

    def session(self, session_id: str) -> Seen:
        """The session's kind, this member as its viewer, the options its projections get and the
        key of that view (the GM sees every session as it is: nothing to read)."""
        if self.role == "gm":
            return "", Viewer(self.member_id, "gm", frozenset()), {}, GM_VIEW
        found = self.sessions.get(session_id)
        if found is None:
            with self.app.state.store.reader() as db:
                member = db.get(Member, self.member_id)
                row = db.get(GameSession, session_id)
                table = db.get(GameTable, self.table_id)
                assert member is not None and table is not None
                viewer = viewer_of(member, row)
                kind = row.kind if row is not None else ""
                game = None
                if row is not None and not viewer.is_gm and needs_session(kind):
                    games = self.app.state.games
                    with games.lock(session_id):
                        game = games.load(db, row)
                options = options_for(db, table, kind, viewer, game)
                found = (kind, viewer, options, view_key(kind, viewer, options))
            self.sessions[session_id] = found
        return found

    def unknown(self, changes: list[Raw]) -> set[str]:
        """The sessions whose views ``changes`` need and this connection does not hold (read
        again: who controls what, the hidden characters, an NPC who arrived may have changed)."""
        needed: set[str] = set()
        if self.role == "gm":
            return needed
        for change in changes:
            if change["kind"] in ("character", "session", "options"):
                self.sessions.clear()
            session_id = change["session_id"]
            if change["kind"] in ("command", "undo") and session_id:
                events = change["payload"].get("events", ())
                if not events or any(_arrival(event) for event in events):  # a rewind has none
                    self.sessions.pop(session_id, None)
                needed.add(session_id)
        return needed - set(self.sessions)

    def prepare(self, session_ids: set[str]) -> None:
        for session_id in session_ids:
            self.session(session_id)

    def messages(self, hub: Hub, changes: list[Raw]) -> tuple[bool, list[str]]:
        """The messages this member may see, as their text (each written once per view of it: see
        :meth:`Hub.text`), and ``False`` if one says they were removed."""
        found: list[str] = []
        for change in changes:
            if change["kind"] == "member_removed" and change["payload"]["member"]["id"] == self.member_id:
                return False, found
            if not feed.visible(change["audience"], change["member_id"], self.member_id, self.role):
                continue
            if change["kind"] in ("command", "undo") and change["session_id"]:
                seen = self.session(change["session_id"])
                found.append(
                    hub.text(self.table_id, change["seq"], seen[3], partial(_projected, change, seen))
                )
            else:
                found.append(hub.text(self.table_id, change["seq"], EVERYONE, partial(_plain, change)))
        return True, found


def _plain(change: Raw) -> str:
    return jsontext.dumps({"seq": change["seq"], "kind": change["kind"], **change["payload"]})


def _projected(change: Raw, seen: Seen) -> str:
    """A session's command or undo as the viewer of ``seen`` may see it."""
    kind, viewer, options, _ = seen
    payload = dict(change["payload"])
    payload["events"] = project_events(kind, list(payload.get("events", [])), viewer, options)
    if "command" in payload:
        payload["command"] = project_command(kind, payload["command"], viewer, options)
    return jsontext.dumps({"seq": change["seq"], "kind": change["kind"], **payload})


async def _overloaded(websocket: WebSocket, error: Exception, accepted: bool) -> None:
    """Close with 1013 (try again later) rather than fail the handshake with a 500."""
    log.warning("live feed closed: database busy or unavailable (%s)", type(error).__name__)
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        if not accepted:
            await websocket.accept()
        await websocket.close(code=CLOSE_TRY_AGAIN, reason="busy")


def _arrival(event: Any) -> bool:
    return isinstance(event, dict) and "combatant_arrived" in event


def _authenticate(app: Any, token: str | None, cookies: dict[str, str], table_id: str) -> str | None:
    with app.state.store.reader() as db:
        member = member_for(db, token) if token else seated(db, cookies, table_id)
        if member is None or member.table_id != table_id:
            return None
        return member.id


@router.websocket("/api/v1/tables/{table_id}/live")
async def live(websocket: WebSocket, table_id: str, after: int = 0, token: str | None = None) -> None:
    """Every change of the table this member may see, after ``after``, then as they happen."""
    if await refused_handshake(websocket):  # another site's page: 4403
        return
    app = websocket.app
    if not resume.is_resumable(after):
        await resume.refuse(websocket)
        return
    try:
        member_id = await run_in_threadpool(_authenticate, app, token, websocket.cookies, table_id)
    except OVERLOAD as error:
        await _overloaded(websocket, error, accepted=False)
        return
    await websocket.accept()  # before any refusal: one refused at the handshake carries no code
    if member_id is None:
        await websocket.close(code=CLOSE_UNAUTHORIZED)
        return
    hub: Hub = app.state.hub
    wake = hub.subscribe(table_id)
    closed = asyncio.Event()

    async def receive() -> None:
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
        closed.set()
        wake.set()

    reader = asyncio.create_task(receive())
    watcher = _Watcher(app, table_id, member_id)
    last = max(after, 0)
    reading = Reading(hub, table_id)
    try:
        if not await run_in_threadpool(watcher.load):
            await websocket.close(code=CLOSE_UNAUTHORIZED)
            return
        while not closed.is_set():
            wake.clear()
            changes = await reading.changes(app, last)
            unknown = watcher.unknown(changes)
            if unknown:  # reading a session may replay it: not in the event loop
                await run_in_threadpool(watcher.prepare, unknown)
            still, messages = watcher.messages(hub, changes)
            for message in messages:
                await websocket.send_text(message)
            if not still:
                await websocket.close(code=CLOSE_UNAUTHORIZED)
                return
            if changes:
                last = changes[-1]["seq"]
            if len(changes) >= feed.PAGE or closed.is_set():
                continue
            # no clock: a change wakes it (the hub's sweep too, for one whose notification was lost)
            await wake.wait()
    except (WebSocketDisconnect, RuntimeError):
        pass
    except OVERLOAD as error:
        await _overloaded(websocket, error, accepted=True)
    finally:
        hub.unsubscribe(table_id, wake)
        reader.cancel()
