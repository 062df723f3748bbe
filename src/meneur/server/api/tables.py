"""Tables, joining and members (a table's characters: :mod:`.characters`; GM accounts: :mod:`.accounts`)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Path, Request, Response
from pydantic import BaseModel
from starlette.convertors import Convertor, register_url_convertor

from meneur.i18n import N_, Message
from meneur.server import feed
from meneur.server.accounts import client_address
from meneur.server.api.common import (
    ApiError,
    Database,
    Me,
    bearer,
    errors,
    gm_only,
    link,
    links,
    not_found,
    table_for,
)
from meneur.server.auth import digest, new_token
from meneur.server.models import Member
from meneur.server.services import Services
from meneur.server.services import accounts as accounts_service
from meneur.server.services import tables as service
from meneur.server.services.tables import (
    JoinCode,
    Joined,
    JoinIn,
    MeIn,
    MeOut,
    TableCreated,
    TableIn,
    TableOut,
    table_systems,
)

__all__ = ["JoinIn", "TableCreated", "TableIn", "TableOut", "router", "table_systems"]

router = APIRouter(prefix="/api/v1", tags=["tables"])


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


@router.post(
    "/tables",
    status_code=201,
    response_model=TableCreated,
    responses={**errors(400, 401, 429), 201: links(**table_links())},
    summary="Create a table; its creator is the GM",
)
def create_table(
    body: TableIn,
    request: Request,
    db: Database,
    ctx: Services,
    authorization: Annotated[str | None, Header()] = None,
) -> TableCreated:
    settings = request.app.state.settings
    account = None
    if body.account is not None:  # a password guessed counts as a failed join of this address
        account = accounts_service.proven(
            ctx, body.account.name, body.account.password, client_address(request)
        )
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
    return service.create(ctx, body, account.id if account is not None else None)


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
def join(table_id: str, body: JoinIn, request: Request, ctx: Services) -> Joined:
    return service.join(ctx, table_id, body, client_address(request))


@router.post(
    "/tables/{table_id}/join-code",
    response_model=JoinCode,
    responses={**errors(401, 403, 404), 200: links(JoinTable=join_link())},
    summary="Rotate the join code (GM)",
)
def rotate_join_code(table_id: str, me: Me, ctx: Services) -> JoinCode:
    return service.rotate_join_code(ctx, me, table_id)


@router.get(
    "/tables/{table_id}",
    response_model=TableOut,
    responses=errors(401, 404),
    summary="The table as this member may see it",
)
def get_table(table_id: str, me: Me, ctx: Services) -> TableOut:
    return service.view(ctx, me, table_id)


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
        return service.me_out(member)


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
