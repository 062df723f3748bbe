"""What is chosen beside a session page's button before it is pressed, and the odds it gives: the
amount on the stepper, an INS/MV test's row and game master's shift, and each side's in an opposed
test (``_a`` the attacker's, ``_b`` the defender's), a Carpathes attack's weapon, its bonus and
flags, and the Carpathes initiative's NPCs, surprise, caught off guard and talent bonuses
(:mod:`meneur.web.game_carpathes`). The legal entry's command gets the choices; the engine
judges them, and the odds before rolling follow (:mod:`meneur.web.game_odds`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from dataclasses import fields as fields_of
from typing import Any

from fastapi import Request

from meneur.engine.codec import with_fields
from meneur.engine.registry import system
from meneur.errors import MeneurError
from meneur.i18n import N_, translate
from meneur.server.api.common import Caller, Database
from meneur.server.services import context
from meneur.server.services import sessions as api
from meneur.web.game_carpathes import (
    ATTACK_FLAGS,
    InitiativeForm,
    attack_with,
    initiative_choices,
    initiative_form,
    initiative_with,
)
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
    initiative_choices: str = ""
    """Set when the initiative's fields were on the form: a box left out is then unchecked."""
    initiative: InitiativeForm = field(default_factory=InitiativeForm)

    @property
    def flags(self) -> set[str]:
        """The attack's flags checked."""
        return {name for name in ATTACK_FLAGS if getattr(self, name)}


async def chosen(request: Request) -> Choices:
    """What was chosen beside a button: the form's fields (a command given) or the query's (its
    odds asked again)."""
    data: Any = await request.form() if request.method == "POST" else request.query_params
    return choices_of(data)


def choices_of(data: Any) -> Choices:
    """What was chosen beside a button, from a form's (or a query's) fields."""
    found = {f.name: data.get(f.name) for f in fields_of(Choices) if f.name != "initiative"}
    texts = {name: value for name, value in found.items() if isinstance(value, str)}
    return Choices(**texts, initiative=initiative_form(data))


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
        ValueError: an amount, a shift, a bonus or a Physique that is not a whole number.
    """
    if isinstance(wire, str) and wire == "roll_initiative" and chosen.initiative_choices:
        wire = {wire: {}}  # the bare name: the choices become its fields

    def change(name: str, fields: dict[str, Any]) -> dict[str, Any]:
        if chosen.amount.strip() and "cost" in fields:
            fields["cost"] = int(chosen.amount)
        if name == "test":
            fields = _test_with(fields, chosen.difficulty, chosen.shift)
        if name == "attack" and chosen.attack_choices:
            fields = attack_with(fields, chosen.weapon, chosen.weapon_bonus, chosen.flags)
        if name == "roll_initiative" and chosen.initiative_choices:
            fields = initiative_with(fields, chosen.initiative)
        if name == "opposed":
            for side, difficulty, shift in (
                ("attacker", chosen.difficulty_a, chosen.shift_a),
                ("defender", chosen.difficulty_b, chosen.shift_b),
            ):
                if isinstance(fields.get(side), dict):
                    fields[side] = _test_with(fields[side], difficulty, shift)
        return fields

    return with_fields(wire, change)


def _now(request: Request, db: Database, me: Caller, session_id: str) -> tuple[str, Any, Any]:
    """The session's kind, rules and state now, as ``me`` sees it."""
    shown = api.get(context(request, db), me, session_id)
    rules = system(shown.kind)
    return shown.kind, rules, rules.state_from_json(shown.state)


def _whole(wire: Any) -> str:
    """What to give when a number beside ``wire``'s button is not a whole one."""
    if "attack" in wire:
        return N_("Give a whole weapon bonus.")
    if "roll_initiative" in wire:
        return N_("Give a whole Physique and whole talent bonuses.")
    return N_("Give a whole number of columns.")


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
    the choices (or a number is not whole), the entry's own odds with the choices still as made,
    beside the reason."""
    try:
        found = odds_now(request, db, me, session_id, with_choices(wire, chosen), lang)
    except ValueError:
        found = Odds(error=translate("web", _whole(wire), lang))
    if chosen.initiative_choices:  # the choices as made, beside the engine's word on them
        _kind, _rules, state = _now(request, db, me, session_id)
        return replace(found, initiative=initiative_choices(state, chosen.initiative))
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
