"""Redo: the command taken back last is live again, stored with the session (it survives a restart
and works on any worker).

The commands taken back are rows marked ``undone`` (their events stay). ``redo`` marks the latest one
at the next version live again, with the events it had (the same dice), provided it was taken back
after the live command at the current version was given: a command given after an undo makes the
commands taken back before it unredoable, as :meth:`meneur.engine.Session.redo` does.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as Db

from meneur.i18n import N_, Message
from meneur.server.api.common import ApiError, Database, Me, conflict, errors, gm_only
from meneur.server.api.sessions import MovedError, UndoIn, Undone, _session, announce, version_links
from meneur.server.games import Games
from meneur.server.models import CommandRow, GameSession

router = APIRouter(prefix="/api/v1", tags=["sessions"])


def redoable(db: Db, session_id: str, version: int) -> CommandRow | None:
    """The command ``redo`` would carry out again at ``version``: the latest command taken back at
    the next version, if it was taken back after the live command at ``version`` was given (a
    command given after an undo makes the commands taken back before it unredoable)."""
    live = db.scalar(
        select(CommandRow.id).where(
            CommandRow.session_id == session_id,
            CommandRow.version == version,
            CommandRow.undone.is_(False),
        )
    )
    return db.scalar(
        select(CommandRow)
        .where(
            CommandRow.session_id == session_id,
            CommandRow.version == version + 1,
            CommandRow.undone.is_(True),
            CommandRow.id > (live or 0),
        )
        .order_by(CommandRow.id.desc())
        .limit(1)
    )


def _nothing_to_redo() -> ApiError:
    return ApiError(409, "nothing_to_redo", Message("server", N_("There is no command to carry out again.")))


@router.post(
    "/sessions/{session_id}/redo",
    response_model=Undone,
    responses={**errors(400, 401, 403, 404, 409), 200: version_links("undo")},
    summary="Carry out again the last command taken back (GM)",
)
def redo(session_id: str, body: UndoIn, me: Me, request: Request, db: Database) -> Undone:
    """The command taken back last is live again with the events it had (the same dice): the state
    is the one before the undo. Every screen follows it as a command."""
    row, table, _viewer = _session(db, me, session_id)
    gm_only(me)
    games: Games = request.app.state.games
    with games.lock(session_id):
        db.commit()  # a new read transaction sees what other writers committed
        db.refresh(row)
        if body.version != row.version:
            raise conflict(row.version)
        if redoable(db, row.id, row.version) is None:
            raise _nothing_to_redo()
        db.commit()  # give the read connection back before waiting for the writer
        try:
            with request.app.state.store.writer() as writer:
                again = redoable(writer, row.id, row.version)
                if again is None:
                    raise _nothing_to_redo()
                moved = writer.execute(
                    update(GameSession)
                    .where(GameSession.id == row.id, GameSession.version == row.version)
                    .values(version=row.version + 1)
                ).rowcount
                if moved != 1:
                    raise MovedError()
                again.undone = False
                writer.flush()
                command, events = announce(writer, row, "command", row.version + 1, again)
        except (IntegrityError, MovedError):
            with request.app.state.store.reader() as fresh:
                now = fresh.get(GameSession, session_id)
                raise conflict(now.version if now is not None else 0) from None
        finally:
            games.forget(session_id)
    request.app.state.hub.notify(table.id)
    return Undone(command=command, events=events, version=body.version + 1)
