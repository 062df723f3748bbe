"""Rendering and cookies shared by every page: the templates, the viewer's language, the member.

A page's strings are in the ``web`` domain (templates call ``_("...")``, extracted by
``scripts/i18n.py``); the engine's words and refusals come as :class:`~meneur.i18n.Message` objects
rendered in the viewer's language. The member at a table is read from the browser's cookies (one
HttpOnly seat cookie per table, or the GM account it is signed in to: :mod:`meneur.server.accounts`);
every page carries its CSRF token (an HMAC of the browser's seat at its table, its GM account's
session, or its own secret: :mod:`meneur.server.csrf`) in a meta tag, htmx's ``X-CSRF-Token``
header and its forms' ``csrf`` field, as the API asks. A page sets the browser's own secret
(``meneur_browser``, HttpOnly) when it has none yet.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from jinja2 import BaseLoader, ChoiceLoader, Environment, FileSystemLoader, PackageLoader, select_autoescape
from sqlalchemy.orm import Session as Db

from meneur import __version__
from meneur.i18n import LANGUAGES, P_, Message, Plural, format_text, set_language, translate, translate_plural
from meneur.i18n.numbers import decimal, percent
from meneur.server import csrf
from meneur.server.accounts import ACCOUNT_COOKIE, seat_cookie, seated
from meneur.server.api.common import Caller, request_language
from meneur.server.auth import new_token

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"
PAGE_LANGUAGES = ("fr", "en")
LANGUAGE_COOKIE = "meneur_lang"
SEAT_AGE = 3600 * 24 * 365
"""Seconds a browser remembers a seat (its token stops working sooner if the GM removes the member)."""
ACCOUNT_AGE = 3600 * 24 * 30


def loader() -> BaseLoader:
    """The shared templates, then each listed game's own (:attr:`meneur.engine.plugin.Game.templates`)."""
    from meneur.engine.registry import games

    found: list[BaseLoader] = [FileSystemLoader(str(TEMPLATES))]
    found.extend(PackageLoader(game.templates) for game in games() if game.templates is not None)
    return ChoiceLoader(found)


def sentence(text: object) -> str:
    """``text`` with its first letter a capital, the rest as it is (a button reads « Attaquer Agent
    Octopus 1 »; Jinja's ``capitalize`` would lower « KITSUNE »)."""
    words = str(text)
    return words[:1].upper() + words[1:]


@cache
def environment() -> Environment:
    env = Environment(
        loader=loader(),
        autoescape=select_autoescape(("html",)),
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=False,  # the installed templates, read once a process: no file looked at per rendering
    )
    env.globals["version"] = __version__
    env.globals["P_"] = P_
    env.filters["percent"] = lambda value: percent(float(value) / 100)  # a chance given in per cent
    env.filters["decimal"] = lambda value: decimal(float(value))  # « 7,00 » in French
    env.filters["sentence"] = sentence
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
    """The templates' ``_``: ``_("Hello {name}", name=...)`` in ``lang``, and a counted message
    ``_(P_("{count} token", "{count} tokens"), count=n)`` in the form ``count`` takes; formatted as
    every message is (:func:`meneur.i18n.format_text`: « de » elides before a name in French)."""

    def gettext(msgid: str | Plural, **params: Any) -> str:
        if isinstance(msgid, Plural):
            text = translate_plural("web", msgid.singular, msgid.plural, params["count"], lang)
        else:
            text = translate("web", msgid, lang)
        return format_text(text, params, lang) if params else text

    return gettext


def say(value: Message | str | None, lang: str) -> str:
    """A message of the engine (or plain text) in ``lang``."""
    if value is None:
        return ""
    return value.render(lang) if isinstance(value, Message) else str(value)


def seat(request: Request, db: Db, table_id: str) -> Caller | None:
    """The member this browser is at ``table_id``, or ``None`` (its language becomes the page's)."""
    member = seated(db, request.cookies, table_id)
    if member is None:
        return None
    if member.language in PAGE_LANGUAGES:
        request.state.language = member.language
    request.state.seat_role = member.role  # the header's links: « Ma fiche » for who plays
    set_language(language(request))
    return Caller(member.id, member.table_id, member.role, member.name)


def csrf_ok(request: Request, sent: str | None) -> bool:
    """Whether a change carries the CSRF token of a secret the browser holds (header or field)."""
    given = request.headers.get("x-csrf-token", "") or (sent or "")
    return csrf.is_valid(csrf.server_key(request.app), request.cookies, given)


