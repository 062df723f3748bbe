"""The fights started from an Energy campaign, and the GM's « Reporter le combat » once one has ended.

A fight started from the campaign's page names it in its setup (``campaign``,
:mod:`.new_fight`). Once it has ended, the GM's card lists each of the campaign's characters who
fought in it: a « blessé » box for one knocked out ("Un personnage qui a été mis hors combat durant
une scène peut subir le statut blessé à la fin du combat (à la discrétion du MJ)",
002_58e889a1abff3456.txt; ticked when the fight's end already marked it), the stress boxes it
checked (the fight's ``StressSpent`` events), and the experience criteria, none ticked (the book
gives experience "à la fin de chaque séance", not per fight: docs/rulings/energy-campaign.md).
Sending it gives the campaign one command, :class:`~meneur.systems.energy.campaign.commands.HandBackFight`:
the rules decide, the undo takes it back whole, and a fight goes back once. The card says beforehand
what the rules will do beyond the plain boxes (a full gauge's démoralisé or brisé). The form posts
through htmx like the campaign's other forms: a refusal comes back as the card with the reason beside
its form, in the reader's language and with the GM's ticks kept; a success as the campaign's page
fragment (``HX-Retarget: #game``), whose cards show what came back.

Both fights and campaign are read through the services as the GM may see them; a player sees what
came back in the campaign's own log and cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, Response
from sqlalchemy import select
from starlette.datastructures import FormData

from meneur.errors import MeneurError, Refused
from meneur.i18n import N_, Message, translate
from meneur.server.api.common import ApiError, Caller, Database
from meneur.server.models import GameSession
from meneur.server.services import context
from meneur.server.services import sessions as api
from meneur.systems.energy.campaign import commands as cmd
from meneur.systems.energy.campaign import events as campaign_events
from meneur.systems.energy.campaign.engine import KEY as CAMPAIGN
from meneur.systems.energy.campaign.engine import SYSTEM as CAMPAIGN_SYSTEM
from meneur.systems.energy.campaign.engine import decide, describe
from meneur.systems.energy.campaign.experience import (
    CRITERION_TEXTS,
    AptitudeCriterion,
    Bonus,
    HeroicCriterion,
)
from meneur.systems.energy.campaign.hand_back import Fought, fought
from meneur.systems.energy.campaign.hand_back import hand_back as hand_back_of
from meneur.systems.energy.campaign.state import CampaignState
from meneur.systems.energy.campaign.stress import USE_NAMES
from meneur.systems.energy.combat.engine import KEY as FIGHT
from meneur.systems.energy.combat.engine import SYSTEM as FIGHT_SYSTEM
from meneur.systems.energy.combat.outcome import is_over
from meneur.systems.energy.view.campaign_pages import PAGES
from meneur.web import routes
from meneur.web.pages import PageAnswer, language, redirect, render

router = APIRouter(include_in_schema=False)

CRITERIA: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("heroic", tuple(c.value for c in HeroicCriterion)),
    ("aptitude", tuple(c.value for c in AptitudeCriterion)),
    ("bonus", tuple(c.value for c in Bonus)),
)


@dataclass
class Fighter:
    """One of the campaign's characters in a fight: knocked out or not, the state blessé proposed,
    the stress boxes it checked (their uses, in the book's words)."""

    name: str
    knocked_out: bool
    wounded: bool
    boxes: list[cmd.FightBox] = field(default_factory=list)
    uses: list[str] = field(default_factory=list)
    xp: set[str] = field(default_factory=set)
    """The experience criteria ticked (``group.value``): none at first, the GM's after a refusal."""


@dataclass
class Fight:
    """A fight started from the campaign: where it stands and who of the campaign fought in it."""

    id: str
    title: str
    ended: bool
    handed_back: bool
    fighters: list[Fighter] = field(default_factory=list)
    preview: list[str] = field(default_factory=list)
    """What the rules will do beyond the plain boxes, said before the GM sends (a full gauge's
    démoralisé or brisé, boxes not counted)."""


def _title(row: GameSession, number: int, lang: str) -> str:
    """The name the GM gave the fight, else « Combat n° 2 »: the campaign's second fight."""
    return row.name or Message("web", N_("Fight no. {number}"), {"number": number}).render(lang)


def _fight(ctx: Any, me: Caller, row: GameSession, number: int, campaign: CampaignState, lang: str) -> Fight:
    """The fight ``row`` (the campaign's ``number``-th) as the GM reads it through the services, with the
    campaign's characters (:func:`~meneur.systems.energy.campaign.hand_back.fought`)."""
    state = FIGHT_SYSTEM.state_from_json(api.get(ctx, me, row.id).state)
    events = [
        FIGHT_SYSTEM.codec.event_from_json(event)
        for entry in api.session_log(ctx, me, row.id).log
        for event in entry.events
    ]
    found = Fight(row.id, _title(row, number, lang), is_over(state), row.id in campaign.fights)
    for one in fought(campaign, state, events):
        uses = [translate("energy_campaign", USE_NAMES[box.use], lang) for box in one.boxes]
        found.fighters.append(Fighter(one.name, one.knocked_out, one.marked_wounded, list(one.boxes), uses))
    return found


def _rows(db: Database, table_id: str, campaign_id: str) -> list[GameSession]:
    """The table's fights started from the campaign, oldest first."""
    rows = db.scalars(select(GameSession).where(GameSession.table_id == table_id, GameSession.kind == FIGHT))
    linked = [r for r in rows if isinstance(r.setup, dict) and r.setup.get("campaign") == campaign_id]
    return sorted(linked, key=lambda r: (r.created_at or 0, r.id))


def _campaign(ctx: Any, me: Caller, campaign_id: str) -> tuple[CampaignState, int]:
    shown = api.get(ctx, me, campaign_id)
    return CAMPAIGN_SYSTEM.state_from_json(shown.state), shown.version


def _criteria(lang: str) -> list[tuple[str, str]]:
    """The experience table's criteria (``group.value``, the book's words), 1 point each."""
    return [
        (f"{group}.{value}", translate("energy_campaign", CRITERION_TEXTS[f"{group}.{value}"], lang))
        for group, values in CRITERIA
        for value in values
    ]


def _preview(campaign: CampaignState, fight: Fight, lang: str) -> list[str]:
    """What the rules would log of the hand-back as the card proposes it, beyond the plain boxes: a
    full gauge's next state and the boxes a brisé character cannot take (nothing: nothing to warn of)."""
    command = hand_back_command(fight, FormData([("wounded", f.name) for f in fight.fighters if f.wounded]))
    try:
        events = decide(campaign, command)
    except MeneurError:  # the card's refusal tells it when the GM sends
        return []
    said = [
        event
        for event in events
        if (isinstance(event, campaign_events.StressSpent) and event.overflow is not None)
        or (isinstance(event, campaign_events.FightHandedBack) and event.not_applied)
    ]
    return [describe(campaign, event).render(lang) for event in said]


def _retick(fight: Fight, form: FormData) -> None:
    """The GM's ticks kept after a refusal: the blessé and the experience as they were sent."""
    wounded = {value for value in form.getlist("wounded") if isinstance(value, str)}
    for fighter in fight.fighters:
        fighter.wounded = fighter.knocked_out and fighter.name in wounded
        fighter.xp = {value for value in form.getlist(f"xp-{fighter.name}") if isinstance(value, str)}


def _card(
    request: Request,
    db: Database,
    me: Caller,
    table_id: str,
    campaign_id: str,
    error: str | None = None,
    status: int = 200,
    sent: FormData | None = None,
) -> HTMLResponse:
    """The fights' card (its fragment for htmx, else a page); ``error`` the refusal of the form
    ``sent``, shown in place with the GM's ticks kept. An htmx answer is always a 200, so that htmx
    swaps it in (the refusal is in it)."""
    lang = language(request)
    ctx = context(request, db)
    campaign, version = _campaign(ctx, me, campaign_id)
    rows = _rows(db, table_id, campaign_id)
    fights = [_fight(ctx, me, row, number, campaign, lang) for number, row in enumerate(rows, 1)]
    wanted = sent.get("fight") if sent is not None else None
    for fight in fights:
        if sent is not None and fight.id == wanted:
            _retick(fight, sent)
        if fight.ended and not fight.handed_back:
            fight.preview = _preview(campaign, fight, lang)
    values = {
        "fights": fights,
        "version": version,
        "criteria": _criteria(lang),
        "table_id": table_id,
        "session_id": campaign_id,
        "error": error,
        "error_fight": wanted if error and any(f.id == wanted for f in fights) else None,
        "me": me,
    }
    fragment = _is_htmx(request)
    name = "energy/_campaign_fights.html" if fragment else "energy/campaign_fights.html"
    return render(request, name, values, status=200 if fragment else status)


def _is_htmx(request: Request) -> bool:
    return request.headers.get("HX-Request") == "true"


def _checked(
    request: Request, db: Database, table_id: str, session_id: str, csrf: str | None = None
) -> Caller:
    """The GM of this campaign's table (anyone else: the page that answers instead, raised)."""
    me = routes.checked_session(request, db, table_id, session_id, frozenset({CAMPAIGN}), csrf)
    if not me.is_gm:
        raise PageAnswer(render(request, "message.html", {"title_key": "gm_only"}, status=403))
    return me


@router.get("/t/{table_id}/s/{session_id}/fights", response_class=HTMLResponse)
def campaign_fights(request: Request, db: Database, table_id: str, session_id: str) -> HTMLResponse:
    """The campaign's fights and the GM's hand-back of an ended one (a fragment for htmx)."""
    me = _checked(request, db, table_id, session_id)
    return _card(request, db, me, table_id, session_id)


def _experience(form: FormData, name: str) -> cmd.AwardExperience | None:
    """The criteria ticked for ``name`` (none: no award)."""
    ticked: dict[str, list[str]] = {group: [] for group, _values in CRITERIA}
    for value in form.getlist(f"xp-{name}"):
        group, _, criterion = value.partition(".") if isinstance(value, str) else ("", "", "")
        if group in ticked:
            ticked[group].append(criterion)
    if not any(ticked.values()):
        return None
    return cmd.AwardExperience.model_validate(
        {
            "character": name,
            "heroic": ticked["heroic"],
            "aptitude": ticked["aptitude"],
            "bonuses": ticked["bonus"],
        }
    )


def hand_back_command(fight: Fight, form: FormData) -> cmd.HandBackFight:
    """The campaign's command for ``fight`` (:func:`~meneur.systems.energy.campaign.hand_back.hand_back`):
    the blessé ticked, the fight's stress boxes, the experience ticked (the rules judge it all).

    Raises:
        ValidationError: a criterion the experience table does not have.
    """
    ticked = {value for value in form.getlist("wounded") if isinstance(value, str)}
    awards = [_experience(form, f.name) for f in fight.fighters]
    fighters = [Fought(f.name, f.knocked_out, f.wounded, tuple(f.boxes)) for f in fight.fighters]
    return hand_back_of(
        fight.id,
        fight.title,
        fighters,
        [f.name for f in fight.fighters if f.name in ticked],
        [award for award in awards if award is not None],
    )


async def _form(request: Request) -> FormData:
    return await request.form()


@router.post("/t/{table_id}/s/{session_id}/hand-back", response_class=HTMLResponse, response_model=None)
def hand_back(
    request: Request, db: Database, table_id: str, session_id: str, form: Annotated[FormData, Depends(_form)]
) -> Response:
    """The GM hands an ended fight back to the campaign. For htmx: the campaign's page fragment
    (its cards show what came back), or the fights' card again with the rules' reason in place and
    the GM's ticks kept (nothing changed); without htmx, back to the campaign's page or the card's
    page with the reason."""
    csrf = form.get("csrf", "")
    me = _checked(request, db, table_id, session_id, csrf if isinstance(csrf, str) else "")

    def refused(message: str, status: int) -> HTMLResponse:
        return _card(request, db, me, table_id, session_id, message, status, sent=form)

    problem = _send(request, db, me, table_id, session_id, form)
    if problem is not None:
        return refused(*problem)
    db.commit()  # a new read transaction sees what was just written
    if not _is_htmx(request):
        return redirect(f"/t/{table_id}/s/{session_id}")
    page = PAGES.page(request, db, table_id, session_id, fragment=True)
    page.headers["HX-Retarget"] = "#game"
    page.headers["HX-Reswap"] = "outerHTML"
    return page


def _send(
    request: Request, db: Database, me: Caller, table_id: str, session_id: str, form: FormData
) -> tuple[str, int] | None:
    """Give the campaign the hand-back the form says; ``None`` once done, else why not and the
    HTTP status (nothing changed)."""
    lang = language(request)
    ctx = context(request, db)
    wanted = form.get("fight", "")
    found = next(((n, r) for n, r in enumerate(_rows(db, table_id, session_id), 1) if r.id == wanted), None)
    if found is None:
        return Message("web", N_("No fight of this campaign is called that; reload the page.")).render(
            lang
        ), 404
    campaign, _version = _campaign(ctx, me, session_id)
    number, row = found
    fight = _fight(ctx, me, row, number, campaign, lang)
    if not fight.ended:
        message = Message("web", N_("This fight is not over yet: end it first, then hand it back."))
        return message.render(lang), 409
    version = form.get("version", "")
    try:
        command = hand_back_command(fight, form)
        number = int(version) if isinstance(version, str) else -1
        if number < 0:
            raise ValueError(version)
        body = routes.valid(
            lambda: api.CommandIn(command=CAMPAIGN_SYSTEM.codec.command_to_json(command), version=number)
        )
        api.do(ctx, me, session_id, body)
    except Refused as problem:
        return problem.render(lang), 422
    except ApiError as problem:
        return routes.error_text(request, problem), problem.status_code
    except MeneurError as problem:
        return problem.render(lang), 400
    except ValueError:  # a version or a criterion the card never sends: the form was altered or is old
        return Message("web", N_("This form has expired: reload the page and try again.")).render(lang), 400
    return None
