"""The session pages of INS/MV, Warzone and Carpathes: the state from the engine, the legal commands
as buttons (refused ones greyed with the engine's reason), the odds before rolling where a command
rolls, the log, undo, and a form for the GM to start a session of the table's system.

Every button is an entry of the legal-action query; every number is the engine's state as the API
projects it; the odds come from each system's own functions (the same as the single-roll pages).
The Energy fight keeps its own page (:mod:`meneur.web.routes`): ``/t/{table}/s/{session}`` is
answered here for the other kinds and handed to the fight's route for an Energy fight.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, Response

from meneur.engine.registry import system
from meneur.errors import MeneurError, Refused
from meneur.i18n import N_, Message, set_language, translate
from meneur.server.api import sessions as api
from meneur.server.api.common import ApiError, Caller, Database
from meneur.server.models import GameSession, GameTable
from meneur.storage import parse_data
from meneur.web import routes
from meneur.web.fight import _log
from meneur.web.pages import csrf_ok, language, redirect, render

router = APIRouter(include_in_schema=False)
Text = Annotated[str, Form()]
KINDS = ("insmv", "warzone", "carpathes")

COMMAND_WORDS: dict[str, str] = {
    # INS/MV
    "add_being": N_("add a being"),
    "spend": N_("spend power points"),
    "recover": N_("recover power points"),
    "test": N_("test"),
    "power": N_("use a power"),
    "opposed": N_("opposed test"),
    # Warzone
    "activate": N_("activate"),
    "declare": N_("declare techniques"),
    "technique": N_("test the next technique"),
    "spell": N_("cast a spell"),
    "act": N_("spend an action"),
    "end_activation": N_("end the activation"),
    "end_turn": N_("end the turn"),
    "wake": N_("test to get up"),
    "help_up": N_("help up"),
    "panic": N_("panic"),
    # Carpathes
    "start_session": N_("start a session"),
    "end_session": N_("end the session"),
    "start_scene": N_("start a scene"),
    "end_scene": N_("end the scene"),
    "begin_confrontation": N_("begin a confrontation"),
    "end_confrontation": N_("end the confrontation"),
    "roll_initiative": N_("roll initiative"),
    "next_round": N_("next round"),
    "give_clue": N_("give a clue"),
    "attack": N_("attack"),
    "inflict_wound": N_("inflict a wound"),
    "give_medical_care": N_("give medical care"),
    "roll": N_("roll"),
    "use_joker": N_("use the Joker du destin"),
    "invoke_talisman": N_("invoke the Talisman de Foi"),
    "add_character": N_("add a character"),
    "add_npc": N_("add a non-player character"),
    "recollect": N_("recollect oneself"),
    "teach": N_("teach"),
    "do_penance": N_("do penance"),
    "establish_sacred_object": N_("establish a sacred object"),
}
"""The pages' words for the engines' command names (a label, not a rule)."""

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
    "warzone": {
        "figures": [
            {
                "name": "Mystic",
                "power": 14,
                "leadership": 12,
                "actions": 3,
                "powers": [
                    {"name": "Bolt", "kind": "spell", "difficulty": 2, "actions": 2},
                    {"name": "Shield", "kind": "technique", "difficulty": 1},
                    {"name": "Haste", "kind": "technique", "difficulty": 3},
                ],
            }
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
"""A setup to start from in the new-session form (the GM edits it)."""


@dataclass
class Button:
    """One legal entry (or a refused one, greyed with its reason)."""

    actor: str | None
    kind: str
    label: str
    wire: str
    cost_min: int
    cost_max: int
    amount_field: str | None
    reason: str | None
    odds: list[tuple[str, float]] = field(default_factory=list)

    @property
    def variable(self) -> bool:
        return self.amount_field is not None and self.cost_max > self.cost_min


@dataclass
class GameView:
    table_id: str
    session_id: str
    kind: str
    version: int
    state: Any
    rows: list[dict[str, Any]]
    buttons: list[Button]
    log: list[tuple[int, list[str]]]
    facts: list[tuple[str, str]] = field(default_factory=list)
    error: str | None = None


def _label(kind: str, fields: Any, lang: str) -> str:
    word = translate("web", COMMAND_WORDS[kind], lang) if kind in COMMAND_WORDS else kind
    if not isinstance(fields, dict) or not fields:
        return word
    shown = []
    for key, value in fields.items():
        if isinstance(value, dict):
            value = ", ".join(f"{k} {v}" for k, v in value.items())
        elif isinstance(value, list):
            value = ", ".join(str(v) for v in value)
        shown.append(f"{key} {value}")
    return f"{word} ({'; '.join(shown)})"


def _odds(kind: str, state: Any, command: Any, lang: str) -> list[tuple[str, float]]:
    """The odds of each outcome of a command that rolls, from the system's own functions."""
    try:
        if kind == "insmv":
            return _insmv_odds(state, command, lang)
        if kind == "warzone":
            return _warzone_odds(state, command, lang)
        if kind == "carpathes":
            return _carpathes_odds(state, command, lang)
    except MeneurError:  # the engine will say why when the command is given
        return []
    return []


