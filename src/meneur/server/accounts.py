"""A browser's seats and its GM account: which members a browser is, read from its cookies.

A browser keeps one HttpOnly cookie per table it sits at, ``meneur_token_<table id>``, holding that
member's token (so one browser sits at several tables, each seat proven by its own token; a removed
member's token stops working, and the seat with it). A GM signed in to an account keeps
``meneur_account``: a random session token, stored hashed in ``account_sessions`` (signing out
deletes the row). The account is the GM of every table it created, from any browser. A new password
ends every session of the account; the page that changes it opens a new one for its own browser.

The operator of the machine that runs the server signs in to the local GM account (:data:`LOCAL_GM`)
with a one-time link ``meneur serve`` prints: its code is random, stored hashed, works once and for
:data:`~meneur.server.auth.SIGN_IN_SECONDS` (:func:`new_sign_in_code`, :func:`use_sign_in_code`).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session as Db
from starlette.requests import Request

from meneur.server.auth import SIGN_IN_SECONDS, check_password, digest, hash_password, new_token, same_digest
from meneur.server.models import Account, AccountSession, GameTable, Member, SignInCode

SEAT_PREFIX = "meneur_token_"
LEGACY_COOKIE = "meneur_token"
ACCOUNT_COOKIE = "meneur_account"
LOCAL_GM = "MJ"
"""The name of the account the operator's sign-in link signs in to (made at the first link)."""
MOST_SEATS = 100
"""Seats read from one browser's cookies at most (a request's headers stay small)."""


def member_for(db: Db, token: str | None) -> Member | None:
    """The member a seat's ``token`` is (``None``: no token, an unknown one, or a member removed)."""
    if not token:
        return None
    member = db.scalar(select(Member).where(Member.token_hash == digest(token)))
    if member is None or member.removed:
        return None
    return member


def client_address(request: Request) -> str:
    """The address a request comes from (``-`` when the server does not know it): failed attempts
    are counted per address."""
    return request.client.host if request.client is not None else "-"


def seat_cookie(table_id: str) -> str:
    return SEAT_PREFIX + table_id


@cache
def _decoy() -> str:
    return hash_password("not a password of anyone")


def check_account(db: Db, name: str, password: str) -> Account | None:
    """The account when ``password`` is its password (argon2; an unknown name costs the same time)."""
    account = db.scalar(select(Account).where(Account.name == name))
    if account is None:
        check_password(password, _decoy())
        return None
    return account if check_password(password, account.password_hash) else None


def open_session(writer: Db, account_id: int) -> str:
    """A new session token for the account (kept in the browser's ``meneur_account`` cookie)."""
    token = new_token()
    writer.add(AccountSession(account_id=account_id, token_hash=digest(token)))
    return token


def close_session(writer: Db, token: str | None) -> None:
    if token:
        writer.execute(delete(AccountSession).where(AccountSession.token_hash == digest(token)))


def end_sessions(writer: Db, account_id: int) -> None:
    """Every browser signed in to the account is signed out (its cookie no longer names a session)."""
    writer.execute(delete(AccountSession).where(AccountSession.account_id == account_id))


def count_sessions(db: Db, account_id: int) -> int:
    """How many browsers are signed in to the account."""
    found = db.scalar(
        select(func.count()).select_from(AccountSession).where(AccountSession.account_id == account_id)
    )
    return int(found or 0)


def change_password(writer: Db, account_id: int, password: str) -> None:
    """The account's new password (argon2); every session of the account ends."""
    account = writer.get(Account, account_id)
    if account is None:
        return
    account.password_hash = hash_password(password)
    end_sessions(writer, account_id)


def account_for(db: Db, token: str | None) -> Account | None:
    """The account a browser is signed in to, or ``None``."""
    if not token:
        return None
    found = db.scalar(select(AccountSession).where(AccountSession.token_hash == digest(token)))
    return db.get(Account, found.account_id) if found is not None else None


def table_gm(db: Db, table_id: str) -> Member | None:
    return db.scalar(
        select(Member)
        .where(Member.table_id == table_id, Member.role == "gm", Member.removed.is_(False))
        .order_by(Member.id)
        .limit(1)
    )


def seated(db: Db, cookies: Mapping[str, str], table_id: str) -> Member | None:
    """The member a browser is at ``table_id``: its seat's token, else (pages of older versions)
    the single ``meneur_token``, else the GM when its account created the table."""
    for token in (cookies.get(seat_cookie(table_id)), cookies.get(LEGACY_COOKIE)):
        member = member_for(db, token)
        if member is not None and member.table_id == table_id:
            return member
    account = account_for(db, cookies.get(ACCOUNT_COOKIE))
    table = db.get(GameTable, table_id)
    if account is not None and table is not None and table.account_id == account.id:
        return table_gm(db, table_id)
    return None


def seats(db: Db, cookies: Mapping[str, str]) -> list[Member]:
    """Every member this browser is (one per table), its account's tables included."""
    found: dict[str, Member] = {}
    names = [name for name in cookies if name.startswith(SEAT_PREFIX)][:MOST_SEATS]
    for name in names:
        member = member_for(db, cookies[name])
        if member is not None and name == seat_cookie(member.table_id):
            found[member.table_id] = member
    legacy = member_for(db, cookies.get(LEGACY_COOKIE))
    if legacy is not None:
        found.setdefault(legacy.table_id, legacy)
    account = account_for(db, cookies.get(ACCOUNT_COOKIE))
    if account is not None:
        for table_id in db.scalars(select(GameTable.id).where(GameTable.account_id == account.id)):
            gm = table_gm(db, table_id) if table_id not in found else None
            if gm is not None:
                found[table_id] = gm
    return list(found.values())


def local_account(writer: Db) -> Account:
    """The local GM account, made when missing (with a password nobody knows: its way in is the
    sign-in link the server prints)."""
    found = writer.scalar(select(Account).where(Account.name == LOCAL_GM))
    if found is None:
        found = Account(name=LOCAL_GM, password_hash=hash_password(new_token()))
        writer.add(found)
        writer.flush()
    return found


def new_sign_in_code(writer: Db, now: float) -> str:
    """A one-time code that signs a browser in to the local GM account until ``SIGN_IN_SECONDS``
    after ``now``; only its hash is stored."""
    code = new_token()
    account = local_account(writer)
    writer.add(
        SignInCode(
            account_id=account.id,
            code_hash=digest(code),
            expires_at=int(now) + SIGN_IN_SECONDS,
            used=False,
        )
    )
    return code


def use_sign_in_code(writer: Db, code: str, now: float) -> Account | None:
    """The account ``code`` signs in to, the code spent; ``None`` for a code that is unknown,
    already used or expired (nothing changes then)."""
    if not code:
        return None
    found = writer.scalar(select(SignInCode).where(SignInCode.code_hash == digest(code)).with_for_update())
    if found is None or not same_digest(code, found.code_hash) or found.used or found.expires_at <= now:
        return None
    found.used = True
    return writer.get(Account, found.account_id)
