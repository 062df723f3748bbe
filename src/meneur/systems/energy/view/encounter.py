"""The Energy encounter page, which needs no table: the book's balance by ranks (a GET), and a
simulated win rate (a POST with the CSRF value, run by :mod:`.simulation`). A bad value is the
system's refusal, beside the form."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse

from meneur.errors import MeneurError
from meneur.i18n import N_, Message
from meneur.systems.energy.view.simulation import DEFAULT_FIGHTS, MAX_COST, Asked, Simulations, TooManyError
from meneur.web.forms import whole
from meneur.web.pages import csrf_ok, language, render

Text = Annotated[str, Form()]


def simulations(app: Any) -> Simulations:
    """The app's simulation pool and limits (made on first use, shut down when the app stops)."""
    found: Simulations | None = getattr(app.state, "energy_simulations", None)
    if found is None:
        found = Simulations()
        app.state.energy_simulations = found
    return found


@asynccontextmanager
async def _lifespan(app: Any) -> AsyncIterator[None]:
    try:
        yield
    finally:
        found: Simulations | None = getattr(app.state, "energy_simulations", None)
        if found is not None:
            found.shutdown()


router = APIRouter(include_in_schema=False, lifespan=_lifespan)


def _ranks(text: str) -> list[int]:
    return [whole(part) for part in text.replace(";", ",").replace(" ", ",").split(",") if part.strip()]


@router.get("/encounter", response_class=HTMLResponse)
def encounter_page(
    request: Request, heroes: str = "5,5,5,5", foes: str = "8,6,6", fights: str = str(DEFAULT_FIGHTS)
) -> HTMLResponse:
    """The book's verdict for these ranks; simulating is the form's POST (it costs CPU)."""
    context, _ranks_found = _weighed(request, heroes, foes, fights)
    return render(request, "energy/encounter.html", context)


@router.post("/encounter", response_class=HTMLResponse)
async def encounter_simulate(
    request: Request,
    heroes: Text = "",
    foes: Text = "",
    fights: Text = str(DEFAULT_FIGHTS),
    csrf: Text = "",
) -> HTMLResponse:
    """The verdict and a simulated win rate, played in the app's process pool
    (:mod:`.simulation`): bounded, limited per address, never on a request thread."""
    if not csrf_ok(request, csrf):
        return render(request, "message.html", {"title_key": "csrf"}, status=403)
    context, asked = _weighed(request, heroes, foes, fights)
    if asked is None:
        return render(request, "energy/encounter.html", context, status=400)
    lang = language(request)
    address = request.client.host if request.client else "-"
    try:
        context["simulation"] = await simulations(request.app).run(address, asked, partial(_name, lang=lang))
    except TooManyError as error:
        context["error"] = error.render(lang)
        answer = render(request, "energy/encounter.html", context, status=429)
        answer.headers["Retry-After"] = str(error.retry)
        return answer
    except MeneurError as error:
        context["error"] = error.render(lang)
        return render(request, "energy/encounter.html", context, status=400)
    return render(request, "energy/encounter.html", context)


def _weighed(request: Request, heroes: str, foes: str, fights: str) -> tuple[dict[str, Any], Asked | None]:
    """The page's context with the book's verdict (or the refusal), and what a simulation would play."""
    from meneur.systems.energy.encounter import balance

    lang = language(request)
    context: dict[str, Any] = {
        "heroes": heroes,
        "foes": foes,
        "fights": fights,
        "error": None,
        "balance": None,
        "lines": [],
        "simulation": None,
        "most": MAX_COST,
    }
    try:
        hero_ranks, foe_ranks = _ranks(heroes), _ranks(foes)
        found = balance(hero_ranks, foe_ranks)
        context["balance"] = found
        context["lines"] = [line.render(lang) for line in found.explain()]
        return context, Asked(tuple(hero_ranks), tuple(foe_ranks), whole(fights))
    except MeneurError as error:
        context["error"] = error.render(lang)
        return context, None


def _name(side: str, n: int, lang: str) -> str:
    pattern = N_("Hero {n}") if side == "heroes" else N_("Foe {n}")
    return Message("web", pattern, {"n": n}).render(lang)
