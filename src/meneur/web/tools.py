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
from meneur.web.pages import language, render

router = APIRouter(include_in_schema=False)
Text = Annotated[str, Form()]


def _whole(text: str, lang: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise BadInputError(Message("web", N_("“{value}” is not a whole number."), {"value": text})) from None


def _carpathes(request: Request, values: dict[str, Any], roll: bool) -> HTMLResponse:
    from meneur.systems.carpathes import odds, resolution
    from meneur.systems.carpathes.model import TIER_LABELS, Tier

    lang = language(request)
    context: dict[str, Any] = {"form": values, "error": None, "tiers": [], "roll": None}
    try:
        trait, bonus = _whole(values["trait"], lang), _whole(values["bonus"], lang)
        mode = resolution.mode_from(values["advantage"], values["disadvantage"])
        found = odds.tier_odds(trait, bonus, mode)
        context["tiers"] = [
            (translate("carpathes", TIER_LABELS[t], lang), float(found[t]) * 100) for t in Tier
        ]
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
def encounter_page(request: Request, heroes: str = "5,5,5,5", foes: str = "8,6,6") -> HTMLResponse:
    from meneur.systems.energy.encounter import balance

    lang = language(request)
    context: dict[str, Any] = {"heroes": heroes, "foes": foes, "error": None, "balance": None, "lines": []}
    try:
        found = balance(_ranks(heroes, lang), _ranks(foes, lang))
        context["balance"] = found
        context["lines"] = [line.render(lang) for line in found.explain()]
    except MeneurError as error:
        context["error"] = error.render(lang)
    return render(request, "encounter.html", context)
