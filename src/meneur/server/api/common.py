"""What every route shares: the database session, the current member, errors and their bodies."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, Header, HTTPException, Request
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session as Db

from meneur.i18n import LANGUAGES, N_, Message, UnknownLanguageError, normalize_language, set_language
from meneur.server.accounts import member_for as member_for  # also read from here by the pages
from meneur.server.accounts import seated
from meneur.server.auth import digest
from meneur.server.models import MEMBERS, GameTable, Member
from meneur.server.prepared import Prepared

Text = Annotated[str, Field(json_schema_extra={"not": {"pattern": "\\x00"}})]
"""A text field: the OpenAPI document says it holds no NUL character, as the server checks of
every text of a body (:func:`meneur.storage.check_data`, before any route reads it). Written as
``not`` a pattern that finds one: ``^[^\\x00]*$`` made generating a 100,000-character note crawl."""


class Body(BaseModel):
    """A request body: unknown keys are refused."""

    model_config = ConfigDict(extra="forbid")


class ErrorBody(BaseModel):
    """An error: a stable code and a message in the viewer's language."""

    error: str
    message: str


class RefusedBody(BaseModel):
    """A command the rules refuse: the rule's stable key and why, in the viewer's language."""

    rule: str
    message: str


def listed(names: Callable[[], list[str]]) -> Callable[[dict[str, Any]], None]:
    """A field's documented ``enum``: ``names()`` when the document is made (the registry's systems
    or kinds, complete once the app is built)."""

    def document(schema: dict[str, Any]) -> None:
        schema["enum"] = names()

    return document


def link(method: str, path: str, body: Any = None, **parameters: str) -> dict[str, Any]:
    """An OpenAPI link to the operation ``method path`` (under ``/api/v1``), its parameters given
    as ``location__name`` (``path__table_id``) runtime expressions; ``body``: its request body."""
    pointer = ("/api/v1" + path).replace("~", "~0").replace("/", "~1")
    found: dict[str, Any] = {
        "operationRef": f"#/paths/{pointer}/{method}",
        "parameters": {key.replace("__", "."): value for key, value in parameters.items()},
    }
    if body is not None:
        found["requestBody"] = body
    return found


def links(**named: dict[str, Any]) -> dict[str, Any]:
    """A response's documented links (what a client may call next with what it answered)."""
    return {"links": named}


def errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The documented error responses of a route."""
    described = {
        400: "Malformed input",
        401: "No valid token",
        403: "Not allowed for this member",
        404: "No such table or session for this member",
        405: "Not a method of this address",
        409: "Conflicts with the current state (another version, nothing to undo or redo, taken)",
        413: "Body too large",
        429: "Too many failed attempts",
    }
    found: dict[int | str, dict[str, Any]] = {}
    for code in codes:
        if code == 422:
            found[422] = {"model": RefusedBody, "description": "Refused by the rules"}
        else:
            found[code] = {"model": ErrorBody, "description": described[code]}
        if code == 405:
            found[code]["headers"] = {
                "Allow": {"description": "The methods the address takes", "schema": {"type": "string"}}
            }
    return found


class ApiError(HTTPException):
    """An error answered with ``{"error", "message"}``, the message translated when sent."""

    def __init__(self, status: int, code: str, message: Message) -> None:
        super().__init__(status_code=status, detail=code)
        self.code = code
        self.message = message


def not_found() -> ApiError:
    return ApiError(404, "not_found", Message("server", N_("No such table or session.")))


def forbidden() -> ApiError:
    return ApiError(403, "forbidden", Message("server", N_("Your role at this table does not allow this.")))


def conflict(version: int) -> ApiError:
    return ApiError(
        409,
        "conflict",
        Message(
            "server",
            N_("The session has moved on (it is at version {version}); refresh and try again."),
            {"version": version},
        ),
    )


def request_language(request: Request) -> str:
    """The member's language, else the first ``Accept-Language`` meneur speaks, else French."""
    chosen = getattr(request.state, "language", None)
    if chosen:
        return str(chosen)
    return accept_language(request.headers.get("accept-language", ""))


def accept_language(header: str) -> str:
    """The first language of an ``Accept-Language`` header that meneur speaks, else French."""
    for part in header.split(","):
        code = part.split(";")[0].strip()
        if not code or code == "*":
            continue
        try:
            found = normalize_language(code)
        except UnknownLanguageError:
            continue
        if found in LANGUAGES:
            return found
    return "fr"


