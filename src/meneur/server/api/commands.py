"""Commands over REST: every command of every table comes this way (the pages call the same
service, :func:`meneur.server.services.sessions.do`).

The route finds the member and carries the command out in one worker thread; it decides no rule.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Header, Request
from starlette.concurrency import run_in_threadpool

from meneur.server.api.common import caller_of, errors
from meneur.server.api.sessions import version_links
from meneur.server.services import context
from meneur.server.services import sessions as service
from meneur.server.services.sessions import CommandDone, CommandIn

router = APIRouter(prefix="/api/v1", tags=["sessions"])


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
    authorization: Annotated[str | None, Header()] = None,
) -> CommandDone:
    """Every command of every table comes this way: the member is found, the command carried out and
    stored in one worker thread (a route in FastAPI's threads takes three: the member, the route and
    its answer's serialisation). The read session is opened there too, not by a dependency (an
    asynchronous generator FastAPI runs in an exit stack around every request)."""
    return await run_in_threadpool(_member_gives, session_id, body, request, authorization)


def _member_gives(
    session_id: str, body: CommandIn, request: Request, authorization: str | None
) -> CommandDone:
    db = request.app.state.store.request_reader()
    try:
        return service.do(context(request, db), caller_of(request, db, authorization), session_id, body)
    finally:
        db.close()
