"""Terrain elements: "le rang de cet élément est égal au nombre de points d'énergie engagés"; to put it
out "il faudrait qu'un autre personnage engage 4 points" (BRANDON, 002_58e889a1abff3456.txt).

An ``obstacle`` costs its rank in extra tokens to cross (TEMPÊTE D'ACIER, FORGE, AXIOME); a ``hazard``
attacks whoever crosses it with its rank (BRANDON's wall of fire).
"""

from __future__ import annotations

from meneur.i18n import N_
from meneur.systems.energy.combat import checks
from meneur.systems.energy.combat.commands import UseSupport
from meneur.systems.energy.combat.events import Event, TerrainCreated
from meneur.systems.energy.combat.profile import Combatant
from meneur.systems.energy.combat.state import FightState, Terrain

KINDS = ("obstacle", "hazard")


def new_id(state: FightState, owner: str) -> str:
    """A fresh terrain id: ``<owner>-t<n>``."""
    taken = {t.id for t in state.terrain}
    n = 1
    while f"{owner}-t{n}" in taken:
        n += 1
    return f"{owner}-t{n}"


def use(state: FightState, who: Combatant, cmd: UseSupport) -> list[Event]:
    """A terrain element of rank tokens + reinforcement stands at ``cmd.at``."""
    if cmd.terrain_kind not in KINDS:
        checks.refuse("terrain", N_("A terrain element is an obstacle or a hazard, not {kind}."),
                      kind=cmd.terrain_kind)
    checks.tokens_between(who, cmd.tokens)
    rank = max(0, cmd.tokens + checks.first_use_modifier(who, cmd.power))
    element = Terrain(new_id(state, who.id), who.id, cmd.terrain_kind, rank, cmd.at or who.position)
    return [TerrainCreated(element, cmd.tokens)]