async def get_db(request: Request) -> AsyncIterator[Db]:
    """A read session for the request (opened lazily: no I/O until a route uses it, so no thread
    is needed to make it)."""
    db: Db = request.app.state.store.request_reader()
    try:
        yield db
    finally:
        db.close()


Database = Annotated[Db, Depends(get_db)]


@dataclass(frozen=True)
class Caller:
    """The member making the request."""

    id: str
    table_id: str
    role: str
    name: str

    @property
    def is_gm(self) -> bool:
        return self.role == "gm"


def bearer(authorization: str | None) -> str | None:
    if authorization and authorization[:7].lower() == "bearer ":
        return authorization[7:].strip() or None
    return None


@dataclass(frozen=True)
class _Token:
    """What a request needs of the member its token names."""

    id: str
    table_id: str
    role: str
    name: str
    language: str | None


_BY_TOKEN = Prepared(
    select(MEMBERS.c.id, MEMBERS.c.table_id, MEMBERS.c.role, MEMBERS.c.name, MEMBERS.c.language).where(
        MEMBERS.c.token_hash == bindparam("token_hash"), MEMBERS.c.removed.is_(False)
    )
)
"""The member of a token, asked on every request (the database each time, not a cache: a member
removed, or whose token was made anew, by another process loses the table at once)."""


def _token_member(db: Db, token: str | None) -> _Token | None:
    if not token:
        return None
    found = _BY_TOKEN.first(db.connection(), {"token_hash": digest(token)})
    return None if found is None else _Token(*found)


COOKIES = ("meneur_token", "meneur_account")
"""The browser's credentials: a table's seat (``meneur_token_<table id>``, or the single
``meneur_token`` of the API's cookie route) or a GM account (:mod:`meneur.server.accounts`)."""


def _cookie_member(request: Request, db: Db) -> Member | None:
    """The member a browser's cookies make it at the table the request is about (its path's table,
    or the table of its path's session)."""
    from meneur.server.models import GameSession

    table_id = request.path_params.get("table_id")
    session_id = request.path_params.get("session_id")
    if table_id is None and session_id is not None:
        row = db.get(GameSession, session_id)
        table_id = row.table_id if row is not None else None
    if table_id is None:
        return member_for(db, request.cookies.get("meneur_token"))
    return seated(db, request.cookies, table_id)


def current_member(
    request: Request, db: Database, authorization: Annotated[str | None, Header()] = None
) -> Caller:
    """The member whose token the request carries (see :func:`caller_of`)."""
    return caller_of(request, db, authorization)


def caller_of(request: Request, db: Db, authorization: str | None) -> Caller:
    """The member whose token the request carries (header, or the browser's cookies; a request that
    changes something with cookies must send, in ``X-CSRF-Token``, the CSRF token of a secret the
    browser holds: :mod:`meneur.server.csrf`)."""
    from meneur.server import csrf

    token = bearer(authorization)
    by_cookie = token is None and any(name.startswith(COOKIES) for name in request.cookies)
    if by_cookie and request.method not in ("GET", "HEAD", "OPTIONS"):
        sent = request.headers.get("x-csrf-token", "")
        if not csrf.is_valid(csrf.server_key(request.app), request.cookies, sent):
            raise ApiError(
                403,
                "csrf",
                Message("server", N_("This form's protection token is missing or wrong; reload the page.")),
            )
    member: Member | _Token | None = _cookie_member(request, db) if by_cookie else _token_member(db, token)
    # end the read: the connection goes back to the pool while the request waits for a thread to
    # run its route in, so a request holds connections only while a thread runs it (two at most:
    # a read and a write), and the pool, sized from the threads, never runs dry
    db.commit()
    if member is None:
        raise ApiError(
            401,
            "unauthorized",
            Message("server", N_("This call needs a member's token (Authorization: Bearer TOKEN).")),
        )
    if member.language:
        request.state.language = member.language
        set_language(member.language)
    return Caller(member.id, member.table_id, member.role, member.name)


Me = Annotated[Caller, Depends(current_member)]


def at_table(caller: Caller, table_id: str) -> None:
    """A member of another table learns nothing about this one."""
    if caller.table_id != table_id:
        raise not_found()


def table_for(db: Db, caller: Caller, table_id: str) -> GameTable:
    """The caller's table (a member of another table, or of none, gets the 404 of a missing one)."""
    at_table(caller, table_id)
    table = db.get(GameTable, table_id)
    if table is None:
        raise not_found()
    return table


def gm_only(caller: Caller) -> None:
    if not caller.is_gm:
        raise forbidden()
