"""The rules of who may do what, each a named predicate in one place.

``decide`` refuses with them (the refusal names the rule key, :mod:`.checks`); the legality query
(:mod:`.legal_candidates`) uses the very same predicates to leave out what ``decide`` would refuse, so
legality is decided once. Predicates only answer questions; they never build events nor refuse.
Rule text: ``002_58e889a1abff3456.txt`` (tactical combat chapter).
"""

from __future__ import annotations

from math import hypot

from meneur.systems.energy.combat.profile import OFFENSIVE, Combatant, Point
from meneur.systems.energy.combat.state import FightState, Lasting, PendingAttack, Phase

NO_SPEND = ("stunned", "controlled")
"""sonné and contrôlé: "ne peut plus dépenser ses points d'énergie autrement qu'en défense"."""
NO_MOVE = ("entangled", "immobilized")
"""empêtré and immobilisé: "ne peut plus se déplacer" (on top of the conditions of :data:`NO_SPEND`)."""
NO_SPEND_SET = frozenset(NO_SPEND)
FIGHTING = (Phase.ACTION, Phase.MAINTENANCE)
"""Phases in which the fight is under way (passing, stress, the end of the fight)."""
STRESS_BOXES = 10
NEAR_METRES = 5.0


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


def acts_on_field(who: Combatant) -> bool:
    """An immune character "ne peut plus agir sur le champ de bataille même s'il peut encore se déplacer":
    no attack, support, extended defence, interposition or counter-power while immune (rule
    ``immunity``)."""
    return not who.immune


def reveals(who: Combatant) -> bool:
    """Invisibility ends when the character takes part in the fight "via une action offensive, défensive
    ou de support" (rule ``invisibility``): whether acting now makes ``who`` reappear."""
    return who.invisible


def may_interpose_with(who: Combatant, power: int | None) -> bool:
    """"Cela exclut donc par exemple l'utilisation d'un pouvoir d'esquive en tant que défense": a power
    marked as a dodge cannot interpose (rule ``interpose``)."""
    return power is None or not who.has_power(power) or not who.power(power).dodge


def already_hit(pending: PendingAttack, who: Combatant) -> bool:
    """An area attack hits each character "une seule fois": ``who`` already took this attack."""
    return who.id in pending.hit


def in_slot(state: FightState, who: Combatant) -> bool:
    """Whether ``who`` gets an action phase when its slot comes: standing, not waiting on hold (table
    option ``hold_skips_own_slot``), and not having had its action phase this turn already ("La phase
    d'action en attente doit être réalisée en une fois")."""
    if who.out or who.turn_acted:
        return False
    return not (state.options.hold_skips_own_slot and who.hold)


def may_interrupt(who: Combatant) -> bool:
    """On hold and without an action phase this turn yet (one action phase per turn, rule ``hold``)."""
    return who.hold and not who.turn_acted and not who.out


def may_be_marked(who: Combatant) -> bool:
    """"Un personnage qui a été mis hors combat durant une scène peut subir le statut blessé": knocked
    out at any moment of the fight, even if a second wind brought it back (rule ``end_of_fight``)."""
    return who.out or who.knocked_out


def engages(attacker: Point, target: Point) -> bool:
    """A contact attack engages only a target within 5 m ("ne peut agir que sur les personnages se
    trouvant dans ses 5 mètres"): none from farther away (a longer contact reach, a portal)."""
    return hypot(attacker[0] - target[0], attacker[1] - target[1]) <= NEAR_METRES


def may_fight(states: frozenset[str]) -> bool:
    """A brisé character "ne sera plus jouable tant qu'il n'aura pas été ramené": it cannot start or join
    a fight."""
    return "broken" not in states


def lasting_named(state: FightState, name: str | int) -> Lasting | None:
    """The effect to maintain named by its stable id (or, in files written before ids, its position)."""
    if isinstance(name, int):
        return state.maintainable[name] if 0 <= name < len(state.maintainable) else None
    for lasting in state.maintainable:
        if lasting.id == name:
            return lasting
    return None


def nature_halvings(offensive: bool, no_power: bool, forced_move: bool) -> tuple[str, ...]:
    """The halving an attack owes to what it is made with. A forced move is "une attaque en
    demi-succès" whatever moves the victim, and a Sup teleport of an unwilling person is "en demi-succès
    offensif" (half, not quarter): the forced move's half replaces the half of a missing or
    non-offensive power; they never add up (docs/rulings/energy-combat.md)."""
    if forced_move:
        return ("forced_move",)
    if offensive:
        return ()
    return ("no_power",) if no_power else ("not_offensive",)


def may_leave(who: Combatant) -> bool:
    """Whether the GM may take ``who`` out of the fight (it has not left already)."""
    return not who.left


OPTIONS = ("portal", "target_power", "crossing", "carry_legs", "diameter")


def pointless_option(*given_in_vain: bool) -> str | None:
    """The first option of :data:`OPTIONS` given where it means nothing (a ``portal`` on an attack that
    goes through none, a ``target_power`` on a plain damage attack...), or None."""
    for name, vain in zip(OPTIONS, given_in_vain, strict=True):
        if vain:
            return name
    return None


def may_regenerate(state: FightState, who: Combatant) -> bool:
    """Regeneration in the maintenance phase "si le MJ l'autorise" (table option
    ``regeneration_in_maintenance``), for a standing character below its Vigueur."""
    return state.options.regeneration_in_maintenance and not who.out and who.vigor < who.vigor_max
