"""The view model of the shared session page: the state from the engine, the legal commands as
buttons (refused ones greyed with the engine's reason), the odds before rolling the game's parts
compute (:mod:`meneur.web.game_odds`), who plays what, and the log.

Every button is an entry of the legal-action query; every number is the engine's state as the API
projects it for this viewer; no rule is decided here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any

from fastapi import Request

from meneur.engine.registry import kind_of, system
from meneur.i18n import set_language
from meneur.server.api.common import Caller, Database
from meneur.server.models import GameSession, Member
from meneur.server.services import context
from meneur.server.services import sessions as api
from meneur.server.services.sessions import session_view
from meneur.web.game_choices import chosen_odds
from meneur.web.game_odds import Odds
from meneur.web.game_parts import GameParts, odds, parts_of
from meneur.web.pages import language


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
    odds: Odds = field(default_factory=Odds)
    key: str = "b"
    """The button's ids' prefix on the page."""
    rolls: bool = False
    """Whether the command rolls dice (a field for the dice rolled at the table is shown)."""
    rare: bool = False
    """Whether the command is seldom used (folded away with its actor's others: the game's word)."""
    options: list[tuple[str, str]] = field(default_factory=list)
    """For one card of several variants of a command (:func:`merged`): each legal entry's command
    (its wire) and what sets it apart, chosen in a list inside the card."""

    @property
    def variable(self) -> bool:
        return self.amount_field is not None and self.cost_max > self.cost_min


@dataclass
class Player:
    """Who plays an actor of the session: ``member`` (a name) or nobody yet."""

    actor: str
    member: str | None
    member_id: str | None
    mine: bool


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
    facts: list[tuple[str, str | list[str]]] = field(default_factory=list)
    error: str | None = None
    players: list[Player] = field(default_factory=list)
    """Who plays each actor a player may take (the GM sees them all; a player, the free ones)."""
    members: list[tuple[str, str]] = field(default_factory=list)
    """The table's players (id, name), for the GM's hand-over."""
    mine: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    """What the game's templates show beside the cards (:meth:`GameParts.extra`)."""
    title: str = ""
    """The game's own name (its plugin's :attr:`~meneur.engine.plugin.Game.name`)."""
    row_template: str = ""
    """The template of one actor's card (the plugin's ``extra["session_row"]``)."""
    after_template: str | None = None
    """A template shown after the buttons (the plugin's ``extra["session_after"]``), if any."""

    @property
    def groups(self) -> list[tuple[str | None, list[Button]]]:
        """The legal buttons by who acts: the game's own (the GM's) first, then each actor's."""
        legal = [b for b in self.buttons if b.reason is None]
        actors = list(dict.fromkeys(b.actor for b in legal if b.actor is not None))
        found: list[tuple[str | None, list[Button]]] = [(None, [b for b in legal if b.actor is None])]
        found += [(actor, [b for b in legal if b.actor == actor]) for actor in actors]
        return [(actor, merged(buttons)) for actor, buttons in found if buttons]

    @property
    def claimable(self) -> list[str]:
        return [p.actor for p in self.players if p.member_id is None]


MERGED_FROM = 3
"""Variants of one command (« Commencer une confrontation — vampire », « — loup-garou »…) from which
they are one card with a list, rather than a button each."""


def merged(buttons: list[Button]) -> list[Button]:
    """One actor's buttons, the variants of a command made one card: buttons of the same kind whose
    labels share their head before « — » and differ after it, with nothing else to choose or show
    (no points, no odds, the same cost), :data:`MERGED_FROM` or more of them. The card's list gives
    each variant's own legal command: the page still posts an entry of the legal-action query."""
    groups: dict[tuple[str, str, int, int], list[Button]] = {}
    for b in buttons:
        head, sep, _tail = b.label.partition(" — ")
        if sep and not (b.rare or b.variable or b.odds.shown or b.options):
            groups.setdefault((b.kind, head, b.cost_min, b.cost_max), []).append(b)
    big = {id(b): key for key, found in groups.items() if len(found) >= MERGED_FROM for b in found}
    out: list[Button] = []
    done: set[tuple[str, str, int, int]] = set()
    for b in buttons:
        key = big.get(id(b))
        if key is None:
            out.append(b)
        elif key not in done:
            done.add(key)
            variants = groups[key]
            label, tails = _shared_first(key[1], [v.label.partition(" — ")[2] for v in variants])
            out.append(
                replace(
                    b,
                    label=label,
                    options=[(v.wire, tail) for v, tail in zip(variants, tails, strict=True)],
                    rolls=any(v.rolls for v in variants),
                )
            )
    return out


