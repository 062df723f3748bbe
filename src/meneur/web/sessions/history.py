"""The session's history for its GM: each step of the log with its time, « revenir avant ceci »
beside it and « revenir à HH h MM » above, each asked again on a confirmation page before the
session goes back (:func:`meneur.server.services.sessions.rewind`, one step of the log that undo
takes back). Every game's session has it; no game is named here.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from meneur.errors import MeneurError
from meneur.i18n import N_, Message
from meneur.server.api.common import ApiError, Caller, Database
from meneur.server.services import context
from meneur.server.services import sessions as service
from meneur.web.adapter import kinds_with_pages
from meneur.web.pages import language, render
from meneur.web.routes import checked_session, table_gm


@dataclass(frozen=True)
class Step:
    """One step of the log as the history shows it."""

    number: int
    time: str
    lines: list[str]


def _gm(request: Request, db: Database, table_id: str, session_id: str, csrf: str | None = None) -> Caller:
    me = checked_session(request, db, table_id, session_id, kinds_with_pages(), csrf)
    return table_gm(request, db, table_id) if not me.is_gm else me


def _steps(request: Request, db: Database, me: Caller, session_id: str) -> tuple[int, list[Step]]:
    lang = language(request)
    shown = service.session_view(context(request, db), me, session_id, lang)
    told = dict(shown.lines)
    steps = [
        Step(number, "" if entry.at is None else service.clock(entry.at).render(lang), told.get(number, []))
        for number, entry in enumerate(shown.log, start=1)
    ]
    steps.reverse()
    return shown.version, steps


def page(
    request: Request,
    db: Database,
    table_id: str,
    session_id: str,
    error: str | None = None,
    confirm: dict[str, Any] | None = None,
    status: int = 200,
) -> HTMLResponse:
    """The history (the GM's; another member gets the GM-only page)."""
    me = _gm(request, db, table_id, session_id)
    version, steps = _steps(request, db, me, session_id)
    values = {
        "table_id": table_id,
        "session_id": session_id,
        "version": version,
        "steps": steps,
        "error": error,
        "confirm": confirm,
    }
    return render(request, "session_history.html", values, status=status)


def moment(text: str, now: datetime | None = None) -> datetime:
    """« 21:30 » as the latest such moment not to come, in the server's local time.

    Raises:
        MeneurError: the text is not a time of day.
    """
    try:
        hours, minutes = (int(part) for part in text.strip().replace("h", ":").split(":"))
        found = (now or datetime.now().astimezone()).replace(
            hour=hours, minute=minutes, second=0, microsecond=0
        )
    except ValueError:
        raise MeneurError(
            Message("web", N_("Write the time as hours and minutes, for example 21:30."))
        ) from None
    current = now or datetime.now().astimezone()
    return found - timedelta(days=1) if found > current else found


def rewind(
    request: Request,
    db: Database,
    table_id: str,
    session_id: str,
    form: dict[str, str],
) -> Response:
    """Ask again, then go back (a damaged form or a refusal: the history with the reason)."""
    me = _gm(request, db, table_id, session_id, form.get("csrf", ""))
    lang = language(request)
    version, before, when = form.get("version", ""), form.get("before", ""), form.get("time", "")
    try:
        if not (version.isascii() and version.isdigit() and len(version) < 10) or (
            before and not before.isdigit()
        ):
            raise MeneurError(Message("web", N_("This form is damaged; reload the page.")))
        at = moment(when) if when and not before else None
        body: service.RewindIn = (
            service.RewindBefore(version=int(version), before=int(before))
            if before or at is None
            else service.RewindAt(version=int(version), at=at)
        )
        if form.get("confirmed") != "yes":
            shown = {"before": before, "time": when, "version": version}
            if before:
                _version, steps = _steps(request, db, me, session_id)
                lines = next((s.lines for s in steps if str(s.number) == before), [])
                shown["what"] = lines[0] if lines else ""
            else:
                shown["clock"] = service.clock(at).render(lang) if at is not None else when
            return page(request, db, table_id, session_id, confirm=shown)
        service.rewind(context(request, db), me, session_id, body)
    except (ApiError, MeneurError, ValueError) as problem:
        db.rollback()
        text = problem.message.render(lang) if isinstance(problem, ApiError) else None
        if isinstance(problem, MeneurError):
            text = problem.render(lang)
        if text is None:
            text = Message("web", N_("This form is damaged; reload the page.")).render(lang)
        return page(request, db, table_id, session_id, error=text, status=400)
    return RedirectResponse(f"/t/{table_id}/s/{session_id}", status_code=303)
