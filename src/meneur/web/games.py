"""The session pages of INS/MV, Warzone and Carpathes: the page, its live fragment, a command from a
button, the GM's undo, who plays what (a player takes a free actor, the GM releases or hands it
over), and a form for the GM to start a session of the table's system.

The view model is :mod:`meneur.web.game_view` (every button an entry of the legal-action query, every
number the engine's state), the odds :mod:`meneur.web.game_odds`. The Energy fight keeps its own
page (:mod:`meneur.web.routes`): ``/t/{table}/s/{session}`` and its ``/claim`` are answered here for
the other kinds and handed to the fight's routes for an Energy fight.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Form, Request
from fastapi.responses import HTMLResponse, Response
from sqlalchemy.orm import Session as Db
from starlette.datastructures import FormData

from meneur.engine.registry import system
from meneur.errors import MeneurError, Refused
from meneur.i18n import N_, Message
from meneur.server.api.common import ApiError, Caller, Database
from meneur.server.models import GameSession, GameTable
from meneur.server.services import context
from meneur.server.services import sessions as api
from meneur.storage import parse_data
from meneur.web import claims, game_view, routes
from meneur.web.adapter import kinds_with_pages, view_of_kind
from meneur.web.game_choices import Choices, choices_of, chosen, chosen_odds, with_choices
from meneur.web.game_odds import Odds
from meneur.web.game_parts import GameParts, HasParts, parts_of
from meneur.web.pages import csrf_ok, language, redirect, render

router = APIRouter(include_in_schema=False)
Text = Annotated[str, Form()]
Chosen = Annotated[Choices, Depends(chosen)]

EXAMPLES: dict[str, Any] = {
    "insmv": {
        "beings": [
            {
                "name": "Yves",
                "kind": "angel",
                "will": 4,
                "rules": {"max_voluntary_shift": 5},
                "characteristics": {"Force": 2, "Présence": 3},
                "talents": [{"name": "Discussion", "characteristic": "Présence", "malus": 1, "value": 4}],
                "powers": {"Charme": 3},
            },
            {
                "name": "Asmo",
                "kind": "demon",
                "will": 3,
                "rules": {"max_voluntary_shift": 5},
                "characteristics": {"Force": 3},
            },
        ]
    },
    "carpathes": {
        "characters": [
            {"name": "Mihail", "mental": 2, "physical": 1, "social": 1, "sacred_objects": ["croix"]},
            {"name": "Anca", "mental": 1, "physical": 2, "social": 2, "talents": {"escrime": 2}},
        ],
        "npcs": [{"name": "Strigoi", "kind": "vampire", "mental": 2, "physical": 3, "social": 1}],
    },
}
"""A setup to start from in the new-session form of the games whose pages have not moved into their
own package yet (each moved game's parts give theirs: :func:`example`)."""


def example(kind: str) -> dict[str, Any]:
    """A setup to start from in the new-session form of ``kind``.

    Raises:
        LookupError: no page shows sessions of ``kind``.
    """
    return parts_of(kind).example


def _checked(
    request: Request, db: Database, table_id: str, session_id: str, csrf: str | None = None
) -> Caller:
    return routes.checked_session(request, db, table_id, session_id, _kinds(), csrf)


def _kinds() -> frozenset[str]:
    """The kinds of session this shared page shows, whichever game's adapter built on it."""
    return frozenset(kind for kind in kinds_with_pages() if isinstance(view_of_kind(kind), HasParts))


def _page(
    request: Request,
    db: Database,
    me: Caller,
    table_id: str,
    session_id: str,
    error: str | None = None,
    fragment: bool = True,
    given: tuple[Any, Choices] | None = None,
) -> HTMLResponse:
    table = db.get(GameTable, table_id, populate_existing=True)  # its seq first: the page is at least there
    view = game_view.build(request, db, me, table_id, session_id, error, given)
    redo = api.may_redo(context(request, db), me, session_id, view.version)
    return render(
        request,
        "_game.html" if fragment else "game.html",
        {"view": view, "me": me, "table": table, "seq": table.seq if table is not None else 0, "redo": redo},
    )


def _dice(text: str) -> list[int] | None:
    return [int(part) for part in text.replace(",", " ").split()] if text.strip() else None


def play(
    request: Request,
    db: Database,
    table_id: str,
    session_id: str,
    chosen: Choices,
    command: str = "",
    version: str = "0",
    dice: str = "",
    csrf: str = "",
) -> HTMLResponse:
    """A command from a button, with what was chosen beside it (:class:`Choices`); refused, its
    button shows the choices as made beside the reason."""
    me = _checked(request, db, table_id, session_id, csrf)
    lang = language(request)
    try:
        given = (parse_data(command, "json", "command"), chosen)
        wire, number, entered = with_choices(given[0], chosen), int(version), _dice(dice)
    except (ValueError, MeneurError):
        message = Message("web", N_("This form is damaged; reload the page."))
        return _page(request, db, me, table_id, session_id, error=message.render(lang))
    error = None
    try:
        body = routes._valid(lambda: api.CommandIn(command=wire, version=number, dice=entered))
        api.do(context(request, db), me, session_id, body)
    except Refused as problem:
        error = problem.render(lang)
    except (ApiError, MeneurError) as problem:
        error = routes._error_text(request, problem)
    db.commit()  # a new read transaction sees what was just written
    return _page(request, db, me, table_id, session_id, error, given=given if error else None)


@router.get("/t/{table_id}/s/{session_id}/odds", response_class=HTMLResponse)
def odds(
    request: Request,
    db: Database,
    table_id: str,
    session_id: str,
    chosen: Chosen,
    command: str = "",
    key: str = "b",
) -> HTMLResponse:
    """The odds of a command with what was chosen beside its button (:class:`Choices`: an INS/MV
    test's row and shift, each side's in an opposed test, a Carpathes attack's weapon and flags,
    the initiative's combatants), before rolling: the button's odds part again."""
    me = _checked(request, db, table_id, session_id)
    lang = language(request)
    try:
        wire = parse_data(command, "json", "command")
    except MeneurError:
        wire = None
    if not isinstance(wire, dict | str):
        found = Odds(error=Message("web", N_("This form is damaged; reload the page.")).render(lang))
        return render(request, "_game_odds.html", {"b": {"odds": found}, "key": "b", "view": {}})
    found = chosen_odds(request, db, me, session_id, wire, chosen, lang)
    view = {"table_id": table_id, "session_id": session_id}
    key = key if key.replace("-", "").isalnum() else "b"
    return render(request, "_game_odds.html", {"b": {"odds": found}, "key": key, "view": view, "me": me})


def _step(
    request: Request, db: Database, table_id: str, session_id: str, version: str, csrf: str, forward: bool
) -> HTMLResponse:
    me = _checked(request, db, table_id, session_id, csrf)
    error = routes.history_step(request, db, me, session_id, version, forward)
    return _page(request, db, me, table_id, session_id, error=error)


# -- who plays what -------------------------------------------------------------------------------


def claim(
    request: Request, db: Database, table_id: str, session_id: str, actor: str = "", csrf: str = ""
) -> HTMLResponse:
    """A player takes an actor of the session that nobody plays yet."""
    me = _checked(request, db, table_id, session_id, csrf)
    row = db.get(GameSession, session_id)
    assert row is not None
    state = system(row.kind).state_from_json(api.get(context(request, db), me, session_id).state)
    free = set(game_view.actors(row.kind, state)) - set(row.controllers)
    error = claims.claim(request, table_id, session_id, actor, me, free, language(request))
    db.commit()  # a new read transaction sees what was just written
    db.expire_all()  # and the session's row is read again
    return _page(request, db, me, table_id, session_id, error=error)


@router.post("/t/{table_id}/s/{session_id}/player", response_class=HTMLResponse)
def hand_over(
    request: Request,
    db: Database,
    table_id: str,
    session_id: str,
    actor: Text = "",
    member: Text = "",
    csrf: Text = "",
) -> HTMLResponse:
    """The GM gives an actor to a player of the table, or (``member`` empty) to nobody."""
    me = _checked(request, db, table_id, session_id, csrf)
    row = db.get(GameSession, session_id)
    assert row is not None
    players = {m for m, _name in game_view.table_players(db, table_id)}
    state = system(row.kind).state_from_json(api.get(context(request, db), me, session_id).state)
    if not me.is_gm or actor not in game_view.actors(row.kind, state) or (member and member not in players):
        return routes._forbidden(request)
    claims.assign(request, table_id, session_id, actor, member or None, force=True)
    db.commit()  # a new read transaction sees what was just written
    db.expire_all()  # and the session's row is read again
    return _page(request, db, me, table_id, session_id)


# -- a new session --------------------------------------------------------------------------------


def _new_form(
    request: Request,
    db: Database,
    me: Caller,
    table_id: str,
    setup: str = "",
    error: str | None = None,
    status: int = 200,
) -> HTMLResponse:
    table = db.get(GameTable, table_id)
    assert table is not None
    try:
        found: dict[str, Any] | None = example(table.system)
    except LookupError:
        found = None
    kind = table.system if found is not None else None
    text = setup or (json.dumps(found, ensure_ascii=False, indent=2) if found is not None else "")
    return render(
        request,
        "new_session.html",
        {"table": table, "me": me, "kind": kind, "setup": text, "error": error},
        status=status,
    )


@router.get("/t/{table_id}/new-session", response_class=HTMLResponse)
def new_session_page(request: Request, db: Database, table_id: str) -> HTMLResponse:
    me = routes._member(request, db, table_id)
    if me is None:
        return routes._signed_out(request)
    return _new_form(request, db, me, table_id)


@router.post("/t/{table_id}/new-session", response_class=HTMLResponse, response_model=None)
def new_session(
    request: Request, db: Database, table_id: str, setup: Text = "", name: Text = "", csrf: Text = ""
) -> Response:
    me = routes._member(request, db, table_id)
    if me is None:
        return routes._signed_out(request)
    if not csrf_ok(request, csrf):
        return routes._forbidden(request)
    table = db.get(GameTable, table_id)
    assert table is not None
    try:
        read = parse_data(setup, "yaml", "setup") if setup.strip() else None
        given = name.strip() or None
        body = routes._valid(lambda: api.SessionIn(kind=table.system, setup=read, name=given))
        created = api.create(context(request, db), me, table_id, body)
    except (ApiError, MeneurError) as problem:
        return _new_form(request, db, me, table_id, setup, routes._error_text(request, problem), 400)
    return redirect(f"/t/{table_id}/s/{created.id}")


class GamePages:
    """The session pages of a game built on this shared page, for the one session router
    (:mod:`meneur.web.sessions`): a session's rows, buttons and odds from :mod:`meneur.web.game_view`
    with the game's own ``parts`` (:class:`meneur.web.game_parts.GameParts`; ``None``: the games whose
    parts have not moved into their own package yet). The odds preview and the GM's hand-over stay on
    this module's router.
    """

    def __init__(self, parts: GameParts | None = None) -> None:
        self.parts = parts

    def parts_for(self, kind: str) -> GameParts:
        """The parts of a session of ``kind``."""
        if self.parts is not None:
            return self.parts
        return game_view.SharedParts(kind, EXAMPLES.get(kind, {}))

    @property
    def kinds(self) -> frozenset[str]:
        from meneur.engine.plugin import load
        from meneur.engine.registry import games

        mine = [game for game in games() if game.view is not None and load(game.view) is self]
        return frozenset(kind.key for game in mine for kind in game.kinds)

    def page(self, request: Request, db: Db, table_id: str, session_id: str, fragment: bool) -> HTMLResponse:
        me = _checked(request, db, table_id, session_id)
        return _page(request, db, me, table_id, session_id, fragment=fragment)

    def do(self, request: Request, db: Db, table_id: str, session_id: str, form: FormData) -> HTMLResponse:
        def text(name: str, default: str = "") -> str:
            value = form.get(name, default)
            return value if isinstance(value, str) else default

        return play(
            request,
            db,
            table_id,
            session_id,
            choices_of(form),
            command=text("command"),
            version=text("version", "0"),
            dice=text("dice"),
            csrf=text("csrf"),
        )

    def step(
        self, request: Request, db: Db, table_id: str, session_id: str, version: str, csrf: str, forward: bool
    ) -> HTMLResponse:
        return _step(request, db, table_id, session_id, version, csrf, forward=forward)

    def claim(
        self, request: Request, db: Db, table_id: str, session_id: str, actor: str, csrf: str
    ) -> HTMLResponse:
        return claim(request, db, table_id, session_id, actor, csrf)


PAGES = GamePages()
"""The view adapter of the games whose parts have not moved into their own package yet
(:attr:`Game.view`)."""
