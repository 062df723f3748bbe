"""The pages' shared checks, the roll log and the language (home and accounts: :mod:`meneur.web.home`;
join and the table: :mod:`meneur.web.tables`; the session pages: :mod:`meneur.web.sessions`).

A route reads the form, builds the API's body or the engine's command, calls the same service
function as the REST API (:mod:`meneur.server.api`), and renders what comes back. A refusal is the
engine's message, shown beside the buttons; nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import FileResponse, HTMLResponse, Response
from pydantic import ValidationError
from sqlalchemy import select
from sqlalchemy.orm import Session as Db

from meneur.engine.problems import explain
from meneur.errors import MeneurError, Refused
from meneur.i18n import N_, Message
from meneur.server.accounts import seats
from meneur.server.api.common import ApiError, Caller, Database
from meneur.server.models import GameSession, GameTable, Member
from meneur.server.services import context
from meneur.server.services import rolls as rolls_service
from meneur.server.services import sessions as sessions_service
from meneur.server.services import tables as tables_service
from meneur.web.pages import (
    LANGUAGE_COOKIE,
    PAGE_LANGUAGES,
    STATIC,
    PageAnswer,
    csrf_ok,
    language,
    redirect,
    render,
    seat,
)
from meneur.web.tables import session_label

router = APIRouter(include_in_schema=False)
OptionalText = Annotated[str, Form()]
T = TypeVar("T")


def error_text(request: Request, error: Exception) -> str:
    """The message of an error the services raised, in the page's language."""
    lang = language(request)
    if isinstance(error, ApiError):
        return error.message.render(lang)
    if isinstance(error, Refused | MeneurError):
        return error.render(lang)
    return str(error)


def valid(make: Callable[[], T]) -> T:
    """A body of the API built from a form (pydantic's complaint in the user's words)."""
    try:
        return make()
    except ValidationError as error:
        raise explain(error, "form") from None


def signed_out(request: Request) -> HTMLResponse:
    """The page that asks a visitor who sits at no table to sign in (401)."""
    return render(request, "message.html", {"title_key": "signed_out"}, status=401)


def member(request: Request, db: Database, table_id: str) -> Caller | None:
    """Who the visitor is at the table (``None``: they sit at it under no name)."""
    return seat(request, db, table_id)


def forbidden(request: Request) -> HTMLResponse:
    """The page that refuses a form without its anti-forgery token, or a GM's page to a player (403)."""
    return render(request, "message.html", {"title_key": "csrf"}, status=403)


@router.get("/favicon.ico")
def favicon() -> FileResponse:
    """The site's icon where every browser asks for it first (a die's face)."""
    return FileResponse(
        STATIC / "favicon.ico", media_type="image/x-icon", headers={"Cache-Control": "max-age=86400"}
    )


# -- the language ---------------------------------------------------------------------------------


@router.post("/language", response_model=None)
def choose_language(
    request: Request,
    db: Database,
    lang: OptionalText = "fr",
    next: OptionalText = "/",
    csrf: OptionalText = "",
) -> Response:
    chosen = lang if lang in PAGE_LANGUAGES else "fr"
    # a path of this site, its query kept (a join page's ?code=); never another site's (//, /\)
    target = next if next.startswith("/") and next[1:2] not in ("/", "\\") else "/"
    response = redirect(target)
    response.set_cookie(LANGUAGE_COOKIE, chosen, samesite="lax", path="/", max_age=3600 * 24 * 365)
    if csrf_ok(request, csrf):  # every seat of this browser speaks it from now on
        ids = [seated.id for seated in seats(db, request.cookies)]
        with request.app.state.store.writer() as writer:
            for member_id in ids:
                found = writer.get(Member, member_id)
                if found is not None:
                    found.language = chosen
    return response


# -- the sessions (each game's session pages are its plugin's view adapter, :mod:`meneur.web.sessions`) -------------


