"""The GM's new fight at an Energy table: the table's characters, heroes of the library and quick
NPCs, each on the heroes' side, the foes' or out of this fight.

The page lists every character of the table (its name, rank and who plays it): a player's stands
with the heroes by default, the GM's (a non-player character, hidden or not) stays out until the GM
puts it on a side. The book's balance by ranks (:func:`meneur.systems.energy.encounter.balance`)
follows the form as it changes (an htmx fragment). Submitting lines everyone up through
:func:`meneur.systems.energy.combat.lineup.line_up` (the characters given inline, as the table keeps
them) and starts the session through the API's service
(:func:`meneur.server.api.sessions.create_session`), each player controlling their own character;
a problem is shown beside its field and nothing is created.

Started from a campaign's page (``?campaign=``), the fight belongs to that campaign (its setup names
it, for the hand-back of :mod:`.campaign_fights`) and each table character the campaign follows
starts from the campaign's current sheet, with what it brings to the fight said beside it
(:mod:`meneur.systems.energy.campaign.fight_start`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, Response
from sqlalchemy import select

from meneur.errors import BadInputError, MeneurError
from meneur.i18n import N_, Message
from meneur.server.api import sessions as sessions_api
from meneur.server.api.common import ApiError, Caller, Database
from meneur.server.models import Character, GameSession, GameTable, Member
from meneur.server.services.characters import latest_file
from meneur.systems.energy.catalogue import library_hero, library_names, name_key
from meneur.systems.energy.combat.lineup import Recruit, Side, line_up, quick_npcs
from meneur.web.pages import PageAnswer, csrf_ok, language, redirect, render
from meneur.web.routes import table_gm

router = APIRouter(include_in_schema=False)
KIND = "energy-fight"
CHOICES = ("heroes", "foes", "out")
MAX_NPCS = 30
"""Quick NPCs one form adds at most."""


@dataclass
class Line:
    """One combatant the form may put on a side: a character of the table or a hero of the library."""

    key: str
    """The form field's name: ``c-<character id>`` or ``h-<hero>``."""
    name: str
    rank: int | None
    side: str
    data: dict[str, Any] | None = None
    """A table character's file (``None``: a hero of the library)."""
    owner: str = ""
    """Who plays it, in words (a table character)."""
    player: str | None = None
    """The member id of the player who plays it, if a player does."""
    hidden: bool = False
    campaign: list[str] = field(default_factory=list)
    """What the campaign's sheet brings to the fight, in words (« blessé : Vigueur 5 / 10 »); empty:
    not one of the campaign's characters, or nothing to say."""
    from_campaign: bool = False
    """Whether the fight starts from the campaign's sheet of this character (not the table's file)."""


@dataclass
class Chosen:
    """What the form says: the lines with their sides, the quick NPCs, and the problems by field."""

    characters: list[Line]
    heroes: list[Line]
    npc_ranks: str = ""
    npc_name: str = ""
    npc_side: str = "foes"
    session_name: str = ""
    campaign: str = ""
    """The campaign session the fight is started from (its id; empty: none)."""
    problems: dict[str, str] = field(default_factory=dict)

    def ticked(self) -> list[Line]:
        return [line for line in (*self.characters, *self.heroes) if line.side in ("heroes", "foes")]


def _say(lang: str, text: str, **params: Any) -> str:
    return Message("web", text, params).render(lang)


def _gm(request: Request, db: Database, table_id: str) -> Caller:
    """The GM of this Energy table (anyone else, or another system's table: the page that answers
    instead, raised)."""
    me = table_gm(request, db, table_id)
    table = db.get(GameTable, table_id)
    if table is None or table.system != "energy":
        raise PageAnswer(render(request, "message.html", {"title_key": "not_found"}, status=404))
    return me


def _rank(data: Any) -> int | None:
    rank = data.get("rank") if isinstance(data, dict) else None
    return rank if isinstance(rank, int) and not isinstance(rank, bool) else None


