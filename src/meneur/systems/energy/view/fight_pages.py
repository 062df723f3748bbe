"""The Energy fight's pages: the view, a player's or the GM's command, the GM's forms (a combatant
arrives, is adjusted, leaves; a terrain element is placed), undo and redo, claiming a character.

The shared verbs (the page and its fragment, ``do``, ``undo``, ``redo``, ``claim``) come through the
one session router (:mod:`meneur.web.sessions`) to :data:`PAGES`; the GM's own forms are on this
module's router, part of the Energy plugin's ``pages`` (:mod:`meneur.systems.energy.view.pages`).
Each reads the form, builds the engine's command, calls the same service as the REST API
(:mod:`meneur.server.services.sessions`) and renders the fight again. A refusal is the engine's message,
shown beside the buttons; nothing here decides a rule.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from sqlalchemy.orm import Session as Db
from starlette.datastructures import FormData

from meneur.engine.codec import with_fields
from meneur.errors import MeneurError, Refused
from meneur.i18n import N_, Message
from meneur.i18n.words import fold
from meneur.server.api.common import ApiError, Caller, Database
from meneur.server.models import GameTable
from meneur.server.services import context
from meneur.server.services import sessions as service
from meneur.storage import parse_data
from meneur.systems.energy.view import fight as fight_view
from meneur.systems.energy.view.npc_panel import panel
from meneur.web import arrivals, claims
from meneur.web.pages import language, render
from meneur.web.routes import OptionalText, checked_session, error_text, history_step

router = APIRouter(include_in_schema=False)


def _fight(
    request: Request,
    db: Database,
    me: Caller,
    table_id: str,
    session_id: str,
    error: str | None = None,
    fragment: bool = True,
    status: int = 200,
) -> HTMLResponse:
    view = fight_view.build(request, db, me, table_id, session_id, language(request), error)
    if me.is_gm:
        view.redo = service.may_redo(context(request, db), me, session_id, view.version)
    name = "energy/_fight.html" if fragment else "energy/fight.html"
    help = panel(request, db, view, language(request)) if me.is_gm else None
    # the fragment names no more of the table than its seq, read with the session (at least there)
    table = None if fragment else db.get(GameTable, table_id, populate_existing=True)
    return render(
        request,
        name,
        {"view": view, "me": me, "table": table, "seq": view.seq, "npc": help},
        status=status,
    )


fight = _fight
"""The fight page or its fragment (for the plan's routes, :mod:`.move_preview`)."""


def _checked(
    request: Request, db: Database, table_id: str, session_id: str, csrf: str | None = None
) -> Caller:
    return checked_session(request, db, table_id, session_id, frozenset({fight_view.KIND}), csrf)


class TooFewTargetsError(ValueError):
    """An area attack's form sent with fewer than two targets checked."""


def _with_fields(wire: Any, tokens: str, x: str, y: str, targets: list[str] | None = None) -> Any:
    """The legal entry's command with what the player chose: the tokens, where to, and for an area
    attack the targets checked (``None``: the form has no such boxes)."""

    def chosen(_name: str, fields: dict[str, Any]) -> dict[str, Any]:
        if tokens.strip():  # the stepper is shown only for the actions that take tokens
            fields["tokens"] = int(tokens)
        if x.strip() and y.strip() and "to" in fields:
            fields["to"] = [float(x), float(y)]
        if targets is not None and "area_targets" in fields:
            _aim(fields, targets)
        return fields

    return with_fields(wire, chosen)


def _aim(fields: dict[str, Any], targets: list[str]) -> None:
    """Put the checked ``targets`` in an area attack's fields (the entry's first target first when
    still checked: the zone the query offered is centred on it)."""
    chosen = list(dict.fromkeys(t for t in targets if t))
    if len(chosen) < 2:
        raise TooFewTargetsError
    first = fields.get("target") if fields.get("target") in chosen else chosen[0]
    fields["target"] = first
    fields["area_targets"] = [t for t in chosen if t != first]


def _give(
    request: Request,
    db: Database,
    me: Caller,
    session_id: str,
    command: Any,
    version: int,
    links: dict[str, str] | None = None,
    status: list[int] | None = None,
) -> str | None:
    """Give ``command`` through the API's service (with the control ``links`` it makes); the
    refusal's message, if any (a command not the caller's to give sets ``status`` to 403)."""
    try:
        service.do(
            context(request, db), me, session_id, service.CommandIn(command=command, version=version), links
        )
    except Refused as error:
        return error.render(language(request))
    except (ApiError, MeneurError) as error:
        if status is not None and isinstance(error, ApiError) and error.status_code == 403:
            status[0] = 403
        return error_text(request, error)
    return None


def _forced(request: Request, db: Database, session_id: str) -> None:
    """After a command, the step the fight takes by itself when no one has a choice (the GM's pass of
    an empty maintenance phase), in the log as its own entry."""
    from meneur.systems.energy.view.autoplay import pass_forced

    if pass_forced(request.app, session_id):
        db.commit()  # a new read transaction sees what was just written


def _whole(text: str) -> bool:
    """Whether a form's field is a whole number (a version)."""
    return text.isascii() and text.isdigit() and len(text) < 10


def _damaged(request: Request, db: Database, me: Caller, table_id: str, session_id: str) -> HTMLResponse:
    message = Message("web", N_("This form is damaged; reload the page."))
    return _fight(request, db, me, table_id, session_id, error=message.render(language(request)))


def act(
    request: Request,
    db: Database,
    table_id: str,
    session_id: str,
    command: str = "",
    version: str = "0",
    tokens: str = "",
    x: str = "",
    y: str = "",
    area: str = "",
    targets: list[str] | None = None,
    csrf: str = "",
) -> HTMLResponse:
    me = _checked(request, db, table_id, session_id, csrf)
    aimed = (targets or []) if area else None
    try:
        wire = _with_fields(parse_data(command, "json", "command"), tokens, x, y, aimed)
        number = int(version)
    except TooFewTargetsError:
        message = Message(
            "web", N_("Check at least two targets for an area attack; for one, use the attack on it.")
        )
        return _fight(request, db, me, table_id, session_id, error=message.render(language(request)))
    except (ValueError, MeneurError):
        return _damaged(request, db, me, table_id, session_id)
    status = [200]
    error = _give(request, db, me, session_id, wire, number, status=status)
    db.commit()  # a new read transaction sees what was just written
    if error is None:
        _forced(request, db, session_id)
    return _fight(request, db, me, table_id, session_id, error=error, status=status[0])


def _gm_fields(op: str, form: dict[str, str]) -> dict[str, Any]:
    """The fields of the GM's command ``op`` from its form (``ValueError`` for a number that is not)."""
    if op == "adjust":
        fields: dict[str, Any] = {"target": form["target"], "reason": form["reason"].strip() or "MJ"}
        for key in ("vigor", "energy"):
            if form[key].strip():
                fields[key] = int(form[key])
        for key in ("add_condition", "remove_condition"):
            if form[key].strip():
                fields[key] = form[key].strip()
        return fields
    if op == "leave":
        return {"target": form["target"], "fled": form["fled"] == "on", "reason": form["reason"].strip()}
    if op == "arrive":
        wanted = form["id"].strip() or fold(form["name"])
        fields = {"id": wanted, "side": form["side"], "npc": int(form["npc"] or 1)}
        if form["name"].strip():
            fields["name"] = form["name"].strip()
        return fields
    if op == "place_terrain":
        return {
            "kind": form["kind"],
            "rank": int(form["rank"] or 1),
            "at": [float(form["x"] or 0), float(form["y"] or 0)],
            "reason": form["reason"].strip(),
        }
    raise ValueError(op)


@router.post("/t/{table_id}/s/{session_id}/gm", response_class=HTMLResponse)
def gm_command(
    request: Request,
    db: Database,
    table_id: str,
    session_id: str,
    op: OptionalText = "",
    version: OptionalText = "0",
    target: OptionalText = "",
    reason: OptionalText = "",
    vigor: OptionalText = "",
    energy: OptionalText = "",
    add_condition: OptionalText = "",
    remove_condition: OptionalText = "",
    fled: OptionalText = "",
    id: OptionalText = "",
    side: OptionalText = "foes",
    npc: OptionalText = "",
    name: OptionalText = "",
    character: OptionalText = "",
    kind: OptionalText = "",
    rank: OptionalText = "",
    x: OptionalText = "",
    y: OptionalText = "",
    csrf: OptionalText = "",
) -> HTMLResponse:
    """The GM's commands of the engine (a combatant arrives, leaves, is adjusted; a terrain element
    is placed), from a form."""
    me = _checked(request, db, table_id, session_id, csrf)
    form = {
        "target": target,
        "reason": reason,
        "vigor": vigor,
        "energy": energy,
        "add_condition": add_condition,
        "remove_condition": remove_condition,
        "fled": fled,
        "id": id,
        "side": side,
        "npc": npc,
        "name": name,
        "kind": kind,
        "rank": rank,
        "x": x,
        "y": y,
    }
    try:
        fields = _gm_fields(op, form)
        number = int(version)
    except ValueError:
        message = Message("web", N_("Give numbers for tokens, Vigueur, ranks and positions."))
        return _fight(request, db, me, table_id, session_id, error=message.render(language(request)))
    arrival = None
    if op == "arrive" and character:  # a character of the table, rather than a quick NPC
        arrival = arrivals.arrival(db, table_id, character, side, id.strip())
        if arrival is None:
            message = Message("web", N_("This table has no such character; choose one of the list."))
            return _fight(request, db, me, table_id, session_id, error=message.render(language(request)))
        fields = arrival.fields
    links = {str(fields["id"]): arrival.player} if arrival is not None and arrival.player else None
    error = _give(request, db, me, session_id, {op: fields}, number, links)
    db.commit()  # a new read transaction sees what was just written
    if error is None:
        _forced(request, db, session_id)
    return _fight(request, db, me, table_id, session_id, error=error)


def _step(
    request: Request, db: Database, table_id: str, session_id: str, version: str, csrf: str, forward: bool
) -> HTMLResponse:
    me = _checked(request, db, table_id, session_id, csrf)
    if me.is_gm and not forward and _whole(version):
        from meneur.systems.energy.view.autoplay import halt

        halt(request.app, session_id)
    error = history_step(request, db, me, session_id, version, forward)
    return _fight(request, db, me, table_id, session_id, error=error)


def claim(
    request: Request,
    db: Database,
    table_id: str,
    session_id: str,
    actor: str = "",
    csrf: str = "",
) -> HTMLResponse:
    """A player takes a player character of the fight that nobody plays yet."""
    me = _checked(request, db, table_id, session_id, csrf)
    lang = language(request)
    view = fight_view.build(request, db, me, table_id, session_id, lang)
    free = {i for i, _n in view.claimable}
    error = claims.claim(request, table_id, session_id, actor, me, free, lang)
    db.commit()  # a new read transaction sees what was just written
    return _fight(request, db, me, table_id, session_id, error=error)


def _text(form: FormData, name: str, default: str = "") -> str:
    value = form.get(name, default)
    return value if isinstance(value, str) else default


class FightPages:
    """The Energy fight's session pages, for the one session router (:mod:`meneur.web.sessions`);
    the GM's own verbs (``gm``, ``suggest``, ``autoplay``) stay on this module's router."""

    kinds = frozenset({fight_view.KIND})

    def page(self, request: Request, db: Db, table_id: str, session_id: str, fragment: bool) -> HTMLResponse:
        me = _checked(request, db, table_id, session_id)
        return _fight(request, db, me, table_id, session_id, fragment=fragment)

    def do(self, request: Request, db: Db, table_id: str, session_id: str, form: FormData) -> HTMLResponse:
        targets = [t for t in form.getlist("targets") if isinstance(t, str)] if "targets" in form else None
        fields = {name: _text(form, name) for name in ("command", "tokens", "x", "y", "area", "csrf")}
        return act(
            request, db, table_id, session_id, version=_text(form, "version", "0"), targets=targets, **fields
        )

    step = staticmethod(_step)
    claim = staticmethod(claim)


PAGES = FightPages()
"""The Energy plugin's view adapter (:attr:`meneur.engine.plugin.Game.view`)."""
