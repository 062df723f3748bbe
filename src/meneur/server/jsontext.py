"""JSON text as the server writes it: the live feed's messages, the stored payloads, the database's
JSON columns. orjson (pinned with the server's extra) when it is installed, the standard library's
``json`` otherwise: the same compact text either way, UTF-8 as it is (``ensure_ascii=False``).

orjson writes a change's message about ten times faster than ``json`` (see ``docs/server.md``, "Where
a command's time goes"). What it refuses and ``json`` takes (a key that is no string, an integer
beyond 64 bits) is written by ``json`` instead, as before: the text means the same.
"""

from __future__ import annotations

import importlib
import json
from typing import Any


def _orjson() -> Any:
    try:
        return importlib.import_module("orjson")
    except ImportError:  # the server's extra installs it; the base install has no need of it
        return None


orjson = _orjson()

FAST = orjson is not None
"""Whether orjson writes the text."""


def _standard(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def dumps(value: Any) -> str:
    """``value`` as compact JSON text."""
    if orjson is not None:
        try:
            text: str = orjson.dumps(value).decode("utf-8")
            return text
        except TypeError:  # a key that is no string, an integer beyond 64 bits
            pass
    return _standard(value)


def dumps_sorted(value: Any) -> str:
    """``value`` as compact JSON text with its keys sorted (a key that compares equal values
    alike); what JSON cannot write is written as its ``repr``."""
    if orjson is not None:
        try:
            text: str = orjson.dumps(value, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS).decode(
                "utf-8"
            )
            return text
        except TypeError:
            pass
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, sort_keys=True, default=repr)


def loads(text: str | bytes) -> Any:
    """The value of JSON ``text`` (text that orjson refuses and ``json`` reads, a ``NaN`` an older
    writer let through, is read by ``json``, as before)."""
    if orjson is not None:
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:
            pass
    return json.loads(text)


def copy(value: Any) -> Any:
    """``value`` as reading back its JSON gives it (tuples become lists, keys strings)."""
    return loads(dumps(value))
