"""Small rule helpers of deciding: token arithmetic, reach, and the refusals built on :mod:`.rules`.

Every refusal is an :class:`~meneur.errors.Refused` naming the rule it applies, with a
translated explanation; raising it never changes the state. A refusal here only raises what a predicate
of :mod:`.rules` answers (the legality query asks the same predicate), and the distances of the rules
(:data:`MOVE_METRES`...) are those of :mod:`.rules`, named here again for the modules that refuse.
"""

from __future__ import annotations

from math import hypot
from typing import Any, NoReturn

from meneur.errors import Refused
from meneur.i18n import N_, P_, Message, Plural
from meneur.systems.energy.combat import rules
from meneur.systems.energy.combat.profile import Combatant, Point
from meneur.systems.energy.combat.rules import (
    AREA_MAX_DIAMETER,
    MOVE_METRES,
    NEAR_METRES,
    SMALL_MOVE_METRES,
    STRESS_BOXES,
    is_offensive,
)
from meneur.systems.energy.combat.state import FightState, Phase
from meneur.systems.energy.combat.words import metres as as_metres
from meneur.systems.energy.combat.words import word

DOMAIN = "energy_combat"
GM_MODIFIER_MAX = 2
__all__ = [
    "AREA_MAX_DIAMETER",
    "MOVE_METRES",
    "NEAR_METRES",
    "SMALL_MOVE_METRES",
    "STRESS_BOXES",
    "is_offensive",
]


def refuse(rule: str, msgid: str, **params: Any) -> NoReturn:
    """Raise the refusal of a command that breaks ``rule``."""
    raise Refused(Message(DOMAIN, msgid, params), rule=rule)


def refuse_counted(rule: str, forms: Plural, count: int, **params: Any) -> NoReturn:
    """Raise the refusal of ``rule`` with a counted message (its form follows ``count``)."""
    raise Refused(Message.counted(DOMAIN, forms, count, **params), rule=rule)


TOO_FEW = P_(
    "An action costs at least {count} token; {tokens} given.",
    "An action costs at least {count} tokens; {tokens} given.",
)
POOL_SHORT = P_(
    "{name} has only {count} token, not {tokens}.", "{name} has only {count} tokens, not {tokens}."
)


def halve(tokens: int, times: int) -> int:
    """Half success ``times`` times: floor(tokens / 2**times), never below 0 (reading 1 of the issue)."""
    return max(tokens, 0) >> times


def distance(a: Point, b: Point) -> float:
    """Metres between two points of the battle plane."""
    return hypot(a[0] - b[0], a[1] - b[1])


def first_use_modifier(actor: Combatant, power: int | None) -> int:
    """Reinforcement (+X) or weakening (-X) of ``power`` if it is its first use this turn.

    "apporte autant de points d'énergie que sa valeur de renforcement lors de son utilisation,
    une seule fois par tour" (002_58e889a1abff3456.txt). Stolen powers come without their modifier
    ("pas aux éventuels renforcements ou affaiblissements").
    """
    if power is None or power in actor.used or power >= len(actor.powers):
        return 0
    return actor.powers[power].modifier


def fixed_cost(actor: Combatant, power: int | None, cost: int) -> int:
    """Tokens paid for an action of fixed ``cost`` (a move, a portal, a link): the first use of a
    reinforced power gives its tokens back ("récupère 1 grâce au renforcement lors du premier
    mouvement, coût net 1", VECTOR, 002_58e889a1abff3456.txt); a weakened one costs more."""
    return max(0, cost - first_use_modifier(actor, power))


def phase_is(state: FightState, *phases: Phase) -> None:
    """Refuse unless the fight is in one of ``phases`` (the error names both)."""
    if state.phase not in phases:
        refuse(
            "phase",
            N_("This is not possible in the {actual} phase (expected: {expected})."),
            actual=word(state.phase.value),
            expected=", ".join(str(word(p.value)) for p in phases),
        )


def no_pending(state: FightState) -> None:
    """Refuse while an attack waits for its target's reaction."""
    if state.pending is not None:
        refuse(
            "defense_reaction",
            N_("{target} must first react to the attack of {attacker}."),
            target=state.get(state.pending.target).name,
            attacker=state.get(state.pending.attacker).name,
        )


def combatant(state: FightState, id: str) -> Combatant:
    """The combatant ``id``, or a refusal naming the unknown id."""
    i = state.find(id)
    if i < 0:
        refuse("combatants", N_("There is no combatant {id} in this fight."), id=id)
    return state.combatants[i]


def standing(who: Combatant) -> None:
    """Refuse for a knocked-out character ("mis hors combat")."""
    if who.out:
        refuse("knock_out", N_("{name} is knocked out and cannot act."), name=who.name)


def acting(state: FightState, who: Combatant) -> None:
    """Refuse unless it is ``who``'s action phase (or interruption) and nothing is pending.

    The last state and combatant found acting are kept (both immutable): the legality query asks it
    of every action of one character in one state."""
    last = _ACTING[0]
    if last[0] is state and last[1] is who:
        return
    phase_is(state, Phase.ACTION)
    no_pending(state)
    if state.acting != who.id:
        refuse("action_phase", N_("It is not the action phase of {name}."), name=who.name)
    standing(who)
    _ACTING[0] = (state, who)


