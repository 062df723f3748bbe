"""GM accounts: make one (the instance's admin token), change its password (its current one).

A password is checked with argon2 (:func:`meneur.server.accounts.check_account`); a wrong one counts
as a failed attempt of the caller's address on that account (``app.state.joins``: :func:`account_key`),
so guessing is slow. A new password ends every browser's session of the account.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Header, Request, Response
from pydantic import BaseModel, Field
from sqlalchemy import select
from sqlalchemy.orm import Session as Db

from meneur.i18n import N_, Message
from meneur.server.accounts import change_password, check_account
from meneur.server.api.common import ApiError, Body, Database, Text, bearer, errors
from meneur.server.auth import hash_password
from meneur.server.models import Account

router = APIRouter(prefix="/api/v1", tags=["accounts"])

PASSWORD_LEAST = 1
"""A password's fewest characters, for a new account as for a new password."""
AccountName = Annotated[Text, Field(min_length=1, max_length=200)]
Password = Annotated[Text, Field(min_length=PASSWORD_LEAST, max_length=200)]


class Credentials(Body):
    name: AccountName
    password: Password


class AccountOut(BaseModel):
    name: str


class PasswordChange(Body):
    """The account's name and current password, and the password that replaces it."""

    name: AccountName
    password: Password
    new_password: Password


def client_address(request: Request) -> str:
    return request.client.host if request.client is not None else "-"


def too_many() -> ApiError:
    return ApiError(429, "too_many", Message("server", N_("Too many failed attempts; wait a minute.")))


def proven_account(request: Request, db: Db, name: str, password: str) -> Account | None:
    """The account when ``password`` is its password; a failure counts against the (account, address).

    Raises:
        ApiError: 429 when this address failed too often on this account in the last minute.
    """
    limiter, key = request.app.state.joins, account_key(request, name)
    if limiter.blocked(key):
        raise too_many()
    account = check_account(db, name, password)
    if account is None:
        limiter.fail(key)
    return account


def account_key(request: Request, name: str) -> tuple[str, str, str]:
    """Wrong passwords are counted per account and address: a blocked pair refuses even the right
    password until the minute is over (a password can be guessed, unlike a join code), and only that
    address's own mistakes on that account block it."""
    return ("account", name, client_address(request))


@router.post(
    "/accounts",
    status_code=201,
    response_model=AccountOut,
    responses=errors(400, 401, 409),
    summary="Create a GM account (the instance's admin token)",
)
def create_account(
    body: Credentials, request: Request, db: Database, authorization: Annotated[str | None, Header()] = None
) -> AccountOut:
    admin = request.app.state.settings.admin_token
    if not admin or bearer(authorization) != admin:
        raise ApiError(
            401, "unauthorized", Message("server", N_("Creating an account needs the admin token."))
        )
    with request.app.state.store.writer() as writer:
        if writer.scalar(select(Account).where(Account.name == body.name)) is not None:
            raise ApiError(409, "conflict", Message("server", N_("This account name is taken.")))
        writer.add(Account(name=body.name, password_hash=hash_password(body.password)))
    return AccountOut(name=body.name)


@router.put(
    "/accounts/me/password",
    status_code=204,
    response_class=Response,
    responses=errors(400, 401, 429),
    summary="Change a GM account's password (its current one); every browser signed in to it is signed out",
    description=(
        "The account proves itself with its name and current password. A wrong password is 401 and"
        " counts as a failed attempt of the caller's address (429 after too many in a minute). The"
        f" new password has {PASSWORD_LEAST} to 200 characters (400 otherwise). Every session of the"
        " account ends (its browsers sign in again)."
    ),
)
def change_account_password(body: PasswordChange, request: Request, db: Database) -> Response:
    account = proven_account(request, db, body.name, body.password)
    if account is None:
        raise ApiError(
            401, "unauthorized", Message("server", N_("No GM account has this name and password."))
        )
    with request.app.state.store.writer() as writer:
        change_password(writer, account.id, body.new_password)
    return Response(status_code=204)
