"""GM accounts: make one (the instance's admin token), prove one (its name and password), change
its password (its current one).

A password is checked with argon2 (:func:`meneur.server.accounts.check_account`); a wrong one counts
as a failed attempt of the caller's address on that account (``app.state.joins``: :func:`account_key`),
so guessing is slow. A new password ends every browser's session of the account.

The REST routes (:mod:`meneur.server.api.accounts`) and the pages (:mod:`meneur.web.home`,
:mod:`meneur.web.account`) both call these functions.
"""

from __future__ import annotations

import time
from typing import Annotated

from pydantic import BaseModel, Field
from sqlalchemy import select

from meneur.i18n import N_, Message
from meneur.server.accounts import change_password, check_account, open_session, use_sign_in_code
from meneur.server.api.common import ApiError, Body, Text
from meneur.server.auth import hash_password
from meneur.server.models import Account
from meneur.server.services import Context

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


def too_many() -> ApiError:
    """The refusal of an address that failed too often lately (429)."""
    return ApiError(429, "too_many", Message("server", N_("Too many failed attempts; wait a minute.")))


def account_key(name: str, address: str) -> tuple[str, str, str]:
    """Wrong passwords are counted per account and address: a blocked pair refuses even the right
    password until the minute is over (a password can be guessed, unlike a join code), and only that
    address's own mistakes on that account block it."""
    return ("account", name, address)


def proven(ctx: Context, name: str, password: str, address: str) -> Account | None:
    """The account when ``password`` is its password; a failure counts against the (account, address).

    Raises:
        ApiError: 429 when this address failed too often on this account in the last minute.
    """
    limiter, key = ctx.state.joins, account_key(name, address)
    if limiter.blocked(key):
        raise too_many()
    account = check_account(ctx.db, name, password)
    if account is None:
        limiter.fail(key)
    return account


def create(ctx: Context, body: Credentials, admin_token: str | None) -> AccountOut:
    """A new GM account, made with the instance's admin token.

    Raises:
        ApiError: no admin token or a wrong one (401), the name taken (409).
    """
    admin = ctx.settings.admin_token
    if not admin or admin_token != admin:
        raise ApiError(
            401, "unauthorized", Message("server", N_("Creating an account needs the admin token."))
        )
    with ctx.store.writer() as writer:
        if writer.scalar(select(Account).where(Account.name == body.name)) is not None:
            raise ApiError(409, "conflict", Message("server", N_("This account name is taken.")))
        writer.add(Account(name=body.name, password_hash=hash_password(body.password)))
    return AccountOut(name=body.name)


def new_password(ctx: Context, body: PasswordChange, address: str) -> None:
    """The account's new password, once it proves itself; every browser signed in to it is signed out.

    Raises:
        ApiError: a wrong name or password (401), too many lately (429).
    """
    account = proven(ctx, body.name, body.password, address)
    if account is None:
        raise ApiError(
            401, "unauthorized", Message("server", N_("No GM account has this name and password."))
        )
    with ctx.store.writer() as writer:
        change_password(writer, account.id, body.new_password)


def sign_in_with_code(ctx: Context, code: str, address: str) -> str:
    """A new session of the local GM account for the browser that brings the one-time ``code``
    (printed by ``meneur serve``), which is spent; the session's token.

    Raises:
        ApiError: a code that is wrong, used or expired (401: a failure of ``address``), too many
            failures lately (429).
    """
    limiter, key = ctx.state.joins, ("sign-in", address)
    if limiter.blocked(key):
        raise too_many()
    with ctx.store.writer() as writer:
        account = use_sign_in_code(writer, code.strip()[:200], time.time())
        token = open_session(writer, account.id) if account is not None else None
    if token is None:
        limiter.fail(key)
        raise ApiError(
            401,
            "unauthorized",
            Message(
                "server",
                N_(
                    "This sign-in link is wrong, already used or expired. Restart the server"
                    " (meneur serve) to print a new one."
                ),
            ),
        )
    return token
