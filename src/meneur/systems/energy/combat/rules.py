"""The rules of who may do what, each a named predicate (and each distance or cost of a rule) in one place.

``decide``'s path (:mod:`.attack`, :mod:`.movement`, :mod:`.reactions`, :mod:`.support`, :mod:`.turn`,
through :mod:`.checks`) refuses a command by calling these predicates, the refusal naming the rule key;
the candidates of the legality query (:mod:`.legal_candidates`) call the very same predicates to skip
what ``decide`` would surely refuse, and every candidate kept still goes through ``decide``. So legality
is decided once: no condition of a refusal is written anywhere else, and changing a rule here changes
both. Predicates only answer questions (a ``*_blocker`` answers with what blocks: a condition or a rule
key); they never build events nor refuse.
Rule text: ``002_58e889a1abff3456.txt`` (tactical combat chapter).
"""

from __future__ import annotations

from collections.abc import Iterable
from math import hypot

from meneur.systems.energy.combat.profile import OFFENSIVE, Combatant, Point
from meneur.systems.energy.combat.state import FightState, Lasting, PendingAttack, Phase

MOVE_METRES = 20.0
""""se déplacer de 20 mètres": a move, a charge's move, a forced move, a leg of a carry."""
SMALL_MOVE_METRES = 5.0
""""un petit déplacement de 5 mètres maximum"."""
NEAR_METRES = 5.0
""""dans les 5 mètres": engagement, interposition, extended defence, healing, carrying, a portal's ends."""
AREA_MAX_DIAMETER = 20.0
""""maximum 20 mètres de diamètre"."""
FIXED_UPKEEP = ("portal", "immunity")
"""Lasting effects kept "en payant son énergie requise" again in the maintenance phase; an offensive effect
is kept by a new attack instead."""
FIXED_COST_SUPPORTS = frozenset({"portal", "invisibility"})
"""Support kinds paid as a fixed cost that a reinforcement may pay for; every other support engages its
tokens from the pool (at least 1, at most the pool)."""

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


def nearby(a: Point, b: Point, metres: float = NEAR_METRES) -> bool:
    """Whether ``b`` is within ``metres`` of ``a`` ("dans les 5 mètres" by default)."""
    return hypot(a[0] - b[0], a[1] - b[1]) <= metres


def nearby_ids(
    at: Point, others: Iterable[tuple[str, float, float]], metres: float = NEAR_METRES
) -> tuple[str, ...]:
    """The ids of ``others``, each ``(id, x, y)``, that are :func:`nearby` ``at``, in their order (one pass
    over a crowd: LEGION's copies)."""
    x, y = at
    return tuple(id for id, ox, oy in others if hypot(x - ox, y - oy) <= metres)


def affords(who: Combatant, tokens: int) -> bool:
    """Whether the pool of ``who`` holds ``tokens`` (rule ``energy_pool``)."""
    return tokens <= who.energy


def in_contact_reach(state: FightState, at: Point, target: Point) -> bool:
    """A contact attack reaches a target within the table's contact reach (rule ``contact_reach``)."""
    return nearby(at, target, state.options.contact_reach)


def attack_blocker(who: Combatant) -> str | None:
    """What keeps ``who`` from attacking at all, whatever the command, in the order ``decide`` tells it: a
    condition of :data:`NO_SPEND` (rule ``conditions``), ``"def_copy"`` for a copy made by a defensive power
    ("ne peut que protéger", rule ``duplicates``), ``"immune"`` (rule ``immunity``), ``"entangled"``
    (empêtré, rule ``conditions``); None when it may attack."""
    blocker = spend_blocker(who)
    if blocker is not None:
        return blocker
    if who.made_by == "def":
        return "def_copy"
    if not acts_on_field(who):
        return "immune"
    if "entangled" in who.conditions:
        return "entangled"
    return None


def may_target(state: FightState, target: Combatant) -> bool:
    """ "un même adversaire ne peut être pris pour cible par le personnage actif qu'une seule fois durant
    sa phase d'action" (rule ``one_attack_per_target``)."""
    return target.id not in state.targeted


def may_attack_area(state: FightState, who: Combatant, power: int | None) -> bool:
    """Under the table option ``area_needs_area_power`` only a power made for it attacks an area (rule
    ``area``)."""
    return not state.options.area_needs_area_power or (power is not None and who.power(power).area)


def pools_tokens(who: Combatant) -> bool:
    """Copies made by an offensive power attack a same adversary together, "leurs points d'énergie doivent
    être additionnés" (LEGION, rule ``copies_together``)."""
    return who.made_by in OFFENSIVE


def joins(who: Combatant, copy: Combatant) -> bool:
    """Whether ``copy`` is another copy of ``who``'s original made by an offensive power, so that it may
    add its tokens to ``who``'s attack (rule ``copies_together``)."""
    return copy.id != who.id and copy.original == who.original and pools_tokens(copy)


def supports_while_immune(kind: str | None) -> bool:
    """An immune character acts on the field by no support, but it may still turn invisible."""
    return kind == "invisibility"


def engages_from_pool(kind: str | None) -> bool:
    """Whether a support of ``kind`` engages its tokens from the pool, at least 1 (rules ``minimum_cost``
    and ``energy_pool``), rather than paying a fixed cost (:data:`FIXED_COST_SUPPORTS`)."""
    return kind not in FIXED_COST_SUPPORTS


def wants_energy(target: Combatant) -> bool:
    """Giving energy to a character with all its Énergie tokens "would spend tokens for nothing" (rule
    ``give_energy``)."""
    return target.energy < target.energy_max


