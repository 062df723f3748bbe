"""Joining a table, the table page, and choosing a character.

Joining: the join code and a name make a member (the API's service, rate-limited per address);
then the player picks a character of the table that nobody plays (the GM's pregenerated ones, never
a hidden NPC), imports a character file (YAML or JSON, checked by the system's rules: nothing is
stored when refused), or goes on without one and comes back from the table page. The same browser
joining again under the same name finds its seat instead of making a second member.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.responses import HTMLResponse, Response
from sqlalchemy import select

from meneur.errors import MeneurError
from meneur.i18n import N_, Message
from meneur.server.accounts import client_address, seated
from meneur.server.api.common import ApiError, Caller, Database
from meneur.server.models import Character, GameTable
from meneur.server.services import characters as characters_service
from meneur.server.services import context
from meneur.server.services import tables as tables_service
from meneur.storage import MAX_BYTES, parse_data
from meneur.web.pages import csrf_ok, language, redirect, render, say, seat, sign_in

router = APIRouter(include_in_schema=False)
NAME_MOST = 200
"""A session's name has at most this many characters."""
Text = Annotated[str, Form()]


def _say(request: Request, text: str, **params: Any) -> str:
    return Message("web", text, params).render(language(request))


def _signed_out(request: Request) -> HTMLResponse:
    return render(request, "message.html", {"title_key": "signed_out"}, status=401)


def _forbidden(request: Request) -> HTMLResponse:
    return render(request, "message.html", {"title_key": "csrf"}, status=403)


# -- joining ----------------------------------------------------------------------------------------


def _join_form(
    request: Request,
    table_id: str,
    code: str,
    name: str,
    errors: dict[str, str],
    status: int = 200,
    table_name: str | None = None,
) -> HTMLResponse:
    here = f"/join/{table_id}" + (f"?code={quote(code)}" if code else "")  # a new language keeps the code
    context = {"table_id": table_id, "code": code, "name": name, "errors": errors, "table_name": table_name}
    context["here"] = here
    return render(request, "join.html", context, status=status)


@router.get("/join/{table_id}", response_class=HTMLResponse)
def join_page(request: Request, db: Database, table_id: str, code: str = "") -> HTMLResponse:
    """The join form; with the link's ``?code=``, the table's name (a wrong code, counted as a wrong
    join, is said at once: the player asks for the current link before typing a name)."""
    if not code.strip():
        return _join_form(request, table_id, "", "", {})
    try:
        named = tables_service.table_named(
            context(request, db), table_id, code[:200], client_address(request)
        )
    except ApiError as error:
        return _join_form(request, table_id, code, "", {"code": error.message.render(language(request))}, 429)
    if named is None:
        message = _say(
            request,
            N_("This join code is not the table's (any more): ask the game master for the current link."),
        )
        return _join_form(request, table_id, code, "", {"code": message}, status=404)
    return _join_form(request, table_id, code, "", {}, table_name=named)


@router.post("/join/{table_id}", response_class=HTMLResponse, response_model=None)
def join(
    request: Request, db: Database, table_id: str, code: Text = "", name: Text = "", csrf: Text = ""
) -> Response:
    if not csrf_ok(request, csrf):
        return _forbidden(request)
    if not name.strip():
        message = _say(request, N_("Give your name (as the table calls you)."))
        named = tables_service.name_for_code(context(request, db), table_id, code[:200])
        return _join_form(request, table_id, code, name, {"name": message}, status=400, table_name=named)
    already = seated(db, request.cookies, table_id)
    if already is not None and already.name.casefold() == name.strip().casefold():
        return redirect(f"/t/{table_id}/character")  # this browser sits there under this name
    body = tables_service.JoinIn(
        join_code=code.strip()[:200], name=name.strip()[:200], language=language(request)
    )
    try:
        joined = tables_service.join(context(request, db), table_id, body, client_address(request))
    except ApiError as error:
        where = "code" if error.status_code in (404, 429) else "name"
        message = error.message.render(language(request))
        status = 429 if error.status_code == 429 else 400
        return _join_form(request, table_id, code, name, {where: message}, status=status)
    response = redirect(f"/t/{table_id}/character")
    sign_in(response, request, joined.token, table_id)
    return response


@router.get("/enter/{table_id}", response_class=HTMLResponse)
def enter_page(request: Request, table_id: str) -> HTMLResponse:
    """A seat's link, ``/enter/TABLE#TOKEN`` (the GM's link printed by ``meneur serve --demo``): the
    token is after the ``#``, so no server log or ``Referer`` ever holds it; the page posts it. A
    ``?token=`` in the address seats nobody."""
    return render(request, "enter.html", {"table_id": table_id, "already": None})


