"""Engine sessions: create (GM), read, legal commands, commands and undo (redo: :mod:`.redo`).

The route builds the command's wire form, asks :class:`meneur.engine.Session` to carry it out and
stores the events it returns; it never decides a rule. Who may give a command: the GM any; a
player only a command whose actor is one the server linked to them in the session's
``controllers`` (:mod:`meneur.server.permissions`); an observer none. What a viewer who is not the
GM receives goes through the projections (:mod:`meneur.server.projection`).
"""

from __future__ import annotations

import logging
from typing import Annotated, Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field
from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session as Db

from meneur.engine import Session
from meneur.engine.registry import SYSTEMS, system
from meneur.i18n import N_, Message
from meneur.server import feed
from meneur.server.api.common import (
    ApiError,
    Body,
    Caller,
    Database,
    Me,
    at_table,
    conflict,
    errors,
    gm_only,
    link,
    links,
    listed,
    not_found,
)
from meneur.server.auth import new_id
from meneur.server.games import Games, Resumed, stored_log
from meneur.server.models import (
    Character,
    CommandRow,
    EventRow,
    GameSession,
    GameTable,
    Member,
    Snapshot,
)
from meneur.server.permissions import may_act, viewer_for
from meneur.server.projection import (
    Viewer,
    mentions,
    project_command,
    project_events,
    project_state,
    secrets,
    view_options,
)
from meneur.server.table_options import setup_with

router = APIRouter(prefix="/api/v1", tags=["sessions"])
log = logging.getLogger("meneur.server.sessions")

Dice = Annotated[list[Annotated[int, Field(ge=1, le=1_000_000)]], Field(max_length=1000)]


def session_kinds() -> list[str]:
    """Every kind of session a table may play (the kinds of its own system only)."""
    return sorted(SYSTEMS)


class SessionIn(Body):
    kind: Annotated[str, Field(max_length=40, json_schema_extra=listed(session_kinds))]
    setup: Any
    controllers: dict[str, str] = Field(default_factory=dict)
    """Actor id -> member id: who (besides the GM) gives that actor's commands."""


def session_links(session: str, version: str = "$response.body#/version") -> dict[str, dict[str, Any]]:
    """What the caller may call next on the session ``session`` at ``version`` (runtime
    expressions)."""
    seat = {"path__session_id": session, "header__authorization": "$request.header.authorization"}
    return {
        "GetSession": link("get", "/sessions/{session_id}", **seat),
        "GetLegal": link("get", "/sessions/{session_id}/legal", **seat),
        "GetLog": link("get", "/sessions/{session_id}/log", **seat),
        "GiveCommand": link("post", "/sessions/{session_id}/commands", {"version": version}, **seat),
    }


def version_links(*verbs: str) -> dict[str, Any]:
    """Links to ``verbs`` (``undo``, ``redo``) of the same session at the version just answered."""
    seat = {
        "path__session_id": "$request.path.session_id",
        "header__authorization": "$request.header.authorization",
    }
    named = {
        verb.title(): link(
            "post", f"/sessions/{{session_id}}/{verb}", {"version": "$response.body#/version"}, **seat
        )
        for verb in verbs
    }
    return links(**named, **session_links("$request.path.session_id"))


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


class LogOut(BaseModel):
    version: int
    log: list[LogEntry]


def viewer_of(member: Member | Caller, session: GameSession | None) -> Viewer:
    """The member as a viewer of ``session``: the actors the server linked to them in it."""
    return viewer_for(member, None if session is None else session.controllers)


def hidden_names(db: Db, table_id: str) -> list[str]:
    """The names of the table's characters the GM hides (a hidden character a player owns hides
    nothing: only the GM hides)."""
    return list(
        db.scalars(
            select(Character.name).where(
                Character.table_id == table_id, Character.hidden.is_(True), Character.owner_id.is_(None)
            )
        )
    )


def options_for(
    db: Db, table: GameTable, kind: str, viewer: Viewer, session: Session[Any, Any, Any] | None = None
) -> dict[str, Any]:
    """The options the projections of ``kind`` receive for ``viewer`` (the table's as they are for
    the GM, who sees everything): with the table's hidden characters and what ``session`` tells."""
    if viewer.is_gm:
        return dict(table.options)
    return view_options(kind, table.options, hidden_names(db, table.id), session)


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


def _kinds_of(table_system: str) -> list[str]:
    """The kinds of session a table of ``table_system`` plays, among the systems installed."""
    return [
        key
        for key in SYSTEMS
        if (key == table_system or key.startswith(table_system + "-")) and _installed(key)
    ]


def reads_files(kind: str, setup: Any) -> Message | None:
    """Why ``setup`` may not start a session on the server: an Energy fight's combatant that names a
    character file (the server reads no file of its own disk for a client, and a session must replay
    from what is stored). ``None`` when it may."""
    combatants = setup.get("combatants") if isinstance(setup, dict) else None
    if kind != "energy-fight" or not isinstance(combatants, list):
        return None
    for entry in combatants:
        if isinstance(entry, dict) and "file" in entry:
            return Message(
                "server",
                N_(
                    "Combatant {id}: a fight at a table reads no file of the server. Give the character"
                    " itself ('character': the file's contents), a hero of the library ('hero') or an"
                    " NPC's rank ('npc')."
                ),
                {"id": str(entry.get("id", "?"))[:50]},
            )
    return None


