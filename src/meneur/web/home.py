"""The home page: my tables, create a table, and the GM account (sign in, sign out, a new account).

"My tables" lists every table this browser sits at (one HttpOnly seat cookie per table) and, once
signed in to a GM account, every table the account created, from any browser. On a server that
listens beyond loopback a table is created by a signed-in GM (the API also takes the admin token);
on loopback anyone creates one. Every form carries the CSRF value; a refusal is shown beside its
field, in the viewer's language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, Response
from sqlalchemy import select

from meneur.engine import registry
from meneur.i18n import N_, Message
from meneur.server.accounts import (
    ACCOUNT_COOKIE,
    SEAT_PREFIX,
    account_for,
    check_account,
    client_address,
    close_session,
    open_session,
    seat_cookie,
    seats,
)
from meneur.server.api.common import ApiError, Database
from meneur.server.models import GameSession, GameTable
from meneur.server.services import accounts as accounts_service
from meneur.server.services import context
from meneur.server.services import tables as tables_service
from meneur.web.demo import add_demo_fight
from meneur.web.pages import (
    csrf_ok,
    forget_seat,
    language,
    redirect,
    render,
    sign_in,
    sign_in_account,
    sign_out_account,
)

router = APIRouter(include_in_schema=False)
Text = Annotated[str, Form()]


@dataclass
class MyTable:
    """One line of "my tables": the table, my seat at it, its sessions."""

    id: str
    name: str
    system: str
    game: str
    """The name of the game it plays."""
    role: str
    me: str
    sessions: list[tuple[str, Message | str, int]]
    """(id, title of its kind, version) of each session in play."""


@dataclass
class Forms:
    """What the home page's forms show again: the values typed and each field's message."""

    values: dict[str, str] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)
    notice: str = ""


def my_table(db: Database, table: GameTable, role: str, name: str) -> MyTable:
    """One line of "my tables": ``table`` where I sit as ``name`` (``role``), with its sessions."""
    sessions = db.scalars(select(GameSession).where(GameSession.table_id == table.id))
    return MyTable(
        id=table.id,
        name=table.name,
        system=table.system,
        game=tables_service.game_name(table.system),
        role=role,
        me=name,
        sessions=[(s.id, tables_service.session_title(s.kind), s.version) for s in sessions],
    )


def in_order(tables: list[MyTable]) -> list[MyTable]:
    """ "My tables" by name."""
    return sorted(tables, key=lambda t: (t.name.casefold(), t.id))


def my_tables(db: Database, request: Request) -> list[MyTable]:
    found = []
    for member in seats(db, request.cookies):
        table = db.get(GameTable, member.table_id)
        if table is not None:
            found.append(my_table(db, table, member.role, member.name))
    return in_order(found)


def _home(request: Request, db: Database, forms: Forms | None = None, status: int = 200) -> HTMLResponse:
    account = account_for(db, request.cookies.get(ACCOUNT_COOKIE))
    forms = forms or Forms()
    tables = my_tables(db, request)
    response = render(
        request,
        "home.html",
        {
            "systems": [(game.key, game.name) for game in registry.games()],
            "home_links": [link for game in registry.games() for link in game.home_links],
            "notes": [game.new_table_note for game in registry.games() if game.new_table_note is not None],
            "tables": tables,
            "account": account.name if account is not None else None,
            "open": request.app.state.settings.open_creation,
            "form": forms.values,
            "errors": forms.errors,
            "notice": forms.notice,
        },
        status=status,
    )
    seated = {seat_cookie(t.id) for t in tables}
    for name in request.cookies:  # a seat whose member was removed (or whose table is gone)
        if name.startswith(SEAT_PREFIX) and name not in seated:
            forget_seat(response, request, name.removeprefix(SEAT_PREFIX))
    return response


def _say(request: Request, text: str, **params: Any) -> str:
    return Message("web", text, params).render(language(request))


def _forbidden(request: Request) -> HTMLResponse:
    return render(request, "message.html", {"title_key": "csrf"}, status=403)


@router.get("/", response_class=HTMLResponse)
def home(request: Request, db: Database) -> HTMLResponse:
    return _home(request, db)


@router.post("/tables", response_class=HTMLResponse, response_model=None)
def create_table(
    request: Request, db: Database, name: Text = "", system: Text = "", csrf: Text = ""
) -> Response:
    if not csrf_ok(request, csrf):
        return _forbidden(request)
    account = account_for(db, request.cookies.get(ACCOUNT_COOKIE))
    errors = {}
    if not request.app.state.settings.open_creation and account is None:
        errors["create"] = _say(request, N_("Sign in to your GM account to create a table on this server."))
    if not name.strip():
        errors["name"] = _say(request, N_("Give the table a name."))
    if system not in tables_service.table_systems():
        errors["system"] = _say(request, N_("Choose one of the systems of the list."))
    if errors:
        return _home(request, db, Forms({"name": name, "system": system}, errors), status=400)
    body = tables_service.TableIn(name=name.strip()[:200], system=system)
    created = tables_service.create(context(request, db), body, account.id if account is not None else None)
    add_demo_fight(request.app, created.id, registry.game(system))
    response = redirect(f"/t/{created.id}")
    sign_in(response, request, created.gm_token, created.id)
    return response


def _admin_key(request: Request) -> tuple[str, str]:
    """Wrong admin tokens are counted per address."""
    return ("admin", client_address(request))


def _too_many(request: Request, key: tuple[str, ...]) -> str | None:
    """The message when this key (account or admin token, and address) failed too often lately."""
    if request.app.state.joins.blocked(key):
        return _say(request, N_("Too many failed attempts; wait a minute."))
    return None


@router.post("/account/sign-in", response_class=HTMLResponse, response_model=None)
def sign_in_page(
    request: Request, db: Database, account: Text = "", password: Text = "", csrf: Text = ""
) -> Response:
    if not csrf_ok(request, csrf):
        return _forbidden(request)
    values = {"account": account}
    key = accounts_service.account_key(account.strip()[:200], client_address(request))
    blocked = _too_many(request, key)
    if blocked is not None:
        return _home(request, db, Forms(values, {"password": blocked}), status=429)
    found = check_account(db, account.strip()[:200], password[:200])
    if found is None:
        request.app.state.joins.fail(key)
        message = _say(request, N_("No GM account has this name and password."))
        return _home(request, db, Forms(values, {"password": message}), status=401)
    with request.app.state.store.writer() as writer:
        token = open_session(writer, found.id)
    response = redirect("/")
    sign_in_account(response, request, token)
    return response


@router.post("/account/sign-out", response_model=None)
def sign_out_page(request: Request, csrf: Text = "") -> Response:
    if not csrf_ok(request, csrf):
        return _forbidden(request)
    with request.app.state.store.writer() as writer:
        close_session(writer, request.cookies.get(ACCOUNT_COOKIE))
    response = redirect("/")
    sign_out_account(response, request)
    return response


@router.post("/account/new", response_class=HTMLResponse, response_model=None)
def new_account(
    request: Request,
    db: Database,
    admin: Text = "",
    new_name: Text = "",
    new_password: Text = "",
    csrf: Text = "",
) -> Response:
    """A GM account, made with the instance's admin token (as ``POST /api/v1/accounts``)."""
    if not csrf_ok(request, csrf):
        return _forbidden(request)
    values = {"new_name": new_name}
    errors = {}
    blocked = _too_many(request, _admin_key(request))
    if blocked is not None:
        return _home(request, db, Forms(values, {"admin": blocked}), status=429)
    if not new_name.strip():
        errors["new_name"] = _say(request, N_("Give the account a name."))
    if not new_password:
        errors["new_password"] = _say(request, N_("Choose a password."))
    if errors:
        return _home(request, db, Forms(values, errors), status=400)
    body = accounts_service.Credentials(name=new_name.strip()[:200], password=new_password[:200])
    try:
        accounts_service.create(context(request, db), body, admin.strip() or None)
    except ApiError as error:
        where = "admin" if error.status_code == 401 else "new_name"
        if error.status_code == 401:
            request.app.state.joins.fail(_admin_key(request))
        return _home(
            request,
            db,
            Forms(values, {where: error.message.render(language(request))}),
            status=error.status_code,
        )
    notice = _say(request, N_("The GM account {name} is made: sign in with it."), name=body.name)
    return _home(request, db, Forms({"account": body.name}, notice=notice), status=200)
