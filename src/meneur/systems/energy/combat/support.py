"""Support actions and scene interactions.

"tout pouvoir de support utilisé en offensif, en défensif ou en mouvement fait l'objet d'une dépense
de points d'énergie en demi-succès"; "chaque personne en plus de la première augmente le coût du
pouvoir de 1 jeton"; scene interactions cost "1 point d'énergie (mais peut en coûter davantage selon
le jugement du MJ)" and progress is kept (KITSUNE's valve, 002_58e889a1abff3456.txt).
"""

from __future__ import annotations

from collections.abc import Callable

from meneur.i18n import N_
from meneur.systems.energy.combat import checks, rules
from meneur.systems.energy.combat.commands import GiveEnergy, Heal, Regenerate, UseSupport
from meneur.systems.energy.combat.effects import (
    ON_HIT,
    duplicates,
    give_energy,
    heal,
    immunity,
    invisibility,
    portal,
    terrain,
)
from meneur.systems.energy.combat.events import (
    Event,
    PowerUsed,
    SupportUsed,
)
from meneur.systems.energy.combat.profile import Combatant
from meneur.systems.energy.combat.reactions import reappears
from meneur.systems.energy.combat.state import FightState, Phase

Use = Callable[[FightState, Combatant, UseSupport], list[Event]]

USES: dict[str, Use] = {
    "give_energy": give_energy.use,
    "heal": heal.use,
    "terrain": terrain.use,
    "portal": portal.use,
    "immunity": immunity.use,
    "invisibility": invisibility.use,
    "duplicates": duplicates.use,
}


def generic(state: FightState, who: Combatant, cmd: UseSupport) -> list[Event]:
    """A support effect without bookkeeping (a telepathic link, a drone): paid like a fixed cost, twice
    over when an engaged character reaches beyond 5 m ("le fera en demi-succès, quel que soit le type
    d'action"). Its engaged tokens are checked by :func:`use_support` (:func:`.rules.engages_from_pool`)."""
    far = 0
    for id in cmd.targets:
        target = checks.combatant(state, id)
        checks.ally(who, target)
        far = max(far, checks.far_while_engaged(state, who, target))
    paid = checks.fixed_cost(who, cmd.power, cmd.tokens + max(0, len(cmd.targets) - 1)) << far
    checks.can_pay(who, paid)
    return [SupportUsed(who.id, cmd.power, paid, cmd.targets)]


def use_support(state: FightState, cmd: UseSupport) -> list[Event]:
    """Validate and decide a support use by the acting character."""
    who = checks.combatant(state, cmd.actor)
    checks.acting(state, who)
    checks.free_to_spend(who)
    checks.usable_power(who, cmd.power)
    checks.copy_may_use(who, cmd.power)
    checks.gm_modifier_ok(cmd.gm_modifier)
    kind = who.power(cmd.power).kind or "generic"
    if not rules.supports_while_immune(kind):
        checks.not_immune(who)
    if kind in ON_HIT and not (
        cmd.targets and all(state.has(t) and state.get(t).side == who.side for t in cmd.targets)
    ):
        checks.refuse("support", N_("This power acts on an adversary: use it as an attack."))
    if kind == "invisibility" and who.invisible:
        checks.refuse("invisibility", N_("{name} is already invisible."), name=who.name)
    if rules.engages_from_pool(kind):
        checks.tokens_between(who, cmd.tokens)
    events = USES.get(kind, generic)(state, who, cmd) if kind not in ON_HIT else generic(state, who, cmd)
    if cmd.power not in who.used:
        events.insert(0, PowerUsed(who.id, cmd.power))
    return events + (reappears(who) if kind != "invisibility" else [])


def give_energy_to(state: FightState, cmd: GiveEnergy) -> list[Event]:
    """:class:`GiveEnergy`: a support use of a ``give_energy`` power on one ally."""
    return _typed(
        state,
        UseSupport(cmd.actor, cmd.power, cmd.tokens, (cmd.target, *cmd.also), gm_modifier=cmd.gm_modifier),
        "give_energy",
    )


def heal_target(state: FightState, cmd: Heal) -> list[Event]:
    """:class:`Heal`: a support use of a ``heal`` power on one character."""
    return _typed(
        state,
        UseSupport(cmd.actor, cmd.power, cmd.tokens, (cmd.target, *cmd.also), gm_modifier=cmd.gm_modifier),
        "heal",
    )


def _typed(state: FightState, cmd: UseSupport, kind: str) -> list[Event]:
    who = checks.combatant(state, cmd.actor)
    checks.usable_power(who, cmd.power)
    if who.power(cmd.power).kind != kind:
        giving = kind == "give_energy"
        message = (
            N_("{power} cannot give energy: choose a power made to give energy.")
            if giving
            else N_("{power} cannot heal: choose a power made to heal.")
        )
        checks.refuse("support", message, power=who.power(cmd.power).name)
    return use_support(state, cmd)


def regenerate(state: FightState, cmd: Regenerate) -> list[Event]:
    """ "La régénération peut aussi s'appliquer lors de la phase d'entretien si le MJ l'autorise"
    (002_58e889a1abff3456.txt): with the table option, a character heals itself in the maintenance
    phase, "en demi-succès (2 points dépensés = 1 point de vigueur rendu)"."""
    checks.phase_is(state, Phase.MAINTENANCE)
    checks.no_pending(state)
    who = checks.combatant(state, cmd.actor)
    if not rules.may_regenerate(state, who):
        checks.refuse(
            "regeneration",
            N_(
                "Regeneration in the maintenance phase needs the GM's leave (table "
                "option regeneration_in_maintenance)."
            ),
        )
    checks.standing(who)
    checks.usable_power(who, cmd.power)
    if who.power(cmd.power).kind != "heal":
        checks.refuse(
            "support",
            N_("{power} cannot heal: choose a power made to heal."),
            power=who.power(cmd.power).name,
        )
    checks.gm_modifier_ok(cmd.gm_modifier)
    checks.tokens_between(who, cmd.tokens)
    return heal.use(
        state, who, UseSupport(who.id, cmd.power, cmd.tokens, (who.id,), gm_modifier=cmd.gm_modifier)
    )
