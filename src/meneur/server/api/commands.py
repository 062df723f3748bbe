"""Commands: every command of every table comes this way, from the API and the web pages.

The route finds the member, asks :class:`meneur.engine.Session` to carry the command out and stores
what it returns, in one worker thread; it never decides a rule. The hot path reads only the
session's head (the session itself is in memory, :mod:`meneur.server.games`) and writes with
prebuilt SQL statements: the session's version, the command, its events, a snapshot when one is due
and the feed's change, in one transaction (grouped with others on SQLite, see
:meth:`meneur.server.store.Store.write`).
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Header, Request
from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as Db
from starlette.concurrency import run_in_threadpool

from meneur.dice import EnteredSource, RandomSource
from meneur.dice.source import DiceSource
from meneur.engine import Session
from meneur.errors import Refused
from meneur.i18n import N_, Message
from meneur.server import feed
from meneur.server.api.common import (
    Caller,
    Database,
    at_table,
    caller_of,
    conflict,
    errors,
    forbidden,
    not_found,
)
from meneur.server.api.sessions import CommandDone, CommandIn, MovedError, hidden_names, version_links
from meneur.server.games import Games
from meneur.server.models import COMMANDS, EVENTS, SESSIONS, SNAPSHOTS, TABLES, GameSession
from meneur.server.permissions import may_give, viewer_for
from meneur.server.projection import (
    Viewer,
    mentions,
    project_events,
    read_command,
    secrets,
    view_options,
)

router = APIRouter(prefix="/api/v1", tags=["sessions"])
log = logging.getLogger("meneur.server.sessions")


def _dice(values: list[int] | None) -> DiceSource:
    return EnteredSource(values) if values is not None else RandomSource.from_seed(None)


@router.post(
    "/sessions/{session_id}/commands",
    response_model=CommandDone,
    responses={**errors(400, 401, 403, 404, 409, 422), 200: version_links("undo")},
    summary="Give a command",
)
async def post_command(
    session_id: str,
    body: CommandIn,
    request: Request,
    db: Database,
    authorization: Annotated[str | None, Header()] = None,
) -> CommandDone:
    """Every command of every table comes this way: the member is found, the command carried out and
    stored in one worker thread (a route in FastAPI's threads takes three: the member, the route and
    its answer's serialisation)."""
    return await run_in_threadpool(_member_gives, session_id, body, request, db, authorization)


def _member_gives(
    session_id: str, body: CommandIn, request: Request, db: Db, authorization: str | None
) -> CommandDone:
    return give_command(session_id, body, caller_of(request, db, authorization), request, db)


def give_command(
    session_id: str,
    body: CommandIn,
    me: Caller,
    request: Request,
    db: Db,
    links: dict[str, str] | None = None,
) -> CommandDone:
    """Carry out ``body`` for the member ``me`` and store it (the API's route and the web pages).

    The command is read first, as ``me`` may name things (a hidden NPC is not there for a player),
    then the permission is checked on the typed command (a 403 whatever the version), then the
    version (a 409). ``links`` (actor id -> member id, the GM's command only) are stored in the
    session's ``controllers`` with the command: a table's character arriving is its owner's.
    """
    started = time.perf_counter()
    games: Games = request.app.state.games
    with games.lock(session_id):
        request.app.state.store.see_latest(db)
        head = _head(db, session_id)
        if head is None:
            raise not_found()
        at_table(me, head.table_id)
        viewer = viewer_for(me, head.controllers)
        if viewer.role == "observer" or (links and not viewer.is_gm):
            raise forbidden()
        session = games.cached(session_id, head.version)
        if session is None:
            row = db.get(GameSession, session_id)
            assert row is not None
            session = games.load(db, row)
        options = {} if viewer.is_gm else _options(db, head, session)
        typed = read_command(head.kind, session, body.command, viewer, options)
        if not may_give(viewer, typed, session.system.codec):
            raise forbidden()
        if body.version != head.version:
            raise conflict(head.version)
        events = _decided(session, typed, body, viewer, head.kind, options)
        codec = session.system.codec
        command = codec.command_to_json(session.entries()[-1].command)
        wire = [codec.event_to_json(event) for event in events]
        state = games.snapshot(session)
        snapshot = None if state is None else (session.system.format, state)
        controllers = {**head.controllers, **links} if links else None
        db.commit()  # give the read connection back before waiting for the writer
        try:
            request.app.state.store.write(
                lambda writer: _write(
                    writer,
                    session_id,
                    head.table_id,
                    head.version,
                    me.id,
                    command,
                    wire,
                    snapshot,
                    controllers,
                )
            )
        except (IntegrityError, MovedError):
            games.forget(session_id)
            with request.app.state.store.reader() as fresh:
                now = fresh.get(GameSession, session_id)
                raise conflict(now.version if now is not None else 0) from None
        except BaseException:
            games.forget(session_id)
            raise
    request.app.state.hub.notify(head.table_id)
    log.info(
        "command applied",
        extra={
            "table": head.table_id,
            "session": session_id,
            "version": body.version + 1,
            "member": me.id,
            "events": len(wire),
            "ms": round((time.perf_counter() - started) * 1000, 1),  # waiting for the lock included
        },
    )
    return CommandDone(events=project_events(head.kind, wire, viewer, options), version=body.version + 1)


@dataclass(frozen=True)
class _Head:
    """What a command needs of its session's row, without the setup (the session in memory has it)."""

    table_id: str
    kind: str
    version: int
    controllers: dict[str, str]
    options: dict[str, Any]


def _head(db: Db, session_id: str) -> _Head | None:
    found = db.execute(
        select(
            SESSIONS.c.table_id, SESSIONS.c.kind, SESSIONS.c.version, SESSIONS.c.controllers, TABLES.c.options
        )
        .join(TABLES, TABLES.c.id == SESSIONS.c.table_id)
        .where(SESSIONS.c.id == session_id)
    ).one_or_none()
    if found is None:
        return None
    return _Head(found[0], found[1], found[2], dict(found[3] or {}), dict(found[4] or {}))


def _options(db: Db, head: _Head, session: Session[Any, Any, Any]) -> dict[str, Any]:
    """:func:`options_for` from a session's head (a player's or an observer's view)."""
    return view_options(head.kind, head.options, hidden_names(db, head.table_id), session)


def _decided(
    session: Session[Any, Any, Any],
    typed: Any,
    body: CommandIn,
    viewer: Viewer,
    kind: str,
    options: dict[str, Any],
) -> list[Any]:
    """The events of ``typed``; a refusal whose words name what ``viewer`` may not know of is told
    without them."""
    try:
        return session.do(typed, _dice(body.dice))
    except Refused as error:
        if not mentions(error.render(), secrets(kind, viewer, options)):
            raise
        message = Message("server", N_("The rules refuse this command now."))
        raise Refused(message, rule=error.rule) from None


_MOVE_ON = (
    update(SESSIONS)
    .where(SESSIONS.c.id == bindparam("id_"), SESSIONS.c.version == bindparam("current"))
    .values(version=bindparam("next"), event_count=SESSIONS.c.event_count + bindparam("count"))
    .returning(SESSIONS.c.event_count)
)
_ADD_COMMAND = insert(COMMANDS).returning(COMMANDS.c.id)
_ADD_EVENT = insert(EVENTS)
_ADD_SNAPSHOT = insert(SNAPSHOTS)
"""Every command's statements, built once."""


def _write(
    db: Db,
    session_id: str,
    table_id: str,
    current: int,
    member_id: str,
    command: Any,
    events: list[Any],
    snapshot: tuple[int, Any] | None = None,
    controllers: dict[str, str] | None = None,
) -> None:
    """Store one command, its events, the snapshot due after it and its feed change, in the
    caller's transaction (SQL statements, not the ORM's unit of work: this is every command's
    path)."""
    version = current + 1
    connection = db.connection()
    moved = connection.execute(
        _MOVE_ON,
        {"id_": session_id, "current": current, "next": version, "count": len(events)},
    ).scalar_one_or_none()
    if moved is None:
        raise MovedError()
    if controllers is not None:
        connection.execute(
            update(SESSIONS).where(SESSIONS.c.id == session_id).values(controllers=controllers)
        )
    command_id = connection.execute(
        _ADD_COMMAND,
        {
            "session_id": session_id,
            "version": version,
            "command": command,
            "member_id": member_id,
            "undone": False,
        },
    ).scalar_one()
    first = moved - len(events) + 1
    if events:
        connection.execute(
            _ADD_EVENT,
            [
                {
                    "session_id": session_id,
                    "command_id": command_id,
                    "position": first + offset,
                    "event": event,
                }
                for offset, event in enumerate(events)
            ],
        )
    if snapshot is not None:  # the state after this command, a cache for loading
        connection.execute(
            _ADD_SNAPSHOT,
            {
                "session_id": session_id,
                "command_id": command_id,
                "version": version,
                "format": snapshot[0],
                "state": snapshot[1],
            },
        )
    feed.append(
        db,
        table_id,
        "command",
        {"session": session_id, "version": version, "command": command, "events": events},
        session_id=session_id,
    )
