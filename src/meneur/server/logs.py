"""Structured logs: one JSON object per line (time, level, logger, message, the id of the request
being served and the record's ``extra`` fields), for uvicorn's logs and the server's own."""

from __future__ import annotations

import ipaddress
import json
import logging
import re
import uuid
from collections.abc import MutableMapping
from contextvars import ContextVar
from typing import Any

_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", (), None))) | {"message", "asctime", "color_message"}


_SECRET = re.compile(r"(token=)[^&\s\"]+")


class JsonFormatter(logging.Formatter):
    """One JSON object per record; a ``token=`` in a logged URL (the WebSocket's) is masked."""

    def format(self, record: logging.LogRecord) -> str:
        data: dict[str, Any] = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S%z"),
            "level": record.levelname,
            "logger": record.name,
            "message": _SECRET.sub(r"\1***", record.getMessage()),
        }
        request_id = REQUEST_ID.get()
        if request_id is not None:
            data["request_id"] = request_id
        data.update({k: v for k, v in vars(record).items() if k not in _STANDARD and not k.startswith("_")})
        if record.exc_info:
            data["error"] = self.formatException(record.exc_info)
        return json.dumps(data, ensure_ascii=False, default=str)


LOG_CONFIG: dict[str, Any] = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"json": {"()": "meneur.server.logs.JsonFormatter"}},
    "handlers": {
        "stderr": {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr"}
    },
    "loggers": {
        "uvicorn": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
        "uvicorn.access": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
        "meneur.server": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
    },
}
"""The logging configuration ``meneur serve`` gives uvicorn."""


REQUEST_ID: ContextVar[str | None] = ContextVar("meneur_request_id", default=None)
"""The id of the request being served (every log line written while serving it carries it)."""
HEADER = b"x-request-id"
_GOOD_ID = re.compile(r"[A-Za-z0-9._:+=/-]{1,128}")
"""What a proxy's request id may be: a UUID, a hex or base64 string (nothing a log reader would
mistake for another field, no line break)."""


class RequestIds:
    """Gives every request and WebSocket an id: the ``X-Request-ID`` a trusted proxy sent (the
    connecting address is one of ``MENEUR_TRUSTED_PROXIES``), else a new one; the log lines written
    while serving it carry it (``request_id``), and an HTTP answer echoes it in ``X-Request-ID``.

    It sees the address that connects: it runs before the forwarded headers are believed (the app
    applies uvicorn's proxy middleware inside it, not uvicorn before it), so a client cannot pass
    for a proxy by saying it is one.
    """

    def __init__(self, app: Any, proxies: list[str]) -> None:
        self.app = app
        self.proxies = [ipaddress.ip_network(p, strict=False) for p in proxies]

    def _trusted(self, scope: MutableMapping[str, Any]) -> bool:
        client = scope.get("client")
        if not self.proxies or not client:
            return False
        try:
            address = ipaddress.ip_address(client[0])
        except ValueError:
            return False
        return any(address in network for network in self.proxies)

    def request_id(self, scope: MutableMapping[str, Any]) -> str:
        """The request's id (see the class's documentation)."""
        if self._trusted(scope):
            for name, value in scope.get("headers", ()):
                if name == HEADER:
                    given: str = value.decode("latin-1").strip()
                    if _GOOD_ID.fullmatch(given):
                        return given
        return uuid.uuid4().hex

    async def __call__(self, scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        found = self.request_id(scope)
        token = REQUEST_ID.set(found)

        async def echoed(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), (HEADER, found.encode("latin-1"))]
            await send(message)

        try:
            await self.app(scope, receive, echoed if scope["type"] == "http" else send)
        finally:
            REQUEST_ID.reset(token)
