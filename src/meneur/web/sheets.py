"""A character's sheet, one tap from any page of a session (« Ma fiche »): the player's own, any the
GM asks for.

``GET /t/{t}/s/{s}/sheet`` opens the viewer's own character's sheet (a player who plays several
picks one; the GM picks any), ``GET /t/{t}/s/{s}/sheet/{actor}`` one character's. Who plays what
comes from the links the server stored with the session (:attr:`Viewer.actors`), never from the
address: a player asking for another character's sheet gets the same refusal whether it exists or
not, an observer has no sheet, a stranger is asked to sit at the table first. Every number is the
session's state as the viewer's projection leaves it (:func:`meneur.server.services.sessions.session_view`).
The sheet holds no form: it is read-only, whatever the session is doing.

A kind says where its sheet is (:attr:`meneur.engine.plugin.SessionKind.sheet`, a :class:`Sheets`);
a kind the shared session page shows and that names none shows the character's card of that page
(:class:`Cards`). No game is named here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from meneur.engine.plugin import load
from meneur.engine.registry import kind_of, system
from meneur.server.api.common import Caller, Database
from meneur.server.models import GameSession
from meneur.server.services import context
from meneur.server.services import sessions as api
from meneur.server.services.sessions import SessionView, session_view
from meneur.server.viewing import viewer_of
from meneur.web.game_parts import parts_of
from meneur.web.pages import PageAnswer, language, render, seat

router = APIRouter(include_in_schema=False)


@dataclass(frozen=True)
class Sheet:
    """One character's sheet as the page shows it."""

    name: str
    """The character's name, as the viewer may see it."""
    numbers: list[tuple[str, str]] = field(default_factory=list)
    """Its numbers now (their words, in the viewer's language, and their value)."""
    template: str | None = None
    """A template of the game that shows the rest of the sheet (included with :attr:`context`)."""
    context: dict[str, Any] = field(default_factory=dict)


@runtime_checkable
class Sheets(Protocol):
    """Where a kind's sheets are: its characters, and each one's sheet."""

    def actors(self, view: SessionView) -> list[tuple[str, str]]:
        """The session's characters that have a sheet, as ``(actor, name)``: ``actor`` as the server
        links it to a member (:attr:`SessionView.controllers`), ``name`` as the viewer may see it."""
        ...

    def sheet(self, view: SessionView, setup: Any, actor: str, lang: str) -> Sheet:
        """The sheet of ``actor`` (one of :meth:`actors`, the viewer's own or asked by the GM): its
        numbers from ``view``; ``setup``, the session's setup, may give what the state does not
        keep (a character file), of ``actor`` only.

        Raises:
            LookupError: ``actor`` has no sheet.
        """
        ...


class Cards:
    """The sheets of a kind the shared session page shows: each character's card, as that page shows
    it (the game's row template, :attr:`meneur.engine.plugin.Game.extra` ``"session_row"``)."""

    def actors(self, view: SessionView) -> list[tuple[str, str]]:
        """Who a player may take in the session."""
        state = system(view.kind).state_from_json(view.state)
        return [(name, name) for name in parts_of(view.kind).actors(state)]

    def sheet(self, view: SessionView, setup: Any, actor: str, lang: str) -> Sheet:
        """The character's card (the numbers the engine keeps for it)."""
        state = system(view.kind).state_from_json(view.state)
        rows, _facts = parts_of(view.kind).rows(state, api.LogOut(version=view.version, log=view.log), lang)
        row = next((r for r in rows if r.get("name") == actor), None)
        found = kind_of(view.kind)
        if row is None or found is None or "session_row" not in found[0].extra:
            raise LookupError(actor)
        return Sheet(name=actor, template=found[0].extra["session_row"], context={"r": row})


CARDS = Cards()


def sheets_of(kind: str) -> Sheets | None:
    """Where the sheets of ``kind`` are (``None``: its sessions have none).

    Raises:
        TypeError: the part its plugin names is not a :class:`Sheets`.
    """
    found = kind_of(kind)
    if found is None:
        return None
    if found[1].sheet is not None:
        part = load(found[1].sheet)
        if not isinstance(part, Sheets):
            raise TypeError(f"{found[1].sheet} is not a meneur.web.sheets.Sheets")
        return part
    try:
        parts_of(kind)
    except LookupError:
        return None
    return CARDS


