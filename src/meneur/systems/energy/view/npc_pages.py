"""The GM's screen's help with non-player characters: the ``Suggest`` fragment and the auto-play
switch (see :mod:`meneur.systems.energy.view.npc`). The suggestion's buttons post to the fight's ``/do`` route like
every other button: the engine decides."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse

from meneur.i18n import set_language
from meneur.server.api.common import Caller, Database
from meneur.server.models import GameSession
from meneur.systems.energy.ai.policy import Choice
from meneur.systems.energy.view import autoplay as auto
from meneur.systems.energy.view import npc
from meneur.systems.energy.view.fight_pages import _checked, _fight
from meneur.systems.energy.view.npc_panel import loaded
from meneur.web.pages import PageAnswer, csrf_ok, language, render
from meneur.web.routes import forbidden

router = APIRouter(include_in_schema=False)


@dataclass
class Proposal:
    """One command of the policy: its words, its reasons and its fight-file form."""

    label: str
    explanation: str
    wire: str


def _proposal(state: Any, codec: Any, choice: Choice, lang: str) -> Proposal:
    from meneur.systems.energy.combat.fight_words import action_words

    return Proposal(
        label=action_words(state, choice.command),
        explanation=choice.explanation.render(lang),
        wire=json.dumps(codec.command_to_json(choice.command), ensure_ascii=False),
    )


def _gm(request: Request, db: Database, table_id: str, session_id: str) -> Caller:
    """The fight's GM (anyone else gets the page :func:`meneur.web.routes.checked_session` or the
    forbidden page answers instead)."""
    me = _checked(request, db, table_id, session_id)
    if not me.is_gm:
        raise PageAnswer(forbidden(request))
    return me


@router.get("/t/{table_id}/s/{session_id}/suggest", response_class=HTMLResponse)
def suggest(request: Request, db: Database, table_id: str, session_id: str) -> HTMLResponse:
    """The heuristic's command for the non-player character who must act, with its reasons and the
    two best alternatives, each with a button that plays it."""
    _gm(request, db, table_id, session_id)
    lang = language(request)
    set_language(lang)
    row = db.get(GameSession, session_id)
    assert row is not None
    session = loaded(request, db, row)
    state = session.state
    move = npc.npc_move(state, npc.player_actors(db, row))
    proposals: list[Proposal] = []
    if move is not None and move.suggestion is not None:
        codec = session.system.codec
        choices = (move.suggestion.best, *move.suggestion.alternatives)
        proposals = [_proposal(state, codec, choice, lang) for choice in choices]
    return render(
        request,
        "energy/_suggest.html",
        {
            "proposals": proposals,
            "version": row.version,
            "table_id": table_id,
            "session_id": session_id,
        },
    )


@router.post("/t/{table_id}/s/{session_id}/autoplay", response_class=HTMLResponse)
def autoplay(
    request: Request,
    db: Database,
    table_id: str,
    session_id: str,
    on: Annotated[str, Form()] = "",
    csrf: Annotated[str, Form()] = "",
) -> HTMLResponse:
    """Switch auto-play of non-player characters on or off (the GM only); every page is told."""
    me = _gm(request, db, table_id, session_id)
    if not csrf_ok(request, csrf):
        return forbidden(request)
    auto.switch(request.app, me, session_id, on == "on")
    db.commit()  # a new read transaction sees what was just written
    return _fight(request, db, me, table_id, session_id)
