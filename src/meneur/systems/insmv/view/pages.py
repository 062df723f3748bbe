"""INS/MV's own page, which needs no table: a test on the table UM (its column and odds before
rolling, then the d666 in the book's words). A bad value is the system's refusal, beside the form."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse

from meneur.dice import EnteredSource, RandomSource, finish
from meneur.errors import MeneurError
from meneur.i18n import translate
from meneur.systems.insmv.view.table_um import um_view
from meneur.web.forms import dice as dice_of
from meneur.web.forms import whole
from meneur.web.pages import language, render

router = APIRouter(include_in_schema=False)
Text = Annotated[str, Form()]


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
            value=whole(values["value"]),
            difficulty=Difficulty(values["difficulty"]) if values["difficulty"] else None,
            gm_shift=whole(values["shift"] or "0"),
            voluntary_shift=whole(values["voluntary"] or "0"),
            untrained_malus=whole(malus) if malus else None,
        )
        plan = plan_test(asked, rules_for(BeingKind(values["kind"])), table)
        context["um"] = um_view(plan, table)
        if roll:
            entered = dice_of(values["dice"])
            source = EnteredSource(entered) if entered else RandomSource.from_seed(None)
            result = roll_test(plan, source)
            finish(source)
            context["roll"] = [line.render(lang) for line in result.explain()]
    except (MeneurError, ValueError) as error:
        context["error"] = error.render(lang) if isinstance(error, MeneurError) else str(error)
    return render(request, "insmv/insmv.html", context)


@router.get("/insmv/setup-rows", response_class=HTMLResponse)
def setup_rows(request: Request) -> HTMLResponse:
    """The rows of beings of the new-session form as they were filled, with one more (« add a row »);
    nothing is stored."""
    from meneur.systems.insmv.view.setup import MAX_ROWS, row_count

    form = dict(request.query_params.items())
    return render(
        request, "insmv/_setup_rows.html", {"form": form, "rows": min(row_count(form) + 1, MAX_ROWS)}
    )


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
