"""Rendering and cookies shared by every page: the templates, the viewer's language, the member.

A page's strings are in the ``web`` domain (templates call ``_("...")``, extracted by
``scripts/i18n.py``); the engine's words and refusals come as :class:`~meneur.i18n.Message` objects
rendered in the viewer's language. The member is read from the ``meneur_token`` cookie; a form that
changes something repeats the ``meneur_csrf`` cookie (``X-CSRF-Token``, sent by htmx, or a ``csrf``
field), as the API asks.
"""

from __future__ import annotations

import hmac
from functools import cache
from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from jinja2 import Environment, FileSystemLoader, select_autoescape
from sqlalchemy.orm import Session as Db

from meneur import __version__
from meneur.i18n import LANGUAGES, Message, set_language, translate
from meneur.server.api.common import Caller, member_for, request_language
from meneur.server.auth import new_token

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"
PAGE_LANGUAGES = ("fr", "en")
TOKEN_COOKIE = "meneur_token"
CSRF_COOKIE = "meneur_csrf"
LANGUAGE_COOKIE = "meneur_lang"


@cache
def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(TEMPLATES)),
        autoescape=select_autoescape(("html",)),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals["version"] = __version__
    return env


def language(request: Request) -> str:
    """The member's language, else the one chosen on this browser, else the browser's, else French."""
    chosen = getattr(request.state, "language", None)
    if chosen in PAGE_LANGUAGES:
        return str(chosen)
    cookie = request.cookies.get(LANGUAGE_COOKIE, "")
    if cookie in PAGE_LANGUAGES:
        return cookie
    found = request_language(request)
    return found if found in PAGE_LANGUAGES else "fr"


def translator(lang: str) -> Any:
    """The templates' ``_``: ``_("Hello {name}", name=...)`` in ``lang``."""

    def gettext(msgid: str, **params: Any) -> str:
        text = translate("web", msgid, lang)
        return text.format(**params) if params else text

    return gettext


def say(value: Message | str | None, lang: str) -> str:
    """A message of the engine (or plain text) in ``lang``."""
    if value is None:
        return ""
    return value.render(lang) if isinstance(value, Message) else str(value)


def viewer(request: Request, db: Db) -> Caller | None:
    """The member this browser is (the ``meneur_token`` cookie), or ``None``."""
    member = member_for(db, request.cookies.get(TOKEN_COOKIE))
    if member is None:
        return None
    if member.language in PAGE_LANGUAGES:
        request.state.language = member.language
    set_language(language(request))
    return Caller(member.id, member.table_id, member.role, member.name)


def csrf_ok(request: Request, sent: str | None) -> bool:
    """Whether a change carries the CSRF cookie's value (header or form field)."""
    expected = request.cookies.get(CSRF_COOKIE, "")
    given = request.headers.get("x-csrf-token", "") or (sent or "")
    return bool(expected) and bool(given) and hmac.compare_digest(expected, given)


def render(request: Request, name: str, context: dict[str, Any], status: int = 200) -> HTMLResponse:
    """The template ``name`` in the viewer's language."""
    lang = language(request)
    set_language(lang)
    values = {
        "_": translator(lang),
        "say": lambda value: say(value, lang),
        "lang": lang,
        "languages": [code for code in LANGUAGES if code in PAGE_LANGUAGES],
        "csrf": request.cookies.get(CSRF_COOKIE, ""),
        "path": request.url.path,
        **context,
    }
    html = environment().get_template(name).render(values)
    return HTMLResponse(html, status_code=status)


def sign_in(response: Response, request: Request, token: str) -> str:
    """Keep ``token`` in the HttpOnly cookie and set a new CSRF cookie (both for the whole site)."""
    csrf = new_token()
    secure = request.url.scheme == "https"
    response.set_cookie(TOKEN_COOKIE, token, httponly=True, samesite="lax", secure=secure, path="/")
    response.set_cookie(CSRF_COOKIE, csrf, httponly=False, samesite="lax", secure=secure, path="/")
    return csrf


def redirect(url: str) -> RedirectResponse:
    return RedirectResponse(url, status_code=303)