def _insmv_odds(state: Any, command: Any, lang: str) -> list[tuple[str, float]]:
    from meneur.systems.insmv.commands import RollTest, request_of
    from meneur.systems.insmv.odds import odds_of
    from meneur.systems.insmv.resolution import plan_test
    from meneur.systems.insmv.sheet import resolve

    if not isinstance(command, RollTest):
        return []
    being = state.beings[command.being]
    found = odds_of(plan_test(request_of(resolve(being, command)), being.rules))
    return [
        (translate("web", N_("success"), lang), float(found.success) * 100),
        (translate("web", N_("failure"), lang), float(found.failure) * 100),
        ("111", float(found.divine) * 100),
        ("666", float(found.infernal) * 100),
    ]


def _warzone_odds(state: Any, command: Any, lang: str) -> list[tuple[str, float]]:
    from meneur.systems.warzone import commands as c
    from meneur.systems.warzone.odds import outcome_odds
    from meneur.systems.warzone.power_test import PowerTestSpec
    from meneur.systems.warzone.squad import resolve
    from meneur.web.tools import WARZONE_OUTCOMES

    if not isinstance(command, c.TestTechnique | c.CastSpell):
        return []
    model = state.models[resolve(state, command.model)]
    if isinstance(command, c.TestTechnique):
        name, order = model.next_technique, model.techniques_tested + 1
    else:
        name, order = command.name, None
    power = next((p for p in model.figure.powers if p.name == name), None)
    if power is None:
        return []
    spec = PowerTestSpec(model.figure.power, power.difficulty, order, model.penalty)
    return [
        (translate("warzone", WARZONE_OUTCOMES[key], lang), float(chance) * 100)
        for key, chance in outcome_odds(spec).items()
    ]


def _carpathes_odds(state: Any, command: Any, lang: str) -> list[tuple[str, float]]:
    from meneur.systems.carpathes.chronicle import roll_bonus, roll_mode
    from meneur.systems.carpathes.commands import MakeRoll
    from meneur.systems.carpathes.model import TIER_LABELS, Tier
    from meneur.systems.carpathes.odds import tier_odds

    if not isinstance(command, MakeRoll):
        return []
    bonus, _off_guard = roll_bonus(state, command)
    trait = state.characters[command.pc].trait(command.trait)
    found = tier_odds(trait, bonus, roll_mode(state, command))
    return [(translate("carpathes", TIER_LABELS[t], lang), float(found[t]) * 100) for t in Tier]


def _button(kind: str, rules: Any, state: Any, entry: api.LegalOut, lang: str) -> Button:
    fields = next(iter(entry.command.values())) if isinstance(entry.command, dict) else {}
    amount = "cost" if isinstance(fields, dict) and "cost" in fields else None
    odds: list[tuple[str, float]] = []
    if entry.reason is None:
        odds = _odds(kind, state, rules.codec.command_from_json(entry.command), lang)
    return Button(
        actor=entry.actor,
        kind=entry.kind,
        label=_label(entry.kind, fields, lang),
        wire=json.dumps(entry.command, ensure_ascii=False),
        cost_min=entry.cost_min,
        cost_max=entry.cost_max,
        amount_field=amount,
        reason=entry.reason,
        odds=odds,
    )


