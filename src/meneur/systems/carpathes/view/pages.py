"""Carpathes' own page, which needs no table: a roll (the five tiers and their odds before rolling,
then the roll in the book's words). A bad value is the system's refusal, beside the form."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse

from meneur.dice import EnteredSource, RandomSource, finish
from meneur.errors import MeneurError
from meneur.i18n import translate
from meneur.systems.carpathes.view.tiers import tiers
from meneur.web.forms import dice as dice_of
from meneur.web.forms import whole
from meneur.web.pages import language, render

router = APIRouter(include_in_schema=False)
Text = Annotated[str, Form()]


def _carpathes(request: Request, values: dict[str, Any], roll: bool) -> HTMLResponse:
    from meneur.systems.carpathes import resolution
    from meneur.systems.carpathes.model import TIER_LABELS

    lang = language(request)
    context: dict[str, Any] = {"form": values, "error": None, "tiers": [], "roll": None}
    try:
        trait, bonus = whole(values["trait"]), whole(values["bonus"])
        mode = resolution.mode_from(values["advantage"], values["disadvantage"])
        context["tiers"] = tiers(trait, bonus, mode, lang)
        if roll:
            entered = dice_of(values["dice"])
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
    return render(request, "carpathes/carpathes.html", context)


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


@router.get("/carpathes/setup-rows", response_class=HTMLResponse)
def setup_rows(request: Request, more: str = "pc") -> HTMLResponse:
    """One part of a chronicle's new-session form again, as typed, with one more row (the « Add a
    row » button: ``more`` is ``pc`` or ``npc``); it reads nothing but what it is sent."""
    from meneur.systems.carpathes.view.setup import setup_form

    part = "npc" if more == "npc" else "pc"
    form = dict(request.query_params.items())
    shown = setup_form(form, part)
    form.update(pcs=str(shown.pcs), npcs=str(shown.npcs))
    return render(request, "carpathes/_setup_rows.html", {"form": form, "part": part})
