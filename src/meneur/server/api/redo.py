"""Redo over REST: the command taken back last is live again, stored with the session (it survives
a restart and works on any worker); the service is :func:`meneur.server.services.sessions.redo`.

The commands taken back are rows marked ``undone`` (their events stay). ``redo`` marks the latest one
at the next version live again, with the events it had (the same dice), provided it was taken back
after the live command at the current version was given: a command given after an undo makes the
commands taken back before it unredoable, as :meth:`meneur.engine.Session.redo` does.
"""

from __future__ import annotations

from fastapi import APIRouter

from meneur.server.api.common import Me, errors
from meneur.server.api.sessions import version_links
from meneur.server.services import Services
from meneur.server.services import sessions as service
from meneur.server.services.sessions import UndoIn, Undone, redoable

__all__ = ["redo", "redoable", "router"]

router = APIRouter(prefix="/api/v1", tags=["sessions"])


@router.post(
    "/sessions/{session_id}/redo",
    response_model=Undone,
    responses={**errors(400, 401, 403, 404, 409), 200: version_links("undo")},
    summary="Carry out again the last command taken back (GM)",
)
def redo(session_id: str, body: UndoIn, me: Me, ctx: Services) -> Undone:
    """The command taken back last is live again with the events it had (the same dice): the state
    is the one before the undo. Every screen follows it as a command."""
    return service.redo(ctx, me, session_id, body.version)