def session_place(db: Db, session_id: str) -> tuple[str, str] | None:
    """The table and the kind of the session ``session_id`` (``None``: no such session), read once
    for a request (both never change: the session router's adapter and the page's check ask)."""
    key = ("session_place", session_id)
    if key not in db.info:
        found = db.execute(
            select(GameSession.table_id, GameSession.kind).where(GameSession.id == session_id)
        ).one_or_none()
        db.info[key] = None if found is None else (str(found[0]), str(found[1]))
    place: tuple[str, str] | None = db.info[key]
    return place


def checked_session(
    request: Request,
    db: Database,
    table_id: str,
    session_id: str,
    kinds: frozenset[str],
    csrf: str | None = None,
) -> Caller:
    """The member asking about a session of one of ``kinds`` at this table.

    Raises:
        PageAnswer: the page to answer instead: signed out, not found, or (a form that changes
            something, ``csrf`` given) forbidden.
    """
    me = member(request, db, table_id)
    if me is None:
        raise PageAnswer(signed_out(request))
    place = session_place(db, session_id)
    if place is None or place[0] != table_id or place[1] not in kinds:
        raise PageAnswer(render(request, "message.html", {"title_key": "not_found"}, status=404))
    if csrf is not None and not csrf_ok(request, csrf):
        raise PageAnswer(forbidden(request))
    return me


def table_gm(request: Request, db: Database, table_id: str) -> Caller:
    """The table's GM.

    Raises:
        PageAnswer: the signed-out page, or the GM-only page for another member.
    """
    me = member(request, db, table_id)
    if me is None:
        raise PageAnswer(signed_out(request))
    if not me.is_gm:
        raise PageAnswer(render(request, "message.html", {"title_key": "gm_only"}, status=403))
    return me


def history_step(
    request: Request, db: Database, me: Caller, session_id: str, version: str, forward: bool
) -> str | None:
    """Take the session's last command back, or (``forward``) carry out again the one taken back last,
    through the sessions' service (the GM's; stored, so it survives a restart); why not, in the user's words, or
    ``None``. ``version`` is the form's field: a damaged one changes nothing."""
    from meneur.server.services import context
    from meneur.server.services import sessions as service

    if not (version.isascii() and version.isdigit() and len(version) < 10):
        return Message("web", N_("This form is damaged; reload the page.")).render(language(request))
    error = None
    try:
        step = service.redo if forward else service.undo
        step(context(request, db), me, session_id, int(version))
    except (ApiError, MeneurError) as problem:
        error = error_text(request, problem)
    db.commit()  # a new read transaction sees what was just written
    return error


# -- the roll log ----------------------------------------------------------------------------------


def _rolls(request: Request, db: Database, me: Caller, table_id: str, **extra: Any) -> HTMLResponse:
    table = db.get(GameTable, table_id, populate_existing=True)  # its seq first: the page is at least there
    context = {
        **_roll_page(request, db, me, table_id, extra.pop("before", None)),
        "me": me,
        "table": table,
        "seq": table.seq if table else 0,
        "expression": "",
        "visibility": "public",
        "odds": None,
        "error": None,
        "dice": "",
        **extra,
    }
    return render(request, "_rolls.html" if extra.pop("fragment", False) else "rolls.html", context)


def _roll_page(
    request: Request, db: Database, me: Caller, table_id: str, before: int | None
) -> dict[str, Any]:
    """A page of the roll log, newest first (``rolls_service.PAGE`` rolls older than ``before``), the
    rollers' names and the cursor of the older page."""
    ctx = context(request, db)
    listed = rolls_service.page(ctx, me, table_id, before=before)
    names = {m.id: m.name for m in db.scalars(select(Member).where(Member.table_id == table_id))}
    found: dict[str, Any] = {
        "rolls": list(reversed(listed.rolls)),
        "names": names,
        "older": listed.before,
        "table": db.get(GameTable, table_id),
    }
    if before is None:  # the first page also lists the sessions' rolls (the older rows are the table's own)
        lang = language(request)
        found["session_rolls"] = sessions_service.session_rolls(ctx, me, table_id, lang)
        found["session_names"] = {
            s.id: session_label(s, lang) for s in tables_service.view(ctx, me, table_id).sessions
        }
    return found


