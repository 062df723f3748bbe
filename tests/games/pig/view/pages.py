"""Pig's view adapter: the session page, its buttons from the legal-action query, a button's
command, the GM's undo and redo, and a player taking a player of the game.

The page reads the session only through the sessions' service
(:func:`meneur.server.services.sessions.session_view`, ``do``, ``undo``, ``redo``): the scores and
whose turn it is are the engine's state as this viewer may know it, every button is an entry of the
legal-action query (a refused one shows the engine's reason), and nothing here decides a rule.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from fastapi import Request
from fastapi.responses import HTMLResponse
from pydantic import ValidationError
from sqlalchemy.orm import Session as Db
from starlette.datastructures import FormData

from meneur.errors import MeneurError, Refused
from meneur.i18n import N_, Message
from meneur.server.api.common import ApiError, Caller
from meneur.server.services import context
from meneur.server.services import sessions as service
from meneur.server.services import tables as tables_service
from meneur.web import claims
from meneur.web.pages import language, render
from meneur.web.routes import checked_session, history_step
from tests.games.pig.model import DOMAIN, State

KIND = "pig"
"""The one kind of session these pages show."""

WORDS: dict[str, Message] = {
    "roll": Message(DOMAIN, N_("Roll the die")),
    "hold": Message(DOMAIN, N_("Hold: bank the turn's points")),
}
"""The words of each kind of command's button."""

DAMAGED = Message(DOMAIN, N_("This form is damaged; reload the page."))


@dataclass(frozen=True)
class Button:
    """One entry of the legal-action query as a button: its command, and why not when refused."""

    kind: str
    actor: str | None
    label: str
    wire: str
    reason: str | None


@dataclass(frozen=True)
class Row:
    """One player of the game: the points banked, whose turn it is, who plays them."""

    name: str
    score: int
    playing: bool
    mine: bool
    player: str | None


@dataclass(frozen=True)
class PigView:
    """What the session page shows a viewer."""

    table_id: str
    session_id: str
    version: int
    goal: int
    rows: tuple[Row, ...]
    current: str
    turn_points: int
    winner: str | None
    buttons: tuple[Button, ...]
    mine: tuple[str, ...]
    claimable: tuple[str, ...]
    log: list[tuple[int, list[str]]]
    error: str | None
    goal_words: str
    """The scores' heading: the goal, in the viewer's language."""
    turn_words: str
    """Whose turn it is and the turn's points not banked yet, or who won."""


def build(request: Request, db: Db, me: Caller, table_id: str, session_id: str, error: str | None) -> PigView:
    """The session as ``me`` may see it, through the sessions' service."""
    lang = language(request)
    ctx = context(request, db)
    seen = service.session_view(ctx, me, session_id, lang)
    state: State = seen.engine
    names = {m.id: m.name for m in tables_service.view(ctx, me, table_id).members}
    mine = tuple(actor for actor, member in seen.controllers.items() if member == me.id)
    rows = tuple(
        Row(
            name=name,
            score=state.score_of(name),
            playing=state.winner is None and name == state.current,
            mine=name in mine,
            player=names.get(seen.controllers.get(name, "")),
        )
        for name in state.players
    )
    buttons = tuple(
        Button(
            kind=entry.kind,
            actor=entry.actor,
            label=WORDS[entry.kind].render(lang) if entry.kind in WORDS else entry.kind,
            wire=json.dumps(entry.command, ensure_ascii=False),
            reason=entry.reason,
        )
        for entry in seen.legal
    )
    claimable = tuple(name for name in state.players if name not in seen.controllers)
    return PigView(
        table_id=table_id,
        session_id=session_id,
        version=seen.version,
        goal=state.options.goal,
        rows=rows,
        current=state.current,
        turn_points=state.turn_points,
        winner=state.winner,
        buttons=buttons,
        mine=mine,
        claimable=claimable,
        log=seen.lines,
        error=error,
        goal_words=Message(
            DOMAIN, N_("Scores: the first to bank {goal} wins"), {"goal": state.options.goal}
        ).render(lang),
        turn_words=(
            Message(DOMAIN, N_("{name} won."), {"name": state.winner})
            if state.winner is not None
            else Message(
                DOMAIN,
                N_("{name}'s turn: {points} points not banked yet."),
                {"name": state.current, "points": state.turn_points},
            )
        ).render(lang),
    )