def _characters(db: Database, table_id: str, lang: str) -> list[Line]:
    """Every character of the table with its latest file, its default side and who plays it."""
    members = {m.id: m for m in db.scalars(select(Member).where(Member.table_id == table_id))}
    rows = db.scalars(
        select(Character).where(Character.table_id == table_id).order_by(Character.name, Character.id)
    )
    lines = []
    for row in rows:
        data = latest_file(db, row.id)
        owner = members.get(row.owner_id or "")
        player = owner.id if owner is not None and owner.role == "player" and not owner.removed else None
        if player is not None and owner is not None:
            who = _say(lang, N_("played by {name}"), name=owner.name)
        elif row.hidden or (owner is not None and owner.role == "gm"):
            who = _say(lang, N_("the game master's"))
        else:
            who = _say(lang, N_("nobody plays it yet"))
        side = "heroes" if player is not None and not row.hidden else "out"
        line = Line(f"c-{row.id}", row.name, _rank(data), side, data or {}, who, player, row.hidden)
        lines.append(line)
    return lines


def _played(db: Database, table_id: str) -> dict[str, Member]:
    """Who played each hero of the library in the table's latest fight that had a player on it
    (the hero's name key -> the player, still at the table)."""
    players = {
        m.id: m
        for m in db.scalars(
            select(Member).where(
                Member.table_id == table_id, Member.role == "player", Member.removed.is_(False)
            )
        )
    }
    rows = db.scalars(select(GameSession).where(GameSession.table_id == table_id, GameSession.kind == KIND))
    found: dict[str, Member] = {}
    for row in sorted(rows, key=lambda r: (r.created_at or 0, r.id), reverse=True):  # the newest first
        entries = row.setup.get("combatants", []) if isinstance(row.setup, dict) else []
        for entry in entries:
            hero, member = entry.get("hero"), players.get(row.controllers.get(str(entry.get("id")), ""))
            if isinstance(hero, str) and member is not None:
                found.setdefault(name_key(hero), member)
    return found


def _heroes(db: Database, table_id: str, lang: str) -> list[Line]:
    """The library's heroes; one a player played in the table's last fight is theirs again, with
    the heroes."""
    played = _played(db, table_id)
    lines = []
    for name in library_names():
        line = Line(f"h-{name_key(name)}", name, library_hero(name).rank, "out")
        player = played.get(name_key(name))
        if player is not None:
            line.side, line.player = "heroes", player.id
            line.owner = _say(lang, N_("played by {name}"), name=player.name)
        lines.append(line)
    return lines


def _blank(db: Database, table_id: str, lang: str) -> Chosen:
    return Chosen(_characters(db, table_id, lang), _heroes(db, table_id, lang))


def _sheets(
    request: Request, db: Database, me: Caller, table_id: str, chosen: Chosen, *, blank: bool = False
) -> None:
    """A fight started from a campaign starts from the campaign's current sheets: each table
    character the campaign follows takes its sheet there (stress, states, what experience bought),
    with what it brings to the fight in words (:func:`~meneur.systems.energy.campaign.fight_start.fight_start`)."""
    from meneur.server.services import context
    from meneur.server.services import sessions as services
    from meneur.server.table_options import current
    from meneur.systems.energy.campaign.fight_start import fight_start
    from meneur.systems.energy.model import Character as Sheet

    if not chosen.campaign:
        return
    sheets = services.get(context(request, db), me, chosen.campaign).state.get("characters", {})
    by_name = {name_key(name): data for name, data in sheets.items() if isinstance(data, dict)}
    table = db.get(GameTable, table_id)
    options = current("energy", table.options if table is not None and table.options else {})
    half = options.get("wounded_start_half_vigor", True) is not False
    lang = language(request)
    for line in chosen.characters:
        sheet = by_name.get(name_key(line.name))
        if sheet is None:
            continue
        line.data, line.rank, line.from_campaign = dict(sheet), _rank(sheet), True
        start = fight_start(Sheet.model_validate(sheet), half)
        line.campaign = [message.render(lang) for message in start.explain()]
        if blank and not start.may_fight:  # brisé: out of the fight unless the GM insists (then told why)
            line.side = "out"


