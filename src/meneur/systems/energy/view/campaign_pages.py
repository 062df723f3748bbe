"""The Energy campaign on the web: its session pages (the shared page with the campaign's parts,
:mod:`.campaign`) and the GM's page that starts a campaign with the table's characters, each player
then playing their own character (``controllers`` from the stored characters' owners).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, Response

from meneur.errors import MeneurError
from meneur.i18n import N_, Message
from meneur.server.api import sessions as sessions_api
from meneur.server.api.common import ApiError, Database
from meneur.server.models import GameTable
from meneur.systems.energy.campaign.engine import KEY
from meneur.systems.energy.view.campaign import PARTS
from meneur.systems.energy.view.new_fight import Line
from meneur.systems.energy.view.new_fight import _characters as characters_of
from meneur.systems.energy.view.new_fight import _gm as energy_gm
from meneur.web.games import GamePages
from meneur.web.pages import csrf_ok, language, redirect, render

router = APIRouter(include_in_schema=False)

PAGES = GamePages(PARTS)
"""The campaign's view adapter (:attr:`meneur.engine.plugin.SessionKind.view` of ``energy-campaign``)."""


async def _form(request: Request) -> dict[str, str]:
    form = await request.form()
    return {key: value[:200] for key, value in form.items() if isinstance(value, str)}


Form = Annotated[dict[str, str], Depends(_form)]


def _page(
    request: Request,
    db: Database,
    table_id: str,
    lines: list[Line],
    error: str | None = None,
    status: int = 200,
) -> HTMLResponse:
    table = db.get(GameTable, table_id)
    return render(
        request, "energy/new_campaign.html", {"table": table, "lines": lines, "error": error}, status=status
    )


@router.get("/t/{table_id}/new-campaign", response_class=HTMLResponse)
def new_campaign_page(request: Request, db: Database, table_id: str) -> HTMLResponse:
    """The GM's form: the table's characters, the players' ticked."""
    energy_gm(request, db, table_id)
    lines = characters_of(db, table_id, language(request))
    for line in lines:
        line.side = "in" if line.player is not None else "out"
    return _page(request, db, table_id, lines)


@router.post("/t/{table_id}/new-campaign", response_class=HTMLResponse, response_model=None)
def new_campaign(request: Request, db: Database, table_id: str, form: Form) -> Response:
    """Start the campaign with the characters ticked; a mistake shows the form again with the reason."""
    me = energy_gm(request, db, table_id)
    if not csrf_ok(request, form.get("csrf", "")):
        return render(request, "message.html", {"title_key": "csrf"}, status=403)
    lang = language(request)
    lines = characters_of(db, table_id, lang)
    for line in lines:
        line.side = "in" if form.get(line.key) == "in" else "out"
    chosen = [line for line in lines if line.side == "in" and line.data]
    if not chosen:
        message = Message("web", N_("Tick at least one character of the table: a campaign needs one."))
        return _page(request, db, table_id, lines, message.render(lang), 400)
    setup = {"characters": [line.data for line in chosen]}
    controllers = {line.name: line.player for line in chosen if line.player}
    body = sessions_api.SessionIn(kind=KEY, setup=setup, controllers=controllers)
    try:
        created = sessions_api.create_session(table_id, body, me, request, db)
    except (ApiError, MeneurError) as error:
        text = error.message.render(lang) if isinstance(error, ApiError) else error.render(lang)
        return _page(request, db, table_id, lines, text, 400)
    return redirect(f"/t/{table_id}/s/{created.id}")
