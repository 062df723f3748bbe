"""Structured logs: one JSON object per line (time, level, logger, message and the record's
``extra`` fields), for uvicorn's logs and the server's own."""

from __future__ import annotations

import json
import logging
import re
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