def may_be_healed(target: Combatant) -> bool:
    """ "il n'est pas possible de faire regagner conscience à un personnage hors combat durant la scène, sauf
    ... second souffle" (rule ``heal``)."""
    return not target.out or target.second_wind


def wants_vigor(target: Combatant) -> bool:
    """Healing a character with all its Vigueur "would spend tokens for nothing" (rule ``heal``)."""
    return target.vigor < target.vigor_max


def extended_defense_cost(tokens: int, allies: int) -> int:
    """Tokens paid for an extended defence: those placed plus "1 point d'énergie par allié
    supplémentaire" (rule ``extended_defense``)."""
    return tokens + allies


def may_defend_with(pending: PendingAttack, who: Combatant, power: int | None) -> bool:
    """An interposer defends with the power it interposed with: ``defend`` names that power or none
    (:func:`defence_power`); naming another is refused (rule ``interpose``)."""
    return pending.interposed_by != who.id or power in (None, pending.interpose_power)


def defence_power(pending: PendingAttack, who: Combatant, power: int | None) -> int | None:
    """The power a defence uses: an interposer's is the one it interposed with ("Cela doit être réalisé
    avec un pouvoir qui le permette", 002_58e889a1abff3456.txt), the others' the one they name."""
    return pending.interpose_power if pending.interposed_by == who.id else power


def may_interpose(pending: PendingAttack, who: Combatant) -> bool:
    """Neither the attacker nor the target interposes, and one character at most does (rule ``interpose``)."""
    return who.id not in (pending.attacker, pending.target) and pending.interposed_by is None


def is_offensive(who: Combatant, power: int | None) -> bool:
    """Whether ``power`` counts as an offensive power (Off-C or Off-D) this turn."""
    return power is not None and (who.counts_as(power, "off_c") or who.counts_as(power, "off_d"))


def removes_terrain(who: Combatant, power: int | None) -> bool:
    """Whether ``power`` opposes a terrain element in full: "avec un pouvoir comme une attaque de froid ou
    d'eau", "un cône de froid pour affaiblir un mur de feu" (002_58e889a1abff3456.txt) name offensive and
    support uses; without a power, or with a Def or Mov power, the tokens count in half success. Whether
    the power fits the element (cold against fire) is the GM's say."""
    return power is not None and (is_offensive(who, power) or who.counts_as(power, "sup"))


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


def move_again_blocker(who: Combatant, power: int | None) -> str | None:
    """The rule that forbids another move now: ``small_move`` after a small move ("ne peut pas être
    effectué en plus d'un autre déplacement"), ``movement`` for a second move without a Mov power."""
    if who.small_move:
        return "small_move"
    return None if may_move_again(who, power) else "movement"


def charge_blocker(who: Combatant) -> str | None:
    """The rule that forbids a charge now: ``charge`` once a turn, then the move it makes (a charge
    counts as a move; a character with a movement power may charge after moving)."""
    if who.charged:
        return "charge"
    blocker = move_again_blocker(who, None)
    return None if blocker == "movement" and moves_freely(who) else blocker


def small_move_blocker(state: FightState, who: Combatant) -> str | None:
    """The condition that forbids a small move: :func:`move_blocker`, sonné allowing it under the table
    option ``stunned_may_small_move``."""
    return move_blocker(who, state.options.stunned_may_small_move)


def may_small_move(who: Combatant) -> bool:
    """ "un petit déplacement ... ne peut pas être effectué en plus d'un autre déplacement" (rule
    ``small_move``)."""
    return not (who.moves or who.charged or who.small_move)


def may_hold(state: FightState, who: Combatant) -> bool:
    """Going on hold is "renoncer à agir": only at the start of one's own action phase (rule ``hold``)."""
    return not (state.interruption is not None or state.acted or who.hold)


def feels_stress(who: Combatant) -> bool:
    """Copies are "physiquement réelles mais émotionnellement vides": only an original checks stress
    boxes (rule ``stress``)."""
    return who.made_by is None


def may_check_stress(who: Combatant) -> bool:
    """A stress box is left and ``who`` is no copy ("émotionnellement vides"; rule ``stress``)."""
    return who.stress < STRESS_BOXES and feels_stress(who)


def may_be_determined(who: Combatant) -> bool:
    """Détermination lasts "durant un tour": once a turn (rule ``stress``)."""
    return not who.determined


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
    """ "Cela exclut donc par exemple l'utilisation d'un pouvoir d'esquive en tant que défense": a power
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
    """ "Un personnage qui a été mis hors combat durant une scène peut subir le statut blessé": knocked
    out at any moment of the fight, even if a second wind brought it back (rule ``end_of_fight``)."""
    return who.out or who.knocked_out


def engages(attacker: Point, target: Point) -> bool:
    """A contact attack engages only a target within 5 m ("ne peut agir que sur les personnages se
    trouvant dans ses 5 mètres"): none from farther away (a longer contact reach, a portal)."""
    return nearby(attacker, target)


def engaged_by(who: Combatant, other: Combatant) -> bool:
    """Whether ``other`` engages ``who`` now: it attacked ``who`` in contact this turn and still stands
    within 5 m (reading of docs/rulings/energy-combat.md: the book gives no duration)."""
    return other.id in who.engaged_by and not other.out and nearby(who.position, other.position)


def may_fight(states: frozenset[str]) -> bool:
    """A brisé character "ne sera plus jouable tant qu'il n'aura pas été ramené": it cannot start or join
    a fight."""
    return "broken" not in states


def kept_at_fixed_cost(lasting: Lasting) -> bool:
    """Whether ``lasting`` is kept by paying its required energy again (:data:`FIXED_UPKEEP`), not by a
    new attack."""
    return lasting.kind in FIXED_UPKEEP


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