@router.post("/enter/{table_id}", response_class=HTMLResponse, response_model=None)
def enter(
    request: Request, db: Database, table_id: str, token: Text = "", replace: Text = "", csrf: Text = ""
) -> Response:
    """Seat this browser with ``token``; a browser already seated at the table as someone else is
    asked first (a link must not swap a player's seat for another's unseen)."""
    from meneur.server.api.common import member_for

    if not csrf_ok(request, csrf):
        return _forbidden(request)
    member = member_for(db, token.strip()[:200])
    if member is None or member.table_id != table_id:
        return _signed_out(request)
    already = seated(db, request.cookies, table_id)
    if already is not None and already.id != member.id and replace != "yes":
        context = {"table_id": table_id, "already": already, "member": member, "token": token.strip()}
        return render(request, "enter.html", context)
    response = redirect(f"/t/{table_id}")
    sign_in(response, request, token.strip(), table_id)
    return response


# -- the table --------------------------------------------------------------------------------------


def share_base(request: Request) -> str:
    """Where the players' phones reach the server: the address ``meneur serve`` printed (its
    ``public_url`` setting), else the one this page was asked at."""
    public: str = request.app.state.settings.public_url
    return public.rstrip("/") or str(request.base_url).rstrip("/")


def join_view(request: Request, table_id: str, code: str | None) -> dict[str, str] | None:
    """The current join link the GM hands out: its code, its address and its QR code (``None``: a
    code made before codes were kept)."""
    if code is None:
        return None
    link = join_link(share_base(request), table_id, code)
    return {"code": code, "link": link, "qr": qr_svg(link)}


def session_date(at: float | None, lang: str) -> str:
    """A session's day as the page writes it (``02/12/2026`` in French), from its start in seconds."""
    if at is None:
        return ""
    day = datetime.fromtimestamp(at).astimezone()
    return Message(
        "web", N_("{day:02d}/{month:02d}/{year}"), {"day": day.day, "month": day.month, "year": day.year}
    ).render(lang)


def session_label(session: tables_service.SessionRef, lang: str) -> str:
    """What the table page calls a session: its name, else its kind's title and its day."""
    if session.name:
        return session.name
    title = say(tables_service.session_title(session.kind), lang)
    day = session_date(session.created_at, lang)
    return f"{title} — {day}" if day else title


def _table(
    request: Request,
    db: Database,
    me: Caller,
    renewed: bool = False,
    errors: dict[str, str] | None = None,
    status: int = 200,
) -> HTMLResponse:
    ctx = context(request, db)
    table = tables_service.view(ctx, me, me.table_id)
    lang = language(request)
    titles = {s.id: session_label(s, lang) for s in table.sessions}
    days = {s.id: session_date(s.created_at, lang) for s in table.sessions}
    links = tables_service.game_links(me, table.system)
    join = (
        join_view(request, me.table_id, tables_service.current_join_code(ctx, me, me.table_id))
        if me.is_gm
        else None
    )
    values = {"table": table, "me": me, "join": join, "titles": titles, "links": links, "renewed": renewed}
    values.update(errors=errors or {}, days=days)
    return render(request, "table.html", values, status=status)


@router.get("/t/{table_id}", response_class=HTMLResponse)
def table_page(request: Request, db: Database, table_id: str, renewed: str = "") -> HTMLResponse:
    me = seat(request, db, table_id)
    if me is None:
        return _signed_out(request)
    return _table(request, db, me, renewed=renewed == "yes")


@router.post("/t/{table_id}/join-code", response_class=HTMLResponse, response_model=None)
def new_join_code(
    request: Request, db: Database, table_id: str, confirm: Text = "", csrf: Text = ""
) -> Response:
    """A new join code, once the GM confirmed that the current link stops working."""
    me = seat(request, db, table_id)
    if me is None:
        return _signed_out(request)
    if not csrf_ok(request, csrf):
        return _forbidden(request)
    if not me.is_gm:
        return render(request, "message.html", {"title_key": "gm_only"}, status=403)
    if confirm != "yes":
        problem = _say(request, N_("Tick the box first: the current join link will stop working."))
        return _table(request, db, me, errors={"renew": problem}, status=400)
    tables_service.rotate_join_code(context(request, db), me, table_id)
    return redirect(f"/t/{table_id}?renewed=yes#join-link")


@router.post("/t/{table_id}/sessions/{session_id}/name", response_class=HTMLResponse, response_model=None)
def rename_session(
    request: Request, db: Database, table_id: str, session_id: str, name: Text = "", csrf: Text = ""
) -> Response:
    """The GM renames a session of the table (an empty name: its default one again)."""
    me = seat(request, db, table_id)
    if me is None:
        return _signed_out(request)
    if not csrf_ok(request, csrf):
        return _forbidden(request)
    if len(name) > NAME_MOST:
        problem = _say(request, N_("A session's name has at most {most} characters."), most=NAME_MOST)
        return _table(request, db, me, errors={"rename": problem}, status=400)
    if any(ord(char) < 32 for char in name):
        problem = _say(request, N_("A session's name is one line of text, without control characters."))
        return _table(request, db, me, errors={"rename": problem}, status=400)
    try:
        body = tables_service.SessionName(name=name)
        tables_service.rename_session(context(request, db), me, table_id, session_id, body)
    except ApiError as error:
        problem = error.message.render(language(request))
        return _table(request, db, me, errors={"rename": problem}, status=error.status_code)
    return redirect(f"/t/{table_id}#sessions")


