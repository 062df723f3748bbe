"""The odds before rolling of a session's commands that roll, from each system's own functions: the
same numbers as the single-roll pages (each game's ``view.pages``), which call the same helpers here.

INS/MV: where the test lands on the table UM (the column, the row's cells, the shift) and the odds of
success, failure, 111 and 666, with the units of a success; for an opposed test, each side's place on
the table UM and who wins. Warzone: the four outcomes of the d20 power test, and whether a
knocked-down model gets up. Carpathes: the five tiers of 2D6 + Trait, the wound an attack
inflicts with the weapon and the rest chosen beside its button, and the initiative's choices (no
odds: it gives an order) (:mod:`meneur.web.game_carpathes`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from meneur.errors import MeneurError
from meneur.i18n import N_, Message, translate


@dataclass
class Side:
    """One side of an INS/MV opposed test: ``part`` (``a`` the attacker, ``b`` the defender: its
    fields' suffix on the page), ``title`` (its role and the being's name), where its test lands
    on the table UM and the choices it leaves open, as :class:`Odds` has them for a single test."""

    part: str
    title: str
    um: dict[str, Any] | None
    rows: list[tuple[str, str]]
    difficulty: str
    shift: int


@dataclass
class Odds:
    """What a button shows before rolling: each outcome's chance in per cent, and for an INS/MV test
    where it lands on the table UM (see :func:`insmv_um`) and the choices it leaves open (the row
    and the game master's shift; ``rows`` empty for a talent not possessed, always very hard); for
    an opposed test, the same for each side in ``sides``."""

    outcomes: list[tuple[str, float]] = field(default_factory=list)
    um: dict[str, Any] | None = None
    rows: list[tuple[str, str]] = field(default_factory=list)
    difficulty: str = ""
    shift: int = 0
    error: str | None = None
    sides: list[Side] = field(default_factory=list)
    attack: Any = None
    """A Carpathes attack's choices (:class:`meneur.web.game_carpathes.AttackChoices`)."""
    initiative: Any = None
    """The Carpathes initiative's choices (:class:`meneur.web.game_carpathes.InitiativeChoices`)."""


def insmv_um(plan: Any, table: Any = None) -> dict[str, Any]:
    """An INS/MV test's place on the table UM and its odds, as the pages show them (``_insmv_um.html``):
    the column (from the value's column, with the shift), the row's cells, the cell that decides,
    success, failure, 111, 666 and the units of a success, in per cent."""
    from meneur.systems.insmv.odds import odds_of
    from meneur.systems.insmv.table_um import table_um

    table = table or table_um()
    found = odds_of(plan)
    cells = table.cells[plan.request.row]
    return {
        "column": plan.column,
        "start": plan.start_column,
        "shift": plan.request.total_shift,
        "labels": table.labels,
        "cells": cells,
        "cell": plan.threshold,
        "automatic": plan.automatic.value if plan.automatic is not None else None,
        "success": float(found.success) * 100,
        "failure": float(found.failure) * 100,
        "divine": float(found.divine) * 100,
        "infernal": float(found.infernal) * 100,
        "units": sorted((u, float(p) * 100) for u, p in found.success_units.items()),
    }


def odds(kind: str, state: Any, command: Any, lang: str, strict: bool = False) -> Odds:
    """The odds of ``command`` in a session of ``kind`` now (empty for a command that rolls nothing).

    Raises:
        MeneurError: with ``strict``, what the engine would say of the command (a row or a shift
            the being's sheet refuses); otherwise the odds are empty and the engine says it when
            the command is given.
    """
    from meneur.web.game_parts import parts_of

    try:
        return parts_of(kind).odds(state, command, lang)
    except MeneurError:
        if strict:
            raise
        return Odds()


def shared_odds(kind: str, state: Any, command: Any, lang: str) -> Odds:
    """The odds of the games whose pages have not moved into their own package yet.

    Raises:
        MeneurError: what the engine would say of the command.
    """
    if kind == "insmv":
        return _insmv(state, command, lang)
    if kind == "carpathes":
        return _carpathes(state, command, lang)
    return Odds()


def _insmv_plan(state: Any, test: Any) -> tuple[Any, Any]:
    """A being's test as the engine plans it: the request from the being's sheet, and its plan on
    the table UM (``None`` for a power the being lacks: no chance, no roll)."""
    from meneur.systems.insmv.commands import being_at, request_of
    from meneur.systems.insmv.resolution import plan_test
    from meneur.systems.insmv.sheet import resolve

    being = being_at(state, test.being)
    resolved = resolve(being, test)
    request = request_of(resolved)
    plan = plan_test(request, being.rules)  # checks the value and the shifts even for a missing power
    return request, plan if resolved.possessed else None


def _insmv_choices(request: Any, lang: str) -> list[tuple[str, str]]:
    """The rows a test may be made on (none for a talent not possessed: always very hard)."""
    from meneur.systems.insmv.table_um import Difficulty

    if request.untrained_malus is not None:
        return []
    return [(d.value, d.label.render(lang)) for d in Difficulty]


def _insmv(state: Any, command: Any, lang: str) -> Odds:
    from meneur.systems.insmv.commands import OpposedTest, RollTest

    if isinstance(command, OpposedTest):
        return _insmv_opposed(state, command, lang)
    if not isinstance(command, RollTest):
        return Odds()
    from meneur.systems.insmv.odds import odds_of

    request, plan = _insmv_plan(state, command)
    um = insmv_um(plan) if plan is not None else None
    if um is None:  # a power the being lacks: no chance, no roll
        found = odds_of(None)
        chances = [float(p) * 100 for p in (found.success, found.failure, found.divine, found.infernal)]
    else:
        chances = [um["success"], um["failure"], um["divine"], um["infernal"]]
    words = [translate("web", N_("success"), lang), translate("web", N_("failure"), lang), "111", "666"]
    outcomes = list(zip(words, chances, strict=True))
    return Odds(outcomes, um, _insmv_choices(request, lang), request.row.value, request.gm_shift)


OPPOSED_ROLES = {"a": N_("Attacker: {name}"), "b": N_("Defender: {name}")}
"""The words of each side of an opposed test (« A : le personnage qui tente l'action. B : le
personnage qui tente de l'en empêcher »)."""


def _insmv_opposed(state: Any, command: Any, lang: str) -> Odds:
    """« Le résultat le plus important indique le vainqueur du conflit »: who wins, from the rules'
    own :func:`meneur.systems.insmv.odds.opposed_winner_odds`, and each side's place on the table."""
    from meneur.systems.insmv.odds import opposed_winner_odds

    sides, plans = [], []
    for part, test in (("a", command.attacker), ("b", command.defender)):
        request, plan = _insmv_plan(state, test)
        plans.append(plan)
        title = Message("web", OPPOSED_ROLES[part], {"name": test.being}).render(lang)
        um = insmv_um(plan) if plan is not None else None
        sides.append(
            Side(part, title, um, _insmv_choices(request, lang), request.row.value, request.gm_shift)
        )
    found = opposed_winner_odds(plans[0], plans[1], state.options)
    words = {
        "attacker": Message("web", N_("{name} wins"), {"name": command.attacker.being}).render(lang),
        "defender": Message("web", N_("{name} wins"), {"name": command.defender.being}).render(lang),
        "both_failed": translate("web", N_("both fail"), lang),
        "tie": translate("web", N_("tie (the game master decides)"), lang),
    }
    return Odds([(words[key], float(chance) * 100) for key, chance in found.items()], sides=sides)


def carpathes_tiers(trait: int, bonus: int, mode: Any, lang: str) -> list[tuple[str, float]]:
    """The five tiers of 2D6 + Trait and their chances, in per cent."""
    from meneur.systems.carpathes.model import TIER_LABELS, Tier
    from meneur.systems.carpathes.odds import tier_odds

    found = tier_odds(trait, bonus, mode)
    return [(translate("carpathes", TIER_LABELS[t], lang), float(found[t]) * 100) for t in Tier]


def carpathes_wounds(terms: Any, lang: str) -> list[tuple[str, float]]:
    """The wound an attack inflicts and its chance, in per cent, for each wound of the book
    (« Marge 1 à 4 : blessure légère » ...), from the attack's terms now."""
    from meneur.systems.carpathes.combat import WOUND_LABELS
    from meneur.systems.carpathes.odds import wound_odds

    found = wound_odds(
        terms.physical, terms.weapon_bonus, terms.defense, terms.mode, terms.steps, terms.step_rule
    )
    return [(translate("carpathes", WOUND_LABELS[w], lang), float(p) * 100) for w, p in found.items()]


def _carpathes(state: Any, command: Any, lang: str) -> Odds:
    from meneur.systems.carpathes.attacks import attack_terms
    from meneur.systems.carpathes.chronicle import roll_bonus, roll_mode
    from meneur.systems.carpathes.commands import MakeAttack, MakeRoll, RollInitiative, UseJoker
    from meneur.systems.carpathes.limits import check
    from meneur.web.game_carpathes import attack_choices, form_of, initiative_choices

    if isinstance(command, MakeAttack):  # refused now: no odds, the engine says why
        check(state, command)
        terms = attack_terms(state, command)
        return Odds(carpathes_wounds(terms, lang), attack=attack_choices(command, terms, lang))
    if isinstance(command, RollInitiative):  # refused now: the engine says why beside the choices
        check(state, command)
        return Odds(initiative=initiative_choices(state, form_of(state, command)))
    if isinstance(command, UseJoker):  # the Joker du destin rolls the last roll again
        last = state.status[command.pc].last_roll
        if last is None:
            return Odds()
        return Odds(carpathes_tiers(last.roll.trait, last.roll.bonus, roll_mode(state, command), lang))
    if not isinstance(command, MakeRoll):
        return Odds()
    bonus, _off_guard = roll_bonus(state, command)
    trait = state.characters[command.pc].trait(command.trait)
    return Odds(carpathes_tiers(trait, bonus, roll_mode(state, command), lang))