Cursor = Annotated[int | None, Query(ge=1, le=rolls_service.LARGEST_ID)]


@router.get("/t/{table_id}/rolls", response_class=HTMLResponse)
def rolls_page(request: Request, db: Database, table_id: str, before: Cursor = None) -> HTMLResponse:
    me = member(request, db, table_id)
    if me is None:
        return signed_out(request)
    return _rolls(request, db, me, table_id, before=before)


@router.get("/t/{table_id}/rolls/list", response_class=HTMLResponse)
def rolls_fragment(request: Request, db: Database, table_id: str) -> HTMLResponse:
    me = member(request, db, table_id)
    if me is None:
        return signed_out(request)
    return render(request, "_roll_list.html", _roll_page(request, db, me, table_id, None))


@router.get("/t/{table_id}/rolls/older", response_class=HTMLResponse)
def older_rolls(request: Request, db: Database, table_id: str, before: Cursor = None) -> HTMLResponse:
    """The rows of the page of rolls older than ``before`` (the log's « plus anciens » button puts
    them in place of its own row, with the button of the page after them)."""
    me = member(request, db, table_id)
    if me is None:
        return signed_out(request)
    return render(request, "_roll_rows.html", _roll_page(request, db, me, table_id, before))


def _odds(expression: str, lang: str) -> dict[str, Any] | str:
    """The exact odds of ``expression`` (or the odds module's refusal, in ``lang``)."""
    from meneur.dice import odds

    try:
        found = odds(expression)
    except MeneurError as error:
        return error.render(lang)
    distribution = found.distribution
    top = max(distribution.values()) if distribution else 1
    rows = [(value, float(p) * 100, float(p / top) * 100) for value, p in sorted(distribution.items())]
    return {
        "mean": float(found.mean),
        "min": found.minimum,
        "max": found.maximum,
        "rows": rows[:60],
        "more": len(rows) > 60,
    }


@router.post("/t/{table_id}/rolls", response_class=HTMLResponse)
def roll(
    request: Request,
    db: Database,
    table_id: str,
    expression: OptionalText = "",
    visibility: OptionalText = "public",
    dice: OptionalText = "",
    action: OptionalText = "roll",
    csrf: OptionalText = "",
) -> HTMLResponse:
    me = member(request, db, table_id)
    if me is None:
        return signed_out(request)
    if not csrf_ok(request, csrf):
        return forbidden(request)
    lang = language(request)
    keep = {"expression": expression, "visibility": visibility, "dice": dice}
    if action == "odds":
        found = _odds(expression, lang)
        return _rolls(
            request,
            db,
            me,
            table_id,
            fragment=True,
            **keep,
            odds=found if isinstance(found, dict) else None,
            error=found if isinstance(found, str) else None,
        )
    try:
        entered = [int(part) for part in dice.replace(",", " ").split()] if dice.strip() else None
    except ValueError:
        return _rolls(
            request,
            db,
            me,
            table_id,
            fragment=True,
            **keep,
            error=Message("web", N_("Dice are whole numbers separated by spaces.")).render(lang),
        )
    try:
        body = valid(
            lambda: rolls_service.RollIn.model_validate(
                {"expression": expression[:500] or "-", "visibility": visibility, "dice": entered}
            )
        )
        rolls_service.make(context(request, db), me, table_id, body)
    except (ApiError, MeneurError) as error:
        return _rolls(request, db, me, table_id, fragment=True, **keep, error=error_text(request, error))
    db.commit()  # a new read transaction sees what was just written
    return _rolls(request, db, me, table_id, fragment=True, expression=expression, visibility=visibility)
