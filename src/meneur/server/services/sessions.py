"""Engine sessions as a service: create, read, legal commands, the log, a command, undo, redo and
the page's view, each for one caller and already projected for them.

The REST routes (:mod:`meneur.server.api.sessions`, :mod:`~meneur.server.api.commands`,
:mod:`~meneur.server.api.redo`) and the pages both call these functions; no one calls a route. A
function builds the command's wire form, asks :class:`meneur.engine.Session` to carry it out and
stores the events it returns; it never decides a rule. Who may give a command: the GM any; a player
only a command whose actor is one the server linked to them in the session's ``controllers``
(:mod:`meneur.server.permissions`); an observer none. What a viewer who is not the GM receives goes
through the projections (:mod:`meneur.server.projection`): the raw engine state leaves this module
only for the GM.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Annotated, Any, cast

from pydantic import BaseModel, Field
from sqlalchemy import bindparam, delete, func, insert, select, update
from sqlalchemy.engine import CursorResult
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as Db
from sqlalchemy.sql.expression import Update

from meneur.dice import EnteredSource, RandomSource
from meneur.dice.source import DiceSource
from meneur.engine import Session
from meneur.engine.registry import SYSTEMS, games, system
from meneur.engine.session import rewind_of
from meneur.engine.system import Legal
from meneur.errors import MeneurError, Refused
from meneur.i18n import N_, Message, get_language
from meneur.server import feed
from meneur.server.api.common import (
    ApiError,
    Body,
    Caller,
    at_table,
    conflict,
    forbidden,
    gm_only,
    listed,
    not_found,
)
from meneur.server.api.common import Text as Text
from meneur.server.auth import new_id
from meneur.server.games import Games, Resumed, given_at, live_command, stored_log
from meneur.server.models import (
    CHARACTERS,
    COMMANDS,
    EVENTS,
    SESSIONS,
    SNAPSHOTS,
    TABLES,
    CommandRow,
    EventRow,
    GameSession,
    GameTable,
    Member,
    Snapshot,
)
from meneur.server.permissions import may_act, may_give, viewer_for
from meneur.server.prepared import Prepared
from meneur.server.projection import (
    Viewer,
    mentions,
    project_command,
    project_engine,
    project_events,
    project_state,
    projection_of,
    read_command,
    secrets,
    setup_problem,
    view_options,
)
from meneur.server.services import Context, images
from meneur.server.services.reads import Folded, Head, SessionRead, read_session
from meneur.server.table_options import setup_with
from meneur.server.viewing import hidden_where, options_for, viewer_of

log = logging.getLogger("meneur.server.sessions")

Dice = Annotated[list[Annotated[int, Field(ge=1, le=1_000_000)]], Field(max_length=1000)]


def session_kinds() -> list[str]:
    """Every kind of session a table may play (the kinds of its own system only)."""
    return sorted(SYSTEMS)


# -- what goes in and out ---------------------------------------------------------------------------


class SessionIn(Body):
    kind: Annotated[str, Field(max_length=40, json_schema_extra=listed(session_kinds))]
    setup: Any
    controllers: dict[str, str] = Field(default_factory=dict)
    """Actor id -> member id: who (besides the GM) gives that actor's commands."""
    name: Annotated[Text, Field(max_length=200)] | None = None
    """What the table calls it; none: its kind's title and its date."""


class SessionCreated(BaseModel):
    id: str
    version: int


class SessionOut(BaseModel):
    id: str
    kind: str
    state: Any
    version: int


class LegalOut(BaseModel):
    actor: str | None
    kind: str
    command: Any
    cost_min: int
    cost_max: int
    details: dict[str, Any]
    rule: str | None
    reason: str | None


class LegalList(BaseModel):
    version: int
    legal: list[LegalOut]


class CommandIn(Body):
    command: str | dict[str, Any]
    """The command's wire form: ``{"name": {fields}}`` or a bare ``"name"``."""
    version: Annotated[int, Field(ge=0)]
    dice: Dice | None = None
    """Dice rolled at the table, in order; random dice when absent."""


class CommandDone(BaseModel):
    events: list[Any]
    version: int


class UndoIn(Body):
    version: Annotated[int, Field(ge=0)]


class Undone(BaseModel):
    command: Any
    events: list[Any]
    version: int


class LogEntry(BaseModel):
    command: Any
    events: list[Any]
    at: datetime | None = None
    """When the command was given (``None`` for a command stored before the server kept times)."""


class RewindBefore(Body):
    """The GM goes back to the state before the entry ``before`` of the log (numbered from 1)."""

    version: Annotated[int, Field(ge=0)]
    before: Annotated[int, Field(ge=1)]


class RewindAt(Body):
    """The GM goes back to the moment ``at``: before the first command given after it."""

    version: Annotated[int, Field(ge=0)]
    at: datetime
    """An ISO time; one without an offset is the server's local time."""


RewindIn = RewindBefore | RewindAt
"""Where the GM goes back to: before an entry, or to a moment (one of them)."""


