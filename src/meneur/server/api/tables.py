"""Tables, joining and members (a table's characters: :mod:`.characters`; GM accounts: :mod:`.accounts`)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Path, Request, Response
from pydantic import BaseModel, Field
from sqlalchemy import select
from starlette.convertors import Convertor, register_url_convertor

from meneur.engine.registry import SYSTEMS
from meneur.i18n import N_, Message
from meneur.server import feed, table_options
from meneur.server.api.accounts import Credentials, client_address, proven_account, too_many
from meneur.server.api.common import (
    ApiError,
    Body,
    Database,
    Me,
    Text,
    bearer,
    errors,
    gm_only,
    link,
    links,
    listed,
    not_found,
    table_for,
)
from meneur.server.api.options import OptionError
from meneur.server.auth import digest, new_id, new_join_code, new_token, same_digest
from meneur.server.models import Character, GameSession, GameTable, Member
from meneur.server.services.characters import CharacterOut, character_out, may_see

router = APIRouter(prefix="/api/v1", tags=["tables"])

Name = Annotated[Text, Field(min_length=1, max_length=200)]


class MemberConvertor(Convertor[str]):
    """A member's id in a path: anything but ``me`` (``/members/me`` is the caller's own address,
    which takes ``PUT`` only: without this, ``DELETE /members/me`` was routed as a member's id and
    a 405 there named ``DELETE``)."""

    regex = "(?!me$)[^/]+"

    def convert(self, value: str) -> str:
        return value

    def to_string(self, value: str) -> str:
        return value


register_url_convertor("member", MemberConvertor())
MemberId = Annotated[str, Path(json_schema_extra={"not": {"const": "me"}})]
Language = Literal["fr", "en", "pl"]


def table_systems() -> list[str]:
    """The systems a table may play: the first word of each registered session kind."""
    return sorted({key.split("-")[0] for key in SYSTEMS})


class TableIn(Body):
    name: Name
    system: Annotated[str, Field(json_schema_extra=listed(table_systems))]
    options: dict[str, Any] = Field(default_factory=dict)
    account: Credentials | None = None


def table_links() -> dict[str, dict[str, Any]]:
    """What the GM of a table just created may call: its id and GM token are in the answer."""
    seat = {
        "path__table_id": "$response.body#/id",
        "header__authorization": "Bearer {$response.body#/gm_token}",
    }
    return {
        "GetTable": link("get", "/tables/{table_id}", **seat),
        "NewJoinCode": link("post", "/tables/{table_id}/join-code", **seat),
        "NewSession": link("post", "/tables/{table_id}/sessions", **seat),
        "NewCharacter": link("post", "/tables/{table_id}/characters", **seat),
        "GetOptions": link("get", "/tables/{table_id}/options", **seat),
        "SetOptions": link("put", "/tables/{table_id}/options", **seat),
        "Roll": link("post", "/tables/{table_id}/rolls", **seat),
        "GetRolls": link("get", "/tables/{table_id}/rolls", **seat),
        "SetMe": link("put", "/tables/{table_id}/members/me", **seat),
    }


def join_link() -> dict[str, Any]:
    """Joining with the code just made (the link starts from a new code, not from the table's
    creation: a code rotated since is refused, with the 404 of a table that is not there)."""
    body = {"join_code": "$response.body#/join_code", "name": "Ayla"}
    return link("post", "/tables/{table_id}/join", body, path__table_id="$request.path.table_id")


class TableCreated(BaseModel):
    id: str
    gm_token: str
    join_code: str


class JoinIn(Body):
    join_code: Annotated[Text, Field(max_length=200)]
    name: Name
    role: Literal["player", "observer"] = "player"
    language: Language | None = None


class Joined(BaseModel):
    member_id: str
    token: str


class JoinCode(BaseModel):
    join_code: str


class MemberOut(BaseModel):
    id: str
    name: str
    role: str


class MeIn(Body):
    language: Language | None = None
    notes: Annotated[Text, Field(max_length=100_000)] | None = None


class MeOut(MemberOut):
    language: str | None
    notes: str


class SessionRef(BaseModel):
    id: str
    kind: str
    version: int


class TableOut(BaseModel):
    id: str
    name: str
    system: str
    options: dict[str, Any]
    seq: int
    me: MeOut
    members: list[MemberOut]
    characters: list[CharacterOut]
    sessions: list[SessionRef]


@router.post(
    "/tables",
    status_code=201,
    response_model=TableCreated,
    responses={**errors(400, 401, 429), 201: links(**table_links())},
    summary="Create a table; its creator is the GM",
)
def create_table(
    body: TableIn, request: Request, db: Database, authorization: Annotated[str | None, Header()] = None
) -> TableCreated:
    settings = request.app.state.settings
    account = None
    if body.account is not None:  # a password guessed counts as a failed join of this address
        account = proven_account(request, db, body.account.name, body.account.password)
    admin = bool(settings.admin_token) and bearer(authorization) == settings.admin_token
    if not settings.open_creation and not admin and account is None:
        raise ApiError(
            401,
            "unauthorized",
            Message(
                "server",
                N_(
                    "Creating a table on this server needs a GM account (name and password)"
                    " or the admin token."
                ),
            ),
        )
    return new_table(body, request, account.id if account is not None else None)


def new_table(body: TableIn, request: Request, account_id: int | None) -> TableCreated:
    """The table (its GM seated, its join code made), once its creator may create it; ``account_id``
    is the GM account that created it, if any (its tables are listed to it from any browser)."""
    if body.system not in table_systems():
        raise ApiError(
            400,
            "bad_input",
            Message(
                "server",
                N_("Unknown system '{system}'; known: {known}."),
                {"system": body.system, "known": ", ".join(table_systems())},
            ),
        )
    options, problems = table_options.checked(body.system, body.options)
    if problems:
        key, problem = next(iter(problems.items()))
        raise OptionError(key, problem)
    table_id, token, code = new_id(), new_token(), new_join_code()
    with request.app.state.store.writer() as writer:
        writer.add(
            GameTable(
                id=table_id,
                name=body.name,
                system=body.system,
                options=table_options.merged({}, options),
                join_code_hash=digest(code),
                seq=0,
                account_id=account_id,
            )
        )
        writer.flush()
        writer.add(Member(id=new_id(), table_id=table_id, name="GM", role="gm", token_hash=digest(token)))
    return TableCreated(id=table_id, gm_token=token, join_code=code)


@router.post(
    "/tables/{table_id}/join",
    response_model=Joined,
    responses={
        **errors(400, 404, 429),
        200: links(
            GetTable=link(
                "get",
                "/tables/{table_id}",
                path__table_id="$request.path.table_id",
                header__authorization="Bearer {$response.body#/token}",
            )
        ),
    },
    summary="Join a table with its join code",
)
def join(table_id: str, body: JoinIn, request: Request, db: Database) -> Joined:
    table = db.get(GameTable, table_id)
    if table is None or not same_digest(body.join_code, table.join_code_hash):
        # wrong codes are counted per table and address; the right code is never refused: a join
        # code is 72 random bits, beyond any guessing, and one person's typos behind a shared
        # address must not lock the others out
        limiter, key = request.app.state.joins, ("join", table_id, client_address(request))
        if limiter.blocked(key):
            raise too_many()
        limiter.fail(key)
        raise ApiError(404, "not_found", Message("server", N_("No table has this join code.")))
    member_id, token = new_id(), new_token()
    with request.app.state.store.writer() as writer:
        writer.add(
            Member(
                id=member_id,
                table_id=table_id,
                name=body.name,
                role=body.role,
                token_hash=digest(token),
                language=body.language,
            )
        )
        writer.flush()
        feed.append(
            writer,
            table_id,
            "member_joined",
            {"member": {"id": member_id, "name": body.name, "role": body.role}},
        )
    request.app.state.hub.notify(table_id)
    return Joined(member_id=member_id, token=token)


@router.post(
    "/tables/{table_id}/join-code",
    response_model=JoinCode,
    responses={**errors(401, 403, 404), 200: links(JoinTable=join_link())},
    summary="Rotate the join code (GM)",
)
def rotate_join_code(table_id: str, me: Me, request: Request, db: Database) -> JoinCode:
    table_for(db, me, table_id)
    gm_only(me)
    code = new_join_code()
    with request.app.state.store.writer() as writer:
        table = writer.get(GameTable, table_id)
        assert table is not None
        table.join_code_hash = digest(code)
    return JoinCode(join_code=code)


def _me(member: Member) -> MeOut:
    return MeOut(
        id=member.id, name=member.name, role=member.role, language=member.language, notes=member.notes
    )


@router.get(
    "/tables/{table_id}",
    response_model=TableOut,
    responses=errors(401, 404),
    summary="The table as this member may see it",
)
def get_table(table_id: str, me: Me, db: Database) -> TableOut:
    table = table_for(db, me, table_id)
    members = list(db.scalars(select(Member).where(Member.table_id == table_id, Member.removed.is_(False))))
    characters = [
        c
        for c in db.scalars(select(Character).where(Character.table_id == table_id).order_by(Character.name))
        if may_see(me, c)
    ]
    sessions = db.scalars(select(GameSession).where(GameSession.table_id == table_id))
    self_row = next(m for m in members if m.id == me.id)
    return TableOut(
        id=table.id,
        name=table.name,
        system=table.system,
        options=table.options,
        seq=table.seq,
        me=_me(self_row),
        members=[MemberOut(id=m.id, name=m.name, role=m.role) for m in members],
        characters=[character_out(c) for c in characters],
        sessions=[SessionRef(id=s.id, kind=s.kind, version=s.version) for s in sessions],
    )


class CookieSet(BaseModel):
    csrf_token: str


@router.post(
    "/tables/{table_id}/cookie",
    response_model=CookieSet,
    responses=errors(401, 403, 404),
    summary="Keep this member's token in an HttpOnly cookie (for the web pages)",
)
def set_cookie(
    table_id: str,
    me: Me,
    request: Request,
    response: Response,
    db: Database,
    authorization: Annotated[str | None, Header()] = None,
) -> CookieSet:
    table_for(db, me, table_id)
    from meneur.server import csrf

    token = bearer(authorization) or request.cookies.get("meneur_token", "")
    secure = request.url.scheme == "https"
    response.set_cookie(
        "meneur_token", token, httponly=True, samesite="strict", secure=secure, path="/api/v1"
    )
    # the token of this seat, for X-CSRF-Token: no cookie a script could read holds it
    return CookieSet(csrf_token=csrf.token(csrf.server_key(request.app), token))


@router.put(
    "/tables/{table_id}/members/me",
    response_model=MeOut,
    responses=errors(400, 401, 404),
    summary="Change my language or my private notes",
)
def update_me(table_id: str, body: MeIn, me: Me, request: Request, db: Database) -> MeOut:
    table_for(db, me, table_id)
    with request.app.state.store.writer() as writer:
        member = writer.get(Member, me.id)
        assert member is not None
        if body.language is not None:
            member.language = body.language
        if body.notes is not None:
            member.notes = body.notes
        return _me(member)


@router.delete(
    "/tables/{table_id}/members/{member_id:member}",
    status_code=204,
    responses=errors(401, 403, 404, 405),  # 405: `me` is no member's id (/members/me takes PUT)
    summary="Remove a member (GM); their token stops working at once",
)
def remove_member(table_id: str, member_id: MemberId, me: Me, request: Request, db: Database) -> Response:
    table_for(db, me, table_id)
    gm_only(me)
    with request.app.state.store.writer() as writer:
        member = writer.get(Member, member_id)
        if member is None or member.table_id != table_id or member.removed or member.id == me.id:
            raise not_found()
        member.removed = True
        member.token_hash = None
        feed.append(writer, table_id, "member_removed", {"member": {"id": member_id}})
    request.app.state.hub.notify(table_id)
    return Response(status_code=204)


@router.post(
    "/tables/{table_id}/members/{member_id}/token",
    response_model=Joined,
    responses=errors(401, 403, 404),
    summary="Give a member a new token (GM), e.g. after an import",
)
def reissue_token(table_id: str, member_id: str, me: Me, request: Request, db: Database) -> Joined:
    table_for(db, me, table_id)
    gm_only(me)
    token = new_token()
    with request.app.state.store.writer() as writer:
        member = writer.get(Member, member_id)
        if member is None or member.table_id != table_id or member.removed:
            raise not_found()
        member.token_hash = digest(token)
    return Joined(member_id=member_id, token=token)