def _csrf(request: Request) -> str:
    """The page's CSRF token: of its table's seat, else the account's session, else the browser's
    own secret (made, and kept for the response, when it has none yet)."""
    secret = csrf.page_secret(request.cookies, request.path_params.get("table_id"))
    if secret is None:
        secret = getattr(request.state, "new_browser", "") or new_token()
        request.state.new_browser = secret
    return csrf.token(csrf.server_key(request.app), secret)


def _cookie(response: Response, request: Request, name: str, value: str, **options: Any) -> None:
    secure = request.url.scheme == "https"
    response.set_cookie(name, value, samesite="lax", secure=secure, path="/", **options)


def keep_csrf(response: Response, request: Request) -> None:
    """Send the browser's own secret made while answering, if any (HttpOnly: no script reads it)."""
    made = getattr(request.state, "new_browser", "")
    if made and not request.cookies.get(csrf.BROWSER_COOKIE):
        _cookie(response, request, csrf.BROWSER_COOKIE, made, httponly=True, max_age=SEAT_AGE)


def _chat_href(request: Request) -> str | None:
    """The table's chat, linked from the header of every page of a session (one tap away)."""
    table_id = request.path_params.get("table_id")
    if isinstance(table_id, str) and request.url.path.startswith(f"/t/{table_id}/s/"):
        return f"/t/{table_id}/chat"
    return None


def _sheet_href(request: Request) -> str | None:
    """The viewer's character sheet, linked from the header of every page of a session (« Ma
    fiche », one tap away) for who plays or runs it; an observer has none."""
    table_id = request.path_params.get("table_id")
    session_id = request.path_params.get("session_id")
    role = getattr(request.state, "seat_role", None)
    if not (isinstance(table_id, str) and isinstance(session_id, str) and role in ("gm", "player")):
        return None
    base = f"/t/{table_id}/s/{session_id}"
    return f"{base}/sheet" if request.url.path.startswith(base) else None


def render(request: Request, name: str, context: dict[str, Any], status: int = 200) -> HTMLResponse:
    """The template ``name`` in the viewer's language."""
    lang = language(request)
    set_language(lang)
    values = {
        "_": translator(lang),
        "say": lambda value: say(value, lang),
        "lang": lang,
        "languages": [code for code in LANGUAGES if code in PAGE_LANGUAGES],
        "csrf": _csrf(request),
        "path": request.url.path,
        "chat_href": _chat_href(request),
        "sheet_href": _sheet_href(request),
        "sheet_gm": getattr(request.state, "seat_role", None) == "gm",
        "here": request.url.path,  # where the language form comes back to (a page may keep its query)
        **context,
    }
    html = environment().get_template(name).render(values)
    response = HTMLResponse(html, status_code=status, headers={"Content-Language": lang})
    keep_csrf(response, request)
    return response


def sign_in(response: Response, request: Request, token: str, table_id: str) -> None:
    """Keep ``token`` in the table's HttpOnly seat cookie (the browser's other seats stay)."""
    _cookie(response, request, seat_cookie(table_id), token, httponly=True, max_age=SEAT_AGE)
    keep_csrf(response, request)


def forget_seat(response: Response, request: Request, table_id: str) -> None:
    secure = request.url.scheme == "https"
    response.delete_cookie(seat_cookie(table_id), path="/", secure=secure, httponly=True, samesite="lax")


def sign_in_account(response: Response, request: Request, token: str) -> None:
    _cookie(response, request, ACCOUNT_COOKIE, token, httponly=True, max_age=ACCOUNT_AGE)


def sign_out_account(response: Response, request: Request) -> None:
    secure = request.url.scheme == "https"
    response.delete_cookie(ACCOUNT_COOKIE, path="/", secure=secure, httponly=True, samesite="lax")


def redirect(url: str) -> RedirectResponse:
    return RedirectResponse(url, status_code=303)


class PageAnswer(Exception):  # noqa: N818 (not an error: the page that answers instead)
    """The page that answers instead of the route (signed out, not found, forbidden): raised by the
    checks the routes share, sent by the app's handler (:func:`meneur.web.mount`)."""

    def __init__(self, response: Response) -> None:
        super().__init__(response.status_code)
        self.response = response
