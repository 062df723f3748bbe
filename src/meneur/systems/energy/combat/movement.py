"""Movement: moves, small moves, carrying allies, charges, terrain crossing and portals.

"peut dépenser un jeton d'énergie pour se déplacer de 20 mètres durant son tour ... qu'une fois par
tour"; with a Mov power "plusieurs fois ... pour un coût de 1 point d'énergie par mouvement"; "un petit
déplacement de 5 mètres maximum ... ne peut pas être effectué en plus d'un autre déplacement"; "chaque
personne déplacée en plus coûte 1 jeton"; a charge is "un déplacement gratuit de 20 mètres qui doit
être suivi immédiatement d'une attaque au contact", once a turn, counting as a move
(002_58e889a1abff3456.txt).
"""

from __future__ import annotations

from collections.abc import Callable

from meneur.i18n import N_
from meneur.systems.energy.combat import checks, rules
from meneur.systems.energy.combat.attack import attacker, declare, declare_by
from meneur.systems.energy.combat.commands import Attack, Charge, ForceMove, Move
from meneur.systems.energy.combat.effects import portal
from meneur.systems.energy.combat.effects.terrain import crossing_cost, hazards_after
from meneur.systems.energy.combat.events import (
    Event,
    LastingNoted,
    Moved,
    MoveFailed,
    PowerUsed,
    TerrainCreated,
)
from meneur.systems.energy.combat.profile import Combatant
from meneur.systems.energy.combat.state import FightState, Lasting, Terrain
from meneur.systems.energy.combat.words import word


def may_move(who: Combatant, condition: str | None) -> None:
    """Refuse when a condition forbids moving (empêtré, immobilisé, sonné, contrôlé): ``condition`` is
    what :func:`.rules.move_blocker` (or :func:`.rules.small_move_blocker` for a small move) answers."""
    if condition in rules.NO_SPEND:
        checks.free_to_spend(who)
    if condition is not None:
        checks.refuse(
            "conditions",
            N_("{name} is {condition} and cannot move."),
            name=who.name,
            condition=word(condition),
        )


has_mov = rules.has_mov


def move_halving(who: Combatant, power: int | None) -> int:
    """A support power used to move costs double: "tout pouvoir de support utilisé ... en mouvement fait
    l'objet d'une dépense de points d'énergie en demi-succès"; so does a Mov power used by a copy made by
    a support power ("si elles utilisent des pouvoirs Off, Def ou Mov, elles se retrouvent en
    demi-succès", 002_58e889a1abff3456.txt)."""
    return int(power is not None and (not who.counts_as(power, "mov") or who.made_by == "sup"))


def another_move(who: Combatant, blocker: str | None) -> None:
    """Refuse the move that ``blocker`` forbids (:func:`.rules.move_again_blocker`,
    :func:`.rules.charge_blocker`): without a Mov power, one move a turn; never a move after a small move;
    one charge a turn."""
    if blocker == "small_move":
        checks.refuse("small_move", N_("{name} made a small move: no other move this turn."), name=who.name)
    if blocker == "movement":
        checks.refuse(
            "movement", N_("Without a movement power, {name} moves only once a turn."), name=who.name
        )
    if blocker == "charge":
        checks.refuse("charge", N_("{name} has already charged this turn."), name=who.name)


def move_cost(who: Combatant, power: int | None, carried: int = 0) -> int:
    """Tokens of a move before crossing: "un jeton d'énergie pour se déplacer de 20 mètres", 1 more per
    character carried, doubled for a support power (:func:`move_halving`), less a first-use
    reinforcement."""
    return checks.fixed_cost(who, power, (1 + carried) << move_halving(who, power))


def carried(state: FightState, who: Combatant, cmd: Move) -> None:
    """Carried characters: willing allies within 5 m, with a Mov power."""
    if cmd.carry and not has_mov(who, cmd.power) and cmd.portal is None:
        checks.refuse("carry", N_("Carrying someone needs a movement power."))
    for id in cmd.carry:
        other = checks.combatant(state, id)
        checks.ally(who, other)
        checks.near(who, other, "carry")


