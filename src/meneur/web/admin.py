"""The operator's page (``/admin``): the server's version, its tables, the screens connected, the
sessions, the database's size and the last backup, for the holder of the instance's admin token.

The token is given once in the page's form (or as ``Authorization: Bearer`` by a script); the
browser then keeps an HttpOnly cookie (``meneur_admin``, path ``/admin``) holding an HMAC of the
token under the server's key, never the token: a new token signs every browser out. Wrong tokens
count against the address like wrong join codes (429 beyond the limit). Without an admin token set,
the page says so (404).
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, Response

from meneur.server import csrf
from meneur.server.metrics import is_admin
from meneur.server.overview import overview
from meneur.web.pages import csrf_ok, redirect, render

router = APIRouter(include_in_schema=False)
COOKIE = "meneur_admin"
AGE = 12 * 3600
"""Seconds a browser stays signed in to the operator's page."""


def _proof(request: Request) -> str:
    """What the cookie holds: the admin token's HMAC under the server's key."""
    token = request.app.state.settings.admin_token.encode()
    return hmac.new(csrf.server_key(request.app), b"admin:" + token, hashlib.sha256).hexdigest()


def is_signed_in(request: Request) -> bool:
    """Whether the request carries the admin token or the cookie of a browser that gave it."""
    if not request.app.state.settings.admin_token:
        return False
    if is_admin(request):
        return True
    return hmac.compare_digest(request.cookies.get(COOKIE, "").encode(), _proof(request).encode())


def _sign_in_page(request: Request, error: str = "", status: int = 401) -> HTMLResponse:
    return render(request, "admin.html", {"signed_in": False, "error": error, "configured": True}, status)


@router.get("/admin", response_class=HTMLResponse)
def admin_page(request: Request) -> Response:
    """The operator's page, or its sign-in form."""
    if not request.app.state.settings.admin_token:
        return render(request, "admin.html", {"signed_in": False, "configured": False, "error": ""}, 404)
    if not is_signed_in(request):
        return _sign_in_page(request)
    return render(
        request, "admin.html", {"signed_in": True, "configured": True, "view": overview(request.app.state)}
    )


def _address(request: Request) -> str:
    return request.client.host if request.client is not None else ""


@router.post("/admin", response_class=HTMLResponse)
def sign_in(
    request: Request, token: Annotated[str, Form()] = "", csrf_field: Annotated[str, Form(alias="csrf")] = ""
) -> Response:
    """Check the admin token given in the form and keep the browser signed in."""
    admin = request.app.state.settings.admin_token
    if not admin:
        return render(request, "admin.html", {"signed_in": False, "configured": False, "error": ""}, 404)
    if not csrf_ok(request, csrf_field):
        return _sign_in_page(request, "csrf", 403)
    key = ("admin", _address(request))
    limiter = request.app.state.joins
    if limiter.blocked(key):
        return _sign_in_page(request, "too_many", 429)
    if not hmac.compare_digest(token.strip().encode(), admin.encode()):
        limiter.fail(key)
        return _sign_in_page(request, "wrong")
    response = redirect("/admin")
    secure = request.url.scheme == "https"
    response.set_cookie(
        COOKIE, _proof(request), max_age=AGE, path="/admin", httponly=True, samesite="strict", secure=secure
    )
    return response


@router.post("/admin/out")
def sign_out(request: Request, csrf_field: Annotated[str, Form(alias="csrf")] = "") -> Response:
    """Forget this browser's sign-in to the operator's page."""
    if not csrf_ok(request, csrf_field):
        return _sign_in_page(request, "csrf", 403)
    response = redirect("/admin")
    response.delete_cookie(
        COOKIE, path="/admin", httponly=True, samesite="strict", secure=request.url.scheme == "https"
    )
    return response
