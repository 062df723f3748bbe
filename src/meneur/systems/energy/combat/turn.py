"""The turn as a phase machine: start, action phases in initiative order, recovery, maintenance, end.

"Chaque tour est lui-même découpé en phases ... la phase de récupération, la phase d'entretien et les
phases d'action"; initiative "en commençant par ceux qui ont la plus haute valeur d'attribut
d'énergie"; "En cas d'égalité avec les PNJ, les PJ agissent en premier" (002_58e889a1abff3456.txt).
Reading 5 of the issue: initiative uses the Énergie attribute after states.
"""

from __future__ import annotations

from meneur.i18n import N_
from meneur.systems.energy.campaign.states import HURT, vigor_after_states
from meneur.systems.energy.combat import checks, outcome, rules
from meneur.systems.energy.combat.attack import declare
from meneur.systems.energy.combat.commands import (
    Attack,
    EndFight,
    EndPhase,
    Hold,
    Interrupt,
    KeepHold,
    Maintain,
    SpendStress,
    StartFight,
)
from meneur.systems.energy.combat.events import (
    ActionPhaseEnded,
    AttackLost,
    Event,
    FightEnded,
    FightStarted,
    Held,
    HoldKept,
    ImmunityRaised,
    Interrupted,
    InterruptionEnded,
    LastingMaintained,
    MaintenanceEnded,
    PowerUsed,
    StressSpent,
    TurnStarted,
)
from meneur.systems.energy.combat.state import FightState, Phase

CATEGORIES = ("off_c", "off_d", "def", "mov", "sup")
STRESS_USES = ("feat", "determination", "second_wind")


def initiative(state: FightState) -> tuple[str, ...]:
    """Order of action phases: Énergie (after states) descending, PCs before NPCs, file order."""
    ranked = sorted(enumerate(state.combatants), key=lambda ic: (-ic[1].energy_max, not ic[1].pc, ic[0]))
    return tuple(c.id for _, c in ranked)


def next_slot(state: FightState, order: tuple[str, ...], start: int) -> int:
    """The next slot from ``start`` whose character may act (standing, not waiting on hold)."""
    for i in range(start, len(order)):
        if rules.in_slot(state, state.get(order[i])):
            return i
    return len(order)


def start(state: FightState, cmd: StartFight) -> list[Event]:
    """Turn 1: everyone holds Énergie tokens ("autant de points d'énergie disponibles que la valeur de
    leur attribut d'énergie")."""
    checks.phase_is(state, Phase.SETUP)
    if len(state.combatants) < 2:
        checks.refuse("combatants", N_("A fight needs at least two combatants."))
    order = initiative(state)
    return [FightStarted(order, next_slot(state, order, 0))]


def new_turn(state: FightState) -> TurnStarted:
    """The recovery phase: defence tokens removed, then "autant de points d'énergie qu'ils possèdent
    en valeur d'attribut de récupération, à concurrence de leur valeur d'attribut d'énergie"."""
    gains = []
    for who in state.combatants:
        if who.out:
            continue
        recovery = who.recovery // 2 if who.slowed else who.recovery
        gains.append((who.id, max(0, min(recovery, who.energy_max - who.energy))))
    return TurnStarted(state.turn + 1, initiative(state), tuple(gains))


def end_phase(state: FightState, cmd: EndPhase) -> list[Event]:
    """Pass: end the maintenance phase, an interruption or the current action phase."""
    checks.phase_is(state, *rules.FIGHTING)
    checks.no_pending(state)
    if state.phase is Phase.MAINTENANCE:
        return [end_maintenance(state)]
    if cmd.actor is not None and cmd.actor != state.acting:
        checks.refuse(
            "action_phase",
            N_("It is not the action phase of {name}."),
            name=checks.combatant(state, cmd.actor).name,
        )
    if state.interruption is not None:
        return end_interruption(state)
    if state.active >= len(state.order):  # everyone standing waits on hold: the turn ends
        return [new_turn(state)]
    return advance(state, state.order[state.active])