def sheet_href(table_id: str, session_id: str, actor: str | None = None) -> str:
    """The address of the viewer's own sheet (or of ``actor``'s)."""
    base = f"/t/{table_id}/s/{session_id}/sheet"
    return base if actor is None else f"{base}/{quote(actor, safe='')}"


def _message(request: Request, key: str, status: int, back: str | None = None) -> HTMLResponse:
    return render(request, "message.html", {"title_key": key, "back": back}, status=status)


def _seen(
    request: Request, db: Database, table_id: str, session_id: str
) -> tuple[Caller, GameSession, Sheets]:
    """The member asking, the session, and where its sheets are.

    Raises:
        PageAnswer: the page to answer instead (signed out, not found, an observer's).
    """
    me = seat(request, db, table_id)
    if me is None:
        raise PageAnswer(_message(request, "signed_out", 401))
    row = db.get(GameSession, session_id)
    sheets = None if row is None or row.table_id != table_id else sheets_of(row.kind)
    if row is None or sheets is None:
        raise PageAnswer(_message(request, "not_found", 404))
    if me.role not in ("gm", "player"):
        back = f"/t/{table_id}/s/{session_id}"
        raise PageAnswer(_message(request, "no_sheet", 403, back))
    return me, row, sheets


def _page(
    request: Request, me: Caller, row: GameSession, view: SessionView, sheets: Sheets, actor: str, name: str
) -> HTMLResponse:
    lang = language(request)
    try:
        sheet = sheets.sheet(view, row.setup, actor, lang)
    except LookupError:
        return _message(request, "not_found", 404, f"/t/{row.table_id}/s/{row.id}")
    others = (
        sheets.actors(view) if me.is_gm else [a for a in sheets.actors(view) if a[0] in view.viewer.actors]
    )
    values = {
        **sheet.context,
        "me": me,
        "sheet": sheet,
        "name": name,
        "session_href": f"/t/{row.table_id}/s/{row.id}",
        "others": [(n, sheet_href(row.table_id, row.id, a)) for a, n in others if a != actor],
        "is_over": _over(row.kind, view),
    }
    return render(request, "sheet.html", values)


def _over(kind: str, view: SessionView) -> bool:
    """Whether the session is over (its kind's rule, asked of the engine's state as the viewer may
    know it)."""
    found = kind_of(kind)
    return found is not None and found[1].over(view.engine)


@router.get("/t/{table_id}/s/{session_id}/sheet", response_class=HTMLResponse)
def my_sheet(request: Request, db: Database, table_id: str, session_id: str) -> HTMLResponse:
    """The viewer's own character's sheet; the list to pick from for the GM, or a player who plays
    several."""
    me, row, sheets = _seen(request, db, table_id, session_id)
    view = session_view(context(request, db), me, session_id, language(request))
    actors = sheets.actors(view)
    mine = actors if me.is_gm else [(a, n) for a, n in actors if a in view.viewer.actors]
    if len(mine) == 1 and not me.is_gm:
        return _page(request, me, row, view, sheets, *mine[0])
    values = {
        "me": me,
        "choices": [(n, sheet_href(table_id, session_id, a)) for a, n in mine],
        "session_href": f"/t/{table_id}/s/{session_id}",
    }
    return render(request, "sheets.html", values)


@router.get("/t/{table_id}/s/{session_id}/sheet/{actor}", response_class=HTMLResponse)
def actor_sheet(request: Request, db: Database, table_id: str, session_id: str, actor: str) -> HTMLResponse:
    """One character's sheet: the viewer's own, or any for the GM (a player asking for another's is
    refused the same way whether it exists or not)."""
    me, row, sheets = _seen(request, db, table_id, session_id)
    back = f"/t/{table_id}/s/{session_id}"
    if not me.is_gm and actor not in viewer_of(me, row).actors:
        return _message(request, "not_yours", 403, back)
    view = session_view(context(request, db), me, session_id, language(request))
    name = next((n for a, n in sheets.actors(view) if a == actor), None)
    if name is None:
        return _message(request, "not_found", 404, back)
    return _page(request, me, row, view, sheets, actor, name)
