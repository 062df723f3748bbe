"""Reactions to a pending attack: defend, interpose, extended defence, counter-power from hold.

"les actions défensives sont des actions réflexes qui ne nécessitent pas d'être utilisées durant sa
propre phase d'action"; "Aucune condition ne devrait empêcher le personnage d'utiliser ses points
d'énergie en défense" (002_58e889a1abff3456.txt).
"""

from __future__ import annotations

from meneur.errors import Refused
from meneur.i18n import N_
from meneur.systems.energy.combat import checks, rules
from meneur.systems.energy.combat.attack import declare
from meneur.systems.energy.combat.commands import Attack, Counter, Defend, ExtendedDefense, Interpose
from meneur.systems.energy.combat.events import (
    AttackLost,
    Countered,
    DefensePlaced,
    Event,
    ExtendedDefensePlaced,
    Interposed,
    InvisibilityChanged,
    PowerUsed,
)
from meneur.systems.energy.combat.evolve import evolve_all
from meneur.systems.energy.combat.profile import Combatant
from meneur.systems.energy.combat.resolve import resolve
from meneur.systems.energy.combat.state import FightState, PendingAttack


def pending_of(state: FightState) -> PendingAttack:
    """The pending attack, or a refusal when no attack waits for a reaction."""
    checks.phase_is(state, *rules.FIGHTING)
    if state.pending is None:
        checks.refuse("defense_reaction", N_("No attack is waiting for a reaction."))
    return state.pending


def opposes(who: Combatant, power: int | None) -> bool:
    """Whether ``power`` is a defensive power (Def) this turn: otherwise defence counts at half
    ("comptent en demi-succès", 002_58e889a1abff3456.txt)."""
    return power is not None and who.counts_as(power, "def")


def placed(who: Combatant, tokens: int, power: int | None) -> tuple[int, list[Event]]:
    """Raw tokens placed for ``tokens`` paid: the first use of a Def power adds its reinforcement."""
    if tokens == 0 or power is None or power in who.used:
        return tokens, []
    return max(0, tokens + checks.first_use_modifier(who, power)), [PowerUsed(who.id, power)]


def defense_level(who: Combatant, pending: PendingAttack, power: int | None) -> int:
    """Halvings of the defence against this attack (interposing uses the interposition's power)."""
    chosen = pending.interpose_power if pending.interposed_by == who.id else power
    half = pending.interposed_by == who.id and pending.interpose_power is None
    opposed = not half and opposes(who, chosen)
    # A support copy "si elles utilisent des pouvoirs Off, Def ou Mov, elles se retrouvent en demi-succès".
    return pending.defense_halving + int(not opposed) + (who.made_by == "sup" and opposed)


def defend(state: FightState, cmd: Defend) -> list[Event]:
    """The target places ``tokens`` in defence (possibly 0) and the attack is resolved."""
    pending = pending_of(state)
    who = checks.combatant(state, cmd.actor)
    if who.id != pending.target:
        checks.refuse(
            "defense_reaction", N_("{name} is not the target of the pending attack."), name=who.name
        )
    if not rules.may_defend_with(pending, who, cmd.power):
        if pending.interpose_power is None:
            checks.refuse(
                "interpose",
                N_(
                    "{name} interposed without a power: the defence is placed without "
                    "a power too, at half (defend without naming a power)."
                ),
                name=who.name,
            )
        checks.refuse(
            "interpose",
            N_("{name} interposed with {power}: the defence uses that same power."),
            name=who.name,
            power=who.power(pending.interpose_power).name,
        )
    power = rules.defence_power(pending, who, cmd.power)
    checks.usable_power(who, power)
    checks.copy_may_use(who, power)
    checks.gm_modifier_ok(cmd.gm_modifier)
    checks.tokens_between(who, cmd.tokens, low=0)
    raw, events = placed(who, cmd.tokens, power)
    level = defense_level(who, pending, power)
    events.append(DefensePlaced(who.id, raw, cmd.tokens, power, level))
    if who.invisible and cmd.tokens:
        events.append(InvisibilityChanged(who.id, True, 0))
    after = state.with_combatant(_with_defense(who, raw, cmd.tokens))
    events += resolve(after, pending, level, cmd.gm_modifier, power)
    if pending.follow is not None and len(pending.targets) <= 1:
        events += followed(evolve_all(state, events), pending.follow)
    return events


def followed(state: FightState, attack: Attack) -> list[Event]:
    """A charge's attack once the hazard its move crossed is resolved; lost if it can no longer happen."""
    try:
        return declare(state, attack)
    except Refused:
        return [AttackLost(attack.actor, attack.target)]