def _read(db: Database, table_id: str, form: dict[str, str], lang: str) -> Chosen:
    """The form's choices (a side the form does not hold: out of this fight)."""
    chosen = _blank(db, table_id, lang)
    for line in (*chosen.characters, *chosen.heroes):
        wanted = form.get(line.key, "out")
        line.side = wanted if wanted in CHOICES else "out"
    chosen.npc_ranks = form.get("npc_ranks", "").strip()
    chosen.npc_name = form.get("npc_name", "").strip()[:60]
    chosen.npc_side = "heroes" if form.get("npc_side") == "heroes" else "foes"
    chosen.session_name = form.get("session_name", "").strip()[:200]
    chosen.campaign = _campaign(db, table_id, form.get("campaign", ""))
    return chosen


def _campaign(db: Database, table_id: str, session_id: str) -> str:
    """``session_id`` if it is a campaign of this table (anything else: no campaign)."""
    from meneur.systems.energy.campaign.engine import KEY as CAMPAIGN

    row = db.get(GameSession, session_id) if session_id else None
    return session_id if row is not None and row.table_id == table_id and row.kind == CAMPAIGN else ""


def _ranks(text: str) -> list[int]:
    """Quick NPCs' ranks typed ``3,4,4`` (commas, spaces or semicolons).

    Raises:
        BadInputError: a rank is not a whole number from 1, or there are too many.
    """
    parts = [p for p in text.replace(";", ",").replace(" ", ",").split(",") if p]
    wrong = [p for p in parts if not (p.isascii() and p.isdigit() and int(p) >= 1)]
    if wrong:
        raise BadInputError(
            Message("web", N_("A rank is a whole number from 1, not “{value}”."), {"value": ", ".join(wrong)})
        )
    if len(parts) > MAX_NPCS:
        raise BadInputError(Message("web", N_("At most {count} quick NPCs at once."), {"count": MAX_NPCS}))
    return [int(p) for p in parts]


def _npcs(chosen: Chosen, lang: str) -> list[Recruit]:
    """The quick NPCs of the form, named "<name> 1", "<name> 2"... (a problem beside the ranks)."""
    try:
        ranks = _ranks(chosen.npc_ranks)
    except BadInputError as error:
        chosen.problems["npc_ranks"] = error.render(lang)
        return []
    name = chosen.npc_name or _say(lang, N_("NPC"))
    side: Side = "heroes" if chosen.npc_side == "heroes" else "foes"
    return quick_npcs(ranks, side, f"{name} {{number}}")


def _recruit(line: Line) -> Recruit:
    """A line of the form as a combatant: on the foes' side, one no player plays is the GM's (not a
    player character a player could take on the fight page)."""
    side: Side = "heroes" if line.side == "heroes" else "foes"
    pc = False if side == "foes" and line.player is None else None
    if line.data is None:
        return Recruit(side, hero=line.name, pc=pc)
    return Recruit(side, character=line.data, pc=pc)


def _checked(chosen: Chosen, lang: str) -> list[tuple[Recruit, str | None]]:
    """Everyone the form puts in the fight with the member who plays them, the heroes' side first;
    each table character read by the engine on its own (a file that no longer reads, a brisé
    character: the engine's words beside its field)."""
    from meneur.systems.energy.combat.files import setup_state

    recruits: list[tuple[Recruit, str | None]] = []
    for line in chosen.ticked():
        recruit = _recruit(line)
        try:
            setup_state(line_up([recruit]))
        except MeneurError as error:
            chosen.problems[line.key] = error.render(lang)
        recruits.append((recruit, line.player))
    recruits += [(npc, None) for npc in _npcs(chosen, lang)]
    if not recruits and not chosen.problems:
        chosen.problems["form"] = _say(lang, N_("Put at least one combatant in the fight."))
    return sorted(recruits, key=lambda pair: pair[0].side != "heroes")


