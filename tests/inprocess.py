"""The app in this process, driven the way Starlette's ``TestClient`` drives it, in one thread hop per request.

Starlette's client runs the app on an event loop in another thread and crosses to it eight times for
one plain request (two events, a body stream, a cancel scope, the task, the wait, each body chunk):
about 2.3 ms of CPU on top of what the app spends, more than a ``/healthz`` costs through an ASGI
transport. The suite makes tens of thousands of requests. This client sends a request's whole
exchange in one crossing: the same loop (the client's portal, so the app's lifespan, its hub and its
sockets are the ones the app started), the same ASGI scope, the response read to its end. Websockets
and everything else are Starlette's own.

Every response of meneur ends (it streams nothing without end), so reading one whole is what any
client of the server sees."""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote

import anyio
import httpx2 as httpx
from starlette.testclient import TestClient as StarletteClient
from starlette.testclient import _TestClientTransport
from starlette.types import ASGIApp, Message

__all__ = ["TestClient"]


class _OneHop(_TestClientTransport):
    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if request.url.scheme in {"ws", "wss"}:
            return super().handle_request(request)
        scope = self._scope(request)
        with self.portal_factory() as portal:
            sent, failure = portal.call(_exchange, self.app, scope, request.read())
        if failure is not None and self.raise_server_exceptions:
            raise failure
        start = sent.get("start")
        if start is None:
            if self.raise_server_exceptions:
                raise AssertionError("TestClient did not receive any response.")
            return httpx.Response(500, request=request)
        response = httpx.Response(
            start["status"],
            headers=[(key.decode(), value.decode()) for key, value in start.get("headers", [])],
            stream=httpx.ByteStream(b"" if request.method == "HEAD" else b"".join(sent["body"])),
            request=request,
        )
        debug = sent.get("debug")
        if debug is not None:
            response.extensions["http.response.debug"] = debug
            for name in ("template", "context"):
                if name in debug:
                    setattr(response, name, debug[name])
        return response

    def _scope(self, request: httpx.Request) -> dict[str, Any]:
        port = request.url.port or {"http": 80, "https": 443}[request.url.scheme]
        headers = [] if "host" in request.headers else [(b"host", request.url.netloc)]
        headers += [(key.lower().encode(), value.encode()) for key, value in request.headers.multi_items()]
        return {
            "type": "http",
            "http_version": "1.1",
            "method": request.method,
            "path": unquote(request.url.path),
            "raw_path": request.url.raw_path.split(b"?", 1)[0],
            "root_path": self.root_path,
            "scheme": request.url.scheme,
            "query_string": request.url.query,
            "headers": headers,
            "client": self.client,
            "server": [request.url.raw_host.decode("ascii"), port],
            "extensions": {"http.response.debug": {}},
            "state": self.app_state.copy(),
        }


async def _exchange(
    app: ASGIApp, scope: dict[str, Any], body: bytes
) -> tuple[dict[str, Any], BaseException | None]:
    """One request through ``app``: what it sent back (start, body chunks, debug) and what it raised."""
    sent: dict[str, Any] = {"body": []}
    read = False
    done = anyio.Event()

    async def receive() -> Message:
        nonlocal read
        if read:
            await done.wait()
            return {"type": "http.disconnect"}
        read = True
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: Message) -> None:
        kind = message["type"]
        if kind == "http.response.start":
            assert "start" not in sent, 'Received multiple "http.response.start" messages.'
            sent["start"] = message
        elif kind == "http.response.body":
            assert "start" in sent, 'Received "http.response.body" without "http.response.start".'
            assert not done.is_set(), 'Received "http.response.body" after the response completed.'
            sent["body"].append(bytes(message.get("body", b"")))
            if not message.get("more_body", False):
                done.set()
        elif kind == "http.response.debug":
            sent["debug"] = message["info"]

    try:
        await app(scope, receive, send)
    except Exception as failure:  # the caller raises it, as Starlette's client does
        done.set()
        return sent, failure
    done.set()
    return sent, None


class TestClient(StarletteClient):
    """Starlette's ``TestClient`` whose plain HTTP requests cross to the app's loop once."""

    __test__ = False

    def __init__(self, app: ASGIApp, **options: Any) -> None:
        super().__init__(app, **options)
        starlette = self._transport
        assert isinstance(starlette, _TestClientTransport)
        self._transport = _OneHop(
            starlette.app,
            portal_factory=starlette.portal_factory,
            raise_server_exceptions=starlette.raise_server_exceptions,
            root_path=starlette.root_path,
            app_state=starlette.app_state,
            client=starlette.client,
        )