_ACTING: list[tuple[FightState | None, Combatant | None]] = [(None, None)]


def free_to_spend(who: Combatant) -> None:
    """Refuse for sonné and contrôlé ("ne peut plus dépenser ses points d'énergie autrement qu'en
    défense") and for an immune character ("ne peut plus agir sur le champ de bataille")."""
    condition = rules.spend_blocker(who)
    if condition is not None:
        refuse(
            "conditions",
            N_("{name} is {condition}: only defence is possible."),
            name=who.name,
            condition=word(condition),
        )


def not_immune(who: Combatant) -> None:
    """Refuse any action but moving for an immune character (002_58e889a1abff3456.txt)."""
    if not rules.acts_on_field(who):
        refuse("immunity", N_("{name} is immune and may only move until the end of the turn."), name=who.name)


def tokens_between(who: Combatant, tokens: int, low: int = 1) -> None:
    """Refuse a token count below ``low`` or above the pool."""
    if tokens < low:
        refuse_counted("minimum_cost", TOO_FEW, low, tokens=tokens)
    if not rules.affords(who, tokens):
        refuse_counted("energy_pool", POOL_SHORT, who.energy, name=who.name, tokens=tokens)


def can_pay(who: Combatant, paid: int) -> None:
    """Refuse when the pool cannot pay ``paid`` tokens."""
    if not rules.affords(who, paid):
        refuse_counted("energy_pool", POOL_SHORT, who.energy, name=who.name, tokens=paid)


def usable_power(who: Combatant, power: int | None, rule: str = "powers") -> None:
    """Refuse an unknown power or one stolen from ``who`` (named by its name when it has one)."""
    if who.has_power(power):
        return
    assert power is not None
    if 0 <= power < len(who.powers):
        refuse(
            rule,
            N_("{name} cannot use {power}: it was taken until the end of the turn."),
            name=who.name,
            power=who.powers[power].name,
        )
    known = [who.power(i).name for i in range(len(who.powers) + len(who.borrowed)) if who.has_power(i)]
    refuse(
        rule,
        N_("{name} has no power number {power}; its powers: {known}."),
        name=who.name,
        power=power,
        known=", ".join(known) or "-",
    )


def gm_modifier_ok(value: int) -> None:
    """ "ne peut jamais excéder 2 points d'énergie de bonus ou de malus" (002_58e889a1abff3456.txt)."""
    if abs(value) > GM_MODIFIER_MAX:
        refuse("gm_modifier", N_("A GM modifier is at most 2 tokens either way, not {value}."), value=value)


def engaged(state: FightState, who: Combatant) -> bool:
    """Engaged: attacked in contact by an Off-C assailant still standing within 5 m."""
    return any(rules.engaged_by(who, state.get(by)) for by in who.engaged_by)


def far_while_engaged(state: FightState, who: Combatant, target: Combatant) -> int:
    """1 halving when an engaged character acts on someone beyond 5 m ("le fera en demi-succès")."""
    if target.id == who.id:
        return 0
    return far_point_while_engaged(state, who, target.position)


def far_point_while_engaged(state: FightState, who: Combatant, at: Point | None) -> int:
    """1 halving when an engaged character acts on a point beyond 5 m, "quel que soit le type d'action
    et quelle que soit la cible" (a terrain element, a portal, a scene interaction)."""
    if at is None or rules.nearby(who.position, at) or not engaged(state, who):
        return 0
    return 1


def ally(who: Combatant, other: Combatant) -> None:
    """Refuse a willing-target action on a character of the other side."""
    if who.side != other.side:
        refuse("willing_targets", N_("{other} is not an ally of {name}."), other=other.name, name=who.name)


def near(who: Combatant, other: Combatant, rule: str, metres: float = NEAR_METRES) -> None:
    """Refuse when ``other`` is farther than ``metres`` from ``who``."""
    if not rules.nearby(who.position, other.position, metres):
        refuse(
            rule,
            N_("{other} is more than {metres} m away from {name}."),
            other=other.name,
            metres=as_metres(metres),
            name=who.name,
        )


def in_contact_reach(state: FightState, who: Combatant, other: Combatant) -> None:
    """Refuse a contact attack on ``other`` beyond the table's contact reach
    (:func:`.rules.in_contact_reach`)."""
    if not rules.in_contact_reach(state, who.position, other.position):
        reach = state.options.contact_reach
        refuse(
            "contact_reach",
            N_("{other} is more than {metres} m away from {name}."),
            other=other.name,
            metres=as_metres(reach),
            name=who.name,
        )


def copy_may_use(who: Combatant, power: int | None) -> None:
    """Refuse a non-offensive power to a copy made by an offensive power: "ne peuvent utiliser que les
    pouvoirs offensifs de leur original" (002_58e889a1abff3456.txt)."""
    if rules.copy_refuses(who, power):
        refuse("duplicates", N_("A copy made by an offensive power uses only offensive powers."))
