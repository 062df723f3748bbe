"""The composition root: settings, database, routes, error bodies and the live hub in one app.

Errors follow the CLI's families: :class:`~meneur.errors.Refused` is a 422 ``{"rule", "message"}``,
any other :class:`~meneur.errors.MeneurError` and malformed input a 400 ``{"error", "message"}``,
both in the viewer's language (the member's setting, else ``Accept-Language``, else French). A
body is read through :func:`meneur.storage.parse_data` before any route sees it: larger than the
loader's cap (413), deeper than its nesting cap, NaN or not UTF-8 (400) never reach the engine.
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager, suppress
from typing import Any

import anyio.to_thread
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy import text
from sqlalchemy.exc import OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.middleware.gzip import GZipMiddleware
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from meneur import __version__
from meneur.errors import BadInputError, MeneurError, Refused
from meneur.i18n import N_, Message, set_language
from meneur.server import collector, contract, metrics
from meneur.server.api.common import ApiError, ErrorBody, accept_language, request_language
from meneur.server.auth import RateLimiter
from meneur.server.backup import schedule
from meneur.server.config import Settings
from meneur.server.csrf import server_key
from meneur.server.games import Games
from meneur.server.including import include
from meneur.server.live import Hub
from meneur.server.logs import RequestIds
from meneur.server.origin import OriginGuard
from meneur.server.store import Store
from meneur.storage import MAX_BYTES, parse_data

log = logging.getLogger("meneur.server")
BUSY = Message("server", N_("The server is busy; try again in a moment."))
"""Why a request got a 503: no database connection came in time, or the database refused one."""

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


COMPRESS_FROM = 500
"""Bytes from which a static file goes gzip-compressed to a client that accepts it (below, the gzip
header and the CPU cost more than they save)."""
COMPRESS_LEVEL = 6
"""zlib's own default (Starlette's is 9): level 9 saves under 0.2 % more on the style sheet and the
scripts (htmx: 16,896 bytes at 6, 16,873 at 9) for more CPU time, spent again at each full download
of a static file."""
COMPRESSED = "/static/"
"""Only the static files are compressed: they hold no secret. A page, a fragment or an API answer
carries the browser's CSRF token or a seat's view beside what other members wrote (a name, a chat
message); compressed, their sizes would let an eavesdropper who can make the browser load pages guess
the secret a byte at a time (the BREACH attack)."""


class WeakTagWhenCompressed:
    """Makes a compressed answer's ``ETag`` weak (``W/"..."``), as nginx does: the gzip bytes are
    another representation than the file's, which a strong tag would claim to be byte for byte.
    The static files still answer 304 to it (Starlette compares ``If-None-Match`` weakly), and a
    ``Range`` request is never compressed (a 206 passes through gzip untouched)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def weaken(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                if any(name.lower() == b"content-encoding" for name, _value in headers):
                    message["headers"] = [
                        (name, b"W/" + value if name.lower() == b"etag" and value[:1] == b'"' else value)
                        for name, value in headers
                    ]
            await send(message)

        await self.app(scope, receive, weaken)


class CompressedStatic:
    """gzip for the static files (:data:`COMPRESSED`) to a client that accepts it; every other
    answer, and every socket, as it is."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        gzipped: Any = GZipMiddleware(app, minimum_size=COMPRESS_FROM, compresslevel=COMPRESS_LEVEL)
        self.compressed = WeakTagWhenCompressed(gzipped)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and str(scope.get("path", "")).startswith(COMPRESSED):
            await self.compressed(scope, receive, send)
        else:
            await self.app(scope, receive, send)


def _language_of_scope(scope: Scope) -> str:
    for name, value in scope.get("headers", ()):
        if name == b"accept-language":
            return accept_language(value.decode("latin-1"))
    return "fr"


class BodyGuard:
    """Sets the request's language (``Accept-Language``, until a route knows the member's), and
    reads a request's body within the loader's cap and checks it as the loader would."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        language = _language_of_scope(scope)
        set_language(language)
        if scope["method"] in ("GET", "HEAD", "OPTIONS", "DELETE"):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > MAX_BYTES:
                await _reply(
                    send,
                    413,
                    "too_large",
                    Message(
                        "server",
                        N_("The request is larger than {limit} MiB, the most meneur reads."),
                        {"limit": MAX_BYTES // (1024 * 1024)},
                    ),
                    language,
                )
                return
            chunks.append(chunk)
            more = bool(message.get("more_body", False))
        body = b"".join(chunks)
        if body and not _is_form(scope):
            try:
                parse_data(body.decode("utf-8"), "json", "request")
            except UnicodeDecodeError:
                await _reply(
                    send, 400, "bad_input", Message("server", N_("The request is not UTF-8 text.")), language
                )
                return
            except BadInputError as error:
                await _reply(send, 400, error.code, error.message, language)
                return
        sent = False

        async def replay() -> MutableMapping[str, Any]:
            nonlocal sent
            if sent:
                return await receive()
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


def _is_form(scope: Scope) -> bool:
    """A web page's form (its fields are read by the page's route, within the same size cap)."""
    for name, value in scope.get("headers", ()):
        if name == b"content-type":
            kind = value.split(b";")[0].strip().lower()
            return kind in (b"application/x-www-form-urlencoded", b"multipart/form-data")
    return False


async def _reply(send: Send, status: int, code: str, message: Message, language: str) -> None:
    data = json.dumps({"error": code, "message": message.render(language)}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": data})


def _validation_message(error: RequestValidationError, lang: str) -> str:
    """What is wrong with the request, field by field, in ``lang`` (the one translator of pydantic's
    problems, :mod:`meneur.engine.problems`); the body's fields are named without ``body.``."""
    from meneur.engine.problems import explain_lines, issue_lines

    issues = [
        {**item, "loc": tuple(p for p in item.get("loc", ()) if p != "body") or ("body",)}
        for item in error.errors()
    ]
    return explain_lines(issue_lines(issues)).render(lang)


def _openapi(app: FastAPI) -> dict[str, Any]:
    """The OpenAPI document as the server answers: a request it cannot read gets a 400
    ``{"error", "message"}`` (FastAPI documents a 422 with its own body, which this server never
    sends for that; a 422 here is a refusal by the rules, ``{"rule", "message"}``)."""
    if app.openapi_schema is None:
        schema = FastAPI.openapi(app)
        malformed = {
            "description": "Malformed input",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}},
        }
        for operations in schema.get("paths", {}).values():
            for operation in operations.values():
                responses = operation.get("responses", {})
                if "HTTPValidationError" in json.dumps(responses.get("422", {})):
                    del responses["422"]
                    responses.setdefault("400", malformed)
        for unused in ("HTTPValidationError", "ValidationError"):
            schema.get("components", {}).get("schemas", {}).pop(unused, None)
    return app.openapi_schema or {}


