"""A GM account's own page: its tables, a new password, and signing out every other browser.

Only a browser signed in to the account opens it (any other gets the signed-out page). A new password
is proven with the current one (a wrong one counts as a failed attempt of the address, as a sign-in
does) and ends every session of the account; so does "sign out every other browser". Either way this
browser gets a new session token, so a copy of its old cookie, wherever it went, signs in nowhere.
Each problem is shown beside its field, in the viewer's language; every form carries the CSRF value.

``/account/code#CODE`` is the operator's one-time sign-in link (printed by ``meneur serve``): the code
is after the ``#`` (no log or ``Referer`` holds it), the page posts it, and the browser is signed in to
the local GM account; a wrong, used or expired code gets a page saying so.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, Response
from sqlalchemy import select

from meneur.i18n import N_, Message
from meneur.server.accounts import (
    ACCOUNT_COOKIE,
    account_for,
    change_password,
    check_account,
    client_address,
    count_sessions,
    end_sessions,
    open_session,
    table_gm,
)
from meneur.server.api.common import ApiError, Database
from meneur.server.models import Account, GameTable
from meneur.server.services import accounts as accounts_service
from meneur.server.services import context
from meneur.server.services.accounts import PASSWORD_LEAST, account_key
from meneur.web.home import MyTable, in_order, my_table
from meneur.web.pages import PageAnswer, csrf_ok, language, redirect, render, sign_in_account

router = APIRouter(include_in_schema=False)
Text = Annotated[str, Form()]
PASSWORD_MOST = 200
DONE = ("password", "others")
"""What the page says was done, after a change (``/account?done=...``)."""


def _say(request: Request, text: str, **params: Any) -> str:
    return Message("web", text, params).render(language(request))


def _signed_in(request: Request, db: Database) -> Account:
    """The account this browser is signed in to.

    Raises:
        PageAnswer: the signed-out page, for a browser signed in to no account.
    """
    account = account_for(db, request.cookies.get(ACCOUNT_COOKIE))
    if account is None:
        raise PageAnswer(render(request, "message.html", {"title_key": "no_account"}, status=401))
    return account


def _check_csrf(request: Request, sent: str) -> None:
    if not csrf_ok(request, sent):
        raise PageAnswer(render(request, "message.html", {"title_key": "csrf"}, status=403))


def account_tables(db: Database, account_id: int) -> list[MyTable]:
    """The tables the account created, as "my tables" shows them (the account is their GM)."""
    found = []
    for table in db.scalars(select(GameTable).where(GameTable.account_id == account_id)):
        gm = table_gm(db, table.id)
        if gm is not None:
            found.append(my_table(db, table, gm.role, gm.name))
    return in_order(found)


def _page(
    request: Request,
    db: Database,
    account: Account,
    errors: dict[str, str] | None = None,
    notice: str = "",
    status: int = 200,
) -> HTMLResponse:
    context = {
        "account": account.name,
        "tables": account_tables(db, account.id),
        "others": max(count_sessions(db, account.id) - 1, 0),
        "errors": errors or {},
        "notice": notice,
    }
    return render(request, "account.html", context, status=status)


def _notice(request: Request, done: str) -> str:
    if done == "password":
        return _say(request, N_("Your password is changed; every other browser is signed out."))
    if done == "others":
        return _say(request, N_("Every other browser is signed out."))
    return ""


@router.get("/account", response_class=HTMLResponse)
def account_page(request: Request, db: Database, done: str = "") -> HTMLResponse:
    account = _signed_in(request, db)
    return _page(request, db, account, notice=_notice(request, done if done in DONE else ""))


def _password_problems(request: Request, current: str, new: str, again: str) -> dict[str, str]:
    """Each field's problem, before any password is checked."""
    errors = {}
    if not current:
        errors["current_password"] = _say(request, N_("Give your current password."))
    if len(new) < PASSWORD_LEAST:
        errors["new_password"] = _say(request, N_("Choose a new password."))
    elif len(new) > PASSWORD_MOST:
        errors["new_password"] = _say(
            request, N_("A password has at most {most} characters."), most=PASSWORD_MOST
        )
    elif new != again:
        errors["new_password_again"] = _say(request, N_("The two new passwords differ: type it again."))
    return errors


def _renewed(request: Request, account_id: int, new_password: str | None = None) -> Response:
    """Every session of the account ends (with a new password, if given); this browser gets a new
    one, and the page that says so."""
    with request.app.state.store.writer() as writer:
        if new_password is None:
            end_sessions(writer, account_id)
        else:
            change_password(writer, account_id, new_password)
        token = open_session(writer, account_id)
    done = "others" if new_password is None else "password"
    response = redirect(f"/account?done={done}")
    sign_in_account(response, request, token)
    return response


@router.post("/account", response_class=HTMLResponse, response_model=None)
def change_password_page(
    request: Request,
    db: Database,
    current_password: Text = "",
    new_password: Text = "",
    new_password_again: Text = "",
    csrf: Text = "",
) -> Response:
    _check_csrf(request, csrf)
    account = _signed_in(request, db)
    limiter, key = request.app.state.joins, account_key(account.name, client_address(request))
    if limiter.blocked(key):
        message = _say(request, N_("Too many failed attempts; wait a minute."))
        return _page(request, db, account, {"current_password": message}, status=429)
    errors = _password_problems(request, current_password, new_password, new_password_again)
    if errors:
        return _page(request, db, account, errors, status=400)
    if check_account(db, account.name, current_password[:PASSWORD_MOST]) is None:
        limiter.fail(key)
        message = _say(request, N_("This is not the account's current password."))
        return _page(request, db, account, {"current_password": message}, status=401)
    return _renewed(request, account.id, new_password)


@router.post("/account/sign-out-others", response_model=None)
def sign_out_others(request: Request, db: Database, csrf: Text = "") -> Response:
    _check_csrf(request, csrf)
    account = _signed_in(request, db)
    return _renewed(request, account.id)


@router.get("/account/code", response_class=HTMLResponse)
def sign_in_code_page(request: Request) -> HTMLResponse:
    """The page of the operator's sign-in link: it posts the code after the ``#``."""
    return render(request, "sign_in.html", {"problem": None})


@router.post("/account/code", response_class=HTMLResponse, response_model=None)
def sign_in_with_code(request: Request, db: Database, token: Text = "", csrf: Text = "") -> Response:
    """Sign this browser in to the local GM account with a one-time code, then the home page (where
    it creates tables)."""
    _check_csrf(request, csrf)
    try:
        session = accounts_service.sign_in_with_code(context(request, db), token, client_address(request))
    except ApiError as error:
        problem = error.message.render(language(request))
        return render(request, "sign_in.html", {"problem": problem}, status=error.status_code)
    response = redirect("/")
    sign_in_account(response, request, session)
    return response
