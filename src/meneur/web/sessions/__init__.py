"""The one session router: the same verbs for every game's sessions, handed to the game's adapter.

``GET /t/{t}/s/{s}`` answers the page, or (an ``HX-Request`` header, as htmx and the live updates
send) the fragment that swaps in place; ``POST .../do`` gives a button's command, ``.../undo`` and
``.../redo`` take the last one back and carry it out again (the GM's), ``.../claim`` takes an actor
nobody plays; ``.../history`` and ``.../rewind`` show the GM each step with its time and go back to
one (:mod:`.history`). The session's game is found through the registry (:func:`meneur.web.adapter.view_of`);
no game is named here. A game's adapter may add its own verbs on its own router (Energy's ``gm``,
``suggest``, ``autoplay``; the odds preview).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from fastapi import APIRouter, Depends, Header, Request
from fastapi.responses import HTMLResponse, Response
from starlette.datastructures import FormData

from meneur.server.api.common import Database
from meneur.web.adapter import SessionPages, view_of_kind
from meneur.web.pages import PageAnswer, render
from meneur.web.routes import OptionalText, session_place
from meneur.web.sessions import history

router = APIRouter(include_in_schema=False)


def _not_found(request: Request) -> HTMLResponse:
    return render(request, "message.html", {"title_key": "not_found"}, status=404)


def _adapter(request: Request, db: Database, session_id: str) -> SessionPages:
    """The adapter of the session's game.

    Raises:
        PageAnswer: the not-found page, for a session gone or a kind no page shows.
    """
    place = session_place(db, session_id)
    adapter = None if place is None else view_of_kind(place[1])
    if adapter is None:
        raise PageAnswer(_not_found(request))
    return adapter


async def form_data(request: Request) -> FormData:
    """The form a ``POST`` sent (read once, before the route's thread)."""
    return await request.form()


def fragment(request: Request, db: Database, table_id: str, session_id: str) -> HTMLResponse:
    """The session's fragment, as a live update swaps it in.

    Raises:
        PageAnswer: the 404 page, for a session gone.
    """
    return _adapter(request, db, session_id).page(request, db, table_id, session_id, fragment=True)


@router.get("/t/{table_id}/s/{session_id}", response_class=HTMLResponse)
def session_page(
    request: Request,
    db: Database,
    table_id: str,
    session_id: str,
    hx_request: Annotated[str | None, Header()] = None,
) -> HTMLResponse:
    """The session's page, or its fragment for htmx and the live updates (``HX-Request``)."""
    return _adapter(request, db, session_id).page(
        request, db, table_id, session_id, fragment=hx_request is not None
    )


@router.post("/t/{table_id}/s/{session_id}/do", response_class=HTMLResponse)
def do(
    request: Request,
    db: Database,
    table_id: str,
    session_id: str,
    form: Annotated[FormData, Depends(form_data)],
) -> HTMLResponse:
    """A button's command, with what was chosen beside it."""
    return _adapter(request, db, session_id).do(request, db, table_id, session_id, form)


def _history(forward: bool) -> Callable[..., HTMLResponse]:
    """The route that takes the last command back (the GM's), or (``forward``) carries out again the
    one the GM took back last (stored with the session)."""

    def step(
        request: Request,
        db: Database,
        table_id: str,
        session_id: str,
        version: OptionalText = "0",
        csrf: OptionalText = "",
    ) -> HTMLResponse:
        return _adapter(request, db, session_id).step(
            request, db, table_id, session_id, version, csrf, forward=forward
        )

    step.__name__ = step.__qualname__ = "redo" if forward else "undo"
    return step


undo = router.post("/t/{table_id}/s/{session_id}/undo", response_class=HTMLResponse)(_history(forward=False))
redo = router.post("/t/{table_id}/s/{session_id}/redo", response_class=HTMLResponse)(_history(forward=True))


@router.post("/t/{table_id}/s/{session_id}/claim", response_class=HTMLResponse)
def claim(
    request: Request,
    db: Database,
    table_id: str,
    session_id: str,
    actor: OptionalText = "",
    csrf: OptionalText = "",
) -> HTMLResponse:
    """A player takes an actor of the session nobody plays yet."""
    return _adapter(request, db, session_id).claim(request, db, table_id, session_id, actor, csrf)


@router.get("/t/{table_id}/s/{session_id}/history", response_class=HTMLResponse)
def session_history(request: Request, db: Database, table_id: str, session_id: str) -> HTMLResponse:
    """Each step of the log with its time, and the GM's ways back to one."""
    return history.page(request, db, table_id, session_id)


@router.post("/t/{table_id}/s/{session_id}/rewind", response_class=HTMLResponse)
def rewind(
    request: Request,
    db: Database,
    table_id: str,
    session_id: str,
    form: Annotated[FormData, Depends(form_data)],
) -> Response:
    """Go back to before a step or to a time, once the GM said yes on the confirmation."""
    fields = {key: value for key, value in form.items() if isinstance(value, str)}
    return history.rewind(request, db, table_id, session_id, fields)