def _mount_pages(app: FastAPI) -> None:
    """The web table's pages, when Jinja2 is installed (the ``server`` extra brings it)."""
    try:
        from meneur.web import mount
    except ImportError:  # pragma: no cover - the API alone
        return
    mount(app)


def build_app(settings: Settings | None = None, store: Store | None = None) -> FastAPI:
    """The server's ASGI app; the database is migrated when the app starts."""
    settings = settings or Settings()
    store = store or Store(settings.database_url(), pool=settings.pool())
    hub = Hub()
    store.on_commit = hub.publish

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # request threads match the connection pool: two connections each at most
        anyio.to_thread.current_default_thread_limiter().total_tokens = settings.request_threads()
        await asyncio.to_thread(store.migrate)
        await asyncio.to_thread(server_key, app)  # the forms' key exists once a server has started
        hub.bind(asyncio.get_running_loop())
        # what start-up made (modules, routes, schemas, catalogs) lives as long as the process: the
        # collector need not look at it again, so a full collection costs what the tables hold
        # (without this, one paused every request for 50 to 120 ms now and then); what the tables
        # make is frozen in turn on the collector's clock (meneur.server.collector)
        gc.collect()
        gc.freeze()
        if store.is_postgresql:
            hub.listen_postgresql(store.url)
        log.info("meneur server ready on %s", store.engine.url.render_as_string(hide_password=True))
        backups = schedule(settings, store.engine)
        sweep = asyncio.create_task(hub.sweep(store))  # the live feed's safety net (meneur.server.live)
        freezes = collector.schedule(settings.gc_freeze_every, settings.gc_full_every)
        yield
        for task in (sweep, freezes):
            if task is not None:
                task.cancel()
                with suppress(asyncio.CancelledError):
                    await task
        if backups is not None:
            backups.cancel()
        hub.stop()

    app = FastAPI(
        title="meneur table server",
        version=__version__,
        lifespan=lifespan,
        description="Tables, members, characters, engine sessions, rolls and a live feed.",
    )
    app.openapi = lambda: _openapi(app)  # type: ignore[method-assign]
    app.state.settings = settings
    app.state.store = store
    app.state.games = Games(size=settings.sessions_in_memory, snapshot_every=settings.snapshot_every)
    app.state.hub = hub
    app.state.joins = RateLimiter(settings.join_attempts_per_minute)

    @app.exception_handler(ApiError)
    async def api_error(request: Request, error: ApiError) -> JSONResponse:
        return JSONResponse(
            {"error": error.code, "message": error.message.render(request_language(request))},
            status_code=error.status_code,
        )

    @app.exception_handler(Refused)
    async def refused(request: Request, error: Refused) -> JSONResponse:
        return JSONResponse(
            {"rule": error.rule, "message": error.render(request_language(request))}, status_code=422
        )

    from meneur.server.services.characters import RulesBrokenError

    @app.exception_handler(RulesBrokenError)
    async def rules_broken(request: Request, error: RulesBrokenError) -> JSONResponse:
        message = Message("server", N_("The character breaks the rules of its system.")).render(
            request_language(request)
        )
        return JSONResponse(
            {"rule": "character", "message": message, "problems": error.problems}, status_code=422
        )

    @app.exception_handler(MeneurError)
    async def bad_input(request: Request, error: MeneurError) -> JSONResponse:
        return JSONResponse(
            {"error": error.code, "message": error.render(request_language(request))}, status_code=400
        )

    async def busy(request: Request, error: Exception) -> JSONResponse:
        log.warning("database busy or unavailable: %s on %s", type(error).__name__, request.url.path)
        return JSONResponse(
            {"error": "busy", "message": BUSY.render(request_language(request))},
            status_code=503,
            headers={"Retry-After": "1"},
        )

    app.add_exception_handler(PoolTimeout, busy)
    app.add_exception_handler(OperationalError, busy)
    contract.install(app)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        message = _validation_message(error, request_language(request))
        return JSONResponse({"error": "bad_input", "message": message}, status_code=400)

    @app.get("/healthz", tags=["server"], summary="Liveness: the process answers")
    def healthz() -> dict[str, str]:
        """Nothing about the process, its database or its version (an outsider learns nothing)."""
        return {"status": "ok"}

    @app.get(
        "/readyz",
        tags=["server"],
        summary="Readiness: the database answers",
        responses={503: {"model": ErrorBody, "description": "The database does not answer"}},
    )
    def readyz() -> dict[str, str]:
        """200 when the database answers a query; else the 503 of a busy server (``Retry-After``)."""
        with store.reader() as db:
            db.execute(text("SELECT 1"))
        return {"status": "ready"}

    from meneur.server.api import accounts, characters, chat, commands, options, redo, rolls, sessions, tables
    from meneur.server.live import router as live_router

    include(app, accounts.router)
    include(app, tables.router)
    include(app, characters.router)
    include(app, options.router)
    include(app, sessions.router)
    include(app, commands.router)
    include(app, redo.router)
    include(app, rolls.router)
    include(app, chat.router)
    include(app, live_router)
    _mount_pages(app)
    app.add_middleware(CompressedStatic)  # the style sheet and the scripts, gzip (no page: BREACH)
    app.add_middleware(BodyGuard)
    app.add_middleware(OriginGuard, trust_forwarded=bool(settings.proxies()))
    metrics.install(app)
    if settings.proxies():  # believed inside RequestIds, which must see the address that connects
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=settings.proxies())
    app.add_middleware(RequestIds, proxies=settings.proxies())
    return app
