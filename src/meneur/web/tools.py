"""Pages that need no table: the Carpathes roll (the five tiers and their odds before rolling) and
the Energy encounter's balance by ranks. Each calls the system's own functions and shows their
words; a bad value is the system's refusal, beside the form."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse

from meneur.dice import EnteredSource, RandomSource, finish
from meneur.errors import BadInputError, MeneurError
from meneur.i18n import N_, Message, translate
from meneur.web.game_odds import carpathes_tiers, insmv_um, warzone_outcomes
from meneur.web.pages import language, render

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


MAX_SIMULATED = 12
SIMULATED_FIGHTS = 24
"""Fights the encounter page simulates when asked (about a second: both sides played by the heuristic)."""


@router.get("/encounter", response_class=HTMLResponse)
def encounter_page(
    request: Request, heroes: str = "5,5,5,5", foes: str = "8,6,6", simulate: str = ""
) -> HTMLResponse:
    from meneur.systems.energy.encounter import balance

    lang = language(request)
    context: dict[str, Any] = {
        "heroes": heroes,
        "foes": foes,
        "error": None,
        "balance": None,
        "lines": [],
        "simulate": simulate == "on",
        "simulation": None,
    }
    try:
        hero_ranks, foe_ranks = _ranks(heroes, lang), _ranks(foes, lang)
        found = balance(hero_ranks, foe_ranks)
        context["balance"] = found
        context["lines"] = [line.render(lang) for line in found.explain()]
        if simulate == "on":
            if len(hero_ranks) + len(foe_ranks) > MAX_SIMULATED or max(hero_ranks + foe_ranks) > 30:
                raise BadInputError(
                    Message(
                        "web",
                        N_(
                            "The page simulates fights of up to {count} combatants of rank 30 at most; use "
                            "meneur energy balance --simulate for larger ones."
                        ),
                        {"count": MAX_SIMULATED},
                    )
                )
            context["simulation"] = _simulated(hero_ranks, foe_ranks, lang)
    except MeneurError as error:
        context["error"] = error.render(lang)
    return render(request, "encounter.html", context)


def _simulated(heroes: list[int], foes: list[int], lang: str) -> dict[str, Any]:
    """The heroes' win rate over :data:`SIMULATED_FIGHTS` seeded fights of quick characters of these ranks."""
    from meneur.systems.energy.ai.simulate import Encounter, run_range, summarize
    from meneur.systems.energy.quick import quick_npc

    encounter = Encounter(
        tuple(
            quick_npc(rank, Message("web", N_("Hero {n}"), {"n": n}).render(lang))
            for n, rank in enumerate(heroes, 1)
        ),
        tuple(
            quick_npc(rank, Message("web", N_("Foe {n}"), {"n": n}).render(lang))
            for n, rank in enumerate(foes, 1)
        ),
    )
    summary = summarize(encounter, run_range(encounter, 0, 0, SIMULATED_FIGHTS))
    low, high = summary.ci95
    return {
        "fights": summary.fights,
        "rate": 100 * summary.hero_win_rate,
        "low": 100 * low,
        "high": 100 * high,
        "turns": summary.mean_turns,
        "draws": summary.draws,
    }


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
