"""The table server's service layer: what the REST routes and the pages both call.

A service function takes a :class:`Context` (the server's parts and the request's database session),
the caller (:class:`meneur.server.api.common.Caller`, from the links the server stored) and the
request's typed input, and returns a typed result already projected for that caller. It raises
:class:`meneur.server.api.common.ApiError` (or the engine's :class:`meneur.errors.Refused` /
:class:`meneur.errors.BadInputError`) for a client's mistake. No service reads an HTTP request; no
route calls another route: a route reads its input, calls a service and writes its answer (JSON for
the API, HTML for a page).

One module per resource: :mod:`.sessions`, :mod:`.tables`, :mod:`.options`, :mod:`.rolls`,
:mod:`.characters`, :mod:`.accounts`, the chat :mod:`.chat`, its :mod:`.handouts`, the
table's :mod:`.images` and the evening's :mod:`.journal`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import Depends, Request
from sqlalchemy.orm import Session as Db

from meneur.server.api.common import Database

if TYPE_CHECKING:
    from meneur.server.config import Settings
    from meneur.server.games import Games
    from meneur.server.live import Hub
    from meneur.server.store import Store


@dataclass(frozen=True)
class Context:
    """The server's parts a service uses, and the request's database session (for reads)."""

    db: Db
    store: Store
    """Its ``writer()`` opens a write transaction."""
    games: Games
    """The sessions in memory."""
    hub: Hub
    """The live feed (what a change tells every screen)."""
    settings: Settings
    state: Any
    """The app's state, for the parts not named above (read-only use)."""


def context(request: Request, db: Database) -> Context:
    """The :class:`Context` of a request (a FastAPI dependency)."""
    state = request.app.state
    return Context(
        db=db,
        store=state.store,
        games=state.games,
        hub=state.hub,
        settings=state.settings,
        state=state,
    )


Services = Annotated[Context, Depends(context)]
"""A route's parameter that receives the :class:`Context`."""
