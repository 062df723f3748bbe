"""What the GM's screen of a fight shows of the help with non-player characters: who must act (when a
non-player character), the auto-play switch and why auto-play stopped. The fight page draws it; the
help's own routes are in :mod:`.npc_pages`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from fastapi import Request

from meneur.server.api.common import Database
from meneur.server.models import GameSession
from meneur.systems.energy.view import autoplay as auto
from meneur.systems.energy.view import npc

if TYPE_CHECKING:
    from meneur.systems.energy.view.fight import FightView


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


def panel(request: Request, db: Database, view: FightView, lang: str) -> Panel:
    """The GM's panel of the fight ``view`` shows (the GM's view: the engine's whole state)."""
    state = view.engine
    actor = npc.must_act(state)
    players = frozenset(view.controllers)  # :func:`.npc.player_actors`: a member's link
    shown = state.get(actor).name if npc.is_npc(state, actor, players) else None
    switch = auto.stored(db, view.session_id)  # the same on every worker
    auto.adopt(request.app, view.table_id, view.session_id, switch)
    return Panel(npc=shown, autoplay=bool(switch.get("on")), stopped=auto.stopped(switch, lang))
