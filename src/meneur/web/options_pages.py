"""The table's options page (the GM's): every option the table has with its value, the ruling's
words as help, saved through the options service (:func:`meneur.server.services.options.change`). A
value that is not one of the option's is refused with the reason beside its field; nothing is
stored then."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse

from meneur.i18n import N_, Message
from meneur.server import table_options
from meneur.server.api.common import Database
from meneur.server.models import GameTable
from meneur.server.services import context
from meneur.server.services import options as options_service
from meneur.web.pages import csrf_ok, language, render, translator
from meneur.web.routes import forbidden, table_gm

router = APIRouter(include_in_schema=False)


def _page(
    request: Request,
    table: GameTable,
    typed: dict[str, str] | None = None,
    problems: dict[str, Message] | None = None,
    saved: bool = False,
) -> HTMLResponse:
    values = table_options.current(table.system, table.options)
    shown = {key: _shown(value) for key, value in values.items()}
    return render(
        request,
        "options.html",
        {
            "table": table,
            "options": table_options.options_of(table.system),
            "values": {**shown, **(typed or {})},
            "defaults": {
                o.key: _default(o, language(request)) for o in table_options.options_of(table.system)
            },
            "problems": problems or {},
            "saved": saved,
        },
        status=400 if problems else 200,
    )


def _default(option: table_options.TableOption, lang: str) -> str:
    """The option's default in words."""
    if option.form == "bool":
        return str(translator(lang)("yes" if option.default else "no"))
    if option.form == "choice":
        return next(word.render(lang) for key, word in option.choices if key == option.default)
    if option.default == table_options.NO_LIMIT:
        return str(translator(lang)(N_("no limit")))
    return _shown(option.default)


def _shown(value: Any) -> str:
    """A value as the form holds it (no limit: an empty field)."""
    if value == table_options.NO_LIMIT:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _read(option: table_options.TableOption, text: str) -> Any:
    """The form's text as the option's value (left as text when it is not one: the check says why)."""
    if option.form == "bool":
        return {"true": True, "false": False}.get(text, text)
    if option.form == "number":
        try:
            return float(text.replace(",", "."))
        except ValueError:
            return text
    if option.form == "integer":
        if option.unlimited and not text.strip():
            return table_options.NO_LIMIT
        try:
            return int(text.strip().replace("\N{MINUS SIGN}", "-"))
        except ValueError:
            return text
    return text


@router.get("/t/{table_id}/options", response_class=HTMLResponse)
def options_page(request: Request, db: Database, table_id: str) -> HTMLResponse:
    table_gm(request, db, table_id)
    table = db.get(GameTable, table_id)
    assert table is not None
    return _page(request, table)


async def _form(request: Request) -> dict[str, str]:
    """The posted form's text fields (the options' keys depend on the table's system)."""
    form = await request.form()
    return {key: value[:200] for key, value in form.items() if isinstance(value, str)}


@router.post("/t/{table_id}/options", response_class=HTMLResponse)
def save_options(
    request: Request, db: Database, table_id: str, form: Annotated[dict[str, str], Depends(_form)]
) -> HTMLResponse:
    me = table_gm(request, db, table_id)
    if not csrf_ok(request, form.get("csrf", "")):
        return forbidden(request)
    table = db.get(GameTable, table_id)
    assert table is not None
    # an option the form does not hold keeps its value (a page from before a new option)
    typed = {o.key: form[o.key] for o in table_options.options_of(table.system) if o.key in form}
    wanted = {o.key: _read(o, typed[o.key]) for o in table_options.options_of(table.system) if o.key in typed}
    changes, problems = table_options.checked(table.system, wanted)
    if problems:
        return _page(request, table, typed, problems)
    options_service.change(context(request, db), me, table_id, changes)
    table = db.get(GameTable, table_id)
    assert table is not None
    return _page(request, table, saved=True)
