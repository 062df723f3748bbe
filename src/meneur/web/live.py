"""The pages' socket: the fragments a change concerns, rendered on the server, as htmx swaps.

A page (the fight, another system's session, the roll log, the chat) connects to
``/t/{table_id}/live?page=fight|game|rolls|chat&session=SID&after=SEQ`` with the member's cookie. When
the table changes in a way this member may see and this page shows, the server renders the page's
fragment (the same route function that answers the fragment's HTTP request: one rendering path)
and sends it, with ``<div id="live-seq" data-seq="N">`` first: the ``seq`` the page is now at. The
htmx ws extension swaps every element of a message by its ``id`` (out of band).

The fragments are state-based: a page that reconnects with an older ``after`` gets the current
fragment once, never a replay of the changes it missed; one with the current ``after`` gets nothing
until the next change. The connections of a table that show the same view (the GM's, one player's,
the observers', in one language) share one rendering per ``seq`` (:class:`Fragments`). A stranger,
or a member the GM removed, is closed with 4401; a page or session that is not there with 4404.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import logging
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

import anyio
from fastapi import APIRouter, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import Response
from sqlalchemy.exc import OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.concurrency import run_in_threadpool

from meneur.i18n import N_, Message
from meneur.server import feed, resume
from meneur.server.live import CLOSE_UNAUTHORIZED, Hub, Reading
from meneur.server.models import GameSession, GameTable
from meneur.server.origin import refused_handshake

T = TypeVar("T")
log = logging.getLogger("meneur.web.live")
router = APIRouter(include_in_schema=False)

CLOSE_NOT_FOUND = 4404
CLOSE_TRY_AGAIN = 1013
OVERLOAD = (OperationalError, PoolTimeout)
PAGES = ("fight", "game", "rolls", "chat")
SESSION_PAGES = ("fight", "game")
"""The pages that show a session (the name its page's script gives; either fits any game's)."""
KEPT = 256
"""The renderings kept for the connections that ask late for the same view of the same ``seq``."""
Change = dict[str, Any]
"""A stored change as the hub reads it: ``seq``, ``kind``, ``audience``, ``member_id``,
``session_id``, ``payload``."""
SESSION_CHANGES = ("character", "member_joined", "member_removed", "options")
"""Changes without a session that a session's page shows (names, who plays whom, hidden ones, and the
table's options: how an NPC's Vigueur shows applies to the running fight at once)."""
VIEW_CHANGES = ("character",)
"""The changes that may change a session's fragment for a member who may not see the change itself
(a character the GM hides: only the GM sees its change, the players' fight hides it from then on).
The page gets its own fragment, as the route renders it for them: never the change's words."""
CHAT_CHANGES = ("chat", "handout", "member_joined", "member_removed")
"""The changes the chat's lists show (its messages, its handouts, the players one may whisper to)."""
TABLE_PAGES = ("rolls", "chat")
"""The pages of the whole table (no session)."""


class GoneError(Exception):
    """The fragment's route answered something else than the fragment (``code``: how to close)."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class Seat:
    """One connection's member and page: who they are, what they see, in which language."""

    table_id: str
    member_id: str
    role: str
    lang: str
    page: str
    session_id: str
    seq: int
    """The table's ``seq`` when the connection was opened."""

    @property
    def view(self) -> tuple[str, ...]:
        """What makes this member's fragment differ from another's: the GMs of a session share
        one, each player has theirs, the observers share one; a roll log or a chat is each member's
        own (a roll for oneself, one's own messages), the observers' shared."""
        if self.role == "observer":
            return ("observer",)
        if self.role == "gm" and self.page not in TABLE_PAGES:
            return ("gm",)
        return (self.role, self.member_id)

    def key(self, seq: int) -> tuple[Any, ...]:
        return (self.page, self.table_id, self.session_id, self.view, self.lang, seq)

    def concerns(self, change: Change) -> bool:
        """Whether this member may see ``change`` and this page shows what it changed, or the
        change may change how the page's session looks to them (:data:`VIEW_CHANGES`)."""
        if self.page in SESSION_PAGES and change["kind"] in VIEW_CHANGES:
            return True
        if not feed.visible(change["audience"], change["member_id"], self.member_id, self.role):
            return False
        if self.page == "rolls":  # the table's rolls, and the sessions' (a command may roll, an undo unroll)
            return change["kind"] == "roll" or (
                bool(change["session_id"]) and change["kind"] in ("command", "undo")
            )
        if self.page == "chat":
            return change["kind"] in CHAT_CHANGES
        return change["session_id"] == self.session_id or change["kind"] in SESSION_CHANGES

    def removed(self, changes: list[Change]) -> bool:
        return any(
            c["kind"] == "member_removed" and c["payload"].get("member", {}).get("id") == self.member_id
            for c in changes
        )


class Fragments:
    """The fragments being rendered or just rendered, by view and ``seq``: the connections woken by
    one change that show the same view wait for one rendering."""

    def __init__(self) -> None:
        self._renders: dict[tuple[Any, ...], asyncio.Future[str]] = {}

    async def get(self, key: tuple[Any, ...], make: Callable[[], str]) -> str:
        found = self._renders.get(key)
        if found is None:
            found = asyncio.ensure_future(run_in_threadpool(make))
            self._renders[key] = found
            found.add_done_callback(lambda done: self._forget_failed(key, done))
            while len(self._renders) > KEPT:
                del self._renders[next(iter(self._renders))]
        return await asyncio.shield(found)

    def _forget_failed(self, key: tuple[Any, ...], done: asyncio.Future[str]) -> None:
        if (done.cancelled() or done.exception() is not None) and self._renders.get(key) is done:
            del self._renders[key]


def _request(scope: MutableMapping[str, Any], path: str, fragment: bool = False) -> Request:
    """An HTTP request for ``path`` with the socket's cookies and headers (the language asked); a
    ``fragment``'s says so as htmx does (``HX-Request``)."""
    headers = list(scope.get("headers", []))
    if fragment:
        headers.append((b"hx-request", b"true"))
    scheme = {"ws": "http", "wss": "https"}.get(scope.get("scheme", "ws"), "http")
    return Request(
        {
            "type": "http",
            "method": "GET",
            "http_version": "1.1",
            "scheme": scheme,
            "path": path,
            "raw_path": path.encode(),
            "root_path": scope.get("root_path", ""),
            "query_string": b"",
            "headers": headers,
            "client": scope.get("client"),
            "server": scope.get("server"),
            "app": scope["app"],
            "state": dict(scope.get("state") or {}),
        }
    )


def _path(seat: Seat) -> str:
    if seat.page in SESSION_PAGES:
        return f"/t/{seat.table_id}/s/{seat.session_id}"
    if seat.page == "chat":
        return f"/t/{seat.table_id}/chat/list"
    return f"/t/{seat.table_id}/rolls/list"


def render(app: Any, scope: MutableMapping[str, Any], seat: Seat, seq: int) -> str:
    """The page's fragment as the HTTP route answers it, after the ``seq`` it brings the page to."""
    from meneur.web import chat, routes, sessions
    from meneur.web.pages import PageAnswer

    request = _request(scope, _path(seat), fragment=seat.page in SESSION_PAGES)
    response: Response
    with app.state.store.reader() as db:
        try:
            if seat.page in SESSION_PAGES:
                response = sessions.fragment(request, db, seat.table_id, seat.session_id)
            elif seat.page == "chat":
                response = chat.chat_fragment(request, db, seat.table_id)
            else:
                response = routes.rolls_fragment(request, db, seat.table_id)
        except PageAnswer as answer:  # signed out, or the session is gone
            response = answer.response
    if response.status_code != 200:
        raise GoneError(CLOSE_UNAUTHORIZED if response.status_code == 401 else CLOSE_NOT_FOUND)
    body = bytes(response.body).decode("utf-8")
    return f'<div id="live-seq" hidden data-seq="{seq}"></div>\n{body}'


def seat_of(
    app: Any, scope: MutableMapping[str, Any], table_id: str, page: str, session_id: str
) -> Seat | int:
    """The connection's member and page, or the code to close it with."""
    from meneur.web.adapter import kinds_with_pages
    from meneur.web.pages import language, seat

    request = _request(scope, f"/t/{table_id}")
    with app.state.store.reader() as db:
        me = seat(request, db, table_id)  # the member this browser is at the table (its language)
        table = db.get(GameTable, table_id)
        if me is None or table is None:
            return CLOSE_UNAUTHORIZED
        if page not in PAGES:
            return CLOSE_NOT_FOUND
        if page not in TABLE_PAGES:
            row = db.get(GameSession, session_id)
            if row is None or row.table_id != table_id or row.kind not in kinds_with_pages():
                return CLOSE_NOT_FOUND
        return Seat(
            table_id=table_id,
            member_id=me.id,
            role=me.role,
            lang=language(request),
            page=page,
            session_id=session_id if page not in TABLE_PAGES else "",
            seq=table.seq,
        )


def newer_session(app: Any, seat: Seat, changes: list[Change]) -> str | None:
    """A session of the table, started after the page's, that this player plays in (the GM replaced
    the fight by a new one): the page's player is taken to it. ``None``: none among ``changes``."""
    if seat.page not in SESSION_PAGES or seat.role != "player":
        return None
    others = {
        c["session_id"] for c in changes if c["kind"] == "session" and c["session_id"] != seat.session_id
    }
    others.discard(None)
    if not others:
        return None
    with app.state.store.reader() as db:
        shown = db.get(GameSession, seat.session_id)
        since = (shown.created_at or 0) if shown is not None else 0
        for session_id in sorted(others):
            row = db.get(GameSession, session_id)
            if (
                row is not None
                and row.table_id == seat.table_id
                and (row.created_at or 0) >= since
                and seat.member_id in row.controllers.values()
            ):
                return str(row.id)
    return None


def moved_to(seat: Seat, session_id: str) -> str:
    """The message that takes a page to the session ``session_id`` (its script follows the link;
    the link stays for a page without scripts)."""
    href = f"/t/{seat.table_id}/s/{session_id}"
    words = Message("web", N_("A new fight begins: you play in it. Go to it")).render(seat.lang)
    return (
        '<div hx-swap-oob="beforeend:body"><p id="moved" class="moved" role="status" '
        f'data-moved-to="{href}"><a href="{href}">{html.escape(words)}</a></p></div>'
    )


async def _close(websocket: WebSocket, code: int, accepted: bool = True) -> None:
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        if not accepted:
            await websocket.accept()
        await websocket.close(code=code)


@router.websocket("/t/{table_id}/live")
async def page_live(
    websocket: WebSocket, table_id: str, after: int = 0, page: str = "fight", session: str = ""
) -> None:
    """The fragments of ``page`` that the table's changes after ``after`` concern, then as they
    happen."""
    if await refused_handshake(websocket):  # another site's page: 4403
        return
    app = websocket.app
    if not resume.is_resumable(after):
        await resume.refuse(websocket)
        return
    try:
        seat = await run_in_threadpool(seat_of, app, websocket.scope, table_id, page, session)
    except OVERLOAD:
        log.warning("page socket closed: database busy or unavailable")
        await _close(websocket, CLOSE_TRY_AGAIN, accepted=False)
        return
    if isinstance(seat, int):  # accepted first: refused at the handshake, a browser sees no code
        await _close(websocket, seat, accepted=False)
        return
    await websocket.accept()
    await _serve(websocket, seat, after)


async def _serve(websocket: WebSocket, seat: Seat, after: int) -> None:
    app = websocket.app
    hub: Hub = app.state.hub
    fragments: Fragments = app.state.web_fragments
    wake = hub.subscribe(seat.table_id)
    closed = asyncio.Event()
    pending: list[asyncio.Future[Any]] = []

    async def step(work: Awaitable[T]) -> T:
        """``work`` as a task the socket waits for even when it is closed: its database reads end
        before the handler does (never a connection left open behind a closed socket)."""
        task = asyncio.ensure_future(work)
        pending[:] = [task]
        return await asyncio.shield(task)

    async def receive() -> None:
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            while True:
                if (await websocket.receive())["type"] == "websocket.disconnect":
                    break
        closed.set()
        wake.set()

    reader = asyncio.create_task(receive())
    stale = after != seat.seq  # an older page (or a foreign seq): the current fragment, once
    last = seat.seq
    reading = Reading(hub, seat.table_id)
    try:
        while not closed.is_set():
            wake.clear()
            changes = await step(reading.changes(app, last))
            if seat.removed(changes):
                await _close(websocket, CLOSE_UNAUTHORIZED)
                return
            if changes:
                last = changes[-1]["seq"]
                stale = stale or any(seat.concerns(change) for change in changes)
                newer = await step(run_in_threadpool(newer_session, app, seat, changes))
                if newer is not None:
                    await websocket.send_text(moved_to(seat, newer))
            if len(changes) >= feed.PAGE:
                continue  # read the rest first: one fragment for all of them
            if stale:
                make = partial(render, app, websocket.scope, seat, last)
                try:
                    html = await step(fragments.get(seat.key(last), make))
                except GoneError:  # shared with a member of this view who just left: ours, then
                    html = await step(run_in_threadpool(make))
                await websocket.send_text(html)
                stale = False
            if closed.is_set():
                break
            # no clock: a change wakes it, a member's removal among them (the hub's sweep too, for a
            # change whose notification was lost: meneur.server.live)
            await wake.wait()
    except GoneError as gone:
        await _close(websocket, gone.code)
    except (WebSocketDisconnect, RuntimeError):
        pass
    except OVERLOAD:
        log.warning("page socket closed: database busy or unavailable")
        await _close(websocket, CLOSE_TRY_AGAIN)
    finally:
        hub.unsubscribe(seat.table_id, wake)
        reader.cancel()
        if pending:
            with anyio.CancelScope(shield=True):
                await asyncio.wait(pending)