class LogOut(BaseModel):
    version: int
    log: list[LogEntry]


class MovedError(Exception):
    """Another writer changed the session first."""


# -- who looks, with which options ------------------------------------------------------------------


def _session(db: Db, me: Caller, session_id: str) -> tuple[GameSession, GameTable, Viewer]:
    row = db.get(GameSession, session_id)
    if row is None:
        raise not_found()
    at_table(me, row.table_id)
    table = db.get(GameTable, row.table_id)
    member = db.get(Member, me.id)
    assert table is not None and member is not None
    return row, table, viewer_of(member, row)


def _installed(kind: str) -> bool:
    try:
        system(kind)
    except ImportError:  # a system not ported to the engine yet
        return False
    return True


def kinds_of(table_system: str) -> list[str]:
    """The kinds of session a table of ``table_system`` plays (its game plugin's kinds), among the
    systems installed."""
    return [
        kind.key
        for game in games()
        if game.key == table_system
        for kind in game.kinds
        if kind.key in SYSTEMS and _installed(kind.key)
    ]


def reads_files(kind: str, setup: Any) -> Message | None:
    """Why ``setup`` may not start a session of ``kind`` on the server (the kind's projection's setup
    check: e.g. a setup naming a file of the server's disk), ``None`` when it may."""
    return setup_problem(kind, setup)


# -- the services -----------------------------------------------------------------------------------


def create(ctx: Context, me: Caller, table_id: str, body: SessionIn) -> SessionCreated:
    """Start a session of ``body.kind`` at the table ``table_id`` (the GM's)."""
    db = ctx.db
    at_table(me, table_id)
    table = db.get(GameTable, table_id)
    if table is None:
        raise not_found()
    gm_only(me)
    known = kinds_of(table.system)
    if body.kind not in known:
        raise ApiError(
            400,
            "bad_input",
            Message(
                "server",
                N_("A table of {system} plays sessions of these kinds: {known}."),
                {"system": table.system, "known": ", ".join(known)},
            ),
        )
    members = set(db.scalars(select(Member.id).where(Member.table_id == table_id, Member.removed.is_(False))))
    if any(owner not in members for owner in body.controllers.values()):
        raise ApiError(400, "bad_input", Message("server", N_("A controller is not a member of the table.")))
    problem = reads_files(body.kind, body.setup)
    if problem is not None:
        raise ApiError(400, "bad_input", problem)
    session = Session.new(body.kind, setup_with(table.system, body.kind, table.options, body.setup))
    session_id = new_id()
    with ctx.store.writer() as writer:
        writer.add(
            GameSession(
                id=session_id,
                table_id=table_id,
                kind=body.kind,
                name=(body.name or "").strip() or None,
                setup=session.setup,
                controllers=body.controllers,
                version=0,
                event_count=0,
                created_at=time.time(),
            )
        )
        writer.flush()
        feed.append(
            writer,
            table_id,
            "session",
            {"session": {"id": session_id, "kind": body.kind, "version": 0}},
            session_id=session_id,
        )
    ctx.games.remember(session_id, session)
    ctx.hub.notify(table_id)
    return SessionCreated(id=session_id, version=0)


def get(ctx: Context, me: Caller, session_id: str) -> SessionOut:
    """The session's state (its JSON) as ``me`` may see it."""
    db = ctx.db
    row, table, viewer = _session(db, me, session_id)
    with ctx.games.lock(session_id):
        session = ctx.games.load(db, row)
        state = session.system.state_json(session.state)
        version = session.version
        options = options_for(db, table, row.kind, viewer, session)
    return SessionOut(
        id=row.id, kind=row.kind, version=version, state=project_state(row.kind, state, viewer, options)
    )


def legal(ctx: Context, me: Caller, session_id: str, refused: bool = False) -> LegalList:
    """The commands ``me`` may give now (with those the rules refuse, and why, when ``refused``); an
    entry the rules give the game master (``details["by"] == "gm"``) is the GM's only."""
    db = ctx.db
    row, table, viewer = _session(db, me, session_id)
    with ctx.games.lock(session_id):
        session = ctx.games.load(db, row)
        entries = session.legal(include_refused=refused)
        options = options_for(db, table, row.kind, viewer, session)
        shown = _legal_for(session.system.codec, entries, viewer, row.kind, options)
        return LegalList(version=session.version, legal=shown)


def _legal_for(
    codec: Any, entries: list[Legal[Any]], viewer: Viewer, kind: str, options: Mapping[str, Any]
) -> list[LegalOut]:
    """The legal-action query's ``entries`` that ``viewer`` may give and may know of."""
    found = [
        LegalOut(
            actor=e.actor,
            kind=e.kind,
            command=codec.command_to_json(e.command),
            cost_min=e.cost_min,
            cost_max=e.cost_max,
            details=dict(e.details),
            rule=e.rule,
            reason=None if e.reason is None else e.reason.render(),
        )
        for e in entries
        if may_act(viewer, e.actor) and (viewer.is_gm or e.details.get("by") != "gm")
    ]
    # an entry naming what this viewer may not know of (a hidden NPC: a target, a reason) is not theirs
    words = secrets(kind, viewer, options)
    return [e for e in found if not mentions([e.command, e.details, e.reason], words)]


