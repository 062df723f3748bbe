"""Pages that need no table: the Carpathes roll (the five tiers and their odds before rolling) and
the Energy encounter's balance by ranks (a GET; its simulation is a POST with the CSRF value, run by
:mod:`meneur.web.simulation`). Each calls the system's own functions and shows their words; a bad
value is the system's refusal, beside the form."""

from __future__ import annotations

from functools import partial
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse

from meneur.dice import EnteredSource, RandomSource, finish
from meneur.errors import BadInputError, MeneurError
from meneur.i18n import N_, Message, translate
from meneur.web.game_odds import carpathes_tiers, insmv_um, warzone_outcomes
from meneur.web.pages import csrf_ok, language, render
from meneur.web.simulation import DEFAULT_FIGHTS, MAX_COST, Asked, Simulations, TooManyError

router = APIRouter(include_in_schema=False)
Text = Annotated[str, Form()]


def _whole(text: str, lang: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise BadInputError(Message("web", N_("“{value}” is not a whole number."), {"value": text})) from None


def _carpathes(request: Request, values: dict[str, Any], roll: bool) -> HTMLResponse:
    from meneur.systems.carpathes import resolution
    from meneur.systems.carpathes.model import TIER_LABELS

    lang = language(request)
    context: dict[str, Any] = {"form": values, "error": None, "tiers": [], "roll": None}
    try:
        trait, bonus = _whole(values["trait"], lang), _whole(values["bonus"], lang)
        mode = resolution.mode_from(values["advantage"], values["disadvantage"])
        context["tiers"] = carpathes_tiers(trait, bonus, mode, lang)
        if roll:
            entered = [_whole(d, lang) for d in values["dice"].replace(",", " ").split()]
            source = EnteredSource(entered) if entered else RandomSource.from_seed(None)
            rolled = resolution.roll(source, trait, bonus, mode)
            finish(source)
            context["roll"] = {
                "total": rolled.total,
                "tier": translate("carpathes", TIER_LABELS[rolled.tier], lang),
                "lines": [line.render(lang) for line in rolled.explain()],
            }
    except MeneurError as error:
        context["error"] = error.render(lang)
    return render(request, "carpathes.html", context)


@router.get("/carpathes", response_class=HTMLResponse)
def carpathes_page(request: Request) -> HTMLResponse:
    blank = {"trait": "1", "bonus": "0", "advantage": False, "disadvantage": False, "dice": ""}
    return _carpathes(request, blank, roll=False)


@router.post("/carpathes", response_class=HTMLResponse)
def carpathes_roll(
    request: Request,
    trait: Text = "0",
    bonus: Text = "0",
    advantage: Text = "",
    disadvantage: Text = "",
    dice: Text = "",
    action: Text = "odds",
) -> HTMLResponse:
    values = {
        "trait": trait,
        "bonus": bonus,
        "advantage": advantage == "on",
        "disadvantage": disadvantage == "on",
        "dice": dice,
    }
    return _carpathes(request, values, roll=action == "roll")


def _ranks(text: str, lang: str) -> list[int]:
    return [
        _whole(part, lang) for part in text.replace(";", ",").replace(" ", ",").split(",") if part.strip()
    ]


@router.get("/encounter", response_class=HTMLResponse)
def encounter_page(
    request: Request, heroes: str = "5,5,5,5", foes: str = "8,6,6", fights: str = str(DEFAULT_FIGHTS)
) -> HTMLResponse:
    """The book's verdict for these ranks; simulating is the form's POST (it costs CPU)."""
    context, _ranks_found = _weighed(request, heroes, foes, fights)
    return render(request, "encounter.html", context)


@router.post("/encounter", response_class=HTMLResponse)
async def encounter_simulate(
    request: Request,
    heroes: Text = "",
    foes: Text = "",
    fights: Text = str(DEFAULT_FIGHTS),
    csrf: Text = "",
) -> HTMLResponse:
    """The verdict and a simulated win rate, played in the app's process pool
    (:mod:`meneur.web.simulation`): bounded, limited per address, never on a request thread."""
    if not csrf_ok(request, csrf):
        return render(request, "message.html", {"title_key": "csrf"}, status=403)
    context, asked = _weighed(request, heroes, foes, fights)
    if asked is None:
        return render(request, "encounter.html", context, status=400)
    lang = language(request)
    simulations: Simulations = request.app.state.web_simulations
    address = request.client.host if request.client else "-"
    try:
        context["simulation"] = await simulations.run(address, asked, partial(_name, lang=lang))
    except TooManyError as error:
        context["error"] = error.render(lang)
        answer = render(request, "encounter.html", context, status=429)
        answer.headers["Retry-After"] = str(error.retry)
        return answer
    except MeneurError as error:
        context["error"] = error.render(lang)
        return render(request, "encounter.html", context, status=400)
    return render(request, "encounter.html", context)


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
        hero_ranks, foe_ranks = _ranks(heroes, lang), _ranks(foes, lang)
        found = balance(hero_ranks, foe_ranks)
        context["balance"] = found
        context["lines"] = [line.render(lang) for line in found.explain()]
        return context, Asked(tuple(hero_ranks), tuple(foe_ranks), _whole(fights, lang))
    except MeneurError as error:
        context["error"] = error.render(lang)
        return context, None


def _name(side: str, n: int, lang: str) -> str:
    pattern = N_("Hero {n}") if side == "heroes" else N_("Foe {n}")
    return Message("web", pattern, {"n": n}).render(lang)


def _insmv(request: Request, values: dict[str, Any], roll: bool) -> HTMLResponse:
    from meneur.systems.insmv.catalogue import KIND_LABELS, rules_for
    from meneur.systems.insmv.model import BeingKind
    from meneur.systems.insmv.resolution import TestRequest, plan_test, roll_test
    from meneur.systems.insmv.table_um import Difficulty, table_um

    lang = language(request)
    table = table_um()
    context: dict[str, Any] = {
        "form": values,
        "error": None,
        "um": None,
        "roll": None,
        "kinds": [(k.value, translate("insmv", KIND_LABELS[k], lang)) for k in BeingKind],
        "rows": [(d.value, d.label.render(lang)) for d in Difficulty],
    }
    try:
        malus = values["malus"].strip()
        asked = TestRequest(
            value=_whole(values["value"], lang),
            difficulty=Difficulty(values["difficulty"]) if values["difficulty"] else None,
            gm_shift=_whole(values["shift"] or "0", lang),
            voluntary_shift=_whole(values["voluntary"] or "0", lang),
            untrained_malus=_whole(malus, lang) if malus else None,
        )
        plan = plan_test(asked, rules_for(BeingKind(values["kind"])), table)
        context["um"] = insmv_um(plan, table)
        if roll:
            entered = [_whole(d, lang) for d in values["dice"].replace(",", " ").split()]
            source = EnteredSource(entered) if entered else RandomSource.from_seed(None)
            result = roll_test(plan, source)
            finish(source)
            context["roll"] = [line.render(lang) for line in result.explain()]
    except (MeneurError, ValueError) as error:
        context["error"] = error.render(lang) if isinstance(error, MeneurError) else str(error)
    return render(request, "insmv.html", context)


@router.get("/insmv", response_class=HTMLResponse)
def insmv_page(request: Request) -> HTMLResponse:
    blank = {
        "value": "3",
        "difficulty": "moyenne",
        "shift": "0",
        "voluntary": "0",
        "kind": "human",
        "malus": "",
        "dice": "",
    }
    return _insmv(request, blank, roll=False)


@router.post("/insmv", response_class=HTMLResponse)
def insmv_test(
    request: Request,
    value: Text = "3",
    difficulty: Text = "",
    shift: Text = "0",
    voluntary: Text = "0",
    kind: Text = "human",
    malus: Text = "",
    dice: Text = "",
    action: Text = "odds",
) -> HTMLResponse:
    values = {
        "value": value,
        "difficulty": difficulty,
        "shift": shift,
        "voluntary": voluntary,
        "kind": kind,
        "malus": malus,
        "dice": dice,
    }
    return _insmv(request, values, roll=action == "roll")


def _warzone(request: Request, values: dict[str, str], roll: bool) -> HTMLResponse:
    from meneur.systems.warzone.power_test import PowerTestSpec, power_test

    lang = language(request)
    context: dict[str, Any] = {"form": values, "error": None, "spec": None, "outcomes": [], "roll": None}
    try:
        order = values["order"].strip()
        spec = PowerTestSpec(
            power=_whole(values["power"], lang),
            difficulty=_whole(values["difficulty"], lang),
            order=_whole(order, lang) if order else None,
            penalty=_whole(values["penalty"] or "0", lang),
        )
        context["spec"] = spec
        context["outcomes"] = warzone_outcomes(spec, lang)
        if roll:
            entered = [_whole(d, lang) for d in values["dice"].replace(",", " ").split()]
            source = EnteredSource(entered) if entered else RandomSource.from_seed(None)
            result = power_test(spec, source)
            finish(source)
            context["roll"] = [line.render(lang) for line in result.explain()]
    except MeneurError as error:
        context["error"] = error.render(lang)
    return render(request, "warzone.html", context)


@router.get("/warzone", response_class=HTMLResponse)
def warzone_page(request: Request) -> HTMLResponse:
    return _warzone(
        request, {"power": "14", "difficulty": "2", "order": "", "penalty": "0", "dice": ""}, False
    )


@router.post("/warzone", response_class=HTMLResponse)
def warzone_test(
    request: Request,
    power: Text = "14",
    difficulty: Text = "2",
    order: Text = "",
    penalty: Text = "0",
    dice: Text = "",
    action: Text = "odds",
) -> HTMLResponse:
    values = {"power": power, "difficulty": difficulty, "order": order, "penalty": penalty, "dice": dice}
    return _warzone(request, values, roll=action == "roll")
