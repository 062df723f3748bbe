"""The Energy fight as the pages show it: a view of the state, the legal entries and the log.

Everything here is read off the session as the viewer may see it
(:func:`meneur.server.services.sessions.session_view`: the state as the API projects it, the engine's state
without what is hidden from the viewer, the buttons from the legal-action query with the refused
ones and their reasons, the log lines from the system's ``describe``); the page never holds the
engine's session. The only computing is layout (percentages of a bar, the plan: :mod:`.plan`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any

from fastapi import Request
from sqlalchemy import select
from sqlalchemy.orm import Session as Db

from meneur.engine.registry import system
from meneur.i18n import N_, P_, Message, set_language
from meneur.server.api.common import Caller
from meneur.server.models import GameSession, Member
from meneur.server.services import context
from meneur.server.services import images as image_service
from meneur.server.services import sessions as api
from meneur.server.services.sessions import session_view
from meneur.systems.energy.combat.effects.terrain import KINDS as TERRAIN_KINDS
from meneur.systems.energy.view import plan as plan_view
from meneur.systems.energy.view.plan import PlanView
from meneur.web import arrivals

KIND = "energy-fight"
REACTIONS = ("defend", "interpose", "counter", "extended_defense")
GM_FORMS = ("arrive", "leave", "adjust", "place_terrain")


@dataclass
class Action:
    """One button: a legal entry (or a refused one, greyed with its reason)."""

    actor: str | None
    kind: str
    label: str
    wire: str
    cost_min: int
    cost_max: int
    effective: list[int]
    stress_cost: int
    reason: str | None
    to: list[float] | None = None
    area: list[tuple[str, str, bool]] = field(default_factory=list)
    """An area attack's targets to choose from (id, name, preselected): everyone the legal query
    finds inside its zone, checked, for the player to change (the attack hits only those sent)."""
    confirm: str | None = None
    """The question asked before the action is sent (ending the fight cannot be taken back by a
    player)."""
    foresight: list[str] = field(default_factory=list)
    """For a defence, what each token count from ``cost_min`` leads to, in words (the engine's
    foresight: :mod:`.fight_foresight`)."""

    @property
    def variable(self) -> bool:
        return self.cost_max > self.cost_min

    @property
    def worth(self) -> int | None:
        return self.effective[0] if self.effective else None


@dataclass
class Fighter:
    id: str
    name: str
    side: str
    pc: bool
    energy: int
    energy_max: int
    recovery: int
    defense: int
    vigor: int | None
    vigor_max: int | None
    stress: int
    hold: bool
    out: bool
    position: tuple[float, float]
    conditions: list[str]
    lasting: list[str]
    active: bool
    mine: bool
    controller: str | None
    actions: list[Action] = field(default_factory=list)
    vigor_bar: float | None = None
    """The part of its Vigueur left (0 to 1, in tenths), when the table shows an NPC's Vigueur as a
    bar only."""

    @property
    def vigor_percent(self) -> int | None:
        """The bar's width; None when this viewer may not know the Vigueur at all."""
        if self.vigor is not None and self.vigor_max:
            return max(0, min(100, round(100 * self.vigor / self.vigor_max)))
        return None if self.vigor_bar is None else max(0, min(100, round(100 * self.vigor_bar)))


@dataclass
class Reaction:
    attacker: str
    target: str
    target_id: str
    value: int
    power: str
    actions: list[Action]
    defense: int = 0
    """The defence the target has in place already (tokens placed earlier this turn)."""
    undefended: str | None = None
    """What not defending costs the viewer's character, in words (the engine's foresight)."""


@dataclass
class OutcomeRow:
    """One combatant's line of the summary, as this viewer may know it (``vigor_lost`` is None when
    the table hides this combatant's Vigueur from them)."""

    name: str
    side: str
    vigor_lost: int | None
    out: str
    stress: int
    feats: int
    marks: str


@dataclass
class SummaryView:
    """The end of the fight on every screen: who won, what it cost each combatant."""

    winner: str
    lasted: str
    rows: list[OutcomeRow]


@dataclass(frozen=True)
class Alert:
    """What calls this viewer now: ``turn`` (their character acts) or ``react`` (their character is
    attacked); ``key`` names this very call (a new one alerts again, the same one swapped anew does
    not), ``focus`` the id of the card to bring into view."""

    kind: str
    key: str
    focus: str


