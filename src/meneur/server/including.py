"""Routers included once per process: every app of the process shares what FastAPI derives from them.

FastAPI derives an included router's handlers (each route's parameters and their pydantic models)
on the first request of each app that includes it, about a tenth of a second of CPU for the
server's routes. A server builds one app, but a process that builds many (a test client per test,
two workers' apps side by side) would derive them again for each. :func:`include` includes a router
the ordinary way (its lifespan, its checks), then puts in place the included router the process's
first app made, whose handlers are already derived. Every app of meneur is built the same way
(:func:`meneur.server.app.build_app`, FastAPI's defaults, no dependency overrides), so what one app
derived is what another would.
"""

from __future__ import annotations

from threading import Lock
from typing import Any

from fastapi import APIRouter, FastAPI

_SHARED: dict[int, tuple[APIRouter, Any]] = {}
"""The included form of each router (by the router's id, the router kept alive with it)."""
_LOCK = Lock()


def include(app: FastAPI, router: APIRouter) -> None:
    """``app.include_router(router)``, the included routes shared with the process's other apps."""
    app.include_router(router)
    added = app.router.routes[-1]
    with _LOCK:
        kept = _SHARED.get(id(router))
        if kept is None or kept[0] is not router or type(kept[1]) is not type(added):
            _SHARED[id(router)] = (router, added)
            return
    app.router.routes[-1] = kept[1]


__all__ = ["include"]
