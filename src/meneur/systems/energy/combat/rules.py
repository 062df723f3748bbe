"""The rules of who may do what, each a named predicate in one place.

``decide`` refuses with them (the refusal names the rule key, :mod:`.checks`); the legality query
(:mod:`.legal_candidates`) uses the very same predicates to leave out what ``decide`` would refuse, so
legality is decided once. Predicates only answer questions; they never build events nor refuse.
Rule text: ``002_58e889a1abff3456.txt`` (tactical combat chapter).
"""

from __future__ import annotations

from meneur.systems.energy.combat.profile import OFFENSIVE, Combatant
from meneur.systems.energy.combat.state import FightState, Phase

NO_SPEND = ("stunned", "controlled")
"""sonné and contrôlé: "ne peut plus dépenser ses points d'énergie autrement qu'en défense"."""
NO_MOVE = ("entangled", "immobilized")
"""empêtré and immobilisé: "ne peut plus se déplacer" (on top of the conditions of :data:`NO_SPEND`)."""
NO_SPEND_SET = frozenset(NO_SPEND)
FIGHTING = (Phase.ACTION, Phase.MAINTENANCE)
"""Phases in which the fight is under way (passing, stress, the end of the fight)."""
STRESS_BOXES = 10


def spend_blocker(who: Combatant) -> str | None:
    """The condition that keeps ``who`` from spending tokens but in defence (rule ``conditions``)."""
    conditions = who.conditions
    if not conditions:
        return None
    for condition in NO_SPEND:
        if condition in conditions:
            return condition
    return None


def move_blocker(who: Combatant, free_small: bool = False) -> str | None:
    """The condition that keeps ``who`` from moving (rule ``conditions``); with ``free_small`` (a small
    move under the table option ``stunned_may_small_move``) sonné does not."""
    conditions = who.conditions
    if not conditions:
        return None
    if not (free_small and "controlled" not in conditions):
        blocker = spend_blocker(who)
        if blocker is not None:
            return blocker
    for condition in NO_MOVE:
        if condition in conditions:
            return condition
    return None


def is_offensive(who: Combatant, power: int | None) -> bool:
    """Whether ``power`` counts as an offensive power (Off-C or Off-D) this turn."""
    return power is not None and (who.counts_as(power, "off_c") or who.counts_as(power, "off_d"))


def copy_refuses(who: Combatant, power: int | None) -> bool:
    """A copy made by an offensive power "ne peuvent utiliser que les pouvoirs offensifs de leur original"
    (rule ``duplicates``)."""
    return power is not None and who.made_by in OFFENSIVE and not is_offensive(who, power)


def has_mov(who: Combatant, power: int | None) -> bool:
    """Whether ``power`` moves its user: a Mov power this turn, or a Sup power used to move (at half)."""
    return power is not None and (who.counts_as(power, "mov") or who.counts_as(power, "sup"))


def moves_freely(who: Combatant) -> bool:
    """Whether any power of ``who`` moves it (then it may move several times a turn)."""
    return any(has_mov(who, i) for i in range(len(who.powers) + len(who.borrowed)))


def may_move_again(who: Combatant, power: int | None) -> bool:
    """Without a Mov power, one move a turn (rule ``movement``): "qu'une fois par tour"."""
    return has_mov(who, power) or not (who.moves or who.charged)


def may_small_move(who: Combatant) -> bool:
    """"un petit déplacement ... ne peut pas être effectué en plus d'un autre déplacement" (rule
    ``small_move``)."""
    return not (who.moves or who.charged or who.small_move)


def may_hold(state: FightState, who: Combatant) -> bool:
    """Going on hold is "renoncer à agir": only at the start of one's own action phase (rule ``hold``)."""
    return not (state.interruption is not None or state.acted or who.hold)


def may_check_stress(who: Combatant) -> bool:
    """A stress box is left and ``who`` is no copy ("émotionnellement vides"; rule ``stress``)."""
    return who.stress < STRESS_BOXES and who.made_by is None


def may_take_second_wind(who: Combatant) -> bool:
    """A second wind is for a knocked-out character, once (rule ``stress``)."""
    return who.out and not who.second_wind
