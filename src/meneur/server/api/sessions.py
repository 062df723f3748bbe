"""Engine sessions over REST: create (GM), read, legal commands, the log, undo and rewind (a
command: :mod:`.commands`; redo: :mod:`.redo`).

Each route reads its input, calls the service (:mod:`meneur.server.services.sessions`, which the
pages call too) and answers its JSON; it decides no rule and calls no other route.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from meneur.server.api.common import Database, Me, errors, link, links
from meneur.server.services import Services, context
from meneur.server.services import sessions as service
from meneur.server.services.sessions import (
    CommandDone,
    CommandIn,
    LegalList,
    LegalOut,
    LogEntry,
    LogOut,
    MovedError,
    RewindIn,
    SessionCreated,
    SessionIn,
    SessionOut,
    UndoIn,
    Undone,
    reads_files,
    session_kinds,
)
from meneur.server.viewing import hidden_names, options_for, viewer_of

__all__ = [
    "CommandDone",
    "CommandIn",
    "LegalList",
    "LegalOut",
    "LogEntry",
    "LogOut",
    "MovedError",
    "RewindIn",
    "SessionCreated",
    "SessionIn",
    "SessionOut",
    "UndoIn",
    "Undone",
    "hidden_names",
    "options_for",
    "reads_files",
    "router",
    "session_kinds",
    "session_links",
    "version_links",
    "viewer_of",
]

router = APIRouter(prefix="/api/v1", tags=["sessions"])


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


@router.post(
    "/tables/{table_id}/sessions",
    status_code=201,
    response_model=SessionCreated,
    responses={**errors(400, 401, 403, 404), 201: links(**session_links("$response.body#/id"))},
    summary="Start a session of the engine (GM)",
)
def create_session(table_id: str, body: SessionIn, me: Me, request: Request, db: Database) -> SessionCreated:
    # (request, db) rather than the Context: a game's own page (its new-fight form) still calls this
    return service.create(context(request, db), me, table_id, body)


@router.get(
    "/sessions/{session_id}",
    response_model=SessionOut,
    responses=errors(401, 404),
    summary="The session's state as this member may see it",
)
def get_session(session_id: str, me: Me, ctx: Services) -> SessionOut:
    return service.get(ctx, me, session_id)


@router.get(
    "/sessions/{session_id}/legal",
    response_model=LegalList,
    responses=errors(401, 404),
    summary="The commands this member may give now",
)
def legal(session_id: str, me: Me, ctx: Services, refused: bool = False) -> LegalList:
    return service.legal(ctx, me, session_id, refused=refused)


@router.get(
    "/sessions/{session_id}/log",
    response_model=LogOut,
    responses=errors(401, 404),
    summary="The session's commands and events as this member may see them",
)
def session_log(session_id: str, me: Me, ctx: Services) -> LogOut:
    return service.session_log(ctx, me, session_id)


@router.post(
    "/sessions/{session_id}/undo",
    response_model=Undone,
    responses={**errors(400, 401, 403, 404, 409), 200: version_links("undo", "redo")},
    summary="Take back the last command (GM)",
)
def undo(session_id: str, body: UndoIn, me: Me, ctx: Services) -> Undone:
    return service.undo(ctx, me, session_id, body.version)


@router.post(
    "/sessions/{session_id}/rewind",
    response_model=Undone,
    responses={**errors(400, 401, 403, 404, 409), 200: version_links("undo", "redo")},
    summary="Go back to before an entry of the log, or to a moment (GM)",
    description=(
        "The session's state becomes the one before the entry `before` (numbered from 1), or the one"
        " at the moment `at` (before the first command given after it), as one more entry of the log:"
        " `undo` takes it back, every screen follows it. The answer's `command` is the kernel's"
        ' `{"meneur:rewind": {"before": n}}`, with no events.'
    ),
)
def rewind(session_id: str, body: RewindIn, me: Me, ctx: Services) -> Undone:
    return service.rewind(ctx, me, session_id, body)