@dataclass
class FightView:
    table_id: str
    session_id: str
    version: int
    turn: int
    phase: str
    where: str
    fighters: list[Fighter]
    order: list[str]
    reaction: Reaction | None
    game_actions: list[Action]
    gm_forms: dict[str, Action]
    log: list[tuple[int, list[str]]]
    mine: list[str]
    claimable: list[tuple[str, str]]
    plan: PlanView
    pending_target: str | None
    error: str | None = None
    redo: bool = False
    ended: bool = False
    terrain_kinds: list[tuple[str, str]] = field(default_factory=list)
    """What the GM may place, with the book's words."""
    arrivals: list[tuple[str, str]] = field(default_factory=list)
    """The table's characters the GM may bring into the fight (id, label)."""
    decided: str | None = None
    """Which side is all out, in a sentence, while the fight is decided but not ended."""
    waiting_gm: bool = False
    """Whether this player's screen waits for the GM (nothing to do, and the fight is the GM's to move)."""
    summary: SummaryView | None = None
    """The summary, once the fight is over."""
    campaign: str | None = None
    """The campaign this fight was started from (its session id), the summary's first next step."""
    alert: Alert | None = None
    """What this viewer must do now (act, or react to an attack on their character), for the page's
    alerts; None when nothing waits for them."""
    seq: int = 0
    """The table's ``seq`` read with the session (the page is at least there)."""
    engine: Any = None
    """The engine's state as this viewer may know it (the GM's panel reads it)."""
    controllers: dict[str, str] = field(default_factory=dict)
    """Who plays which combatant (the session's controllers)."""


def _words(name: str, lang: str) -> str:
    """The book's word for a glossary key (a condition, a phase), in ``lang``."""
    from meneur.systems.energy.combat.words import word

    found = word(name)
    return found.render(lang) if isinstance(found, Message) else found


def _power_name(state: Any, actor: str, power: int | None) -> str:
    if power is None or not state.has(actor):
        return ""
    who = state.get(actor)
    if 0 <= power < len(who.powers) + len(who.borrowed):
        return str(who.power(power).name)
    return ""


def _action(state: Any, entry: api.LegalOut, lang: str) -> Action:
    from meneur.systems.energy.combat.fight_words import action_words

    try:
        label = action_words(state, system(KIND).codec.command_from_json(entry.command))
    except Exception:  # a template the reader cannot word: show its name
        label = entry.kind
    fields = next(iter(entry.command.values())) if isinstance(entry.command, dict) else {}
    if label == "force_move" and isinstance(fields, dict):  # the command line has no words for it yet
        target = str(fields.get("target", ""))
        name = state.get(target).name if state.has(target) else target
        label = Message("web", N_("move {target} by force"), {"target": name}).render(lang)
    to = fields.get("to") if isinstance(fields, dict) else None
    return Action(
        actor=entry.actor,
        kind=entry.kind,
        label=label,
        wire=json.dumps(entry.command, ensure_ascii=False),
        cost_min=entry.cost_min,
        cost_max=entry.cost_max,
        effective=list(entry.details.get("effective", [])),
        stress_cost=int(entry.details.get("stress_cost", 0) or 0),
        reason=entry.reason,
        to=list(to) if isinstance(to, list) else None,
        area=_area(state, fields, entry.details),
    )


def _area(state: Any, fields: Any, details: dict[str, Any]) -> list[tuple[str, str, bool]]:
    """An area attack's target choices: every combatant ``in_zone`` (the engine's list, from the
    positions), then any other target the entry names; all preselected."""
    if not isinstance(fields, dict) or not fields.get("area_targets"):
        return []
    named = [str(fields.get("target", "")), *(str(t) for t in fields["area_targets"])]
    ids = [str(i) for i in details.get("in_zone", [])]
    ids += [i for i in named if i not in ids]
    return [(i, state.get(i).name if state.has(i) else i, True) for i in ids if state.has(i)]


def _terrain(terrain: list[dict[str, Any]], lang: str) -> list[dict[str, Any]]:
    """The terrain elements with their kind in the book's words (``label``)."""
    return [{**t, "label": _words(str(t["kind"]), lang)} for t in terrain]


def _campaign(db: Db, table_id: str, session_id: str) -> str | None:
    """The campaign a fight was started from (its setup names it, :mod:`.new_fight`), if it is still
    one of the table's sessions."""
    row = db.get(GameSession, session_id)
    found = row.setup.get("campaign") if row is not None and isinstance(row.setup, dict) else None
    if not isinstance(found, str):
        return None
    campaign = db.get(GameSession, found)
    return found if campaign is not None and campaign.table_id == table_id else None


def _background(found: image_service.Background | None, table_id: str) -> plan_view.Background | None:
    """The table's plan background (read with the session's head), served by the table's image
    route to its members."""
    if found is None:
        return None
    return plan_view.Background(f"/t/{table_id}/images/{found.image_id}", found.width)