def _rows(kind: str, state: Any, data: Any, lang: str) -> tuple[list[dict[str, Any]], list[tuple[str, str]]]:
    """Who is at the table, with the numbers the engine keeps for each."""
    from meneur.systems.warzone.activation import PHASE_NAMES

    rows: list[dict[str, Any]] = []
    facts: list[tuple[str, str]] = []
    if kind == "insmv":
        for name, being in state.beings.items():
            rows.append(
                {
                    "name": name,
                    "kind": being.kind.value,
                    "will": being.will,
                    "power_points": being.current_power_points,
                    "power_points_max": being.max_power_points,
                    "characteristics": dict(being.characteristics),
                    "talents": [(t.name, t.characteristic, t.value) for t in being.talents],
                    "powers": dict(being.powers),
                }
            )
    elif kind == "warzone":
        for name, model in state.models.items():
            rows.append(
                {
                    "name": name,
                    "power": model.figure.power,
                    "leadership": model.figure.leadership,
                    "actions": model.figure.actions,
                    "actions_left": model.actions_left,
                    "phase": translate("warzone", PHASE_NAMES[model.phase], lang),
                    "turn": model.turn,
                    "declared": list(model.declared),
                    "tested": model.techniques_tested,
                    "penalty": model.penalty,
                    "knocked_down": model.knocked_down,
                    "panicked": model.panicked,
                    "wounds": model.wounds,
                }
            )
    elif kind == "carpathes":
        for name, character in state.characters.items():
            status = state.status[name]
            rows.append(
                {
                    "name": name,
                    "traits": {
                        "mental": character.mental,
                        "physical": character.physical,
                        "social": character.social,
                    },
                    "talents": dict(character.talents),
                    "defense": character.defense,
                    "wounds": [w.value if hasattr(w, "value") else str(w) for w in status.wounds],
                    "needs_care": status.needs_care,
                    "talisman_spent": status.talisman_spent_in is not None,
                    "joker_used": status.joker_used_in is not None,
                    "cracked": status.cracked,
                }
            )
        facts = [
            (translate("web", N_("Session"), lang), str(state.session)),
            (translate("web", N_("Scene"), lang), str(state.scene)),
            (translate("web", N_("Round"), lang), str(state.round)),
            (translate("web", N_("Initiative"), lang), ", ".join(str(n) for n in _initiative(data))),
        ]
    return rows, facts


def _initiative(data: Any) -> list[str]:
    found = data.get("initiative") or []
    return [item if isinstance(item, str) else str(item.get("name", item)) for item in found]


def build(
    request: Request, db: Database, me: Caller, table_id: str, session_id: str, error: str | None = None
) -> GameView:
    """The session as ``me`` may see it and act in it."""
    lang = language(request)
    set_language(lang)
    shown = api.get_session(session_id, me, request, db)
    legal = api.legal(session_id, me, request, db, refused=True)
    log = api.session_log(session_id, me, request, db)
    rules = system(shown.kind)
    state = rules.state_from_json(shown.state)
    row = db.get(GameSession, session_id)
    assert row is not None
    with request.app.state.games.lock(session_id):
        session = request.app.state.games.load(db, row)
    rows, facts = _rows(shown.kind, state, shown.state, lang)
    return GameView(
        table_id=table_id,
        session_id=session_id,
        kind=shown.kind,
        version=legal.version,
        state=shown.state,
        rows=rows,
        buttons=[_button(shown.kind, rules, state, entry, lang) for entry in legal.legal],
        log=_log(session, [e.events for e in log.log], lang),
        facts=facts,
        error=error,
    )


def _checked(
    request: Request, db: Database, table_id: str, session_id: str, csrf: str | None = None
) -> Caller | HTMLResponse:
    return routes.checked_session(request, db, table_id, session_id, frozenset(KINDS), csrf)


def _page(
    request: Request,
    db: Database,
    me: Caller,
    table_id: str,
    session_id: str,
    error: str | None = None,
    fragment: bool = True,
) -> HTMLResponse:
    table = db.get(GameTable, table_id, populate_existing=True)  # its seq first: the page is at least there
    view = build(request, db, me, table_id, session_id, error)
    return render(
        request,
        "_game.html" if fragment else "game.html",
        {"view": view, "me": me, "table": table, "seq": table.seq if table is not None else 0},
    )


