"""What is chosen beside a session page's button before it is pressed, and the odds it gives: the
amount on the stepper here, and whatever its game offers beside the button (its parts read the
form's fields: :meth:`meneur.web.game_parts.GameParts.choose`). The legal entry's command gets the
choices; the engine judges them, and the odds before rolling follow (:mod:`meneur.web.game_odds`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from fastapi import Request

from meneur.engine.codec import with_fields
from meneur.engine.registry import system
from meneur.errors import MeneurError
from meneur.server.api.common import Caller, Database
from meneur.server.services import context
from meneur.server.services import sessions as api
from meneur.web.game_odds import Odds
from meneur.web.game_parts import GameParts, odds, parts_of


@dataclass(frozen=True)
class Choices:
    """The fields beside a button, as the form sent them: the ``amount`` (text; empty: not chosen)
    and the whole form (``data``, several values a name) for the game's own choices."""

    amount: str = ""
    data: Any = field(default=None, compare=False)


async def chosen(request: Request) -> Choices:
    """What was chosen beside a button: the form's fields (a command given) or the query's (its
    odds asked again)."""
    data: Any = await request.form() if request.method == "POST" else request.query_params
    return choices_of(data)


def choices_of(data: Any) -> Choices:
    """What was chosen beside a button, from a form's (or a query's) fields."""
    amount = data.get("amount")
    return Choices(amount=amount if isinstance(amount, str) else "", data=data)


def text(data: Any, name: str) -> str:
    """The text of the form's field ``name`` (empty: not on the form)."""
    value = data.get(name) if data is not None else None
    return value if isinstance(value, str) else ""


def with_choices(wire: Any, chosen: Choices, parts: GameParts) -> Any:
    """The legal entry's command with what was chosen beside its button (the engine judges it).

    Raises:
        ValueError: an amount, or a number the game offers, that is not a whole number.
    """
    if chosen.data is not None:
        wire = parts.choose(wire, chosen.data)

    def amount(_name: str, fields: dict[str, Any]) -> dict[str, Any]:
        if chosen.amount.strip() and "cost" in fields:
            fields["cost"] = int(chosen.amount)
        return fields

    return with_fields(wire, amount)


def _now(request: Request, db: Database, me: Caller, session_id: str) -> tuple[str, Any, Any]:
    """The session's kind, rules and state now, as ``me`` sees it."""
    shown = api.get(context(request, db), me, session_id)
    rules = system(shown.kind)
    return shown.kind, rules, rules.state_from_json(shown.state)


def odds_now(request: Request, db: Database, me: Caller, session_id: str, wire: Any, lang: str) -> Odds:
    """The odds of the command ``wire`` in the session now, as ``me`` sees it (with what was chosen
    beside its button); the engine's refusal, if it would refuse it, in ``error``."""
    kind, rules, state = _now(request, db, me, session_id)
    try:
        return odds(kind, state, rules.codec.command_from_json(wire), lang, strict=True)
    except MeneurError as problem:
        return Odds(error=problem.render(lang))


def chosen_odds(
    request: Request,
    db: Database,
    me: Caller,
    session_id: str,
    wire: Any,
    chosen: Choices,
    lang: str,
) -> Odds:
    """The odds of the legal entry's command ``wire`` with ``chosen``; when the engine would refuse
    the choices (or a number is not whole), what the game shows then (the entry's own odds with the
    choices still as made, beside the reason: :meth:`GameParts.settle`)."""
    kind, _rules, state = _now(request, db, me, session_id)
    parts = parts_of(kind)
    try:
        found = odds_now(request, db, me, session_id, with_choices(wire, chosen, parts), lang)
    except ValueError:
        found = Odds(error=parts.not_whole(wire, lang))
    return parts.settle(state, chosen.data, found, lambda: odds_now(request, db, me, session_id, wire, lang))
