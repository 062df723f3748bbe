"""The pages: home (create a table), join, the table, the Energy fight, the roll log, the language.

A route reads the form, builds the API's body or the engine's command, calls the same service
function as the REST API (:mod:`meneur.server.api`), and renders what comes back. A refusal is the
engine's message, shown beside the buttons; nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, TypeVar
from urllib.parse import quote

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import ValidationError
from sqlalchemy import select

from meneur.engine.problems import explain
from meneur.errors import MeneurError, Refused
from meneur.i18n import N_, Message
from meneur.server import feed
from meneur.server.api import rolls as rolls_api
from meneur.server.api import sessions as sessions_api
from meneur.server.api import tables as tables_api
from meneur.server.api.common import ApiError, Caller, Database
from meneur.server.models import GameSession, GameTable, Member
from meneur.storage import parse_data
from meneur.web import fight as fight_view
from meneur.web.pages import (
    LANGUAGE_COOKIE,
    PAGE_LANGUAGES,
    csrf_ok,
    language,
    redirect,
    render,
    sign_in,
    viewer,
)

router = APIRouter(include_in_schema=False)
OptionalText = Annotated[str, Form()]
T = TypeVar("T")


def _error_text(request: Request, error: Exception) -> str:
    lang = language(request)
    if isinstance(error, ApiError):
        return error.message.render(lang)
    if isinstance(error, Refused | MeneurError):
        return error.render(lang)
    return str(error)


def _valid(make: Callable[[], T]) -> T:
    """A body of the API built from a form (pydantic's complaint in the user's words)."""
    try:
        return make()
    except ValidationError as error:
        raise explain(error, "form") from None


def _signed_out(request: Request) -> HTMLResponse:
    return render(request, "message.html", {"title_key": "signed_out"}, status=401)


def _member(request: Request, db: Database, table_id: str) -> Caller | None:
    me = viewer(request, db)
    return me if me is not None and me.table_id == table_id else None


def _forbidden(request: Request) -> HTMLResponse:
    return render(request, "message.html", {"title_key": "csrf"}, status=403)


# -- home, create, join -------------------------------------------------------------------------


@router.get("/", response_class=HTMLResponse)
def home(request: Request, db: Database) -> HTMLResponse:
    me = viewer(request, db)
    table = db.get(GameTable, me.table_id) if me is not None else None
    return render(
        request,
        "home.html",
        {
            "systems": tables_api.table_systems(),
            "me": me,
            "table": table,
            "open": request.app.state.settings.open_creation,
            "error": None,
            "form": {},
        },
    )


@router.post("/tables", response_class=HTMLResponse, response_model=None)
def create_table(
    request: Request,
    db: Database,
    name: OptionalText = "",
    system: OptionalText = "energy",
    account: OptionalText = "",
    password: OptionalText = "",
) -> Response:
    credentials = None
    if account or password:
        credentials = tables_api.Credentials(name=account[:200] or "-", password=password[:200] or "-")
    try:
        body = _valid(
            lambda: tables_api.TableIn(name=name.strip() or "-", system=system, account=credentials)
        )
        created = tables_api.create_table(body, request, db, None)
    except (ApiError, MeneurError) as error:
        return render(
            request,
            "home.html",
            {
                "systems": tables_api.table_systems(),
                "me": None,
                "table": None,
                "open": request.app.state.settings.open_creation,
                "error": _error_text(request, error),
                "form": {"name": name, "system": system},
            },
            status=400,
        )
    if system == "energy":
        from meneur.web.demo import add_demo_fight

        add_demo_fight(request.app, created.id)
    response = redirect(f"/t/{created.id}")
    sign_in(response, request, created.gm_token)
    return response


@router.get("/join/{table_id}", response_class=HTMLResponse)
def join_page(request: Request, table_id: str, code: str = "") -> HTMLResponse:
    return render(request, "join.html", {"table_id": table_id, "code": code, "name": "", "error": None})


@router.post("/join/{table_id}", response_class=HTMLResponse, response_model=None)
def join(
    request: Request,
    db: Database,
    table_id: str,
    code: OptionalText = "",
    name: OptionalText = "",
) -> Response:
    lang = language(request)
    try:
        if not name.strip():
            raise ApiError(400, "bad_input", Message("web", N_("Give your name (as the table calls you).")))
        body = _valid(
            lambda: tables_api.JoinIn(join_code=code.strip()[:200], name=name.strip()[:200], language=lang)
        )
        joined = tables_api.join(table_id, body, request, db)
    except (ApiError, MeneurError) as error:
        return render(
            request,
            "join.html",
            {"table_id": table_id, "code": code, "name": name, "error": _error_text(request, error)},
            status=400,
        )
    response = redirect(f"/t/{table_id}")
    sign_in(response, request, joined.token)
    return response


@router.get("/enter/{table_id}", response_model=None)
def enter(request: Request, db: Database, table_id: str, token: str = "") -> Response:
    """A link that carries a member's token (the GM's link printed by ``meneur serve --demo``)."""
    from meneur.server.api.common import member_for

    member = member_for(db, token)
    if member is None or member.table_id != table_id:
        return _signed_out(request)
    response = redirect(f"/t/{table_id}")
    sign_in(response, request, token)
    return response


@router.post("/language", response_model=None)
def choose_language(
    request: Request,
    db: Database,
    lang: OptionalText = "fr",
    next: OptionalText = "/",
    csrf: OptionalText = "",
) -> Response:
    chosen = lang if lang in PAGE_LANGUAGES else "fr"
    target = next if next.startswith("/") and not next.startswith("//") else "/"
    response = redirect(target)
    response.set_cookie(LANGUAGE_COOKIE, chosen, samesite="lax", path="/", max_age=3600 * 24 * 365)
    me = viewer(request, db)
    if me is not None and csrf_ok(request, csrf):
        with request.app.state.store.writer() as writer:
            member = writer.get(Member, me.id)
            if member is not None:
                member.language = chosen
    return response


# -- the table --------------------------------------------------------------------------------------


@router.get("/t/{table_id}", response_class=HTMLResponse)
def table_page(request: Request, db: Database, table_id: str) -> HTMLResponse:
    me = _member(request, db, table_id)
    if me is None:
        return _signed_out(request)
    table = tables_api.get_table(table_id, me, db)
    return render(request, "table.html", {"table": table, "me": me, "join": None})


@router.post("/t/{table_id}/join-code", response_class=HTMLResponse)
def new_join_code(request: Request, db: Database, table_id: str, csrf: OptionalText = "") -> HTMLResponse:
    me = _member(request, db, table_id)
    if me is None:
        return _signed_out(request)
    if not csrf_ok(request, csrf):
        return _forbidden(request)
    code = tables_api.rotate_join_code(table_id, me, request, db).join_code
    table = tables_api.get_table(table_id, me, db)
    link = join_link(str(request.base_url), table_id, code)
    return render(
        request,
        "table.html",
        {"table": table, "me": me, "join": {"code": code, "link": link, "qr": qr_svg(link)}},
    )


def join_link(base: str, table_id: str, code: str) -> str:
    return f"{base.rstrip('/')}/join/{table_id}?code={quote(code)}"


def qr_svg(text: str) -> str:
    import segno

    svg: str = segno.make(text, error="m").svg_inline(scale=4, dark="#1b1b1b", light="#ffffff")
    return svg


# -- the fight --------------------------------------------------------------------------------------


def _fight(
    request: Request,
    db: Database,
    me: Caller,
    table_id: str,
    session_id: str,
    error: str | None = None,
    fragment: bool = True,
    status: int = 200,
) -> HTMLResponse:
    table = db.get(GameTable, table_id, populate_existing=True)  # its seq first: the page is at least there
    view = fight_view.build(request, db, me, table_id, session_id, language(request), error)
    view.redo = bool(_redo_stack(request, session_id)) and me.is_gm
    name = "_fight.html" if fragment else "fight.html"
    from meneur.web.npc_pages import panel

    help = panel(request, db, session_id, language(request)) if me.is_gm else None
    return render(
        request,
        name,
        {"view": view, "me": me, "table": table, "seq": table.seq if table is not None else 0, "npc": help},
        status=status,
    )


def checked_session(
    request: Request,
    db: Database,
    table_id: str,
    session_id: str,
    kinds: frozenset[str],
    csrf: str | None = None,
) -> Caller | HTMLResponse:
    """The member asking about a session of one of ``kinds`` at this table, or the page to answer
    instead: signed out, not found, or (a form that changes something, ``csrf`` given) forbidden."""
    me = _member(request, db, table_id)
    if me is None:
        return _signed_out(request)
    row = db.get(GameSession, session_id)
    if row is None or row.table_id != table_id or row.kind not in kinds:
        return render(request, "message.html", {"title_key": "not_found"}, status=404)
    if csrf is not None and not csrf_ok(request, csrf):
        return _forbidden(request)
    return me


def _checked(
    request: Request, db: Database, table_id: str, session_id: str, csrf: str | None = None
) -> Caller | HTMLResponse:
    return checked_session(request, db, table_id, session_id, frozenset({fight_view.KIND}), csrf)


@router.get("/t/{table_id}/s/{session_id}", response_class=HTMLResponse)
def fight_page(request: Request, db: Database, table_id: str, session_id: str) -> HTMLResponse:
    me = _checked(request, db, table_id, session_id)
    if isinstance(me, HTMLResponse):
        return me
    return _fight(request, db, me, table_id, session_id, fragment=False)


@router.get("/t/{table_id}/s/{session_id}/view", response_class=HTMLResponse)
def fight_fragment(request: Request, db: Database, table_id: str, session_id: str) -> HTMLResponse:
    me = _checked(request, db, table_id, session_id)
    if isinstance(me, HTMLResponse):
        return me
    return _fight(request, db, me, table_id, session_id)


def _with_fields(wire: Any, tokens: str, x: str, y: str) -> Any:
    """The legal entry's command with what the player chose: the tokens, where to."""
    if not isinstance(wire, dict) or len(wire) != 1:
        return wire
    name, fields = next(iter(wire.items()))
    if not isinstance(fields, dict):
        return wire
    fields = dict(fields)
    if tokens.strip():  # the stepper is shown only for the actions that take tokens
        fields["tokens"] = int(tokens)
    if x.strip() and y.strip() and "to" in fields:
        fields["to"] = [float(x), float(y)]
    return {name: fields}