def move(state: FightState, cmd: Move) -> list[Event]:
    """Validate and decide a move of the acting character."""
    who = checks.combatant(state, cmd.actor)
    checks.acting(state, who)
    may_move(who, rules.small_move_blocker(state, who) if cmd.small else rules.move_blocker(who))
    checks.usable_power(who, cmd.power)
    checks.copy_may_use(who, cmd.power)
    carried(state, who, cmd)
    if cmd.portal is not None:
        return through_portal(state, who, cmd)
    if cmd.small:
        if not rules.may_small_move(who):
            checks.refuse("small_move", N_("A small move cannot be added to another move."))
        if not rules.nearby(who.position, cmd.to, rules.SMALL_MOVE_METRES):
            checks.refuse("small_move", N_("A small move is at most 5 m."))
        extra, _hazards = crossing_cost(state, cmd.crossing)  # "traverser" costs the same on a small move
        checks.can_pay(who, extra)
        return [
            Moved(who.id, cmd.to, extra, small=True),
            *hazards_after(state, who.id, cmd.crossing, cmd.carry),
        ]
    another_move(who, rules.move_again_blocker(who, cmd.power))
    if cmd.power is not None and not has_mov(who, cmd.power):
        checks.refuse("movement", N_("This power is not a movement power."))
    if not rules.nearby(who.position, cmd.to, rules.MOVE_METRES):
        checks.refuse("movement", N_("A move is at most 20 m; make several moves."))
    extra, _hazards = crossing_cost(state, cmd.crossing)
    paid = move_cost(who, cmd.power, len(cmd.carry)) + extra
    checks.can_pay(who, paid)
    events: list[Event] = []
    if cmd.power is not None and cmd.power not in who.used:
        events.append(PowerUsed(who.id, cmd.power))
    if who.jinxed:
        return [*events, MoveFailed(who.id, paid)]
    if cmd.leave_portal:
        return events + left_open(state, who, cmd, paid)
    events.append(Moved(who.id, cmd.to, paid, carried=cmd.carry, power=cmd.power))
    return events + hazards_after(state, who.id, cmd.crossing, cmd.carry)


def left_open(state: FightState, who: Combatant, cmd: Move, paid: int) -> list[Event]:
    """ "avec la possibilité de laisser un portail ouvert derrière soi en dépensant un point d'énergie
    supplémentaire" (Mov portail personnel, 002_58e889a1abff3456.txt): a rank-1 portal between where the
    mover was and where it lands, kept like any portal."""
    if cmd.power is None or not who.counts_as(cmd.power, "mov"):
        checks.refuse("portal", N_("Only a movement power leaves a portal open behind."))
    checks.can_pay(who, paid + 1)
    from meneur.systems.energy.combat.effects.terrain import new_id

    element = Terrain(new_id(state, who.id), who.id, "portal", 1, who.position, cmd.to)
    return [
        Moved(who.id, cmd.to, paid, carried=cmd.carry, power=cmd.power),
        TerrainCreated(element, 1),
        LastingNoted(Lasting(who.id, cmd.power, element.id, "portal", 1)),
        *hazards_after(state, who.id, cmd.crossing, cmd.carry),
    ]


def through_portal(state: FightState, who: Combatant, cmd: Move) -> list[Event]:
    """ "Le portail ne nécessite qu'un seul point d'énergie pour faire passer un humain": 1 token for the
    mover and 1 for each willing character taken along, from within 5 m of either end to the other."""
    to = portal.far_end(state, who.name, who.position, cmd.portal, checks.NEAR_METRES)
    if not rules.moves_freely(who):  # passing is this character's move of the turn
        another_move(who, rules.move_again_blocker(who, None))
    paid = 1 + len(cmd.carry)
    checks.can_pay(who, paid)
    return [Moved(who.id, to, paid, carried=cmd.carry)]


