"""``/metrics``: the server's figures in the Prometheus text format (prometheus-client).

Off unless ``MENEUR_METRICS=1``; then ``GET /metrics`` answers the admin token only (``Authorization:
Bearer``), else 401 (404 when off: an outsider does not learn it exists). The figures are this
worker process's (each of several workers counts its own; scrape each host):

- ``meneur_requests_total{method, route, status}``: requests by route template (``/api/v1/sessions/
  {session_id}/commands``, never a table's id) and status; ``route="unmatched"`` when no route took it;
- ``meneur_command_seconds``: the latency of a command, from its request to its answer;
- ``meneur_live_sockets``: WebSockets open now; ``meneur_live_tables``: tables with one (counted
  always, by :class:`Sockets`: the operator's page shows them too);
- ``meneur_sessions_in_memory``: engine sessions kept hot;
- ``meneur_db_pool_connections{state}``: the pool's connections ``in_use`` and ``size``;
- ``meneur_backup_age_seconds``: since the newest backup of the backup folder (absent: none).
"""

from __future__ import annotations

import hmac
import time
from collections import Counter as Counter_
from collections.abc import Awaitable, Callable, Iterator, MutableMapping
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
)
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector

from meneur.i18n import N_, Message
from meneur.server.including import include

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

COMMAND_BUCKETS = (0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Seconds: a command answers in a few milliseconds; a slow one shows in the upper buckets."""
NEEDS_TOKEN = Message("server", N_("The server's figures need the admin token."))


class Metrics:
    """The figures of one app (a registry of its own: two apps in one process count apart)."""

    def __init__(self, state: Any) -> None:
        self.registry = CollectorRegistry()
        self.requests = Counter(
            "meneur_requests",
            "HTTP requests by route template and status.",
            ["method", "route", "status"],
            registry=self.registry,
        )
        self.commands = Histogram(
            "meneur_command_seconds",
            "Seconds from a command's request to its answer.",
            buckets=COMMAND_BUCKETS,
            registry=self.registry,
        )
        self.registry.register(_Live(state))


class _Live(Collector):
    """The figures read when scraped: sessions in memory, live tables, the pool, the backup's age."""

    def __init__(self, state: Any) -> None:
        self.state = state

    def collect(self) -> Iterator[GaugeMetricFamily | CounterMetricFamily]:
        from meneur.server.backup import backup_age

        state = self.state
        games = state.games
        yield GaugeMetricFamily(
            "meneur_sessions_in_memory", "Engine sessions kept in memory.", value=len(games)
        )
        yield GaugeMetricFamily(
            "meneur_sessions_in_memory_limit",
            "Engine sessions kept in memory at most (MENEUR_SESSIONS_IN_MEMORY).",
            value=games.size,
        )
        yield CounterMetricFamily(
            "meneur_sessions_rebuilt",
            "Sessions rebuilt from the stored log: not in memory, or a command of theirs taken back by "
            "another worker or host (climbing with every command: raise MENEUR_SESSIONS_IN_MEMORY).",
            value=games.rebuilt,
        )
        yield CounterMetricFamily(
            "meneur_sessions_caught_up",
            "Sessions in memory taken on with the commands another worker or host gave since.",
            value=games.caught_up,
        )
        yield GaugeMetricFamily(
            "meneur_live_tables",
            "Tables with a WebSocket open now.",
            value=len(state.sockets.by_table()),
        )
        yield GaugeMetricFamily("meneur_live_sockets", "WebSockets open now.", value=state.sockets.total())
        pool = GaugeMetricFamily(
            "meneur_db_pool_connections", "Database connections of the pool.", labels=["state"]
        )
        engine_pool = state.store.engine.pool
        for name, read in (("in_use", "checkedout"), ("size", "size")):
            if hasattr(engine_pool, read):
                pool.add_metric([name], float(getattr(engine_pool, read)()))
        yield pool
        age = backup_age(state.settings.backup_folder())
        if age is not None:
            yield GaugeMetricFamily(
                "meneur_backup_age_seconds", "Seconds since the newest backup was written.", value=age
            )


class LiveSockets:
    """The WebSockets open now in this process, by table (the ``table_id`` of their route)."""

    def __init__(self) -> None:
        self._open: Counter_[str] = Counter_()

    def opened(self, table_id: str) -> None:
        self._open[table_id] += 1

    def closed(self, table_id: str) -> None:
        self._open[table_id] -= 1
        if self._open[table_id] <= 0:
            del self._open[table_id]

    def total(self) -> int:
        return sum(self._open.values())

    def by_table(self) -> dict[str, int]:
        """Open sockets per table that has one."""
        return dict(self._open)


class Sockets:
    """Counts the WebSockets a route accepted, by table, until they end (pure ASGI)."""

    def __init__(self, app: ASGIApp, sockets: LiveSockets) -> None:
        self.app = app
        self.sockets = sockets

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        table: str | None = None

        async def sent(message: Any) -> None:
            nonlocal table
            if message["type"] == "websocket.accept" and table is None:
                table = str(scope.get("path_params", {}).get("table_id", ""))
                self.sockets.opened(table)
            await send(message)

        try:
            await self.app(scope, receive, sent)
        finally:
            if table is not None:
                self.sockets.closed(table)


class Measured:
    """Counts every request by route template and status and times the commands (pure ASGI: it
    sees the status a route sent and the route the router chose)."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        status = 500
        started = time.perf_counter()

        async def sent(message: Any) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, sent)
        finally:
            route = getattr(scope.get("route"), "path", None) or "unmatched"
            self.metrics.requests.labels(scope["method"], route, str(status)).inc()
            if scope["method"] == "POST" and route.endswith("/commands"):
                self.metrics.commands.observe(time.perf_counter() - started)


def is_admin(request: Request) -> bool:
    """Whether the request carries the instance's admin token (compared in constant time)."""
    admin = request.app.state.settings.admin_token
    given = request.headers.get("authorization", "")
    scheme, _sep, token = given.partition(" ")
    return (
        bool(admin)
        and scheme.lower() == "bearer"
        and hmac.compare_digest(token.strip().encode(), admin.encode())
    )


router = APIRouter(tags=["server"])


@router.get("/metrics", include_in_schema=False)
def metrics(request: Request) -> Response:
    """The figures in Prometheus's text format, to the admin token."""
    from meneur.server.api.common import ApiError

    found: Metrics | None = getattr(request.app.state, "metrics", None)
    if found is None:
        raise HTTPException(404)
    if not is_admin(request):
        raise ApiError(401, "unauthorized", NEEDS_TOKEN)
    return Response(generate_latest(found.registry), media_type=CONTENT_TYPE_LATEST)


def install(app: Any) -> None:
    """Count the app's open WebSockets; count its requests and serve ``/metrics`` when the settings
    ask (``MENEUR_METRICS``)."""
    include(app, router)
    app.state.sockets = LiveSockets()
    app.add_middleware(Sockets, sockets=app.state.sockets)
    if app.state.settings.metrics:
        app.state.metrics = Metrics(app.state)
        app.add_middleware(Measured, metrics=app.state.metrics)