def _give(
    request: Request, db: Database, me: Caller, session_id: str, command: Any, version: int
) -> str | None:
    """Give ``command`` through the API's service; the refusal's message, if any."""
    try:
        sessions_api.give_command(
            session_id, sessions_api.CommandIn(command=command, version=version), me, request, db
        )
    except Refused as error:
        return error.render(language(request))
    except (ApiError, MeneurError) as error:
        return _error_text(request, error)
    _redo_stack(request, session_id).clear()
    return None


@router.post("/t/{table_id}/s/{session_id}/do", response_class=HTMLResponse)
def act(
    request: Request,
    db: Database,
    table_id: str,
    session_id: str,
    command: OptionalText = "",
    version: OptionalText = "0",
    tokens: OptionalText = "",
    x: OptionalText = "",
    y: OptionalText = "",
    csrf: OptionalText = "",
) -> HTMLResponse:
    me = _checked(request, db, table_id, session_id, csrf)
    if isinstance(me, HTMLResponse):
        return me
    try:
        wire = _with_fields(parse_data(command, "json", "command"), tokens, x, y)
        number = int(version)
    except (ValueError, MeneurError):
        return _fight(
            request,
            db,
            me,
            table_id,
            session_id,
            error=Message("web", N_("This form is damaged; reload the page.")).render(language(request)),
        )
    error = _give(request, db, me, session_id, wire, number)
    db.commit()  # a new read transaction sees what was just written
    return _fight(request, db, me, table_id, session_id, error=error)


