"""A session as one viewer may see it, for the pages: the one door out toward a page.

:func:`session_view` reads the session under its lock and hands back only what the projections
leave for the viewer (:mod:`meneur.server.projection`): the state (its JSON, and the engine's state
the page names things from), the legal entries, the log and its lines in the book's words. A page
builder receives this view, never the engine's session: a page cannot hold what its viewer may not
see.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fastapi import Request
from sqlalchemy.orm import Session as Db

from meneur.engine import Session
from meneur.errors import MeneurError
from meneur.server.api import sessions as api
from meneur.server.api.common import Caller
from meneur.server.models import GameSession, GameTable, Member
from meneur.server.projection import Viewer, project_engine


@dataclass(frozen=True)
class SessionView:
    """What a viewer may know of a session now."""

    kind: str
    version: int
    state: Any
    """The state's JSON as the API gives it to this viewer."""
    engine: Any
    """The engine's state as this viewer may know it (hidden combatants left out)."""
    legal: list[api.LegalOut]
    log: list[api.LogEntry]
    lines: list[tuple[int, list[str]]]
    """The log in the book's words, newest first (an event this viewer may not read gives no line)."""
    viewer: Viewer
    controllers: dict[str, str]


def session_view(request: Request, db: Db, me: Caller, session_id: str, lang: str) -> SessionView:
    """The session ``session_id`` as ``me`` may see it (the API's own answers, projected)."""
    shown = api.get_session(session_id, me, request, db)
    legal = api.legal(session_id, me, request, db, refused=True)
    log = api.session_log(session_id, me, request, db)
    row = db.get(GameSession, session_id)
    member = db.get(Member, me.id)
    table = db.get(GameTable, row.table_id) if row is not None else None
    assert row is not None and member is not None and table is not None
    viewer = api.viewer_of(member, row)
    games = request.app.state.games
    with games.lock(session_id):
        session = games.load(db, row)
        options = api.options_for(db, table, row.kind, viewer, session)
        engine = project_engine(row.kind, session.state, viewer, options)
        lines = described(session, [e.events for e in log.log], viewer, options, lang)
    return SessionView(
        kind=row.kind,
        version=legal.version,
        state=shown.state,
        engine=engine,
        legal=legal.legal,
        log=log.log,
        lines=lines,
        viewer=viewer,
        controllers=dict(row.controllers),
    )


def described(
    session: Session[Any, Any, Any],
    events_json: list[list[Any]],
    viewer: Viewer,
    options: Mapping[str, Any],
    lang: str,
) -> list[tuple[int, list[str]]]:
    """The log lines in the book's words, newest first.

    The lines tell the events as this viewer may see them (``events_json``: an NPC's Vigueur may be
    blanked), each against the state before it as this viewer may know it; the states are folded
    from the engine's own events, so a blanked number never has to be folded.
    """
    rules = session.system
    state = session.start
    entries = session.entries()
    aligned = len(entries) == len(events_json)
    found: list[tuple[int, list[str]]] = []
    for number, events in enumerate(events_json, start=1):
        lines = []
        told = state
        for wire in events:
            try:
                event = rules.codec.event_from_json(wire)
            except MeneurError:
                continue
            seen = project_engine(session.key, told, viewer, options)
            message = rules.describe(seen, event) if rules.describe is not None else None
            if message is not None:
                lines.append(message.render(lang))
            if not aligned:
                told = state = rules.evolve(state, event)
            else:
                told = rules.evolve(told, event)
        if aligned:
            for event in entries[number - 1].events:
                state = rules.evolve(state, event)
        found.append((number, lines))
    found.reverse()
    return found
