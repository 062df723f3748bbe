"""GM accounts: make one (the instance's admin token), change its password (its current one).

A password is checked with argon2 (:func:`meneur.server.accounts.check_account`); a wrong one counts
as a failed attempt of the caller's address on that account (``app.state.joins``: :func:`account_key`),
so guessing is slow. A new password ends every browser's session of the account.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Header, Request, Response

from meneur.server.accounts import client_address
from meneur.server.api.common import bearer, errors
from meneur.server.services import Services
from meneur.server.services import accounts as service
from meneur.server.services.accounts import PASSWORD_LEAST, AccountOut, Credentials, PasswordChange, too_many

__all__ = [
    "PASSWORD_LEAST",
    "AccountOut",
    "Credentials",
    "PasswordChange",
    "client_address",
    "router",
    "too_many",
]

router = APIRouter(prefix="/api/v1", tags=["accounts"])


@router.post(
    "/accounts",
    status_code=201,
    response_model=AccountOut,
    responses=errors(400, 401, 409),
    summary="Create a GM account (the instance's admin token)",
)
def create_account(
    body: Credentials, ctx: Services, authorization: Annotated[str | None, Header()] = None
) -> AccountOut:
    return service.create(ctx, body, bearer(authorization))


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
def change_account_password(body: PasswordChange, request: Request, ctx: Services) -> Response:
    service.new_password(ctx, body, client_address(request))
    return Response(status_code=204)