def _fighter(
    c: dict[str, Any], state: Any, lasting: list[Any], names: dict[str, str], lang: str, data_phase: str = ""
) -> Fighter:
    """A combatant as the viewer's state shows it (who acts and who plays it: the caller's)."""
    return Fighter(
        id=c["id"],
        name=c["name"],
        side=c["side"],
        pc=bool(c["pc"]),
        energy=c["energy"],
        energy_max=c["energy_max"],
        recovery=c["recovery"],
        defense=c["defense"],
        vigor=c["vigor"],
        vigor_max=c["vigor_max"],
        vigor_bar=c.get("vigor_bar"),
        stress=c["stress"],
        hold=bool(c["hold"]),
        # after the end everyone stands again; the summary tells who was knocked out
        out=bool(c["out"] or (c["knocked_out"] and data_phase != "ended")),
        position=(c["position"][0], c["position"][1]),
        conditions=[_words(k, lang) for k in c["conditions"]],
        lasting=[
            f"{_power_name(state, item['owner'], item['power'])} → {names.get(item['target'], '?')}"
            for item in lasting
            if item["owner"] == c["id"]
        ],
        active=False,
        mine=False,
        controller=None,
        actions=[],
    )


def _summary(state: Any, log: list[api.LogEntry], data: dict[str, Any], lang: str) -> SummaryView:
    """The rules' summary of the fight (:func:`~meneur.systems.energy.combat.outcome.summarize`) over
    the log as this viewer may read it; a Vigueur the table hides from them stays hidden."""
    from meneur.errors import MeneurError
    from meneur.systems.energy.combat.outcome import summarize

    codec = system(KIND).codec
    events = []
    for entry in log:
        for wire in entry.events:
            try:
                events.append(codec.event_from_json(wire))
            except MeneurError:  # an event this viewer sees blanked (an NPC's Vigueur) counts for nothing
                continue
    found = summarize(state, events)
    shown = {c["id"]: c.get("vigor") is not None for c in data["combatants"]}
    winners = {
        "heroes": N_("The heroes win: every foe is out of the fight."),
        "foes": N_("The foes win: every hero is out of the fight."),
    }
    won = winners.get(found.winner or "", N_("No side won: the GM ended the fight."))
    rows = []
    for f in found.fighters:
        out = N_("left the fight") if f.left else N_("knocked out") if f.knocked_out else N_("standing")
        rows.append(
            OutcomeRow(
                name=f.name,
                side=_words(f.side, lang),
                vigor_lost=f.vigor_lost if shown.get(f.id) else None,
                out=Message("web", out).render(lang),
                stress=f.stress,
                feats=f.feats,
                marks=", ".join(_words(m, lang) for m in f.marks),
            )
        )
    lasted = Message.counted(
        "web", P_("The fight lasted {count} turn.", "The fight lasted {count} turns."), found.turns
    )
    return SummaryView(Message("web", won).render(lang), lasted.render(lang), rows)


def _foresee(state: Any, legal: list[api.LegalOut], actions: list[Action], lang: str) -> str | None:
    """Fill each offered defence's foresight; return what not defending costs (its first count, 0)."""
    from meneur.systems.energy.view.fight_foresight import foreseen, loss, sentence

    undefended = None
    for entry, action in zip(legal, actions, strict=True):
        if action.kind != "defend" or action.reason is not None:
            continue
        command = system(KIND).codec.command_from_json(entry.command)
        seen = foreseen(state, command, action.cost_min, action.cost_max)
        action.foresight = [sentence(f, lang) for f in seen]
        if seen and seen[0].tokens == 0 and undefended is None:
            undefended = loss(seen[0].vigor_lost, lang)
    return undefended


def _alert(state: Any, viewer_actors: frozenset[str], actions: list[Action]) -> Alert | None:
    """The call on this viewer: their character is the pending attack's target with a reaction to give,
    or acts now with something to do (the legal entries this viewer received say which)."""

    def can(actor: str, kinds: tuple[str, ...] | None = None) -> bool:
        return any(
            a.actor == actor and a.reason is None and (kinds is None or a.kind in kinds) for a in actions
        )

    pending = state.pending
    if pending is not None:
        if pending.target in viewer_actors and can(pending.target, REACTIONS):
            return Alert("react", f"react:{state.turn}:{pending.attacker}:{pending.target}", "reaction")
        return None
    acting = state.acting
    if acting in viewer_actors and can(acting):
        return Alert("turn", f"turn:{state.turn}:{state.phase}:{acting}", f"actions-{acting}")
    return None