@router.get("/t/{table_id}/s/{session_id}", response_class=HTMLResponse)
def session_page(request: Request, db: Database, table_id: str, session_id: str) -> HTMLResponse:
    row = db.get(GameSession, session_id)
    if row is None or row.kind not in KINDS:
        return routes.fight_page(request, db, table_id, session_id)
    me = _checked(request, db, table_id, session_id)
    if isinstance(me, HTMLResponse):
        return me
    return _page(request, db, me, table_id, session_id, fragment=False)


@router.get("/t/{table_id}/s/{session_id}/game", response_class=HTMLResponse)
def session_fragment(request: Request, db: Database, table_id: str, session_id: str) -> HTMLResponse:
    me = _checked(request, db, table_id, session_id)
    if isinstance(me, HTMLResponse):
        return me
    return _page(request, db, me, table_id, session_id)


def _with_amount(wire: Any, amount: str) -> Any:
    """The legal entry's command with the amount chosen on the stepper (the engine judges it)."""
    if not amount.strip() or not isinstance(wire, dict) or len(wire) != 1:
        return wire
    name, fields = next(iter(wire.items()))
    if not isinstance(fields, dict) or "cost" not in fields:
        return wire
    return {name: {**fields, "cost": int(amount)}}


def _dice(text: str) -> list[int] | None:
    return [int(part) for part in text.replace(",", " ").split()] if text.strip() else None


@router.post("/t/{table_id}/s/{session_id}/play", response_class=HTMLResponse)
def play(
    request: Request,
    db: Database,
    table_id: str,
    session_id: str,
    command: Text = "",
    version: Text = "0",
    amount: Text = "",
    dice: Text = "",
    csrf: Text = "",
) -> HTMLResponse:
    me = _checked(request, db, table_id, session_id, csrf)
    if isinstance(me, HTMLResponse):
        return me
    lang = language(request)
    try:
        wire = _with_amount(parse_data(command, "json", "command"), amount)
        number, entered = int(version), _dice(dice)
    except (ValueError, MeneurError):
        message = Message("web", N_("This form is damaged; reload the page."))
        return _page(request, db, me, table_id, session_id, error=message.render(lang))
    error = None
    try:
        body = routes._valid(lambda: api.CommandIn(command=wire, version=number, dice=entered))
        api.give_command(session_id, body, me, request, db)
    except Refused as problem:
        error = problem.render(lang)
    except (ApiError, MeneurError) as problem:
        error = routes._error_text(request, problem)
    db.commit()  # a new read transaction sees what was just written
    return _page(request, db, me, table_id, session_id, error=error)


@router.post("/t/{table_id}/s/{session_id}/back", response_class=HTMLResponse)
def undo(
    request: Request, db: Database, table_id: str, session_id: str, version: Text = "0", csrf: Text = ""
) -> HTMLResponse:
    me = _checked(request, db, table_id, session_id, csrf)
    if isinstance(me, HTMLResponse):
        return me
    error = None
    try:
        api.undo(session_id, api.UndoIn(version=int(version)), me, request, db)
    except (ApiError, MeneurError, ValueError) as problem:
        error = routes._error_text(request, problem)
    db.commit()
    return _page(request, db, me, table_id, session_id, error=error)


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
    kind = table.system if table.system in KINDS else None
    text = setup or (json.dumps(EXAMPLES[kind], ensure_ascii=False, indent=2) if kind else "")
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
def new_session(request: Request, db: Database, table_id: str, setup: Text = "", csrf: Text = "") -> Response:
    me = routes._member(request, db, table_id)
    if me is None:
        return routes._signed_out(request)
    if not csrf_ok(request, csrf):
        return routes._forbidden(request)
    table = db.get(GameTable, table_id)
    assert table is not None
    try:
        read = parse_data(setup, "yaml", "setup") if setup.strip() else None
        body = routes._valid(lambda: api.SessionIn(kind=table.system, setup=read))
        created = api.create_session(table_id, body, me, request, db)
    except (ApiError, MeneurError) as problem:
        return _new_form(request, db, me, table_id, setup, routes._error_text(request, problem), 400)
    return redirect(f"/t/{table_id}/s/{created.id}")
