"""The HTTP protocol ``meneur serve`` runs: uvicorn's httptools one (llhttp, the C parser), with a
deadline for a request's head and a cap on the connections of a worker.

uvicorn closes an idle connection between requests (``timeout_keep_alive``) but gives a request's
head all the time it wants: a client that sends its headers a byte at a time (slowloris) held a
connection forever. Here a connection has :attr:`Limits.header_timeout` seconds from a request's
first byte (or from its opening) to finish that request's head, else it gets a 408 and is closed;
and a connection beyond :attr:`Limits.max_connections` of the worker gets a 503 and is closed at
once. The limits come from the settings (``MENEUR_HEADER_TIMEOUT``, ``MENEUR_MAX_CONNECTIONS``),
read once per process.

httptools rather than h11 because the parser runs on every request of every table: llhttp parses a
request's head in C and calls back once a head is complete, where h11 parses it in Python
(``docs/server.md``, « Fifth pass: the HTTP parser and the event loop »).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from functools import cache
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

log = logging.getLogger("meneur.server.protocol")
TOO_SLOW = b"HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
TOO_MANY = (
    b"HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nRetry-After: 1\r\nContent-Length: 0\r\n\r\n"
)


@dataclass(frozen=True)
class Limits:
    header_timeout: float
    max_connections: int


@cache
def limits() -> Limits:
    """This process's limits, from its settings."""
    from meneur.server.config import Settings

    settings = Settings()
    return Limits(settings.header_timeout, settings.max_connections)


class GuardedProtocol(HttpToolsProtocol):
    """httptools with a deadline for each request's head and a cap on connections.

    The deadline runs from the connection's opening and from the first byte of each request
    (llhttp's ``on_message_begin``) until that request's head is complete (``on_headers_complete``,
    a WebSocket's upgrade included); between requests the keep-alive timer watches the connection.
    """

    _head_timer: asyncio.TimerHandle | None = None
    _refused = False
    _reading_head = True
    """No request's head is complete since the last request began (or the connection opened)."""

    def connection_made(self, transport: Any) -> None:
        if len(self.connections) >= limits().max_connections:
            self._refused = True
            log.warning("connection refused: %d open already", len(self.connections))
            transport.write(TOO_MANY)
            transport.close()
            return
        super().connection_made(transport)
        self._start_head_timer()

    def data_received(self, data: bytes) -> None:
        if not self._refused:
            super().data_received(data)

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_head_timer()
        if not self._refused:
            super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._reading_head = True
        if self._head_timer is None:
            self._start_head_timer()

    def on_headers_complete(self) -> None:
        self._reading_head = False
        self._stop_head_timer()
        super().on_headers_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self._reading_head:
            self._stop_head_timer()  # the keep-alive timer watches the idle connection now

    def _start_head_timer(self) -> None:
        self._stop_head_timer()
        self._head_timer = self.loop.call_later(limits().header_timeout, self._head_too_slow)

    def _stop_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_too_slow(self) -> None:
        self._head_timer = None
        if self._reading_head and not self.transport.is_closing():
            self.transport.write(TOO_SLOW)
            self.transport.close()