def _with_defense(who: Combatant, raw: int, paid: int) -> Combatant:
    return who._replace(defense=who.defense + raw, energy=who.energy - paid)


def interpose(state: FightState, cmd: Interpose) -> list[Event]:
    """ "s'interposant et en prenant l'attaque à sa place" within 5 m, with a power or at half."""
    pending = pending_of(state)
    who = checks.combatant(state, cmd.actor)
    checks.standing(who)
    target = state.get(pending.target)
    if not rules.may_interpose(pending, who):
        checks.refuse("interpose", N_("{name} cannot interpose here."), name=who.name)
    checks.not_immune(who)
    if rules.already_hit(pending, who):
        checks.refuse(
            "interpose",
            N_(
                "{name} already took this attack: an area attack hits each character "
                'only once ("une seule fois").'
            ),
            name=who.name,
        )
    checks.ally(who, target)
    checks.near(who, target, "interpose")
    checks.usable_power(who, cmd.power)
    checks.copy_may_use(who, cmd.power)
    if not rules.may_interpose_with(who, cmd.power):
        checks.refuse(
            "interpose",
            N_(
                "{power} is a dodge: interposing means being really hit in place of "
                'the target ("cela exclut ... un pouvoir d\'esquive").'
            ),
            power=who.power(cmd.power or 0).name,
        )
    return [Interposed(who.id, target.id, cmd.power), *reappears(who)]


def reappears(who: Combatant) -> list[Event]:
    """Taking part in the fight ends invisibility ("ne peut plus participer au combat (via une action
    offensive, défensive ou de support) sans réapparaître")."""
    return [InvisibilityChanged(who.id, True, 0)] if rules.reveals(who) else []


def extended_defense(state: FightState, cmd: ExtendedDefense) -> list[Event]:
    """A Def power extended to allies within 5 m, "1 point d'énergie par allié supplémentaire"."""
    who = checks.combatant(state, cmd.actor)
    checks.standing(who)
    checks.phase_is(state, *rules.FIGHTING)
    checks.not_immune(who)
    checks.copy_may_use(who, cmd.power)
    if not opposes(who, cmd.power):
        checks.refuse("extended_defense", N_("Only a defensive power can be extended to allies."))
    if not cmd.allies or who.id in cmd.allies:
        checks.refuse("extended_defense", N_("Name the allies the defence covers."))
    for ally_id in cmd.allies:
        other = checks.combatant(state, ally_id)
        checks.ally(who, other)
        checks.near(who, other, "extended_defense")
    checks.gm_modifier_ok(cmd.gm_modifier)
    paid = rules.extended_defense_cost(cmd.tokens, len(cmd.allies))
    checks.tokens_between(who, paid)
    raw, events = placed(who, cmd.tokens, cmd.power)
    raw = max(0, raw + cmd.gm_modifier)
    return [*events, ExtendedDefensePlaced(who.id, raw, cmd.allies, paid, cmd.power), *reappears(who)]


def counter(state: FightState, cmd: Counter) -> list[Event]:
    """A counter-power from hold: "peut opposer son pouvoir"; its tokens are "directement retranchés des
    points investis par l'attaquant" (002_58e889a1abff3456.txt). Without a power there is nothing to
    oppose: refused (docs/rulings/energy-combat.md)."""
    pending = pending_of(state)
    who = checks.combatant(state, cmd.actor)
    checks.standing(who)
    if not who.hold:
        checks.refuse("counter", N_("{name} must be on hold to oppose a counter-power."), name=who.name)
    if who.id in (pending.attacker, pending.target):
        checks.refuse("counter", N_("{name} cannot counter this attack."), name=who.name)
    checks.free_to_spend(who)
    checks.not_immune(who)
    if cmd.power is None:
        checks.refuse(
            "counter",
            N_('A counter-power opposes a power ("peut opposer son pouvoir"): name the power {name} uses.'),
            name=who.name,
        )
    checks.usable_power(who, cmd.power)
    checks.copy_may_use(who, cmd.power)
    checks.gm_modifier_ok(cmd.gm_modifier)
    checks.tokens_between(who, cmd.tokens)
    bonus = checks.first_use_modifier(who, cmd.power) + cmd.gm_modifier
    used: list[Event] = [PowerUsed(who.id, cmd.power)] if checks.first_use_modifier(who, cmd.power) else []
    return [*used, Countered(who.id, cmd.tokens, max(0, cmd.tokens + bonus), cmd.power), *reappears(who)]
