"""Portals (NEXUS): "ils persistent tant qu'ils sont entretenus et sont accessibles à tous"; "Le
portail ne nécessite qu'un seul point d'énergie pour faire passer un humain"; opened "gratuitement
(grâce au renforcement)" and maintained "1 point offert par le renforcement" (002_58e889a1abff3456.txt)."""

from __future__ import annotations

from meneur.i18n import N_
from meneur.systems.energy.combat import checks
from meneur.systems.energy.combat.commands import UseSupport
from meneur.systems.energy.combat.effects.terrain import new_id
from meneur.systems.energy.combat.events import Event, LastingNoted, TerrainCreated
from meneur.systems.energy.combat.profile import Combatant, Point
from meneur.systems.energy.combat.state import FightState, Lasting, Terrain
from meneur.systems.energy.combat.words import metres


def far_end(state: FightState, who: str, at: Point, id: str | None, reach: float) -> Point:
    """The other end of portal ``id`` for someone at ``at`` within ``reach`` of one of its ends.

    A portal works both ways: "Le portail sert aussi de couloir de retraite"; "Quiconque passe à
    travers est téléporté à l'autre extrémité" (002_58e889a1abff3456.txt).
    """
    element = state.terrain_element(id or "")
    if element is None or element.kind != "portal" or element.exit is None:
        checks.refuse("portal", N_("There is no portal {id}."), id=id)
    if checks.distance(at, element.position) <= reach:
        return element.exit
    if checks.distance(at, element.exit) > reach:
        checks.refuse(
            "portal",
            N_("{name} is more than {metres} m from both ends of the portal {id}."),
            name=who,
            metres=metres(reach),
            id=id,
        )
    return element.position


def use(state: FightState, who: Combatant, cmd: UseSupport) -> list[Event]:
    """A portal of rank ``tokens`` between ``at`` and ``exit``; a reinforcement pays for it."""
    if cmd.at is None or cmd.exit is None:
        checks.refuse("portal", N_("A portal needs both ends: 'at' and 'exit'."))
    if cmd.tokens < 1:
        checks.refuse_counted("minimum_cost", checks.TOO_FEW, 1, tokens=cmd.tokens)
    paid = checks.fixed_cost(who, cmd.power, cmd.tokens)
    checks.can_pay(who, paid)
    element = Terrain(new_id(state, who.id), who.id, "portal", cmd.tokens, cmd.at, cmd.exit)
    return [
        TerrainCreated(element, paid),
        LastingNoted(Lasting(who.id, cmd.power, element.id, "portal", cmd.tokens)),
    ]
