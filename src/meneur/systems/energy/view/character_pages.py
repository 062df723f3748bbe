"""The Energy System character builder and sheet pages (no table needed: a file in, a file out).

The builder posts its form on every change; the answer is the two budgets and each creation rule's
message beside its field (htmx out-of-band swaps), from the same validation as ``meneur energy
check``. Import a hero of the book's library or a character file; export YAML or JSON; the sheet
prints on one A4 page.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from meneur.errors import MeneurError
from meneur.i18n import N_, Message
from meneur.storage import parse_data
from meneur.systems.energy.catalogue import library_hero, library_names
from meneur.systems.energy.files import character_from_data, dump_character
from meneur.systems.energy.names import LIVING_STANDARD_NAMES
from meneur.systems.energy.view import builder
from meneur.web.pages import language, render

router = APIRouter(include_in_schema=False)


def _page(
    request: Request, data: dict[str, Any], status: int = 200, error: str | None = None
) -> HTMLResponse:
    lang = language(request)
    checked = builder.check(data, lang)
    if error:
        checked.error = error
    return render(request, "energy/builder.html", _context(checked, lang), status=status)


def _context(checked: builder.Checked, lang: str) -> dict[str, Any]:
    data = checked.data
    powers: list[Any] = data.get("powers") or []
    traits: list[Any] = data.get("traits") or []
    return {
        "c": checked,
        "data": data,
        "powers": [*(p for p in powers if isinstance(p, dict)), {"category": "off_c", "modifier": 0}],
        "traits": [*(t for t in traits if isinstance(t, dict)), {"bonus": 1}],
        "choices": builder.choices(lang),
        "heroes": library_names(),
        "rest": builder.rest_json(data),
        "extra": builder.power_extra,
        "field_id": builder.field_id,
        "placeholders": builder.placeholders(data),
    }


async def _form(request: Request) -> dict[str, str]:
    form = await request.form()
    return {key: value for key, value in form.items() if isinstance(value, str)}


@router.get("/builder", response_class=HTMLResponse)
def builder_page(request: Request, hero: str = "") -> HTMLResponse:
    if hero:
        try:
            return _page(request, builder.form_data(library_hero(hero)))
        except MeneurError as error:
            return _page(request, dict(builder.BLANK), status=404, error=error.render(language(request)))
    return _page(request, dict(builder.BLANK))


@router.post("/builder", response_class=HTMLResponse)
async def builder_post(request: Request) -> HTMLResponse:
    """Re-read the form (a new row for a power or a trait), or import a pasted file."""
    form = await _form(request)
    if form.get("action") == "import":
        return _import(request, form)
    return _page(request, _read(form, request))


def _import(request: Request, form: dict[str, str]) -> HTMLResponse:
    """The pasted file as the character; an empty box or a file refused keeps the character the
    form holds, with the reason."""
    lang = language(request)
    text = form.get("file", "")
    if not text.strip():
        error = Message("web", N_("Paste a character file in the box first (YAML or JSON).")).render(lang)
        return _page(request, _read(form, request), status=400, error=error)
    try:
        character = character_from_data(parse_data(text, "yaml", "file"), "file")
    except MeneurError as error:
        return _page(request, _read(form, request), status=400, error=error.render(lang))
    return _page(request, builder.form_data(character))


def _read(form: dict[str, str], request: Request) -> dict[str, Any]:
    try:
        return builder.data_of_form(form)
    except MeneurError:
        return dict(builder.BLANK)


@router.post("/builder/check", response_class=HTMLResponse)
async def builder_check(request: Request) -> HTMLResponse:
    """The budgets and each rule's message beside its field (out-of-band swaps)."""
    form = await _form(request)
    lang = language(request)
    checked = builder.check(_read(form, request), lang)
    return render(request, "energy/_check.html", {**_context(checked, lang), "oob": True})


@router.post("/builder/export", response_model=None)
async def builder_export(request: Request, format: str = "yaml") -> Response:
    form = await _form(request)
    lang = language(request)
    checked = builder.check(_read(form, request), lang)
    if checked.character is None:
        return _page(request, checked.data, status=400, error=checked.error)
    kind = "json" if format == "json" else "yaml"
    text = dump_character(checked.character, kind)
    name = "".join(ch for ch in checked.character.name.lower() if ch.isalnum() or ch in "-_") or "hero"
    media = "application/json" if kind == "json" else "application/yaml"
    return Response(
        text,
        media_type=f"{media}; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{name}.{kind}"'},
    )


@router.post("/builder/sheet", response_class=HTMLResponse)
async def builder_sheet(request: Request) -> HTMLResponse:
    form = await _form(request)
    return _sheet(request, _read(form, request))


@router.get("/sheet/{hero}", response_class=HTMLResponse)
def hero_sheet(request: Request, hero: str) -> HTMLResponse:
    try:
        return _sheet(request, builder.form_data(library_hero(hero)))
    except MeneurError as error:
        return _page(request, dict(builder.BLANK), status=404, error=error.render(language(request)))


def _sheet(request: Request, data: dict[str, Any]) -> HTMLResponse:
    lang = language(request)
    checked = builder.check(data, lang)
    if checked.character is None:
        message = checked.error or Message("web", N_("This character cannot be read.")).render(lang)
        return _page(request, data, status=400, error=message)
    character = checked.character
    return render(
        request,
        "energy/sheet.html",
        {
            "h": character,
            "c": checked,
            "choices": builder.choices(lang),
            "states": builder.states_words(character, lang),
            "stress_boxes": 10,
            "living": builder.energy_word(LIVING_STANDARD_NAMES[character.living_standard], lang),
        },
    )