@router.post("/t/{table_id}/s/{session_id}/gm", response_class=HTMLResponse)
def gm_command(
    request: Request,
    db: Database,
    table_id: str,
    session_id: str,
    op: OptionalText = "",
    version: OptionalText = "0",
    target: OptionalText = "",
    reason: OptionalText = "",
    vigor: OptionalText = "",
    energy: OptionalText = "",
    add_condition: OptionalText = "",
    remove_condition: OptionalText = "",
    fled: OptionalText = "",
    id: OptionalText = "",
    side: OptionalText = "foes",
    npc: OptionalText = "",
    name: OptionalText = "",
    csrf: OptionalText = "",
) -> HTMLResponse:
    """The GM's commands of the engine (a combatant arrives, leaves, is adjusted), from a form."""
    me = _checked(request, db, table_id, session_id, csrf)
    if isinstance(me, HTMLResponse):
        return me
    fields: dict[str, Any]
    try:
        if op == "adjust":
            fields = {"target": target, "reason": reason.strip() or "MJ"}
            for key, value in (("vigor", vigor), ("energy", energy)):
                if value.strip():
                    fields[key] = int(value)
            for key, value in (("add_condition", add_condition), ("remove_condition", remove_condition)):
                if value.strip():
                    fields[key] = value.strip()
        elif op == "leave":
            fields = {"target": target, "fled": fled == "on", "reason": reason.strip()}
        elif op == "arrive":
            fields = {"id": id.strip(), "side": side, "npc": int(npc or 1)}
            if name.strip():
                fields["name"] = name.strip()
        else:
            raise ValueError(op)
        number = int(version)
    except ValueError:
        return _fight(
            request,
            db,
            me,
            table_id,
            session_id,
            error=Message("web", N_("Give whole numbers for tokens, Vigueur and ranks.")).render(
                language(request)
            ),
        )
    error = _give(request, db, me, session_id, {op: fields}, number)
    db.commit()  # a new read transaction sees what was just written
    return _fight(request, db, me, table_id, session_id, error=error)