def _balance(chosen: Chosen, lang: str) -> dict[str, Any]:
    """The book's verdict by ranks for what is ticked, and the encounter page's link."""
    from meneur.systems.energy.encounter import balance

    sides: dict[str, list[int]] = {"heroes": [], "foes": []}
    for line in chosen.ticked():
        if line.rank is not None:
            sides[line.side].append(line.rank)
    problem = None
    try:
        sides[chosen.npc_side].extend(_ranks(chosen.npc_ranks))
    except BadInputError as error:
        problem = error.render(lang)
    link = "/encounter?heroes={}&foes={}".format(*(",".join(map(str, sides[s])) for s in ("heroes", "foes")))
    if not sides["heroes"] or not sides["foes"]:
        return {"verdict": None, "lines": [], "link": link, "problem": problem}
    found = balance(sides["heroes"], sides["foes"])
    lines = [line.render(lang) for line in found.explain()]
    return {"verdict": found, "lines": lines, "link": link, "problem": problem}


def _page(request: Request, db: Database, table_id: str, chosen: Chosen, status: int = 200) -> HTMLResponse:
    table = db.get(GameTable, table_id)
    weighed = _balance(chosen, language(request))
    if "npc_ranks" in chosen.problems:  # said once, beside the field
        weighed["problem"] = None
    context = {
        "table": table,
        "chosen": chosen,
        "balance": weighed,
        "problems": chosen.problems,
    }
    return render(request, "energy/new_fight.html", context, status=status)


async def _form(request: Request) -> dict[str, str]:
    """The posted form's text fields (one per character of the table and hero of the library)."""
    form = await request.form()
    return {key: value[:200] for key, value in form.items() if isinstance(value, str)}


Form = Annotated[dict[str, str], Depends(_form)]


@router.get("/t/{table_id}/new-fight", response_class=HTMLResponse)
def new_fight_page(request: Request, db: Database, table_id: str, campaign: str = "") -> HTMLResponse:
    """The form; ``campaign``: the campaign session the fight is started from (its outcome goes back
    there)."""
    me = _gm(request, db, table_id)
    chosen = _blank(db, table_id, language(request))
    chosen.campaign = _campaign(db, table_id, campaign[:64])
    _sheets(request, db, me, table_id, chosen, blank=True)
    return _page(request, db, table_id, chosen)


@router.post("/t/{table_id}/new-fight/balance", response_class=HTMLResponse)
def new_fight_balance(request: Request, db: Database, table_id: str, form: Form) -> HTMLResponse:
    """The balance as the form stands (the fragment htmx swaps in on every change)."""
    me = _gm(request, db, table_id)
    if not csrf_ok(request, form.get("csrf", "")):
        return render(request, "message.html", {"title_key": "csrf"}, status=403)
    lang = language(request)
    chosen = _read(db, table_id, form, lang)
    _sheets(request, db, me, table_id, chosen)
    return render(request, "energy/_new_fight_balance.html", {"balance": _balance(chosen, lang)})


@router.post("/t/{table_id}/new-fight", response_class=HTMLResponse, response_model=None)
def new_fight(request: Request, db: Database, table_id: str, form: Form) -> Response:
    me = _gm(request, db, table_id)
    if not csrf_ok(request, form.get("csrf", "")):
        return render(request, "message.html", {"title_key": "csrf"}, status=403)
    lang = language(request)
    chosen = _read(db, table_id, form, lang)
    _sheets(request, db, me, table_id, chosen)
    recruits = _checked(chosen, lang)
    if chosen.problems:
        return _page(request, db, table_id, chosen, status=400)
    setup = line_up([recruit for recruit, _player in recruits])
    if chosen.campaign:
        setup["campaign"] = chosen.campaign
    players = (player for _recruit, player in recruits)
    controllers = {
        entry["id"]: player for entry, player in zip(setup["combatants"], players, strict=True) if player
    }
    name = chosen.session_name or None
    body = sessions_api.SessionIn(kind=KIND, setup=setup, controllers=controllers, name=name)
    try:
        created = sessions_api.create_session(table_id, body, me, request, db)
    except (ApiError, MeneurError) as error:
        chosen.problems["form"] = (
            error.message.render(lang) if isinstance(error, ApiError) else error.render(lang)
        )
        return _page(request, db, table_id, chosen, status=400)
    return redirect(f"/t/{table_id}/s/{created.id}")