def advance(state: FightState, actor: str) -> list[Event]:
    """End ``actor``'s action phase; after the last one, a new turn starts."""
    following = next_slot(state, state.order, state.active + 1)
    events: list[Event] = [ActionPhaseEnded(actor, following)]
    if following >= len(state.order):
        events.append(new_turn(state))
    return events


def end_interruption(state: FightState) -> list[Event]:
    """Resume where the fight was; an interrupted attack that can no longer happen is lost."""
    assert state.interruption is not None
    events: list[Event] = [InterruptionEnded(state.interruption.actor)]
    saved = state.interruption.saved_pending
    if saved is not None:
        attacker, target = state.get(saved.attacker), state.get(saved.target)
        far = saved.contact and not rules.in_contact_reach(state, attacker.position, target.position)
        if target.out or attacker.out or far:
            events.append(AttackLost(saved.attacker, saved.target))
    return events


def end_maintenance(state: FightState) -> MaintenanceEnded:
    """The action phases begin; unkept holds and unmaintained portals and immunities end."""
    holds = tuple(c.id for c in state.combatants if c.hold and not c.hold_kept)
    after = state
    for id in holds:
        after = after.with_combatant(after.get(id)._replace(hold=False))
    terrain = tuple(m.target for m in state.maintainable if m.kind == "portal")  # kept at a fixed cost
    immune = tuple(m.owner for m in state.maintainable if m.kind == "immunity")
    return MaintenanceEnded(next_slot(after, state.order, 0), holds, terrain, immune)


def hold(state: FightState, cmd: Hold) -> list[Event]:
    """ "renoncer à agir et dépenser 1 point d'énergie pour se placer en attente"."""
    who = checks.combatant(state, cmd.actor)
    checks.acting(state, who)
    if not rules.may_hold(state, who):
        checks.refuse(
            "hold",
            N_("{name} can go on hold only instead of acting, at the start of its action phase."),
            name=who.name,
        )
    checks.free_to_spend(who)
    checks.can_pay(who, 1)
    held = Held(who.id, next_slot(state, state.order, state.active + 1))
    if held.next < len(state.order):
        return [held]
    from meneur.systems.energy.combat.evolve import evolve

    return [held, new_turn(evolve(state, held))]


def interrupt(state: FightState, cmd: Interrupt) -> list[Event]:
    """Act from hold "à n'importe quel moment, même en plein milieu d'un tour adverse"."""
    who = checks.combatant(state, cmd.actor)
    checks.phase_is(state, Phase.ACTION)
    checks.standing(who)
    if not who.hold:
        checks.refuse("hold", N_("{name} is not on hold."), name=who.name)
    if not rules.may_interrupt(who):
        checks.refuse(
            "hold",
            N_(
                "{name} already had an action phase this turn: the action phase on hold is "
                'played "en une fois".'
            ),
            name=who.name,
        )
    if state.interruption is not None or state.acting == who.id:
        checks.refuse("hold", N_("Someone is already acting from hold; wait until they finish."))
    return [Interrupted(who.id)]


def keep_hold(state: FightState, cmd: KeepHold) -> list[Event]:
    """ "conserver sa mise en attente au prix d'un point d'énergie" in the maintenance phase."""
    checks.phase_is(state, Phase.MAINTENANCE)
    who = checks.combatant(state, cmd.actor)
    checks.standing(who)
    if not who.hold or who.hold_kept:
        checks.refuse("hold", N_("{name} is not on hold."), name=who.name)
    checks.can_pay(who, 1)
    return [HoldKept(who.id)]


