"""The plan's own routes: what a move dragged on the plan would cost, asked of the engine before the
token is dropped (nothing applied), and the background image the GM puts under the plan.

The preview is the engine's verdict through :func:`meneur.server.services.sessions.preview`, the
same door as a command: read as the viewer may name things, given only by whom the server's stored
links allow (a player previews the combatant they play, the GM anyone; anyone else gets a 403 with
its reason), decided on the session's state and never stored. A point within the free small move's
reach is tried as a small move first ("un petit déplacement de 5 mètres maximum"), then as a move
("un jeton d'énergie pour se déplacer de 20 mètres", 002_58e889a1abff3456.txt); the answer names the
command judged, which the page then gives as it is (the engine's ``move``, undoable like any).
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass
from typing import Annotated, Any

from fastapi import APIRouter, File, Query, Request, UploadFile
from fastapi.responses import HTMLResponse, JSONResponse

from meneur.engine.codec import with_fields
from meneur.engine.registry import system
from meneur.errors import MeneurError, Refused
from meneur.i18n import N_, P_, Message, set_language
from meneur.i18n.numbers import decimal
from meneur.server.api.common import ApiError, Caller, Database
from meneur.server.services import Context, context
from meneur.server.services import images as image_service
from meneur.server.services import sessions as service
from meneur.systems.energy.combat import rules
from meneur.systems.energy.view import fight_pages
from meneur.systems.energy.view.fight import KIND
from meneur.web.pages import language
from meneur.web.routes import OptionalText, checked_session, error_text

router = APIRouter(include_in_schema=False)
Asked = Annotated[str, Query(max_length=200)]

SMALL, MOVE = "small_move", "move"
FARTHEST = 100_000.0
"""The largest coordinate a preview reads, in metres (farther is a damaged request)."""


@dataclass(frozen=True)
class Verdict:
    """The engine's answer to a move dragged to a point: whether it may be given, which command
    (``kind``, its wire form ``command``), the tokens it costs, and the sentence shown."""

    allowed: bool
    text: str
    kind: str | None = None
    command: str | None = None
    paid: int | None = None
    distance: float | None = None


def _point(x: str, y: str) -> tuple[float, float]:
    """The point the token is dragged to (``ValueError`` for anything but two finite numbers)."""
    found = (float(x), float(y))
    if not all(math.isfinite(v) and abs(v) <= FARTHEST for v in found):
        raise ValueError(x, y)
    return (round(found[0], 1), round(found[1], 1))


def _fields(command: Any) -> dict[str, Any]:
    fields: Any = next(iter(command.values()), {}) if isinstance(command, dict) and len(command) == 1 else {}
    return fields if isinstance(fields, dict) else {}


def _entry(entries: list[service.LegalOut], actor: str, kind: str) -> service.LegalOut | None:
    """The plain legal entry (no power, no portal) of ``kind`` for ``actor``, else its first one."""
    mine = [
        e for e in entries if e.actor == actor and e.kind == kind and not _fields(e.command).get("portal")
    ]
    return next((e for e in mine if _fields(e.command).get("power") is None), mine[0] if mine else None)


def _command(entry: service.LegalOut | None, actor: str, to: tuple[float, float], kind: str) -> Any:
    """The move to ``to``: the legal entry's command with its destination, or the bare move (which
    the permission check judges like any)."""
    if entry is None:
        return {"move": {"actor": actor, "to": list(to), "small": kind == SMALL}}
    return with_fields(entry.command, lambda _name, fields: {**fields, "to": list(to)})


def _where(state: Any, actor: str) -> tuple[float, float] | None:
    for c in state.get("combatants", []) if isinstance(state, dict) else []:
        if c.get("id") == actor:
            return (float(c["position"][0]), float(c["position"][1]))
    return None


def _said(
    kind: str, events: list[Any], actor: str, distance: float | None, lang: str
) -> tuple[int | None, str]:
    """The tokens the move costs and the sentence telling it, from the events the engine decided."""
    codec = system(KIND).codec
    far = decimal(distance, "0.#") if distance is not None else "?"
    for wire in events:
        try:
            event = codec.event_from_json(wire)
        except MeneurError:  # an event this viewer sees blanked tells no cost
            continue
        name = type(event).__name__
        if getattr(event, "actor", None) != actor or name not in ("Moved", "MoveFailed"):
            continue
        paid = int(event.paid)
        if name == "MoveFailed":
            forms = P_(
                "The move fails: {count} token spent for nothing.",
                "The move fails: {count} tokens spent for nothing.",
            )
            return paid, Message.counted("web", forms, paid).render(lang)
        if kind == SMALL and paid == 0:
            return 0, Message("web", N_("Small move, free: {distance} m."), {"distance": far}).render(lang)
        if kind == SMALL:
            forms = P_(
                "Small move: {count} token, {distance} m.", "Small move: {count} tokens, {distance} m."
            )
        else:
            forms = P_("Move: {count} token, {distance} m.", "Move: {count} tokens, {distance} m.")
        return paid, Message.counted("web", forms, paid, distance=far).render(lang)
    return None, Message("web", N_("The rules allow this move.")).render(lang)


def judge(
    ctx: Context, me: Caller, session_id: str, actor: str, to: tuple[float, float], version: int, lang: str
) -> Verdict:
    """What the engine says of ``actor`` moving to ``to`` now, for ``me``: the small move when the
    point is within its reach and the rules allow it, else the move; refused, the first reason.

    Raises:
        ApiError: not this table or session (404), not ``me``'s to move (403), moved on (409).
        MeneurError: a command naming no one this viewer may see.
    """
    at = _where(service.get(ctx, me, session_id).state, actor)
    distance = math.dist(at, to) if at is not None else None
    entries = service.legal(ctx, me, session_id, refused=True).legal
    near = distance is None or distance <= rules.SMALL_MOVE_METRES
    refused: Verdict | None = None
    for kind in (SMALL, MOVE) if near else (MOVE,):
        wire = _command(_entry(entries, actor, kind), actor, to, kind)
        said = json.dumps(wire, ensure_ascii=False)
        try:
            shown = service.preview(ctx, me, session_id, service.CommandIn(command=wire, version=version))
        except Refused as error:
            refused = refused or Verdict(False, error.render(lang), kind, said, None, distance)
            continue
        paid, text = _said(kind, shown.events, actor, distance, lang)
        return Verdict(True, text, kind, said, paid, distance)
    assert refused is not None
    return refused


@router.get("/t/{table_id}/s/{session_id}/preview", response_model=None)
def preview(
    request: Request,
    db: Database,
    table_id: str,
    session_id: str,
    actor: Asked = "",
    x: Asked = "",
    y: Asked = "",
    version: Asked = "",
) -> JSONResponse:
    """What the engine says of a token dragged to (``x``, ``y``), as JSON (:class:`Verdict`)."""
    me = checked_session(request, db, table_id, session_id, frozenset({KIND}))
    lang = language(request)
    set_language(lang)
    try:
        to = _point(x, y)
        number = int(version) if version.isascii() and version.isdigit() and len(version) < 10 else -1
        if number < 0 or not actor or len(actor) > 100:
            raise ValueError(version)
    except ValueError:
        message = Message("web", N_("This move is damaged: give a combatant, a point and the version."))
        return JSONResponse(asdict(Verdict(False, message.render(lang))), status_code=400)
    try:
        verdict = judge(context(request, db), me, session_id, actor, to, number, lang)
    except ApiError as error:
        text = error_text(request, error)
        if error.status_code == 403:
            text = Message(
                "web", N_("You move only the combatant you play; this token is not yours.")
            ).render(lang)
        return JSONResponse(asdict(Verdict(False, text)), status_code=error.status_code)
    except MeneurError as error:
        return JSONResponse(asdict(Verdict(False, error_text(request, error))), status_code=400)
    return JSONResponse(asdict(verdict))


@router.post("/t/{table_id}/s/{session_id}/plan-background", response_class=HTMLResponse)
def plan_background(
    request: Request,
    db: Database,
    table_id: str,
    session_id: str,
    image: Annotated[UploadFile | None, File()] = None,
    width: OptionalText = "",
    csrf: OptionalText = "",
) -> HTMLResponse:
    """The GM puts an image under the table's plan (the fight shown again, with it or the reason)."""
    me = checked_session(request, db, table_id, session_id, frozenset({KIND}), csrf)
    data = image.file.read(image_service.LARGEST + 1) if image is not None and image.filename else b""
    try:
        wide = float(width)
    except ValueError:
        wide = math.nan  # refused by the service with its range
    try:
        image_service.set_background(context(request, db), me, table_id, data, wide)
    except (ApiError, MeneurError) as error:  # shown in the page (a 403 only to a crafted form)
        status = 403 if isinstance(error, ApiError) and error.status_code == 403 else 200
        return fight_pages.fight(
            request, db, me, table_id, session_id, error=error_text(request, error), status=status
        )
    db.commit()  # a new read transaction sees what was just written
    return fight_pages.fight(request, db, me, table_id, session_id)