def _waiting_gm(state: Any, viewer_actors: frozenset[str], actions: list[Action], decided: bool) -> bool:
    """Whether a player's screen waits for the GM: nothing of theirs to do, and the fight is the GM's to
    move (not started, decided, a phase of no one, a non-player character to act or to react)."""
    if any(a.actor in viewer_actors and a.reason is None for a in actions):
        return False
    if decided or state.phase == "setup":
        return True
    deciding = state.pending.target if state.pending is not None else state.acting
    return deciding is None or (state.has(deciding) and not state.get(deciding).pc)


def build(
    request: Request, db: Db, me: Caller, table_id: str, session_id: str, lang: str, error: str | None = None
) -> FightView:
    """The fight as ``me`` may see it and act in it."""
    set_language(lang)  # the engine's words (footer, action words) follow the current language

    shown = session_view(context(request, db), me, session_id, lang)
    viewer, controllers = shown.viewer, shown.controllers
    # The engine's state as this viewer may know it names actions and powers; every number shown
    # comes from ``data``, the state's JSON (an NPC's Vigueur may be hidden or a bar).
    state = shown.engine
    data = shown.state
    names = {c["id"]: c["name"] for c in data["combatants"]}
    seated = {m.id: m for m in db.scalars(select(Member).where(Member.table_id == table_id))}
    members: dict[str, str] = {key: m.name for key, m in seated.items()}  # the GM's arrivals read them too
    actions = [_action(state, entry, lang) for entry in shown.legal]
    acting = state.acting
    fighters = [
        replace(
            _fighter(c, state, data["lasting"], names, lang, data["phase"]),
            active=c["id"] == acting,
            mine=c["id"] in viewer.actors,
            controller=members.get(controllers.get(c["id"], "")),
            actions=[a for a in actions if a.actor == c["id"] and a.kind not in REACTIONS],
        )
        for c in data["combatants"]
        if not c.get("left")
    ]
    order = [names.get(i, i) for i in data["order"]]
    pending = data.get("pending")
    reaction = None
    if pending is not None:
        reaction = Reaction(
            attacker=names.get(pending["attacker"], pending["attacker"]),
            target=names.get(pending["target"], pending["target"]),
            target_id=pending["target"],
            value=pending["effective"] - pending.get("countered", 0),
            power=_power_name(state, pending["attacker"], pending["power"]),
            actions=[a for a in actions if a.kind in REACTIONS],
            defense=next((c["defense"] for c in data["combatants"] if c["id"] == pending["target"]), 0),
        )
        reaction.undefended = _foresee(state, shown.legal, actions, lang)
    from meneur.systems.energy.combat.fight_words import decided, footer
    from meneur.systems.energy.combat.outcome import is_decided

    ended = data["phase"] == "ended"
    settled = is_decided(state)
    for a in actions:
        if a.kind == "end":
            a.confirm = Message(
                "web",
                N_(
                    "End the fight? Everyone gets their Vigueur back (half for the blessé) and no one "
                    "acts any more in it."
                ),
            ).render(lang)
    game_actions = [a for a in actions if a.actor is None and a.kind not in GM_FORMS]
    if settled:  # the GM's first choice once a side is all out
        game_actions.sort(key=lambda a: a.kind != "end")

    claimable = (
        [
            (c["id"], c["name"])
            for c in data["combatants"]
            if c["pc"] and not c.get("left") and c["id"] not in controllers
        ]
        if me.role == "player"
        else []
    )
    return FightView(
        table_id=table_id,
        session_id=session_id,
        version=shown.version,
        turn=data["turn"],
        phase=_words(data["phase"], lang),
        where=footer(state),
        fighters=sorted(fighters, key=lambda f: data["order"].index(f.id) if f.id in data["order"] else 99),
        order=order,
        reaction=reaction,
        game_actions=game_actions,
        gm_forms={a.kind: a for a in actions if a.actor is None and a.kind in GM_FORMS},
        log=shown.lines,
        mine=sorted(viewer.actors),
        claimable=claimable,
        plan=plan_view.build(
            fighters, _terrain(data["terrain"], lang), lang, me.is_gm, _background(shown.background, table_id)
        ),
        pending_target=pending["target"] if pending is not None else None,
        error=error,
        ended=ended,
        decided=decided(state) if settled else None,
        waiting_gm=not me.is_gm and not ended and _waiting_gm(state, viewer.actors, actions, settled),
        summary=_summary(state, shown.log, data, lang) if ended else None,
        campaign=_campaign(db, table_id, session_id) if ended else None,
        alert=None if ended else _alert(state, viewer.actors, actions),
        terrain_kinds=[(kind, _words(kind, lang)) for kind in TERRAIN_KINDS],
        arrivals=arrivals.offered(db, table_id, state, lang, seated) if me.is_gm else [],
        seq=shown.seq,
        engine=state,
        controllers=dict(controllers),
    )
