"""``decide(state, command) -> events``: validate a command and say what happens, without changing
anything. An illegal command raises :class:`~meneur.errors.Refused` naming the rule.

Legality is decided here once: each handler refuses by asking a named predicate of :mod:`.rules` (or of
the rule module that owns the rule), through :mod:`.checks`; the legality query (:mod:`.legal`) runs
every candidate through :func:`decide`, and its candidates (:mod:`.legal_candidates`) skip sure refusals
only with those same predicates."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from meneur.i18n import N_
from meneur.systems.energy.combat import checks, gm, interaction, movement, reactions, support, turn
from meneur.systems.energy.combat.attack import declare
from meneur.systems.energy.combat.commands import (
    Adjust,
    Arrive,
    Attack,
    Charge,
    Command,
    Counter,
    Defend,
    EndFight,
    EndPhase,
    ExtendedDefense,
    ForceMove,
    GiveEnergy,
    Heal,
    Hold,
    Interact,
    Interpose,
    Interrupt,
    KeepHold,
    Leave,
    Maintain,
    Move,
    PlaceTerrain,
    Regenerate,
    SpendStress,
    StartFight,
    UseSupport,
)
from meneur.systems.energy.combat.effects import control
from meneur.systems.energy.combat.events import Event
from meneur.systems.energy.combat.state import FightState, Phase

PLAYABLE = (Attack, Charge, Move, UseSupport, GiveEnergy, Heal, Interact, ForceMove)
"""Commands a controller may give to the character it controls (ÉCHO)."""

HANDLERS: dict[type, Callable[[FightState, Any], list[Event]]] = {
    StartFight: turn.start,
    Attack: declare,
    Charge: movement.charge,
    Defend: reactions.defend,
    Interpose: reactions.interpose,
    ExtendedDefense: reactions.extended_defense,
    Counter: reactions.counter,
    Move: movement.move,
    Hold: turn.hold,
    Interrupt: turn.interrupt,
    KeepHold: turn.keep_hold,
    UseSupport: support.use_support,
    GiveEnergy: support.give_energy_to,
    Heal: support.heal_target,
    Interact: interaction.interact,
    Maintain: turn.maintain,
    SpendStress: turn.spend_stress,
    EndPhase: turn.end_phase,
    EndFight: turn.end_fight,
    ForceMove: movement.force_move,
    Regenerate: support.regenerate,
    Arrive: gm.arrive,
    Leave: gm.leave,
    Adjust: gm.adjust,
    PlaceTerrain: gm.place_terrain,
}


def decide(state: FightState, command: Command) -> list[Event]:
    """The events ``command`` causes in ``state``.

    Raises:
        Refused: the rules forbid the command now (``rule`` names which).
    """
    if state.phase is Phase.ENDED:
        checks.refuse("end_of_fight", N_("The fight is over."))
    handler = HANDLERS.get(type(command))
    if handler is None:
        checks.refuse("commands", N_("Unknown command {command}."), command=type(command).__name__)
    actor = getattr(command, "actor", None)
    if isinstance(command, PLAYABLE) and isinstance(actor, str):
        controller = control.played_by(state, actor)
        if controller is not None:
            return control.on_behalf(state, command, controller, handler)
    return handler(state, command)
