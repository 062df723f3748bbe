"""Who sees a session, and with which options: the viewer the server's links make of a member, and
the options that viewer's projections get (the table's hidden characters among them). The live feed
and the service layer both ask here, so neither imports the other."""

from __future__ import annotations

from typing import Any

from sqlalchemy import ColumnElement, and_, select
from sqlalchemy.orm import Session as Db

from meneur.engine import Session
from meneur.server.api.common import Caller
from meneur.server.models import Character, GameSession, GameTable, Member
from meneur.server.permissions import viewer_for
from meneur.server.projection import Viewer, view_options


def viewer_of(member: Member | Caller, session: GameSession | None) -> Viewer:
    """The member as a viewer of ``session``: the actors the server linked to them in it."""
    return viewer_for(member, None if session is None else session.controllers)


def hidden_where(table_id: Any) -> ColumnElement[bool]:
    """The condition on a character's row for a character of table ``table_id`` (a value or a
    column) that the GM hides: a hidden character a player owns hides nothing (only the GM hides)."""
    return and_(Character.table_id == table_id, Character.hidden.is_(True), Character.owner_id.is_(None))


def hidden_names(db: Db, table_id: str) -> list[str]:
    """The names of the table's characters the GM hides (:func:`hidden_where`)."""
    return list(db.scalars(select(Character.name).where(hidden_where(table_id))))


def options_for(
    db: Db, table: GameTable, kind: str, viewer: Viewer, session: Session[Any, Any, Any] | None = None
) -> dict[str, Any]:
    """The options the projections of ``kind`` receive for ``viewer`` (the table's as they are for
    the GM, who sees everything): with the table's hidden characters and what ``session`` tells."""
    if viewer.is_gm:
        return dict(table.options)
    return view_options(kind, table.options, hidden_names(db, table.id), session)