def session_log(ctx: Context, me: Caller, session_id: str) -> LogOut:
    """The session's commands and events as ``me`` may see them."""
    db = ctx.db
    row, table, viewer = _session(db, me, session_id)
    with ctx.games.lock(session_id):
        session = ctx.games.load(db, row)
        if isinstance(session, Resumed):  # restored from a snapshot: the older commands are stored
            entries = [{"command": c, "events": e} for c, e in stored_log(db, row.id)]
        else:
            entries = session.log_json()
        options = options_for(db, table, row.kind, viewer, session)
        times = given_at(db, row.id)
    return LogOut(
        version=len(entries),
        log=[
            LogEntry(
                command=project_command(row.kind, e["command"], viewer, options),
                events=project_events(row.kind, e["events"], viewer, options),
                at=_moment(times.get(number)),
            )
            for number, e in enumerate(entries, start=1)
        ],
    )


def _moment(at: float | None) -> datetime | None:
    return None if at is None else datetime.fromtimestamp(at, UTC)


def _announce(db: Db, row: GameSession, kind: str, version: int, stored: CommandRow) -> tuple[Any, list[Any]]:
    """Write the feed's change for a stored command taken back (``undo``) or carried out again
    (``command``) with the events it caused, and return them: ``(command, events)``."""
    events = list(
        db.scalars(select(EventRow.event).where(EventRow.command_id == stored.id).order_by(EventRow.position))
    )
    payload = {"session": row.id, "version": version, "command": stored.command, "events": events}
    feed.append(db, row.table_id, kind, payload, session_id=row.id)
    return stored.command, events


def _moved(db: Db, statement: Update) -> int:
    """How many rows ``statement`` changed."""
    return cast("CursorResult[Any]", db.execute(statement)).rowcount


def undo(ctx: Context, me: Caller, session_id: str, version: int) -> Undone:
    """Take back the last command (the GM's), if the session is still at ``version``."""
    db = ctx.db
    row, table, _viewer = _session(db, me, session_id)
    gm_only(me)
    games_ = ctx.games
    with games_.lock(session_id):
        db.commit()  # a new read transaction sees what other writers committed
        db.refresh(row)
        if version != row.version:
            raise conflict(row.version)
        if row.version == 0:
            raise ApiError(409, "nothing_to_undo", Message("server", N_("There is no command to take back.")))
        session = games_.load(db, row)
        try:
            with ctx.store.writer() as writer:
                moved = _moved(
                    writer,
                    update(GameSession)
                    .where(GameSession.id == row.id, GameSession.version == row.version)
                    .values(version=row.version - 1),
                )
                if moved != 1:
                    raise MovedError()
                last = writer.scalar(
                    select(CommandRow).where(
                        CommandRow.session_id == row.id,
                        CommandRow.version == row.version,
                        CommandRow.undone.is_(False),
                    )
                )
                assert last is not None
                last.undone = True
                writer.execute(  # a snapshot past the live version is never right again
                    delete(Snapshot).where(Snapshot.session_id == row.id, Snapshot.version >= row.version)
                )
                command, events = _announce(writer, row, "undo", row.version - 1, last)
                back = live_command(writer, row.id, row.version - 1)
        except MovedError:
            games_.forget(session_id)
            raise conflict(row.version) from None
        except BaseException:
            games_.forget(session_id)
            raise
        if session.undo() is None:  # restored from a snapshot at this very version: load it again
            games_.forget(session_id)
        else:  # as stored now: the next view or command replays nothing
            games_.remember(session_id, session, back)
    ctx.hub.notify(table.id)
    return Undone(command=command, events=events, version=version - 1)


def redoable(db: Db, session_id: str, version: int) -> CommandRow | None:
    """The command ``redo`` would carry out again at ``version``: the latest command taken back at
    the next version, if it was taken back after the live command at ``version`` was given (a
    command given after an undo makes the commands taken back before it unredoable)."""
    live = (
        select(CommandRow.id)
        .where(
            CommandRow.session_id == session_id,
            CommandRow.version == version,
            CommandRow.undone.is_(False),
        )
        .scalar_subquery()
    )
    return db.scalar(
        select(CommandRow)
        .where(
            CommandRow.session_id == session_id,
            CommandRow.version == version + 1,
            CommandRow.undone.is_(True),
            CommandRow.id > func.coalesce(live, 0),
        )
        .order_by(CommandRow.id.desc())
        .limit(1)
    )


def may_redo(ctx: Context, me: Caller, session_id: str, version: int) -> bool:
    """Whether ``me`` (the GM only) may carry a command out again at ``version``."""
    return me.role == "gm" and redoable(ctx.db, session_id, version) is not None