@router.post(
    "/tables/{table_id}/sessions",
    status_code=201,
    response_model=SessionCreated,
    responses={**errors(400, 401, 403, 404), 201: links(**session_links("$response.body#/id"))},
    summary="Start a session of the engine (GM)",
)
def create_session(table_id: str, body: SessionIn, me: Me, request: Request, db: Database) -> SessionCreated:
    at_table(me, table_id)
    table = db.get(GameTable, table_id)
    if table is None:
        raise not_found()
    gm_only(me)
    if body.kind not in _kinds_of(table.system):
        raise ApiError(
            400,
            "bad_input",
            Message(
                "server",
                N_("A table of {system} plays sessions of these kinds: {known}."),
                {"system": table.system, "known": ", ".join(_kinds_of(table.system))},
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
    with request.app.state.store.writer() as writer:
        writer.add(
            GameSession(
                id=session_id,
                table_id=table_id,
                kind=body.kind,
                setup=session.setup,
                controllers=body.controllers,
                version=0,
                event_count=0,
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
    request.app.state.games.remember(session_id, session)
    request.app.state.hub.notify(table_id)
    return SessionCreated(id=session_id, version=0)


@router.get(
    "/sessions/{session_id}",
    response_model=SessionOut,
    responses=errors(401, 404),
    summary="The session's state as this member may see it",
)
def get_session(session_id: str, me: Me, request: Request, db: Database) -> SessionOut:
    row, table, viewer = _session(db, me, session_id)
    games: Games = request.app.state.games
    with games.lock(session_id):
        session = games.load(db, row)
        state = session.system.state_json(session.state)
        version = session.version
        options = options_for(db, table, row.kind, viewer, session)
    return SessionOut(
        id=row.id, kind=row.kind, version=version, state=project_state(row.kind, state, viewer, options)
    )


class MovedError(Exception):
    """Another writer changed the session first."""


def announce(db: Db, row: GameSession, kind: str, version: int, stored: CommandRow) -> tuple[Any, list[Any]]:
    """Write the feed's change for a stored command taken back (``undo``) or carried out again
    (``command``) with the events it caused, and return them: ``(command, events)``."""
    events = list(
        db.scalars(select(EventRow.event).where(EventRow.command_id == stored.id).order_by(EventRow.position))
    )
    payload = {"session": row.id, "version": version, "command": stored.command, "events": events}
    feed.append(db, row.table_id, kind, payload, session_id=row.id)
    return stored.command, events


@router.get(
    "/sessions/{session_id}/legal",
    response_model=LegalList,
    responses=errors(401, 404),
    summary="The commands this member may give now",
)
def legal(session_id: str, me: Me, request: Request, db: Database, refused: bool = False) -> LegalList:
    row, table, viewer = _session(db, me, session_id)
    games: Games = request.app.state.games
    with games.lock(session_id):
        session = games.load(db, row)
        entries = session.legal(include_refused=refused)
        codec = session.system.codec
        words = secrets(row.kind, viewer, options_for(db, table, row.kind, viewer, session))
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
            if may_act(viewer, e.actor)
        ]
        # an entry naming what this viewer may not know of (a hidden NPC: a target, a reason) is not theirs
        shown = [e for e in found if not mentions([e.command, e.details, e.reason], words)]
        return LegalList(version=session.version, legal=shown)


@router.get(
    "/sessions/{session_id}/log",
    response_model=LogOut,
    responses=errors(401, 404),
    summary="The session's commands and events as this member may see them",
)
def session_log(session_id: str, me: Me, request: Request, db: Database) -> LogOut:
    row, table, viewer = _session(db, me, session_id)
    games: Games = request.app.state.games
    with games.lock(session_id):
        session = games.load(db, row)
        if isinstance(session, Resumed):  # restored from a snapshot: the older commands are stored
            entries = [{"command": c, "events": e} for c, e in stored_log(db, row.id)]
        else:
            entries = session.log_json()
        options = options_for(db, table, row.kind, viewer, session)
    return LogOut(
        version=len(entries),
        log=[
            LogEntry(
                command=project_command(row.kind, e["command"], viewer, options),
                events=project_events(row.kind, e["events"], viewer, options),
            )
            for e in entries
        ],
    )


@router.post(
    "/sessions/{session_id}/undo",
    response_model=Undone,
    responses={**errors(400, 401, 403, 404, 409), 200: version_links("undo", "redo")},
    summary="Take back the last command (GM)",
)
def undo(session_id: str, body: UndoIn, me: Me, request: Request, db: Database) -> Undone:
    row, table, _viewer = _session(db, me, session_id)
    gm_only(me)
    games: Games = request.app.state.games
    with games.lock(session_id):
        db.commit()  # a new read transaction sees what other writers committed
        db.refresh(row)
        if body.version != row.version:
            raise conflict(row.version)
        if row.version == 0:
            raise ApiError(409, "nothing_to_undo", Message("server", N_("There is no command to take back.")))
        games.load(db, row)
        try:
            with request.app.state.store.writer() as writer:
                moved = writer.execute(
                    update(GameSession)
                    .where(GameSession.id == row.id, GameSession.version == row.version)
                    .values(version=row.version - 1)
                ).rowcount
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
                command, events = announce(writer, row, "undo", row.version - 1, last)
        except MovedError:
            games.forget(session_id)
            raise conflict(row.version) from None
        finally:
            games.forget(session_id)
    request.app.state.hub.notify(table.id)
    return Undone(command=command, events=events, version=body.version - 1)
