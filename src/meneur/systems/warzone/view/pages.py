"""Warzone's own page, which needs no table: a power test (its outcomes and their odds before
rolling, then the roll in the book's words). A bad value is the system's refusal, beside the form."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse

from meneur.dice import EnteredSource, RandomSource, finish
from meneur.errors import MeneurError
from meneur.systems.warzone.view.session import power_test_outcomes
from meneur.web.forms import dice as dice_of
from meneur.web.forms import whole
from meneur.web.pages import language, render

router = APIRouter(include_in_schema=False)
Text = Annotated[str, Form()]


def _warzone(request: Request, values: dict[str, str], roll: bool) -> HTMLResponse:
    from meneur.systems.warzone.power_test import PowerTestSpec, power_test

    lang = language(request)
    context: dict[str, Any] = {"form": values, "error": None, "spec": None, "outcomes": [], "roll": None}
    try:
        order = values["order"].strip()
        spec = PowerTestSpec(
            power=whole(values["power"]),
            difficulty=whole(values["difficulty"]),
            order=whole(order) if order else None,
            penalty=whole(values["penalty"] or "0"),
        )
        context["spec"] = spec
        context["outcomes"] = power_test_outcomes(spec, lang)
        if roll:
            entered = dice_of(values["dice"])
            source = EnteredSource(entered) if entered else RandomSource.from_seed(None)
            result = power_test(spec, source)
            finish(source)
            context["roll"] = [line.render(lang) for line in result.explain()]
    except MeneurError as error:
        context["error"] = error.render(lang)
    return render(request, "warzone/warzone.html", context)


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


@router.get("/warzone/setup-rows", response_class=HTMLResponse)
def setup_rows(request: Request, more: str = "model") -> HTMLResponse:
    """One part of a battle's new-session form again, as typed, with one more row (the « Add a
    row » button: ``more`` is ``model`` or ``opp``); it reads nothing but what it is sent."""
    from meneur.systems.warzone.view.setup import count

    part = "opp" if more == "opp" else "model"
    form = dict(request.query_params.items())
    form[f"{part}s"] = str(count(form, part, more=True))
    return render(request, "warzone/_setup_rows.html", {"form": form, "part": part})