def _nothing_to_redo() -> ApiError:
    return ApiError(409, "nothing_to_redo", Message("server", N_("There is no command to carry out again.")))


def redo(ctx: Context, me: Caller, session_id: str, version: int) -> Undone:
    """The command taken back last is live again with the events it had (the same dice): the state
    is the one before the undo (the GM's). Every screen follows it as a command."""
    db = ctx.db
    row, table, _viewer = _session(db, me, session_id)
    gm_only(me)
    with ctx.games.lock(session_id):
        db.commit()  # a new read transaction sees what other writers committed
        db.refresh(row)
        if version != row.version:
            raise conflict(row.version)
        if redoable(db, row.id, row.version) is None:
            raise _nothing_to_redo()
        session = ctx.games.load(db, row)
        db.commit()  # give the read connection back before waiting for the writer
        try:
            with ctx.store.writer() as writer:
                again = redoable(writer, row.id, row.version)
                if again is None:
                    raise _nothing_to_redo()
                moved = _moved(
                    writer,
                    update(GameSession)
                    .where(GameSession.id == row.id, GameSession.version == row.version)
                    .values(version=row.version + 1),
                )
                if moved != 1:
                    raise MovedError()
                again.undone = False
                writer.flush()
                command, events = _announce(writer, row, "command", row.version + 1, again)
                live = again.id
        except (IntegrityError, MovedError):
            ctx.games.forget(session_id)
            with ctx.store.reader() as fresh:
                now = fresh.get(GameSession, session_id)
                raise conflict(now.version if now is not None else 0) from None
        except BaseException:
            ctx.games.forget(session_id)
            raise
        _carried_out_again(ctx.games, session_id, session, command, events, live)
    ctx.hub.notify(table.id)
    return Undone(command=command, events=events, version=version + 1)


def _carried_out_again(
    games_: Games,
    session_id: str,
    session: Session[Any, Any, Any],
    command: Any,
    events: list[Any],
    live: int,
) -> None:
    """The session in memory with the stored command carried out again (its stored events: the
    same dice), as stored now (call with its lock held)."""
    try:
        session.record(command, events)
    except (LookupError, MeneurError):  # a rewind before the snapshot it was restored from
        games_.forget(session_id)
        return
    games_.remember(session_id, session, live)


def _bad(msgid: str, **params: Any) -> ApiError:
    return ApiError(400, "bad_input", Message("server", msgid, params))


def clock(at: float | datetime) -> Message:
    """A moment as the log tells it (« 21 h 30 »), in the server's local time."""
    moment = at if isinstance(at, datetime) else datetime.fromtimestamp(at, UTC)
    local = moment.astimezone()
    return Message(
        "server", N_("{hours}:{minutes}"), {"hours": f"{local.hour:02d}", "minutes": f"{local.minute:02d}"}
    )


def _target(db: Db, row: GameSession, body: RewindIn) -> int:
    """The entry ``body`` goes back before (checked against the stored log's times)."""
    if isinstance(body, RewindBefore):
        if body.before > row.version:
            raise _bad(
                N_("There is no entry {number} in the log: give a number from 1 to {last}."),
                number=body.before,
                last=row.version,
            )
        return body.before
    moment = body.at if body.at.tzinfo is not None else body.at.astimezone()
    at = moment.timestamp()
    if at > time.time():
        raise _bad(
            N_("{time} is still to come: give a moment of the session already played."), time=clock(moment)
        )
    times = given_at(db, row.id)
    known = [t for t in times.values() if t is not None]
    start = row.created_at if row.created_at is not None else min(known, default=None)
    if start is not None and at < start:
        raise _bad(
            N_("The session started at {start}: give a moment after it ({time} is before)."),
            start=clock(start),
            time=clock(moment),
        )
    later = [version for version, given in times.items() if given is not None and given > at]
    if not later:
        raise _bad(
            N_("Nothing was played after {time}: the session is already as it was then."), time=clock(moment)
        )
    return min(later)


def rewind(ctx: Context, me: Caller, session_id: str, body: RewindIn) -> Undone:
    """Go back to the state before an entry of the log, or to a moment (the GM's), as one more
    entry of the log: ``undo`` takes it back, ``redo`` gives it again, and every screen follows it
    as a command (the kernel's :meth:`meneur.engine.Session.rewind`)."""
    db = ctx.db
    row, table, _viewer = _session(db, me, session_id)
    gm_only(me)
    games_ = ctx.games
    with games_.lock(session_id):
        db.commit()  # a new read transaction sees what other writers committed
        db.refresh(row)
        if body.version != row.version:
            raise conflict(row.version)
        target = _target(db, row, body)
        session = games_.load(db, row)
        try:
            step = session.rewind(target)
        except LookupError:  # restored from a snapshot taken after the target: the whole log
            session = Session.replay(row.kind, row.setup, stored_log(db, row.id))
            step = session.rewind(target)
        command = step.to_json()
        state = games_.snapshot(session)
        snapshot = None if state is None else (session.system.format, state)
        db.commit()  # give the read connection back before waiting for the writer
        try:
            command_id = ctx.store.write(
                lambda writer: _write(
                    writer, session_id, row.table_id, row.version, me.id, command, [], snapshot
                )
            )
        except (IntegrityError, MovedError):
            games_.forget(session_id)
            with ctx.store.reader() as fresh:
                now = fresh.get(GameSession, session_id)
                raise conflict(now.version if now is not None else 0) from None
        except BaseException:
            games_.forget(session_id)
            raise
        games_.remember(session_id, session, command_id)  # as stored now
    ctx.hub.notify(table.id)
    log.info("session rewound", extra={"table": table.id, "session": session_id, "before": target})
    return Undone(command=command, events=[], version=body.version + 1)


