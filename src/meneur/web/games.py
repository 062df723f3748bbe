"""The shared session page, which a game's view adapter builds on with its own parts
(:class:`GamePages` and :mod:`meneur.web.game_parts`): the page, its live fragment, a command from a
button, the GM's undo, who plays what (a player takes a free actor, the GM releases or hands it
over), and a form for the GM to start a session of the table's system.

The view model is :mod:`meneur.web.game_view` (every button an entry of the legal-action query, every
number the engine's state), the odds :mod:`meneur.web.game_odds`. The one session router
(:mod:`meneur.web.sessions`) hands the verbs to the session's game's adapter.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Form, Request
from fastapi.responses import HTMLResponse, Response
from sqlalchemy.orm import Session as Db
from starlette.datastructures import FormData

from meneur.engine.plugin import load
from meneur.engine.registry import kind_of, system
from meneur.errors import MeneurError, Refused
from meneur.i18n import N_, Message
from meneur.server.api.common import ApiError, Caller, Database
from meneur.server.models import GameSession, GameTable
from meneur.server.services import characters as characters_api
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


def example(kind: str) -> dict[str, Any]:
    """A setup to start from in the new-session form of ``kind`` (its plugin's
    :attr:`~meneur.engine.plugin.SessionKind.example`).

    Raises:
        LookupError: no page shows sessions of ``kind``, or its game gives no example.
    """
    parts_of(kind)  # a kind the shared page shows
    found = kind_of(kind)
    if found is None or found[1].example is None:
        raise LookupError(kind)
    setup = load(found[1].example)
    if not isinstance(setup, dict):
        raise LookupError(kind)
    return setup


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
    row = db.get(GameSession, session_id)
    assert row is not None  # a session of this table: checked above
    parts = parts_of(row.kind)
    try:
        given = (parse_data(command, "json", "command"), chosen)
        wire, number, entered = with_choices(given[0], chosen, parts), int(version), _dice(dice)
    except (ValueError, MeneurError):
        message = Message("web", N_("This form is damaged; reload the page."))
        return _page(request, db, me, table_id, session_id, error=message.render(lang))
    error = None
    try:
        body = routes.valid(lambda: api.CommandIn(command=wire, version=number, dice=entered))
        api.do(context(request, db), me, session_id, body)
    except Refused as problem:
        error = problem.render(lang)
    except (ApiError, MeneurError) as problem:
        error = routes.error_text(request, problem)
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
    """The odds of a command with what was chosen beside its button (:class:`Choices`: the amount,
    and what its game offers there), before rolling: the button's odds part again."""
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
        return routes.forbidden(request)
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
    form: dict[str, str] | None = None,
) -> HTMLResponse:
    """The GM's form to start a session: the game's own fields (:attr:`GameParts.setup_template`,
    with the table's characters to pick from), and the YAML or JSON of a setup as an advanced import
    (prefilled with the game's example when the game has no form)."""
    table = db.get(GameTable, table_id)
    assert table is not None
    try:
        found: dict[str, Any] | None = example(table.system)
    except LookupError:
        found = None
    kind = table.system if found is not None else None
    try:
        template = parts_of(table.system).setup_template
    except LookupError:
        template = None
    characters = characters_api.table_files(context(request, db), me, table_id) if me.is_gm else []
    prefill = found is not None and template is None and not setup and not form
    text = setup or (json.dumps(found, ensure_ascii=False, indent=2) if prefill else "")
    return render(
        request,
        "new_session.html",
        {
            "table": table,
            "me": me,
            "kind": kind,
            "setup": text,
            "error": error,
            "setup_template": template,
            "form": form or {},
            "characters": characters,
            "example": json.dumps(found, ensure_ascii=False, indent=2) if found is not None else "",
        },
        status=status,
    )


@router.get("/t/{table_id}/new-session", response_class=HTMLResponse)
def new_session_page(request: Request, db: Database, table_id: str) -> HTMLResponse:
    me = routes.member(request, db, table_id)
    if me is None:
        return routes.signed_out(request)
    return _new_form(request, db, me, table_id)


async def _form(request: Request) -> FormData:
    return await request.form()


@router.post("/t/{table_id}/new-session", response_class=HTMLResponse, response_model=None)
def new_session(
    request: Request, db: Database, table_id: str, form: Annotated[FormData, Depends(_form)]
) -> Response:
    """Start a session from the game's form, or from the YAML or JSON typed in the advanced import
    (which wins when it is not empty); a mistake shows the form again as it was sent, with the reason."""
    me = routes.member(request, db, table_id)
    if me is None:
        return routes.signed_out(request)
    fields = {key: value for key, value in form.items() if isinstance(value, str)}
    if not csrf_ok(request, fields.get("csrf", "")):
        return routes.forbidden(request)
    table = db.get(GameTable, table_id)
    assert table is not None
    setup = fields.get("setup", "")
    try:
        if setup.strip():
            read = parse_data(setup, "yaml", "setup")
        else:
            try:
                parts: GameParts | None = parts_of(table.system)
            except LookupError:
                parts = None
            read = parts.setup_of(fields, language(request)) if parts is not None else None
        body = routes.valid(
            lambda: api.SessionIn(kind=table.system, setup=read, name=fields.get("name", "").strip() or None)
        )
        created = api.create(context(request, db), me, table_id, body)
    except (ApiError, MeneurError) as problem:
        return _new_form(request, db, me, table_id, setup, routes.error_text(request, problem), 400, fields)
    return redirect(f"/t/{table_id}/s/{created.id}")


class GamePages:
    """The session pages of a game built on this shared page, for the one session router
    (:mod:`meneur.web.sessions`): a session's rows, buttons and odds from :mod:`meneur.web.game_view`
    with the game's own ``parts`` (:class:`meneur.web.game_parts.GameParts`). The odds preview and
    the GM's hand-over stay on this module's router.
    """

    def __init__(self, parts: GameParts) -> None:
        self.parts = parts

    def parts_for(self, kind: str) -> GameParts:
        """The parts of a session of ``kind``."""
        return self.parts

    @property
    def kinds(self) -> frozenset[str]:
        from meneur.engine.plugin import load
        from meneur.engine.registry import games

        found: set[str] = set()
        for game in games():
            whole = game.view is not None and load(game.view) is self
            found |= {k.key for k in game.kinds if (load(k.view) is self if k.view else whole)}
        return frozenset(found)

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

    step = staticmethod(_step)
    claim = staticmethod(claim)
