"""What the GM's screen of a fight shows of the help with non-player characters: who must act (when a
non-player character), the auto-play switch and why auto-play stopped. The fight page draws it; the
help's own routes are in :mod:`.npc_pages`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fastapi import Request

from meneur.server.api.common import Database
from meneur.server.models import GameSession
from meneur.systems.energy.view import autoplay as auto
from meneur.systems.energy.view import npc


@dataclass
class Panel:
    """What the GM's screen shows of the help: who must act (when a non-player character), the
    switch, and why auto-play stopped."""

    npc: str | None
    autoplay: bool
    stopped: str | None


def loaded(request: Request, db: Database, row: GameSession) -> Any:
    """The fight ``row`` as the worker holds it (its engine session, loaded under the session's lock)."""
    games = request.app.state.games
    with games.lock(row.id):
        return games.load(db, row)


def panel(request: Request, db: Database, session_id: str, lang: str) -> Panel:
    """The GM's panel of the fight ``session_id``."""
    row = db.get(GameSession, session_id)
    assert row is not None
    state = loaded(request, db, row).state
    actor = npc.must_act(state)
    shown = state.get(actor).name if npc.is_npc(state, actor, npc.player_actors(db, row)) else None
    switch = auto.stored(db, session_id)  # the same on every worker
    auto.adopt(request.app, row.table_id, session_id, switch)
    return Panel(npc=shown, autoplay=bool(switch.get("on")), stopped=auto.stopped(switch, lang))