# -- a command: every command of every table comes this way -----------------------------------------


def _dice(values: list[int] | None) -> DiceSource:
    return EnteredSource(values) if values is not None else RandomSource.from_seed(None)


def _door(
    ctx: Context, me: Caller, session_id: str, body: CommandIn, links: dict[str, str] | None = None
) -> tuple[_Head, Viewer, Session[Any, Any, Any], dict[str, Any], Any]:
    """The checks a command passes before the rules decide it, the one door of :func:`do` and
    :func:`preview` (under the session's lock): the session at this table, not an observer (nor a
    player handing characters over: ``links``), the command read as ``me`` may name things, the
    permission on the typed command (a 403 whatever the version), then the version (a 409).
    Returns the session's head, the viewer, the session, the options the viewer's projection
    received and the typed command."""
    db = ctx.db
    ctx.store.see_latest(db)
    head = _head(db, session_id)
    if head is None:
        raise not_found()
    at_table(me, head.table_id)
    viewer = viewer_for(me, head.controllers)
    if viewer.role == "observer" or (links and not viewer.is_gm):
        raise forbidden()
    session = ctx.games.cached(session_id, head.version, head.command)
    if session is None:
        row = db.get(GameSession, session_id)
        assert row is not None
        session = ctx.games.load(db, row)
    options = {} if viewer.is_gm else _options(head, session)
    typed = read_command(head.kind, session, body.command, viewer, options)
    if not may_give(viewer, typed, session.system.codec):
        raise forbidden()
    if body.version != head.version:
        raise conflict(head.version)
    return head, viewer, session, options, typed