def join_link(base: str, table_id: str, code: str) -> str:
    return f"{base.rstrip('/')}/join/{table_id}?code={quote(code)}"


def qr_svg(text: str) -> str:
    import segno

    svg: str = segno.make(text, error="m").svg_inline(scale=4, dark="#1b1b1b", light="#ffffff")
    return svg


# -- choosing a character ---------------------------------------------------------------------------


def _character_page(
    request: Request,
    db: Database,
    me: Caller,
    errors: dict[str, Any] | None = None,
    status: int = 200,
) -> HTMLResponse:
    table = db.get(GameTable, me.table_id)
    assert table is not None
    rows = db.scalars(
        select(Character).where(Character.table_id == me.table_id).order_by(Character.name, Character.id)
    )
    characters = list(rows)
    context = {
        "table": table,
        "me": me,
        "free": [c for c in characters if c.owner_id is None and not c.hidden],
        "mine": [c for c in characters if c.owner_id == me.id],
        "errors": errors or {},
        "builder": characters_service.builder_of(table.system),
    }
    return render(request, "character.html", context, status=status)


@router.get("/t/{table_id}/character", response_class=HTMLResponse)
def character_page(request: Request, db: Database, table_id: str) -> HTMLResponse:
    me = seat(request, db, table_id)
    if me is None:
        return _signed_out(request)
    return _character_page(request, db, me)


@router.post("/t/{table_id}/character/pick", response_class=HTMLResponse, response_model=None)
def pick_character(
    request: Request, db: Database, table_id: str, character: Text = "", csrf: Text = ""
) -> Response:
    me = seat(request, db, table_id)
    if me is None:
        return _signed_out(request)
    if not csrf_ok(request, csrf):
        return _forbidden(request)
    if not character:
        message = _say(request, N_("Choose a character of the list."))
        return _character_page(request, db, me, {"pick": message}, status=400)
    try:
        characters_service.claim_character(context(request, db), me, table_id, character)
    except ApiError as error:
        message = error.message.render(language(request))
        return _character_page(request, db, me, {"pick": message}, status=error.status_code)
    return redirect(f"/t/{table_id}")


def _read_file(request: Request, upload: UploadFile) -> dict[str, Any]:
    """The uploaded character file's data (the safe loader: size, depth and alias caps)."""
    raw = upload.file.read(MAX_BYTES + 1)
    if not raw:
        raise ValueError(_say(request, N_("Choose a character file (YAML or JSON).")))
    if len(raw) > MAX_BYTES:
        raise ValueError(_say(request, N_("This file is too large for a character file.")))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(_say(request, N_("This file is not text in UTF-8."))) from None
    json = (upload.filename or "").lower().endswith(".json")
    data = parse_data(text, "json" if json else "yaml", upload.filename or "file")
    if not isinstance(data, dict):
        raise ValueError(_say(request, N_("A character file holds the character's fields (name: ...).")))
    return data


@router.post("/t/{table_id}/character/import", response_class=HTMLResponse, response_model=None)
def import_character(
    request: Request,
    db: Database,
    table_id: str,
    file: Annotated[UploadFile | None, File()] = None,
    hidden: Text = "",
    csrf: Text = "",
) -> Response:
    """A character file from the player's device (the GM's: a pregenerated character or an NPC)."""
    me = seat(request, db, table_id)
    if me is None:
        return _signed_out(request)
    if not csrf_ok(request, csrf):
        return _forbidden(request)
    lang = language(request)
    problems: list[str] = []
    try:
        if file is None:
            raise ValueError(_say(request, N_("Choose a character file (YAML or JSON).")))
        data = _read_file(request, file)
        body = characters_service.CharacterIn(file=data, hidden=me.is_gm and hidden == "on")
        characters_service.add_character(context(request, db), me, table_id, body)
    except ValueError as error:
        problems = [str(error)]
    except MeneurError as error:
        problems = [error.render(lang)]
    except ApiError as error:
        problems = [error.message.render(lang)]
    except characters_service.RulesBrokenError as error:
        problems = [_say(request, N_("The character breaks the rules of its system:"))]
        problems += [problem.get("message", "") for problem in error.problems]
    if problems:
        return _character_page(request, db, me, {"import": problems}, status=400)
    return redirect(f"/t/{table_id}")