def _shared_first(head: str, tails: list[str]) -> tuple[str, list[str]]:
    """The card's words and each variant's: what every variant says first (who acts, as a label
    says it first: « Kira, Shield » and « Kira, Shield, Haste ») is said once, in the card's words,
    and the list gives only what sets each variant apart."""
    parts = [tail.split(", ") for tail in tails]
    first = parts[0][0]
    if all(len(found) > 1 and found[0] == first for found in parts):
        return f"{head} — {first}", [", ".join(found[1:]) for found in parts]
    return head, tails


def _button(
    kind: str, parts: GameParts, rules: Any, state: Any, entry: api.LegalOut, lang: str, number: int
) -> Button:
    fields = next(iter(entry.command.values())) if isinstance(entry.command, dict) else {}
    amount = "cost" if isinstance(fields, dict) and "cost" in fields else None
    found = Odds()
    if entry.reason is None:
        found = odds(kind, state, rules.codec.command_from_json(entry.command), lang)
    return Button(
        actor=entry.actor,
        kind=entry.kind,
        label=parts.label(entry.kind, fields, lang),
        wire=json.dumps(entry.command, ensure_ascii=False),
        cost_min=entry.cost_min,
        cost_max=entry.cost_max,
        amount_field=amount,
        reason=entry.reason,
        odds=found,
        key=f"b-{number}",
        rolls=bool(found.outcomes) or "dice" in entry.details or entry.kind in parts.rolling,
        rare=parts.is_rare(entry.kind, fields),
    )


def actors(kind: str, state: Any) -> list[str]:
    """The actors a player may take in a session of ``kind`` (its game's parts say which)."""
    return parts_of(kind).actors(state)


def events(log: api.LogOut, name: str) -> list[dict[str, Any]]:
    """The fields of every logged event called ``name``, oldest first."""
    found = []
    for entry in log.log:
        for event in entry.events:
            if isinstance(event, dict) and name in event and isinstance(event[name], dict):
                found.append(event[name])
    return found


def table_players(db: Database, table_id: str) -> list[tuple[str, str]]:
    """The table's players, ``(member id, name)``, by name."""
    found = db.query(Member).filter(Member.table_id == table_id, Member.role == "player")
    return sorted(((m.id, m.name) for m in found), key=lambda item: item[1])


def _players(
    db: Database, me: Caller, row: GameSession, names: list[str], mine: frozenset[str]
) -> list[Player]:
    members = {m.id: m.name for m in db.query(Member).filter(Member.table_id == row.table_id)}
    players = []
    for name in names:
        owner = row.controllers.get(name)
        players.append(Player(name, members.get(owner) if owner else None, owner, name in mine))
    return players


def build(
    request: Request,
    db: Database,
    me: Caller,
    table_id: str,
    session_id: str,
    error: str | None = None,
    given: tuple[Any, Any] | None = None,
) -> GameView:
    """The session as ``me`` may see it and act in it; ``given``, a command refused and what was
    chosen beside its button: the button shows them as made, with the engine's word on them."""

    lang = language(request)
    set_language(lang)
    shown = session_view(context(request, db), me, session_id, lang)
    legal, log, viewer = shown, api.LogOut(version=shown.version, log=shown.log), shown.viewer
    rules = system(shown.kind)
    found = kind_of(shown.kind)
    assert found is not None  # a kind these pages show is a listed game's
    game = found[0]
    state = rules.state_from_json(shown.state)
    row = db.get(GameSession, session_id)
    assert row is not None
    parts = parts_of(shown.kind)
    rows, facts = parts.rows(state, log, lang)
    players = _players(db, me, row, parts.actors(state), viewer.actors)
    buttons = [
        _button(shown.kind, parts, rules, state, entry, lang, n) for n, entry in enumerate(legal.legal, 1)
    ]
    for b in buttons:
        if given is not None and b.reason is None and json.loads(b.wire) == given[0]:
            b.odds = chosen_odds(request, db, me, session_id, given[0], given[1], lang)
    for item in rows:  # every card says who plays it (« joué par »), to every viewer
        item["mine"] = item["name"] in viewer.actors
        item["player"] = next((p.member for p in players if p.actor == item["name"]), None)
    if not me.is_gm:  # a player's list: the actors still free and their own
        players = [p for p in players if p.member_id is None or p.mine]
    return GameView(
        table_id=table_id,
        session_id=session_id,
        kind=shown.kind,
        version=legal.version,
        state=shown.state,
        rows=rows,
        buttons=buttons,
        log=[(n, [part for line in lines for part in line.split("\n")]) for n, lines in shown.lines],
        facts=facts,
        error=error,
        players=players,
        members=table_players(db, table_id) if me.is_gm else [],
        mine=sorted(viewer.actors),
        extra=parts.extra(lang),
        title=game.name,
        row_template=game.extra["session_row"],
        after_template=game.extra.get("session_after"),
    )