def charge(state: FightState, cmd: Charge) -> list[Event]:
    """A free 20 m move then a contact attack on the charged target, once a turn."""
    who = checks.combatant(state, cmd.actor)
    checks.acting(state, who)
    may_move(who, rules.move_blocker(who))
    checks.usable_power(who, cmd.power)
    if cmd.power is None or not who.counts_as(cmd.power, "off_c"):
        checks.refuse("charge", N_("A charge needs a contact offensive power (Off-C)."))
    another_move(who, rules.charge_blocker(who))
    if not rules.nearby(who.position, cmd.to, rules.MOVE_METRES):
        checks.refuse("movement", N_("A move is at most 20 m; make several moves."))
    extra, hazards = crossing_cost(state, cmd.crossing)
    checks.can_pay(who, extra)
    moved = Moved(who.id, cmd.to, extra, charge=True)
    there = who._replace(position=cmd.to, energy=who.energy - extra)
    after = state.with_combatant(there)
    attack = charge_attack(cmd)
    # Checked now: a charge that cannot end in its attack is refused. The attack is declared as
    # :func:`.attack.declare` would on ``after``, where ``there`` acts as ``who`` did (checked above);
    # what it owes to the attacker alone is ``who``'s own unless the move's crossing cost tokens.
    part = attacker(there if extra else who, attack)
    events = declare_by(after, there, part, attack)
    if hazards:  # the hazard crossed attacks first; the charge's attack follows once it is resolved
        return [moved, *hazards_after(state, who.id, cmd.crossing, (), follow=attack)]
    return [moved, *events]


def charge_attack(cmd: Charge) -> Attack:
    """The contact attack that ends the charge ``cmd`` (:func:`_kept`)."""
    return _kept(
        cmd,
        lambda: Attack(
            cmd.actor,
            cmd.target,
            cmd.tokens,
            cmd.power,
            gm_modifier=cmd.gm_modifier,
            target_power=cmd.target_power,
            destination=cmd.destination,
            carry_legs=cmd.carry_legs,
        ),
    )


def _kept(cmd: Charge | ForceMove, make: Callable[[], Attack]) -> Attack:
    """The attack ``make`` builds for ``cmd``, kept by the command's identity for the commands asked
    about lately (the legality query asks the same charge and forced-move templates state after
    state): at most :data:`KEPT`, each command held alive beside its attack, so that its id is not
    reused meanwhile."""
    found = _ATTACKS.get(id(cmd))
    if found is not None and found[0] is cmd:
        return found[1]
    attack = make()
    if len(_ATTACKS) > KEPT:
        _ATTACKS.clear()
    _ATTACKS[id(cmd)] = (cmd, attack)
    return attack


KEPT = 2048
_ATTACKS: dict[int, tuple[Charge | ForceMove, Attack]] = {}


def force_move(state: FightState, cmd: ForceMove) -> list[Event]:
    """The general action of a forced move: "le déplacement forcé est considéré comme une action offensive
    et l'agresseur doit battre la défense de la victime avec une attaque en demi-succès. S'il réussit, il
    peut déplacer sa cible de force (sur une distance de 20 mètres)" (002_58e889a1abff3456.txt)."""
    return declare(state, forced_attack(cmd), forced=True)


def forced_attack(cmd: ForceMove) -> Attack:
    """The half-success attack of the forced move ``cmd`` (:func:`_kept`)."""
    return _kept(
        cmd,
        lambda: Attack(
            cmd.actor,
            cmd.target,
            cmd.tokens,
            cmd.power,
            gm_modifier=cmd.gm_modifier,
            destination=None if cmd.portal else cmd.to,
            portal=cmd.portal,
            crossing=cmd.crossing,
        ),
    )