def maintain(state: FightState, cmd: Maintain) -> list[Event]:
    """Pay again for a lasting effect; an offensive one is a new attack the target may defend."""
    checks.phase_is(state, Phase.MAINTENANCE)
    checks.no_pending(state)
    who = checks.combatant(state, cmd.actor)
    checks.standing(who)
    lasting = rules.lasting_named(state, cmd.lasting)
    if lasting is None or lasting.owner != who.id:
        checks.refuse(
            "maintenance",
            N_("{name} has no lasting effect {index} to maintain."),
            name=who.name,
            index=cmd.lasting,
        )
    if rules.kept_at_fixed_cost(lasting):
        paid = checks.fixed_cost(who, lasting.power, lasting.tokens)
        checks.can_pay(who, paid)
        # Paying a reinforced (or weakened) power's price is its use of the turn: "une seule fois par tour".
        first = [PowerUsed(who.id, lasting.power)] if lasting.power not in who.used else []
        kept: list[Event] = [*first, LastingMaintained(lasting, paid)]
        return [*kept, ImmunityRaised(who.id, 0)] if lasting.kind == "immunity" else kept
    # Paying again for an offensive effect is a new attack on the same target: it is checked as if
    # the owner were acting alone (no one-attack-per-target bookkeeping in the maintenance phase).
    maintenance = state._replace(phase=Phase.ACTION, order=(who.id,), active=0, targeted=frozenset())
    events = declare(
        maintenance,
        Attack(
            who.id,
            lasting.target,
            cmd.tokens,
            lasting.power,
            gm_modifier=cmd.gm_modifier,
            target_power=lasting.target_power,
        ),
    )
    return [LastingMaintained(lasting, 0), *events]


def spend_stress(state: FightState, cmd: SpendStress) -> list[Event]:
    """Check a stress box: action d'éclat, détermination (no half defence) or second souffle."""
    checks.phase_is(state, *rules.FIGHTING)
    who = checks.combatant(state, cmd.actor)
    if cmd.use not in STRESS_USES:
        checks.refuse(
            "stress", N_("Unknown use of stress {use}: feat, determination or second_wind."), use=cmd.use
        )
    if not rules.feels_stress(who):
        checks.refuse(
            "stress",
            N_("{name} is a copy, emotionally empty: only its original checks stress boxes."),
            name=who.name,
        )
    if not rules.may_check_stress(who):
        checks.refuse("stress", N_("{name} has no stress box left to check."), name=who.name)
    if cmd.use == "second_wind":
        if not rules.may_take_second_wind(who):
            checks.refuse("stress", N_("A second wind is for a knocked-out character."))
        return [StressSpent(who.id, cmd.use, None, None)]
    checks.standing(who)
    if cmd.use == "feat":
        checks.usable_power(who, cmd.power)
        if cmd.power is None or cmd.category not in CATEGORIES or who.counts_as(cmd.power, cmd.category):
            checks.refuse("stress", N_("An action d'éclat names a power and a new category for it."))
    elif not rules.may_be_determined(who):
        checks.refuse("stress", N_("{name} is already determined this turn."), name=who.name)
    return [StressSpent(who.id, cmd.use, cmd.power, cmd.category)]


def end_fight(state: FightState, cmd: EndFight) -> list[Event]:
    """ "récupérer tous ses points de vigueur (sauf s'il a été blessé)": half, rounded up, if blessé; a
    blessé character marked blessé again "subit à la place l'état incapacité" and keeps the half he
    started with (002_58e889a1abff3456.txt)."""
    checks.phase_is(state, *rules.FIGHTING)
    for id in (*cmd.wounded, *cmd.exhausted):
        if not rules.may_be_marked(checks.combatant(state, id)):
            checks.refuse(
                "end_of_fight",
                N_(
                    "Only a character knocked out during the fight may be "
                    "marked at its end: {name} never was."
                ),
                name=state.get(id).name,
            )
    for id in set(cmd.wounded) & set(cmd.exhausted):
        checks.refuse(
            "end_of_fight",
            N_(
                "{name} cannot be both blessé and épuisé: épuisé is for a character "
                'knocked out "mais sans blessures".'
            ),
            name=state.get(id).name,
        )
    # A character marked blessé now gets back half its Vigueur; one already hurt started the fight
    # with its halved Vigueur as its maximum.
    newly_hurt = {c.id for c in state.combatants if c.id in cmd.wounded and not HURT & c.states}
    restored = tuple(
        (c.id, vigor_after_states(c.vigor_max, HURT if c.id in newly_hurt else ())) for c in state.combatants
    )
    return [FightEnded(restored, cmd.wounded, cmd.exhausted, outcome.winner(state))]
