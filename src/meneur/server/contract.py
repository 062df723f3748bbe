"""What the server answers where no route does, as ``docs/server.md`` documents it.

* A method a path does not take: a 405 whose ``Allow`` header names every method the path takes.
  Starlette answers with the methods of the first route whose path matches, but one path is often
  several routes here (``GET`` and ``PUT /api/v1/tables/{id}/options``): its ``Allow`` left out
  the others. The body is the API's ``{"error", "message"}``, in the viewer's language.
* A WebSocket whose query is not what the route reads (``after=abc``): accepted, then closed with
  :data:`CLOSE_BAD_REQUEST`, as every refusal of a socket is (one refused at the handshake is an
  HTTP 403 a browser cannot tell from any other).
"""

from __future__ import annotations

import contextlib
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import WebSocketRequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException
from starlette.routing import Match
from starlette.websockets import WebSocketDisconnect

from meneur.i18n import N_, Message
from meneur.server.api.common import request_language

CLOSE_BAD_REQUEST = 4400
"""A socket's query is wrong (``after`` is not a whole number): reconnecting as is cannot help."""
METHODS = ("DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT", "QUERY", "TRACE")


def allowed_methods(app: FastAPI, request: Request) -> list[str]:
    """Every method some route of ``app`` takes at the request's path (asked of each route the way
    the router asks it, so routers included in routers are asked too)."""
    return [method for method in METHODS if _takes(app, {**request.scope, "method": method})]


def _takes(app: FastAPI, scope: dict[str, Any]) -> bool:
    return any(route.matches(scope)[0] is Match.FULL for route in app.router.routes)


async def _refused_method(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    if error.status_code != 405:
        return await http_exception_handler(request, error)
    methods = allowed_methods(request.app, request)
    message = Message(
        "server",
        N_("{method} is not a method of this address; it takes {methods}."),
        {"method": request.method, "methods": ", ".join(methods)},
    )
    return JSONResponse(
        {"error": "method_not_allowed", "message": message.render(request_language(request))},
        status_code=405,
        headers={"Allow": ", ".join(methods)},
    )


async def _refused_query(websocket: WebSocket, error: Exception) -> None:
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        await websocket.accept()
        await websocket.close(code=CLOSE_BAD_REQUEST, reason="bad query")


def install(app: FastAPI) -> None:
    """Answer ``app``'s 405s with the path's whole ``Allow``, and close its sockets whose query is
    wrong with :data:`CLOSE_BAD_REQUEST`."""
    app.add_exception_handler(HTTPException, _refused_method)
    app.add_exception_handler(WebSocketRequestValidationError, _refused_query)