def _redo_stack(request: Request, session_id: str) -> list[tuple[int, Any]]:
    stacks: dict[str, list[tuple[int, Any]]] = request.app.state.web_redo
    return stacks.setdefault(session_id, [])


@router.post("/t/{table_id}/s/{session_id}/undo", response_class=HTMLResponse)
def undo(
    request: Request,
    db: Database,
    table_id: str,
    session_id: str,
    version: OptionalText = "0",
    csrf: OptionalText = "",
) -> HTMLResponse:
    me = _checked(request, db, table_id, session_id, csrf)
    if isinstance(me, HTMLResponse):
        return me
    error = None
    from meneur.web.npc import halt

    halt(request.app, session_id)  # auto-play would play the undone move again
    try:
        undone = sessions_api.undo(session_id, sessions_api.UndoIn(version=int(version)), me, request, db)
        _redo_stack(request, session_id).append((undone.version, undone.command))
    except (ApiError, MeneurError, ValueError) as problem:
        error = _error_text(request, problem)
    db.commit()  # a new read transaction sees what was just written
    return _fight(request, db, me, table_id, session_id, error=error)


@router.post("/t/{table_id}/s/{session_id}/redo", response_class=HTMLResponse)
def redo(
    request: Request,
    db: Database,
    table_id: str,
    session_id: str,
    version: OptionalText = "0",
    csrf: OptionalText = "",
) -> HTMLResponse:
    me = _checked(request, db, table_id, session_id, csrf)
    if isinstance(me, HTMLResponse):
        return me
    stack = _redo_stack(request, session_id)
    error = None
    if me.is_gm and stack and stack[-1][0] == int(version or 0):
        _version, command = stack.pop()
        kept = list(stack)
        error = _give(request, db, me, session_id, command, int(version))
        stack[:] = kept
    db.commit()  # a new read transaction sees what was just written
    return _fight(request, db, me, table_id, session_id, error=error)


