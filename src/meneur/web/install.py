"""The table as an app a phone installs: its manifest, its service worker and its offline page.

``/manifest.webmanifest`` names the app, its colours and its icons (``static/icons/``, drawn by
``scripts/icons.py``); ``/sw.js`` is the service worker (scope ``/``), given the app shell to keep:
the style sheet, the scripts, the icons and ``/offline``, the page it shows in place of the
browser's error when a page cannot be reached. It keeps nothing else: no page of a table (they hold
what a viewer may see, and a form's token), no answer of the API, nothing from another site. The
shell's addresses carry the version, so an upgrade of the server replaces the cache.
"""

from __future__ import annotations

import json

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from meneur import __version__
from meneur.i18n import set_language
from meneur.web.pages import STATIC, environment, language, translator

router = APIRouter(include_in_schema=False)

THEME = "#2b2622"
"""The pages' header colour (the phone's status bar in the app)."""
BACKGROUND = "#fbfaf7"
"""The pages' paper (the splash screen)."""
ICONS = (
    ("/static/icons/icon-192.png", "192x192", "any"),
    ("/static/icons/icon-512.png", "512x512", "any"),
    ("/static/icons/maskable-192.png", "192x192", "maskable"),
    ("/static/icons/maskable-512.png", "512x512", "maskable"),
)
OFFLINE = "/offline"
NO_STORE = {"Cache-Control": "no-cache"}


def shell() -> list[str]:
    """What the service worker keeps: the addresses the pages ask for, as they ask for them."""
    return [
        f"/static/meneur.css?v={__version__}",
        f"/static/meneur.js?v={__version__}",
        f"/static/install.js?v={__version__}",
        "/static/vendor/htmx-2.0.11.min.js",
        "/static/vendor/htmx-ext-ws-2.0.4.min.js",
        "/favicon.ico",
        *(path for path, _size, _purpose in ICONS),
        OFFLINE,
    ]


@router.get("/manifest.webmanifest")
def manifest(request: Request) -> Response:
    """The web app manifest, in the visitor's language."""
    lang = language(request)
    _ = translator(lang)
    body = {
        "name": _("meneur: the game table"),
        "short_name": "meneur",
        "description": _("The table of your role-playing evening: sheets, dice and fights."),
        "lang": lang,
        "start_url": "/",
        "scope": "/",
        "id": "/",
        "display": "standalone",
        "theme_color": THEME,
        "background_color": BACKGROUND,
        "icons": [
            {"src": path, "sizes": size, "type": "image/png", "purpose": purpose}
            for path, size, purpose in ICONS
        ],
    }
    return Response(
        json.dumps(body, ensure_ascii=False),
        media_type="application/manifest+json",
        headers={**NO_STORE, "Content-Language": lang, "Vary": "Cookie, Accept-Language"},
    )


@router.get("/sw.js")
def service_worker() -> Response:
    """The service worker, given this version's shell to keep (scope ``/``)."""
    text = (STATIC / "sw.js").read_text(encoding="utf-8")
    text = text.replace('"__VERSION__"', json.dumps(__version__)).replace(
        "[/* __SHELL__ */]", json.dumps(shell())
    )
    return Response(
        text,
        media_type="text/javascript",
        headers={**NO_STORE, "Service-Worker-Allowed": "/"},
    )


@router.get(OFFLINE, response_class=HTMLResponse)
def offline(request: Request) -> HTMLResponse:
    """The page the service worker shows when the server cannot be reached (kept in its cache: it
    holds no token and nothing of a table)."""
    lang = language(request)
    set_language(lang)
    html = (
        environment().get_template("offline.html").render(_=translator(lang), lang=lang, version=__version__)
    )
    return HTMLResponse(html, headers={"Content-Language": lang, "Vary": "Cookie, Accept-Language"})
