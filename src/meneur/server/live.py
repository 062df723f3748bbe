"""The live feed over WebSocket: ``{"seq", "kind", ...}`` messages a viewer may see, in order.

A client connects with its token (``?token=`` or the ``meneur_token`` cookie) and the last ``seq``
it saw (``?after=``): the stored changes after it are sent first, then each new one as it is
written. Writers wake the waiting connections of their table through the :class:`Hub` (in one
process) and PostgreSQL ``NOTIFY`` (across processes); a woken connection reads the changes from
the database, so nothing is lost and nothing is sent twice. A member removed by the GM is
disconnected at once (close code 4401).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.concurrency import run_in_threadpool

from meneur.server import feed
from meneur.server.api.common import member_for
from meneur.server.models import Change, GameSession, GameTable, Member
from meneur.server.projection import Viewer, project_events

log = logging.getLogger("meneur.server.live")
router = APIRouter()

CLOSE_UNAUTHORIZED = 4401


class Hub:
    """Wakes the connections of a table when a change is written (thread-safe)."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self._waiters: dict[str, set[asyncio.Event]] = {}
        self._stop = threading.Event()

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

    def notify(self, table_id: str) -> None:
        """Wake the table's connections (callable from any thread)."""
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self._wake, table_id)

    def _wake(self, table_id: str) -> None:
        for event in self._waiters.get(table_id, ()):
            event.set()

    def listen_postgresql(self, url: str) -> None:
        """Relay PostgreSQL notifications of other processes to this process's connections."""
        thread = threading.Thread(target=self._listen, args=(url,), name="meneur-listen", daemon=True)
        thread.start()

    def _listen(self, url: str) -> None:
        import psycopg

        dsn = url.replace("postgresql+psycopg://", "postgresql://", 1)
        while not self._stop.is_set():
            try:
                with psycopg.connect(dsn, autocommit=True) as connection:
                    connection.execute("LISTEN meneur_live")
                    while not self._stop.is_set():
                        for note in connection.notifies(timeout=1.0):
                            self.notify(note.payload)
            except psycopg.Error:
                log.exception("lost the PostgreSQL notification channel; reconnecting")
                self._stop.wait(1.0)

    def stop(self) -> None:
        self._stop.set()


def _message(
    change: Change, viewer: Viewer, kinds: dict[str, str], options: dict[str, Any]
) -> dict[str, Any]:
    payload = dict(change.payload)
    if change.kind in ("command", "undo") and change.session_id is not None:
        kind = kinds.get(change.session_id, "")
        payload["events"] = project_events(kind, list(payload.get("events", [])), viewer, options)
    return {"seq": change.seq, "kind": change.kind, **payload}


def _read(
    app: Any, table_id: str, member_id: str, after: int
) -> tuple[bool, list[dict[str, Any]], int, bool]:
    """Whether the member still sits at the table, the messages after ``after`` they may see, the
    last ``seq`` read and whether more are waiting."""
    from sqlalchemy import select

    from meneur.server.api.sessions import viewer_of

    with app.state.store.reader() as db:
        member = db.get(Member, member_id)
        if member is None or member.removed:
            return False, [], after, False
        changes = feed.since(db, table_id, after)
        if not changes:
            return True, [], after, False
        table = db.get(GameTable, table_id)
        options = dict(table.options) if table is not None else {}
        kinds = {
            row[0]: row[1]
            for row in db.execute(
                select(GameSession.id, GameSession.kind).where(GameSession.table_id == table_id)
            )
        }
        messages = []
        viewers: dict[str, Viewer] = {}
        for change in changes:
            if not feed.visible(change.audience, change.member_id, member.id, member.role):
                continue
            key = change.session_id or ""
            if key not in viewers:
                session = db.get(GameSession, key) if key else None
                viewers[key] = viewer_of(db, member, session)
            messages.append(_message(change, viewers[key], kinds, options))
        return True, messages, changes[-1].seq, len(changes) >= feed.PAGE


def _authenticate(app: Any, token: str | None, table_id: str) -> str | None:
    with app.state.store.reader() as db:
        member = member_for(db, token)
        if member is None or member.table_id != table_id:
            return None
        return member.id


@router.websocket("/api/v1/tables/{table_id}/live")
async def live(websocket: WebSocket, table_id: str, after: int = 0, token: str | None = None) -> None:
    """Every change of the table this member may see, after ``after``, then as they happen."""
    app = websocket.app
    member_id = await run_in_threadpool(
        _authenticate, app, token or websocket.cookies.get("meneur_token"), table_id
    )
    if member_id is None:
        await websocket.close(code=CLOSE_UNAUTHORIZED)
        return
    await websocket.accept()
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
    last = max(after, 0)
    try:
        while not closed.is_set():
            wake.clear()
            still, messages, last, more = await run_in_threadpool(_read, app, table_id, member_id, last)
            if not still:
                await websocket.close(code=CLOSE_UNAUTHORIZED)
                return
            for message in messages:
                await websocket.send_json(message)
            if more or closed.is_set():
                continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), timeout=5.0)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        hub.unsubscribe(table_id, wake)
        reader.cancel()
