"""HTTP to the real servers the tests start on loopback: httpx, with one TLS context for all.

httpx makes a TLS context for every client it opens (every ``httpx.get`` too) and loads the system's
certificates into it: about 70 ms of CPU each, for servers that speak plain HTTP. A server's start
polled ``/healthz`` with a new client every tenth of a second, and py-spy on the suite found 7 % of
its CPU samples there. Test modules import this one in httpx's place (``from tests import loopback
as httpx``): the same calls, given one context made once."""

from __future__ import annotations

import ssl
from typing import Any

import httpx2
from httpx2 import HTTPError, Limits, Response, TransportError

__all__ = ["TLS", "Client", "HTTPError", "Limits", "Response", "TransportError", "get", "post"]

TLS = ssl.create_default_context()
"""The one TLS context of the tests' HTTP clients (loopback speaks plain HTTP: it is never used)."""


class Client(httpx2.Client):
    """``httpx.Client`` with :data:`TLS`."""

    def __init__(self, **options: Any) -> None:
        options.setdefault("verify", TLS)
        super().__init__(**options)


def get(url: str, **options: Any) -> Response:
    options.setdefault("verify", TLS)
    return httpx2.get(url, **options)


def post(url: str, **options: Any) -> Response:
    options.setdefault("verify", TLS)
    return httpx2.post(url, **options)
