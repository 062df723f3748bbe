"""Immunity: "en mode tout ou rien, depuis l'activation ... jusqu'à la fin du tour"; "ne peut plus
agir sur le champ de bataille même s'il peut encore se déplacer"; kept "en payant son énergie requise
lors de la phase d'entretien" (002_58e889a1abff3456.txt)."""

from __future__ import annotations

from meneur.systems.energy.combat import checks
from meneur.systems.energy.combat.commands import UseSupport
from meneur.systems.energy.combat.events import Event, ImmunityRaised, LastingNoted
from meneur.systems.energy.combat.profile import Combatant
from meneur.systems.energy.combat.state import FightState, Lasting


def use(state: FightState, who: Combatant, cmd: UseSupport) -> list[Event]:
    """The user becomes immune until the end of the turn for the tokens the GM requires."""
    paid = checks.fixed_cost(who, cmd.power, cmd.tokens)
    return [
        ImmunityRaised(who.id, paid),
        LastingNoted(Lasting(who.id, cmd.power, who.id, "immunity", cmd.tokens)),
    ]
