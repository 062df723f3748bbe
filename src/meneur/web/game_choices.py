"""What is chosen beside a session page's button before it is pressed, and the odds it gives: the
amount on the stepper, an INS/MV test's row and game master's shift, and each side's in an opposed
test (``_a`` the attacker's, ``_b`` the defender's), a Carpathes attack's weapon, its bonus and
flags (:mod:`meneur.web.game_carpathes`). The legal entry's command gets the choices; the engine
judges them, and the odds before rolling follow (:mod:`meneur.web.game_odds`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from dataclasses import fields as fields_of
from typing import Any

from fastapi import Request

from meneur.engine.codec import with_fields
from meneur.engine.registry import system
from meneur.errors import MeneurError
from meneur.i18n import N_, translate
from meneur.server.api import sessions as api
from meneur.server.api.common import Caller, Database
from meneur.web.game_carpathes import ATTACK_FLAGS, attack_with
from meneur.web.game_odds import Odds, odds


@dataclass(frozen=True)
class Choices:
    """The fields beside a button, as the form sent them (text; empty: not chosen)."""

    amount: str = ""
    difficulty: str = ""
    shift: str = ""
    difficulty_a: str = ""
    shift_a: str = ""
    difficulty_b: str = ""
    shift_b: str = ""
    attack_choices: str = ""
    """Set when an attack's fields were on the form: a flag left out is then unchecked."""
    weapon: str = ""
    weapon_bonus: str = ""
    identified: str = ""
    sleeping: str = ""
    advantage: str = ""
    disadvantage: str = ""

    @property
    def flags(self) -> set[str]:
        """The attack's flags checked."""
        return {name for name in ATTACK_FLAGS if getattr(self, name)}


async def chosen(request: Request) -> Choices:
    """What was chosen beside a button: the form's fields (a command given) or the query's (its
    odds asked again)."""
    data: Any = await request.form() if request.method == "POST" else request.query_params
    found = {f.name: data.get(f.name) for f in fields_of(Choices)}
    return Choices(**{name: value for name, value in found.items() if isinstance(value, str)})


def _test_with(fields: dict[str, Any], difficulty: str, shift: str) -> dict[str, Any]:
    """An INS/MV test's fields with the row and the game master's shift chosen.

    Raises:
        ValueError: a shift that is not a whole number.
    """
    fields = dict(fields)
    if difficulty.strip():
        fields["difficulty"] = difficulty.strip()
    if shift.strip() and int(shift) != 0:
        fields["shift"] = int(shift)
    return fields


def with_choices(wire: Any, chosen: Choices) -> Any:
    """The legal entry's command with what was chosen beside its button (the engine judges it).

    Raises:
        ValueError: an amount or a shift that is not a whole number.
    """

    def change(name: str, fields: dict[str, Any]) -> dict[str, Any]:
        if chosen.amount.strip() and "cost" in fields:
            fields["cost"] = int(chosen.amount)
        if name == "test":
            fields = _test_with(fields, chosen.difficulty, chosen.shift)
        if name == "attack" and chosen.attack_choices:
            fields = attack_with(fields, chosen.weapon, chosen.weapon_bonus, chosen.flags)
        if name == "opposed":
            for side, difficulty, shift in (
                ("attacker", chosen.difficulty_a, chosen.shift_a),
                ("defender", chosen.difficulty_b, chosen.shift_b),
            ):
                if isinstance(fields.get(side), dict):
                    fields[side] = _test_with(fields[side], difficulty, shift)
        return fields

    return with_fields(wire, change)


def odds_now(request: Request, db: Database, me: Caller, session_id: str, wire: Any, lang: str) -> Odds:
    """The odds of the command ``wire`` in the session now, as ``me`` sees it (with what was chosen
    beside its button); the engine's refusal, if it would refuse it, in ``error``."""
    shown = api.get_session(session_id, me, request, db)
    rules = system(shown.kind)
    state = rules.state_from_json(shown.state)
    try:
        return odds(shown.kind, state, rules.codec.command_from_json(wire), lang, strict=True)
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
    the choices (or a number is not whole), the entry's own odds with the choices still as made,
    beside the reason."""
    try:
        found = odds_now(request, db, me, session_id, with_choices(wire, chosen), lang)
    except ValueError:
        whole = (
            N_("Give a whole weapon bonus.") if "attack" in wire else N_("Give a whole number of columns.")
        )
        found = Odds(error=translate("web", whole, lang))
    if found.error is None:
        return found
    kept = odds_now(request, db, me, session_id, wire, lang)
    rows = {"a": chosen.difficulty_a, "b": chosen.difficulty_b}
    sides = [replace(side, difficulty=rows[side.part] or side.difficulty) for side in kept.sides]
    attack = kept.attack
    if attack is not None and chosen.attack_choices:
        flags = {name: name in chosen.flags for name in ATTACK_FLAGS}
        attack = replace(attack, weapon=chosen.weapon, bonus=chosen.weapon_bonus, flags=flags, notes=[])
    difficulty = chosen.difficulty or kept.difficulty
    return replace(kept, difficulty=difficulty, error=found.error, sides=sides, attack=attack)
