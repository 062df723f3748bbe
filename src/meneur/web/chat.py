"""The chat's pages: the panel (messages, the form to write one, the handouts) on the table page and
on its own page, the GM's handout form, a handout's image, and the journal of the evening.

Every route calls the services the REST API calls (:mod:`meneur.server.services.chat`,
:mod:`~meneur.server.services.handouts`, :mod:`~meneur.server.services.journal`), so a page shows
what the API would answer this member, and nothing else. The panel's lists come live through the
page's socket (``/t/{table}/live?page=chat``: :mod:`meneur.web.live`), rendered by
:func:`chat_fragment`.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.responses import HTMLResponse, Response
from pydantic import ValidationError
from sqlalchemy.orm import Session as Db

from meneur.engine.problems import explain
from meneur.errors import MeneurError
from meneur.server.api.common import ApiError, Caller, Database
from meneur.server.models import GameTable
from meneur.server.services import chat as chat_service
from meneur.server.services import context
from meneur.server.services import handouts as handout_service
from meneur.server.services import images as image_service
from meneur.server.services import journal as journal_service
from meneur.web.pages import csrf_ok, language, render, seat

router = APIRouter(include_in_schema=False)
Field = Annotated[str, Form()]


def _signed_out(request: Request) -> HTMLResponse:
    return render(request, "message.html", {"title_key": "signed_out"}, status=401)


def _error(request: Request, error: Exception) -> str:
    if isinstance(error, ApiError):
        return error.message.render(language(request))
    if isinstance(error, MeneurError):
        return error.render(language(request))
    return str(error)


def _lists(request: Request, db: Db, me: Caller, table_id: str) -> dict[str, Any]:
    """What the panel's lists show this member: the latest messages, the handouts, the players."""
    ctx = context(request, db)
    table = db.get(GameTable, table_id, populate_existing=True)  # its seq first: the page is at least there
    return {
        "me": me,
        "table": table,
        "seq": table.seq if table else 0,
        "messages": chat_service.page(ctx, me, table_id).messages,
        "handouts": handout_service.listed(ctx, me, table_id).handouts,
        "players": [] if me.role == "observer" else handout_service.players(ctx, me, table_id),
        "text": "",
        "to": "all",
        "error": None,
        "handout_error": None,
        "handout": {"title": "", "text": "", "readers": []},
    }


def _panel(request: Request, db: Db, me: Caller, table_id: str, **extra: Any) -> HTMLResponse:
    return render(request, "_chat_panel.html", {**_lists(request, db, me, table_id), **extra})


@router.get("/t/{table_id}/chat", response_class=HTMLResponse)
def chat_page(request: Request, db: Database, table_id: str) -> HTMLResponse:
    """The chat on its own page (the one a session page's « Discussion » link opens)."""
    me = seat(request, db, table_id)
    if me is None:
        return _signed_out(request)
    return render(request, "chat.html", _lists(request, db, me, table_id))


@router.get("/t/{table_id}/chat/panel", response_class=HTMLResponse)
def chat_panel(request: Request, db: Database, table_id: str) -> HTMLResponse:
    """The whole panel (the table page loads it into its « Discussion » drawer)."""
    me = seat(request, db, table_id)
    if me is None:
        return _signed_out(request)
    return _panel(request, db, me, table_id)


@router.get("/t/{table_id}/chat/list", response_class=HTMLResponse)
def chat_fragment(request: Request, db: Database, table_id: str) -> HTMLResponse:
    """The panel's lists (messages and handouts), as the socket sends them: the forms stay as the
    member is typing in them."""
    me = seat(request, db, table_id)
    if me is None:
        return _signed_out(request)
    return render(request, "_chat_lists.html", _lists(request, db, me, table_id))


@router.post("/t/{table_id}/chat", response_class=HTMLResponse)
def send(
    request: Request, db: Database, table_id: str, text: Field = "", to: Field = "all", csrf: Field = ""
) -> HTMLResponse:
    """Send a message: ``to`` is ``all``, ``gm`` or a player's member id (a whisper)."""
    me = seat(request, db, table_id)
    if me is None:
        return _signed_out(request)
    if not csrf_ok(request, csrf):
        return render(request, "message.html", {"title_key": "csrf"}, status=403)
    wanted: dict[str, Any] = {"text": text or " "}
    if to in ("all", "gm"):
        wanted["to"] = to
    else:
        wanted.update(to="member", addressee=to[:32] or "-")
    try:
        try:
            body = chat_service.MessageIn.model_validate(wanted)
        except ValidationError as problem:
            raise explain(problem, "form") from None
        chat_service.post(context(request, db), me, table_id, body)
    except (ApiError, MeneurError) as error:
        return _panel(request, db, me, table_id, text=text, to=to, error=_error(request, error))
    db.commit()  # a new read transaction sees what was just written
    return _panel(request, db, me, table_id, to=to)


@router.post("/t/{table_id}/handouts", response_class=HTMLResponse)
def show_handout(
    request: Request,
    db: Database,
    table_id: str,
    title: Field = "",
    text: Field = "",
    readers: Annotated[list[str] | None, Form()] = None,
    image: Annotated[UploadFile | None, File()] = None,
    csrf: Field = "",
) -> HTMLResponse:
    """The GM shows a handout (a title, a text and/or an image) to the players ticked."""
    me = seat(request, db, table_id)
    if me is None:
        return _signed_out(request)
    if not csrf_ok(request, csrf):
        return render(request, "message.html", {"title_key": "csrf"}, status=403)
    chosen = list(readers or [])
    kept = {"title": title, "text": text, "readers": chosen}
    data = image.file.read(image_service.LARGEST + 1) if image is not None and image.filename else None
    try:
        try:
            new = handout_service.New(title=title, text=text, image=data, readers=chosen)
        except ValidationError as problem:
            raise explain(problem, "form") from None
        handout_service.create(context(request, db), me, table_id, new)
    except (ApiError, MeneurError) as error:
        return _panel(request, db, me, table_id, handout=kept, handout_error=_error(request, error))
    db.commit()
    return _panel(request, db, me, table_id)


@router.get("/t/{table_id}/images/{image_id}", response_model=None)
def table_image(request: Request, db: Database, table_id: str, image_id: str) -> Response:
    """An image kept with the table, for a member it is shown to (else the page of a missing one)."""
    me = seat(request, db, table_id)
    if me is None:
        return _signed_out(request)
    try:
        media_type, data = image_service.fetch(context(request, db), me, table_id, image_id)
    except ApiError:
        return render(request, "message.html", {"title_key": "not_found"}, status=404)
    return Response(
        data,
        media_type=media_type,
        headers={
            "Cache-Control": "private, max-age=3600",
            "X-Content-Type-Options": "nosniff",
            "Content-Security-Policy": "default-src 'none'",
        },
    )


@router.get("/t/{table_id}/journal", response_class=HTMLResponse)
def journal_page(request: Request, db: Database, table_id: str) -> HTMLResponse:
    """The evening's journal: rolls, messages and the sessions' log lines, in order."""
    me = seat(request, db, table_id)
    if me is None:
        return _signed_out(request)
    found = journal_service.journal(context(request, db), me, table_id, language(request))
    return render(
        request, "journal.html", {"me": me, "table": db.get(GameTable, table_id), "entries": found.entries}
    )