@router.post("/t/{table_id}/s/{session_id}/claim", response_class=HTMLResponse)
def claim(
    request: Request,
    db: Database,
    table_id: str,
    session_id: str,
    actor: OptionalText = "",
    csrf: OptionalText = "",
) -> HTMLResponse:
    """A player takes a player character of the fight that nobody plays yet."""
    me = _checked(request, db, table_id, session_id, csrf)
    if isinstance(me, HTMLResponse):
        return me
    view = fight_view.build(request, db, me, table_id, session_id, language(request))
    taken = me.role != "player" or actor not in {i for i, _n in view.claimable}
    if not taken:
        with request.app.state.store.writer() as writer:
            row = writer.get(GameSession, session_id, with_for_update=True)
            assert row is not None
            taken = actor in row.controllers  # another player was quicker
            if not taken:
                row.controllers = {**row.controllers, actor: me.id}
                feed.append(
                    writer,
                    table_id,
                    "session",
                    {"session": {"id": session_id, "kind": row.kind, "version": row.version}},
                    session_id=session_id,
                )
        request.app.state.hub.notify(table_id)
        db.commit()  # a new read transaction sees what was just written
    error = None
    if taken:
        message = Message("web", N_("This character is already played, or is not a player character."))
        error = message.render(language(request))
    return _fight(request, db, me, table_id, session_id, error=error)


# -- the roll log ----------------------------------------------------------------------------------


def _rolls(request: Request, db: Database, me: Caller, table_id: str, **extra: Any) -> HTMLResponse:
    table = db.get(GameTable, table_id, populate_existing=True)  # its seq first: the page is at least there
    listed = rolls_api.list_rolls(table_id, me, db).rolls
    names = {m.id: m.name for m in db.scalars(select(Member).where(Member.table_id == table_id))}
    context = {
        "rolls": list(reversed(listed)),
        "names": names,
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


@router.get("/t/{table_id}/rolls", response_class=HTMLResponse)
def rolls_page(request: Request, db: Database, table_id: str) -> HTMLResponse:
    me = _member(request, db, table_id)
    if me is None:
        return _signed_out(request)
    return _rolls(request, db, me, table_id)


@router.get("/t/{table_id}/rolls/list", response_class=HTMLResponse)
def rolls_fragment(request: Request, db: Database, table_id: str) -> HTMLResponse:
    me = _member(request, db, table_id)
    if me is None:
        return _signed_out(request)
    listed = rolls_api.list_rolls(table_id, me, db).rolls
    names = {m.id: m.name for m in db.scalars(select(Member).where(Member.table_id == table_id))}
    return render(
        request,
        "_roll_list.html",
        {"rolls": list(reversed(listed)), "names": names, "table": db.get(GameTable, table_id)},
    )


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
    me = _member(request, db, table_id)
    if me is None:
        return _signed_out(request)
    if not csrf_ok(request, csrf):
        return _forbidden(request)
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
        body = _valid(
            lambda: rolls_api.RollIn.model_validate(
                {"expression": expression[:500] or "-", "visibility": visibility, "dice": entered}
            )
        )
        rolls_api.make_roll(table_id, body, me, request, db)
    except (ApiError, MeneurError) as error:
        return _rolls(request, db, me, table_id, fragment=True, **keep, error=_error_text(request, error))
    db.commit()  # a new read transaction sees what was just written
    return _rolls(request, db, me, table_id, fragment=True, expression=expression, visibility=visibility)