def _error_text(problem: Exception, lang: str) -> str:
    if isinstance(problem, ApiError):
        return problem.message.render(lang)
    if isinstance(problem, MeneurError):  # a refusal too: it names the rule the command breaks
        return problem.render(lang)
    return DAMAGED.render(lang)


def _text(form: FormData, name: str) -> str:
    value = form.get(name, "")
    return value if isinstance(value, str) else ""


def _command(form: FormData) -> service.CommandIn:
    """The button's form as the service's command (``ValueError``: a damaged form)."""
    wire = json.loads(_text(form, "command"))
    dice = _text(form, "dice").replace(",", " ").split()
    return service.CommandIn(
        command=wire, version=int(_text(form, "version") or "0"), dice=[int(d) for d in dice] or None
    )


class PigPages:
    """Pig's session pages, for the one session router (:mod:`meneur.web.sessions`)."""

    @property
    def kinds(self) -> frozenset[str]:
        return frozenset({KIND})

    def _page(
        self,
        request: Request,
        db: Db,
        me: Caller,
        table_id: str,
        session_id: str,
        fragment: bool,
        error: str | None,
    ) -> HTMLResponse:
        ctx = context(request, db)
        table = tables_service.view(ctx, me, table_id)  # its seq first: the page is at least there
        view = build(request, db, me, table_id, session_id, error)
        redo = service.may_redo(ctx, me, session_id, view.version)
        return render(
            request,
            "pig/_session.html" if fragment else "pig/session.html",
            {"view": view, "me": me, "table": table, "seq": table.seq, "redo": redo},
        )

    def page(self, request: Request, db: Db, table_id: str, session_id: str, fragment: bool) -> HTMLResponse:
        me = checked_session(request, db, table_id, session_id, self.kinds)
        return self._page(request, db, me, table_id, session_id, fragment, None)

    def do(self, request: Request, db: Db, table_id: str, session_id: str, form: FormData) -> HTMLResponse:
        me = checked_session(request, db, table_id, session_id, self.kinds, _text(form, "csrf"))
        error = None
        try:
            service.do(context(request, db), me, session_id, _command(form))
        except Refused as problem:
            error = problem.render(language(request))
        except (ValueError, ValidationError, ApiError, MeneurError) as problem:
            error = _error_text(problem, language(request))
        db.commit()  # a new read transaction sees what was just written
        return self._page(request, db, me, table_id, session_id, True, error)

    def step(
        self, request: Request, db: Db, table_id: str, session_id: str, version: str, csrf: str, forward: bool
    ) -> HTMLResponse:
        me = checked_session(request, db, table_id, session_id, self.kinds, csrf)
        error = history_step(request, db, me, session_id, version, forward)
        return self._page(request, db, me, table_id, session_id, True, error)

    def claim(
        self, request: Request, db: Db, table_id: str, session_id: str, actor: str, csrf: str
    ) -> HTMLResponse:
        me = checked_session(request, db, table_id, session_id, self.kinds, csrf)
        seen = service.session_view(context(request, db), me, session_id, language(request))
        free = set(seen.engine.players) - set(seen.controllers)
        error = claims.claim(request, table_id, session_id, actor, me, free, language(request))
        db.commit()  # a new read transaction sees what was just written
        db.expire_all()  # and the session's row is read again
        return self._page(request, db, me, table_id, session_id, True, error)


PAGES = PigPages()
"""Pig's view adapter (:attr:`meneur.engine.plugin.Game.view`)."""