def do(
    ctx: Context, me: Caller, session_id: str, body: CommandIn, links: dict[str, str] | None = None
) -> CommandDone:
    """Carry out ``body`` for the member ``me`` and store it; the events as ``me`` may see them.

    The command is read first, as ``me`` may name things (a hidden NPC is not there for a player),
    then the permission is checked on the typed command (a 403 whatever the version), then the
    version (a 409). ``links`` (actor id -> member id, the GM's command only) are stored in the
    session's ``controllers`` with the command: a table's character arriving is its owner's.

    The hot path reads only the session's head (the session itself is in memory,
    :mod:`meneur.server.games`) and writes with prebuilt SQL statements: the session's version, the
    command, its events, a snapshot when one is due and the feed's change, in one transaction
    (grouped with others on SQLite, see :meth:`meneur.server.store.Store.write`).
    """
    started = time.perf_counter()
    db = ctx.db
    games_ = ctx.games
    with games_.lock(session_id):
        head, viewer, session, options, typed = _door(ctx, me, session_id, body, links)
        events = _decided(session, typed, body, viewer, head.kind, options)
        codec = session.system.codec
        command = codec.command_to_json(session.entries()[-1].command)
        wire = [codec.event_to_json(event) for event in events]
        state = games_.snapshot(session)
        snapshot = None if state is None else (session.system.format, state)
        controllers = {**head.controllers, **links} if links else None
        db.commit()  # give the read connection back before waiting for the writer
        try:
            command_id = ctx.store.write(
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
            games_.forget(session_id)
            with ctx.store.reader() as fresh:
                now = fresh.get(GameSession, session_id)
                raise conflict(now.version if now is not None else 0) from None
        except BaseException:
            games_.forget(session_id)
            raise
        games_.remember(session_id, session, command_id)  # as stored now
    ctx.hub.notify(head.table_id)
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


class Preview(BaseModel):
    """What the engine would answer to a command now, nothing applied: its events as the caller may
    see them, at the session's ``version``."""

    events: list[Any]
    version: int


def preview(ctx: Context, me: Caller, session_id: str, body: CommandIn) -> Preview:
    """The engine's verdict on ``body`` for ``me`` without carrying it out: the events it would give,
    projected for ``me``, or its refusal (raised, as :func:`do` raises it).

    The same door as :func:`do`: the command is read as ``me`` may name things, the permission is
    checked on it (a 403: a player previews only what they may give), then the version (a 409); the
    rules decide on the session's state, and nothing is stored, announced or kept in memory.
    """
    with ctx.games.lock(session_id):
        head, viewer, session, options, typed = _door(ctx, me, session_id, body)
        events = _decided(session, typed, body, viewer, head.kind, options, apply=False)
        wire = [session.system.codec.event_to_json(event) for event in events]
    return Preview(events=project_events(head.kind, wire, viewer, options), version=head.version)


@dataclass(frozen=True)
class _Head:
    """What a command or a page needs of its session's row, without the setup (the session in
    memory has it), and of its table, read in one statement (:func:`_head`)."""

    table_id: str
    kind: str
    version: int
    controllers: dict[str, str]
    options: dict[str, Any]
    command: int
    """The live command at ``version`` (its row's id, 0 at version 0): see
    :func:`meneur.server.games.live_command`."""
    seq: int = 0
    """The table's ``seq`` in the same read (a page is at least there)."""
    hidden: list[str] = field(default_factory=list)
    """The table's hidden characters' names (:func:`meneur.server.viewing.hidden_names`)."""
    background: images.Background | None = None
    """The table's plan background."""


_LIVE_COMMAND = (
    select(COMMANDS.c.id)
    .where(
        COMMANDS.c.session_id == SESSIONS.c.id,
        COMMANDS.c.version == SESSIONS.c.version,
        COMMANDS.c.undone.is_(False),
    )
    .scalar_subquery()
)
_HEAD = Prepared(
    select(
        SESSIONS.c.table_id,
        SESSIONS.c.kind,
        SESSIONS.c.version,
        SESSIONS.c.controllers,
        TABLES.c.options,
        _LIVE_COMMAND,
        TABLES.c.seq,
        *images.background_columns(SESSIONS.c.table_id),
        CHARACTERS.c.name,
    )
    .select_from(SESSIONS)
    .join(TABLES, TABLES.c.id == SESSIONS.c.table_id)
    .outerjoin(CHARACTERS, hidden_where(SESSIONS.c.table_id))
    .where(SESSIONS.c.id == bindparam("session_id"))
)
"""The session's head, its table's options, ``seq`` and background, one row a hidden character
(one with no name when there is none)."""


def _head(db: Db, session_id: str) -> _Head | None:
    rows = _HEAD.rows(db.connection(), {"session_id": session_id})
    if not rows:
        return None
    found = rows[0]
    return _Head(
        found[0],
        found[1],
        found[2],
        dict(found[3] or {}),
        dict(found[4] or {}),
        int(found[5] or 0),
        seq=int(found[6] or 0),
        hidden=[str(row[9]) for row in rows if row[9] is not None],
        background=images.background_from(found[7], found[8]),
    )


def _options(head: _Head, session: Session[Any, Any, Any]) -> dict[str, Any]:
    """:func:`options_for` from a session's head (a player's or an observer's view)."""
    return view_options(head.kind, head.options, head.hidden, session)


def _decided(
    session: Session[Any, Any, Any],
    typed: Any,
    body: CommandIn,
    viewer: Viewer,
    kind: str,
    options: dict[str, Any],
    apply: bool = True,
) -> list[Any]:
    """The events of ``typed`` (carried out in ``session`` when ``apply``, else only decided); a
    refusal whose words name what ``viewer`` may not know of is told without them."""
    try:
        if not apply:
            return list(session.system.decide(session.state, typed, _dice(body.dice)))
        return session.do(typed, _dice(body.dice))
    except Refused as error:
        if not mentions(error.render(), secrets(kind, viewer, options)):
            raise
        message = Message("server", N_("The rules refuse this command now."))
        raise Refused(message, rule=error.rule) from None


_MOVE_ON = Prepared(
    update(SESSIONS)
    .where(SESSIONS.c.id == bindparam("id_"), SESSIONS.c.version == bindparam("current"))
    .values(version=bindparam("next"), event_count=SESSIONS.c.event_count + bindparam("count"))
    .returning(SESSIONS.c.event_count)
)
_ADD_COMMAND = Prepared(
    insert(COMMANDS)
    .values(
        {name: bindparam(name) for name in ("session_id", "version", "command", "member_id", "undone", "at")}
    )
    .returning(COMMANDS.c.id)
)
_ADD_EVENT = Prepared(
    insert(EVENTS).values(
        {name: bindparam(name) for name in ("session_id", "command_id", "position", "event")}
    )
)
_ADD_SNAPSHOT = Prepared(
    insert(SNAPSHOTS).values(
        {name: bindparam(name) for name in ("session_id", "command_id", "version", "format", "state")}
    )
)
"""Every command's statements, compiled once (:mod:`meneur.server.prepared`)."""


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
) -> int:
    """Store one command, its events, the snapshot due after it and its feed change, in the
    caller's transaction (statements compiled once and run on the driver's cursor, not the ORM's
    unit of work: this is every command's path); return the command's id."""
    version = current + 1
    connection = db.connection()
    moved = _MOVE_ON.first(
        connection, {"id_": session_id, "current": current, "next": version, "count": len(events)}
    )
    if moved is None:
        raise MovedError()
    if controllers is not None:
        connection.execute(
            update(SESSIONS).where(SESSIONS.c.id == session_id).values(controllers=controllers)
        )
    added = _ADD_COMMAND.first(
        connection,
        {
            "session_id": session_id,
            "version": version,
            "command": command,
            "member_id": member_id,
            "undone": False,
            "at": time.time(),
        },
    )
    assert added is not None
    command_id = int(added[0])
    first = int(moved[0]) - len(events) + 1
    if events:
        _ADD_EVENT.run_many(
            connection,
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
        _ADD_SNAPSHOT.run(
            connection,
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
    return command_id


# -- the page's view: the one door out toward a page -------------------------------------------------


@dataclass(frozen=True)
class SessionView:
    """What a viewer may know of a session now (a page builder receives this, never the engine's
    session: a page cannot hold what its viewer may not see)."""

    kind: str
    version: int
    state: Any
    """The state's JSON as the API gives it to this viewer."""
    engine: Any
    """The engine's state as this viewer may know it (hidden combatants left out)."""
    legal: list[LegalOut]
    log: list[LogEntry]
    lines: list[tuple[int, list[str]]]
    """The log in the book's words, newest first (an event this viewer may not read gives no line)."""
    viewer: Viewer
    controllers: dict[str, str]
    options: dict[str, Any]
    """The options this viewer's projections received (the table's as they are for the GM)."""
    told: list[tuple[int, list[str]]] = field(default_factory=list)
    """The log's lines before its rewinds are told (:func:`described`), for the next change."""
    seq: int = 0
    """The table's ``seq`` read with the session's head: the page is at least there."""
    background: images.Background | None = None
    """The table's plan background, read with the session's head."""


def session_view(ctx: Context, me: Caller, session_id: str, lang: str) -> SessionView:
    """The session ``session_id`` as ``me`` may see it (the API's own answers, projected): from the
    session's read at its stored head, shared by every viewer of it (:mod:`.reads`), projected once
    for each viewer and language."""
    head = _head(ctx.db, session_id)
    if head is None:
        raise not_found()
    at_table(me, head.table_id)
    read = _read(ctx, head, session_id)
    viewer = viewer_for(me, read.controllers)
    key = (viewer, lang, get_language())
    shown = read.view(key, lambda: _projected(read, viewer, lang, read.earlier_view(key)))
    # the table's seq and background change without the session: this read's, never the view's kept
    return replace(shown, seq=head.seq, background=head.background)


def _read(ctx: Context, head: _Head, session_id: str) -> SessionRead:
    """The session as stored at ``head`` (read now), for all its viewers: the one kept at its
    stored head, else read (from the session in memory: :mod:`meneur.server.games`)."""
    db = ctx.db
    key = Head.of(head.version, head.command, head.controllers, head.options, head.hidden)
    games_ = ctx.games
    found = cast("SessionRead | None", games_.read(session_id, key))
    if found is not None:
        return found
    with games_.lock(session_id):
        found = cast("SessionRead | None", games_.read(session_id, key))  # another viewer's, meanwhile
        if found is not None:
            return found
        session = games_.cached(session_id, head.version, head.command)
        if session is None:
            row = db.get(GameSession, session_id)
            if row is None:
                raise not_found()
            session = games_.load(db, row)
        earlier = cast("SessionRead | None", games_.last_read(session_id))
        read = read_session(
            db, session, key, session_id, head.table_id, head.controllers, head.options, earlier
        )
        if session.version == head.version:  # else a newer command read past the head: not kept
            games_.keep_read(session_id, key, read)
    return read


def _projected(read: SessionRead, viewer: Viewer, lang: str, earlier: SessionView | None) -> SessionView:
    """``read`` as ``viewer`` may see it; the log's entries ``earlier`` (this viewer's view of the
    read before it) told already are taken from it when nothing changed of them (the same entries
    of the session in memory, projected with the same options)."""
    kind = read.kind
    options = read.options_for(viewer.is_gm)
    since = read.same_entries() if earlier is not None and earlier.options == options else 0
    kept = earlier.log[:since] if earlier is not None else []
    log_ = kept + [
        LogEntry(
            command=project_command(kind, e["command"], viewer, options),
            events=project_events(kind, e["events"], viewer, options),
            at=_moment(read.times.get(number)),
        )
        for number, e in enumerate(read.log_json()[since:], start=since + 1)
    ]
    told = described(
        read, [e.events for e in log_], viewer, options, lang, [e.command for e in log_], since=since
    )
    if earlier is not None and since:
        told += [(number, lines) for number, lines in earlier.told if number <= since]
    return SessionView(
        kind=kind,
        version=read.version,
        state=project_state(kind, read.state_json(), viewer, options),
        engine=project_engine(kind, read.state, viewer, options),
        legal=_legal_for(read.rules.codec, read.legal, viewer, kind, options),
        log=log_,
        lines=rewind_lines(log_, told, lang),
        viewer=viewer,
        controllers=dict(read.controllers),
        options=options,
        told=told,
    )


class SessionRoll(BaseModel):
    """A roll of the dice a session's command made (a test, an attack, the initiative), as one
    viewer may read it in its session's log."""

    session_id: str
    number: int
    """Its command's entry in the session's log (from 1)."""
    at: datetime | None = None
    """When its command was given (``None`` for a command stored before the server kept times)."""
    line: str
    """Its log line, in the book's words."""


def session_rolls(ctx: Context, me: Caller, table_id: str, lang: str, most: int = 100) -> list[SessionRoll]:
    """The ``most`` latest rolls the table's sessions made, newest first, as ``me`` may see them:
    each roll's line is its session's log line for this viewer (a roll the rules hide from them, a
    whispered surprise, gives none), and a command taken back took its rolls with it."""
    db = ctx.db
    at_table(me, table_id)
    rows = list(db.scalars(select(GameSession).where(GameSession.table_id == table_id)))
    found: list[SessionRoll] = []
    for row in rows:
        if not _installed(row.kind) or system(row.kind).rolled is None:
            continue
        log_ = session_log(ctx, me, row.id)
        _, table, viewer = _session(db, me, row.id)
        with ctx.games.lock(row.id):
            session = ctx.games.load(db, row)
            options = options_for(db, table, row.kind, viewer, session)
            lines = described(
                session,
                [e.events for e in log_.log],
                viewer,
                options,
                lang,
                [e.command for e in log_.log],
                only=session.system.rolled,
            )
        found.extend(
            SessionRoll(session_id=row.id, number=number, at=log_.log[number - 1].at, line=line)
            for number, told in lines
            for line in told
        )
    moment = datetime.min.replace(tzinfo=UTC)
    found.sort(key=lambda roll: (roll.at or moment, roll.number), reverse=True)
    return found[:most]


def described(
    session: Folded,
    events_json: list[list[Any]],
    viewer: Viewer,
    options: Mapping[str, Any],
    lang: str,
    commands: list[Any] | None = None,
    only: Callable[[Any], bool] | None = None,
    since: int = 0,
) -> list[tuple[int, list[str]]]:
    """The log lines in the book's words, newest first.

    The lines tell the events as this viewer may see them (``events_json``: an NPC's Vigueur may be
    blanked), each against the state before it as this viewer may know it; the states are folded
    from the engine's own events, so a blanked number never has to be folded. ``commands`` (the
    log's commands in their wire form) lets a log the session does not hold whole (restored from a
    snapshot) fold its rewinds; a rewind itself has no line here (see :func:`rewind_lines`).
    ``only`` keeps the lines of the events it accepts (the rolls of :func:`session_rolls`).
    ``since`` leaves out the lines of the first entries (told already), when the session holds the
    whole log (each entry's state before it is then the session's own).
    """
    rules = session.system
    engine = None if viewer.is_gm else projection_of(session.key).engine  # asked once, not per event
    state = session.start
    entries = session.entries()
    aligned = len(entries) == len(events_json)
    befores: list[Any] = []
    found: list[tuple[int, list[str]]] = []
    for number, events in enumerate(events_json, start=1):
        if aligned and number <= since:
            continue
        if aligned:
            state = entries[number - 1].before
        befores.append(state)
        step = None if aligned or commands is None else rewind_of(commands[number - 1])
        lines = []
        told = state
        for wire in events:
            try:
                event = rules.codec.event_from_json(wire)
            except MeneurError:
                continue
            wanted = only is None or only(event)
            seen = engine(told, viewer, options) if wanted and engine is not None else told
            message = rules.describe(seen, event) if wanted and rules.describe is not None else None
            if message is not None:
                lines.append(message.render(lang))
            told = rules.evolve(told, event)
        if not aligned:
            state = befores[step.before - 1] if step is not None and step.before <= len(befores) else told
        found.append((number, lines))
    found.reverse()
    return found


def rewind_lines(
    log_: list[LogEntry], lines: list[tuple[int, list[str]]], lang: str
) -> list[tuple[int, list[str]]]:
    """``lines`` (newest first) with each rewind of the log told: « Le MJ est revenu à 21 h 30
    (avant : ...) », the moment the entry it went back before was given and that entry's first line."""
    told = dict(lines)
    found = []
    for number, own in lines:
        step = rewind_of(log_[number - 1].command) if number <= len(log_) else None
        if step is None or step.before > len(log_):
            found.append((number, own))
            continue
        target = log_[step.before - 1]
        what = next(iter(told.get(step.before, [])), "").rstrip(". ")
        if target.at is None:
            message = Message(
                "server", N_("The GM went back to before step {number}."), {"number": step.before}
            )
        elif what:
            message = Message(
                "server",
                N_("The GM went back to {time} (before: {what})."),
                {"time": clock(target.at), "what": what},
            )
        else:
            message = Message(
                "server",
                N_("The GM went back to {time} (before step {number})."),
                {"time": clock(target.at), "number": step.before},
            )
        found.append((number, [message.render(lang)]))
    return found
