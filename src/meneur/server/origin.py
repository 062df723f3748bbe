"""Same-origin checks: a browser's request from another site's page is refused.

A browser names the page a request comes from in ``Origin`` (every WebSocket handshake, every
``POST``/``PUT``/``DELETE``) or, failing that, says in ``Sec-Fetch-Site`` whether it is the same
origin. The server judges it against the request's ``Host`` (and ``X-Forwarded-Host`` when
``MENEUR_TRUSTED_PROXIES`` names proxies: a page's script cannot set that header on another
origin's request). A request with neither header is no browser's (a script, the CLI, a test): it
passes, and still needs its token or its CSRF token.

Refused: a change without a bearer token (``Authorization``), whatever its cookies, gets a 403
``{"error": "cross_origin", "message"}`` in the viewer's language; a WebSocket handshake is
accepted and closed at once with :data:`CLOSE_CROSS_ORIGIN` (4403), the message as its reason.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from meneur.i18n import N_, Message

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

CLOSE_CROSS_ORIGIN = 4403
SAFE = frozenset({"GET", "HEAD", "OPTIONS"})
DEFAULT_PORTS = {"http": "80", "https": "443", "ws": "80", "wss": "443"}
CROSS_ORIGIN = Message(
    "server",
    N_("This request comes from a page of another site; open meneur from its own address and try again."),
)


def _headers(scope: Scope) -> dict[str, str]:
    found: dict[str, str] = {}
    for name, value in scope.get("headers", ()):
        found.setdefault(name.decode("latin-1").lower(), value.decode("latin-1"))
    return found


def _netloc(host: str, scheme: str) -> str:
    """``host[:port]`` without the scheme's default port, lower case."""
    host = host.strip().lower()
    default = DEFAULT_PORTS.get(scheme, "")
    return host.removesuffix(f":{default}") if default else host


def _hosts(headers: dict[str, str], trust_forwarded: bool) -> Iterable[str]:
    yield headers.get("host", "")
    forwarded = headers.get("x-forwarded-host", "")
    if trust_forwarded and forwarded:
        yield forwarded.split(",")[0]


def is_same_origin(scope: Scope, trust_forwarded: bool = False) -> bool:
    """Whether the request comes from a page of this server (or from no browser at all)."""
    headers = _headers(scope)
    origin = headers.get("origin")
    if origin is None:
        return headers.get("sec-fetch-site", "same-origin") in ("same-origin", "none")
    parsed = urlsplit(origin)
    if origin == "null" or not parsed.netloc:
        return False
    given = _netloc(parsed.netloc, parsed.scheme)
    return any(given == _netloc(host, parsed.scheme) for host in _hosts(headers, trust_forwarded) if host)


def _has_bearer(headers: dict[str, str]) -> bool:
    return headers.get("authorization", "")[:7].lower() == "bearer "


def _language(headers: dict[str, str]) -> str:
    from meneur.server.api.common import accept_language

    return accept_language(headers.get("accept-language", ""))


class OriginGuard:
    """Refuses a change of another origin's page (403) before any route sees it."""

    def __init__(self, app: ASGIApp, trust_forwarded: bool = False) -> None:
        self.app = app
        self.trust_forwarded = trust_forwarded

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in SAFE or is_same_origin(scope, self.trust_forwarded):
            await self.app(scope, receive, send)
            return
        headers = _headers(scope)
        if _has_bearer(headers):  # a token, not the browser's cookies, proves who asks
            await self.app(scope, receive, send)
            return
        body = json.dumps({"error": "cross_origin", "message": CROSS_ORIGIN.render(_language(headers))})
        data = body.encode()
        await send(
            {
                "type": "http.response.start",
                "status": 403,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(data)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": data})


async def refused_handshake(websocket: Any) -> bool:
    """Close a WebSocket of another origin's page with 4403 (and say so); ``False`` when it may go on."""
    settings = websocket.app.state.settings
    if is_same_origin(websocket.scope, bool(settings.proxies())):
        return False
    headers = _headers(websocket.scope)
    await websocket.accept()
    reason = CROSS_ORIGIN.render(_language(headers)).encode("utf-8")[:123].decode("utf-8", "ignore")
    await websocket.close(code=CLOSE_CROSS_ORIGIN, reason=reason)
    return True
