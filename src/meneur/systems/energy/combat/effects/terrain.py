"""Terrain elements: "le rang de cet élément est égal au nombre de points d'énergie engagés"; to put it
out "il faudrait qu'un autre personnage engage 4 points" (BRANDON, 002_58e889a1abff3456.txt).

An ``obstacle`` costs its rank in extra tokens to cross (TEMPÊTE D'ACIER, FORGE, AXIOME); a ``hazard``
attacks whoever crosses it with its rank (BRANDON's wall of fire).
"""

from __future__ import annotations

from meneur.i18n import N_
from meneur.systems.energy.combat import checks
from meneur.systems.energy.combat.commands import Attack, UseSupport
from meneur.systems.energy.combat.events import AttackDeclared, Event, TerrainCreated
from meneur.systems.energy.combat.profile import Combatant, Point
from meneur.systems.energy.combat.state import FightState, PendingAttack, Terrain

KINDS = ("obstacle", "hazard")
ZONE = "slow_zone"
"""HORLOGE's time-slow zone: "une zone de ralentissement temporel qui opposerait le nombre de points
d'énergie engagé à ce qui est dépensé à l'intérieur (en demi-succès à cause de l'effet de zone)"."""


def new_id(state: FightState, owner: str) -> str:
    """A fresh terrain id: ``<owner>-t<n>``."""
    taken = {t.id for t in state.terrain}
    n = 1
    while f"{owner}-t{n}" in taken:
        n += 1
    return f"{owner}-t{n}"


def use(state: FightState, who: Combatant, cmd: UseSupport) -> list[Event]:
    """A terrain element of rank tokens + reinforcement stands at ``cmd.at``."""
    if cmd.terrain_kind not in (*KINDS, ZONE):
        checks.refuse(
            "terrain", N_("A terrain element is an obstacle or a hazard, not {kind}."), kind=cmd.terrain_kind
        )
    zone = cmd.terrain_kind == ZONE
    if zone and not 0 < cmd.diameter <= checks.AREA_MAX_DIAMETER:
        checks.refuse("area", N_("An area is at most 20 m across, not {diameter} m."), diameter=cmd.diameter)
    at = cmd.at or who.position
    halving = int(zone) + checks.far_point_while_engaged(state, who, at)
    rank = checks.halve(cmd.tokens + checks.first_use_modifier(who, cmd.power) + cmd.gm_modifier, halving)
    element = Terrain(
        new_id(state, who.id), who.id, cmd.terrain_kind, rank, at, diameter=cmd.diameter if zone else 0.0
    )
    return [TerrainCreated(element, cmd.tokens)]


def crossing_cost(state: FightState, ids: tuple[str, ...]) -> tuple[int, tuple[str, ...]]:
    """Extra tokens to cross obstacles ("3 points nécessaires pour la détruire ou la franchir", FORGE) and
    the hazards crossed (each an attack of its rank: "Toute personne qui tenterait de le traverser
    subirait une attaque de feu de 4", BRANDON). Every way of crossing pays or suffers them: a move, a
    small move, a charge, a forced move, a carry."""
    if not ids:  # most actions cross nothing: every action asks
        return 0, ()
    extra, hazards = 0, []
    for id in ids:
        element = state.terrain_element(id)
        if element is None:
            checks.refuse("terrain", N_("There is no terrain element {id}."), id=id)
        if element.kind == "hazard":
            hazards.append(id)
        elif element.kind == "obstacle":
            extra += element.rank
    return extra, tuple(hazards)


def hazard_attack(
    state: FightState, movers: tuple[str, ...], id: str, follow: Attack | None = None
) -> PendingAttack:
    """The attack a hazard makes on everyone who crosses it (its rank in tokens), each once."""
    element = state.terrain_element(id)
    assert element is not None
    return PendingAttack(
        attacker=element.owner,
        power=None,
        tokens=0,
        effective=element.rank,
        kind="damage",
        condition=None,
        targets=movers,
        target=movers[0],
        contact=False,
        terrain=id,
        follow=follow,
    )


def hazards_after(
    state: FightState,
    mover: str,
    crossing: tuple[str, ...],
    carried: tuple[str, ...] = (),
    follow: Attack | None = None,
) -> list[Event]:
    """The first hazard crossed attacks the mover and those it carries (the fight waits for defences)."""
    _extra, hazards = crossing_cost(state, crossing)
    if not hazards:
        return []
    return [AttackDeclared(hazard_attack(state, (mover, *carried), hazards[0], follow), 0, 0, 0, 0)]


def slowing(state: FightState, at: Point) -> int:
    """Tokens a time-slow zone takes from an action paid at ``at`` inside it (the strongest zone)."""
    if not state.terrain:  # most fights have none: every action asks
        return 0
    return max(
        (
            t.rank
            for t in state.terrain
            if t.kind == ZONE and checks.distance(t.position, at) <= t.diameter / 2
        ),
        default=0,
    )
