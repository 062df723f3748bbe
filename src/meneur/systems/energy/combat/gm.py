"""The game master's commands in a live fight: a combatant arrives or leaves, the GM adjusts numbers or
conditions, places a hazard or an obstacle. Each is an event of the log (undo and replay stay exact),
shown as the GM's.

"introduire un nouveau problème toutes les 15 minutes de jeu (un nouvel ennemi arrive, une partie du
terrain s'effondre, un civil est mis en danger...)" (002_58e889a1abff3456.txt).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING

from meneur.i18n import N_
from meneur.systems.energy.combat import checks, rules
from meneur.systems.energy.combat.bounds import MAX_COMBATANTS, PLAN
from meneur.systems.energy.combat.commands import Adjust, Arrive, Leave, PlaceTerrain
from meneur.systems.energy.combat.effects.terrain import KINDS
from meneur.systems.energy.combat.events import (
    Adjusted,
    CombatantArrived,
    CombatantLeft,
    Event,
    TerrainPlaced,
)
from meneur.systems.energy.combat.profile import Combatant, Point
from meneur.systems.energy.combat.state import FightState, Phase, Terrain
from meneur.systems.energy.model import CONDITIONS

if TYPE_CHECKING:
    from meneur.systems.energy.combat.files import CombatantEntry

GM = "gm"
"""The owner of the terrain elements the GM places, and the actor of the GM's commands in ``legal``."""


def place_in_order(state: FightState, newcomer: Combatant) -> int:
    """Where ``newcomer`` acts: after every character of higher Énergie (PCs before NPCs on a tie, a
    newcomer after the others of its rank), as the initiative rule orders them."""
    key = (-newcomer.energy_max, not newcomer.pc)
    for i, id in enumerate(state.order):
        other = state.get(id)
        if key < (-other.energy_max, not other.pc):
            return i
    return len(state.order)


def arrive(state: FightState, cmd: Arrive) -> list[Event]:
    """A new combatant (a built-in hero, a character given whole or a quick NPC) joins the fight at
    its place in the order."""
    from meneur.systems.energy.combat.files import combatant_of

    checks.phase_is(state, Phase.SETUP, Phase.ACTION, Phase.MAINTENANCE)
    checks.no_pending(state)
    if state.has(cmd.id) or cmd.id == GM:
        checks.refuse("combatants", N_("There is already a combatant {id} in this fight."), id=cmd.id)
    if len(state.combatants) >= MAX_COMBATANTS:
        checks.refuse("combatants", N_("A fight holds {most} combatants at most."), most=MAX_COMBATANTS)
    newcomer = combatant_of(_entry(cmd), Path("."), state.options)
    if not rules.may_fight(newcomer.states):
        checks.refuse(
            "states",
            N_("{name} is {gender:brisé} and cannot fight."),
            name=newcomer.name,
            gender=newcomer.gender,
        )
    place = place_in_order(state, newcomer) if state.phase is not Phase.SETUP else len(state.order)
    return [CombatantArrived(newcomer._replace(position=free_place(state, newcomer.position)), place)]


SPACING = 2.0
"""Metres between a newcomer and the combatant standing where it was to arrive."""


def free_place(state: FightState, wanted: Point) -> Point:
    """Where a newcomer asked to arrive at ``wanted`` stands: there if no one in the fight stands within
    a metre, else the nearest free spot 2 m, 4 m... away along the axes (two tokens on one spot would
    hide each other on the plan; ruling "A newcomer lands beside whoever stands where it arrives")."""

    def free(point: Point) -> bool:
        return all(c.out or math.dist(c.position, point) >= SPACING / 2 for c in state.combatants)

    if free(wanted):
        return wanted
    x, y = wanted
    for step in range(1, MAX_COMBATANTS + 1):
        d = SPACING * step
        for point in ((x + d, y), (x, y + d), (x - d, y), (x, y - d)):
            if free(point) and all(abs(v) <= PLAN for v in point):
                return point
    return wanted


def _entry(cmd: Arrive) -> CombatantEntry:
    """The arrival as a fight file's combatant line, checked as the file's are (naming the field:
    ``arrive.side``)."""
    from pydantic import ValidationError

    from meneur.engine.problems import explain
    from meneur.systems.energy.combat.files import CombatantEntry

    try:
        return CombatantEntry.model_validate(
            {
                k: v
                for k, v in (
                    ("id", cmd.id),
                    ("side", cmd.side),
                    ("hero", cmd.hero),
                    ("character", cmd.character),
                    ("npc", cmd.npc),
                    ("name", cmd.name),
                    ("pc", cmd.pc),
                    ("position", cmd.position),
                    ("energy", cmd.energy),
                    ("vigor", cmd.vigor),
                )
                if v is not None
            }
        )
    except ValidationError as error:
        raise explain(error, "arrive") from None


def leave(state: FightState, cmd: Leave) -> list[Event]:
    """A combatant leaves or flees; if it was acting, the next action phase begins."""
    from meneur.systems.energy.combat.turn import advance

    checks.phase_is(state, Phase.ACTION, Phase.MAINTENANCE)
    checks.no_pending(state)
    who = checks.combatant(state, cmd.target)
    if not rules.may_leave(who):
        checks.refuse("combatants", N_("{name} is no longer in the fight."), name=who.name)
    events: list[Event] = [CombatantLeft(who.id, cmd.fled, cmd.reason)]
    if state.interruption is None and state.acting == who.id:
        from meneur.systems.energy.combat.evolve import evolve

        events += advance(evolve(state, events[0]), who.id)
    return events


def adjust(state: FightState, cmd: Adjust) -> list[Event]:
    """Set a combatant's Vigueur, energy, position or conditions, with a reason the log shows."""
    checks.phase_is(state, Phase.ACTION, Phase.MAINTENANCE)
    checks.no_pending(state)
    who = checks.combatant(state, cmd.target)
    if not cmd.reason.strip():
        checks.refuse("gm", N_("Say why the GM adjusts {name} (reason)."), name=who.name)
    if cmd.vigor is not None and not 0 <= cmd.vigor <= who.vigor_max:
        checks.refuse(
            "gm",
            N_("Vigueur of {name} goes from 0 to {most}, not {value}."),
            name=who.name,
            most=who.vigor_max,
            value=cmd.vigor,
        )
    if cmd.energy is not None and not 0 <= cmd.energy <= who.energy_max:
        checks.refuse(
            "gm",
            N_("Energy of {name} goes from 0 to {most}, not {value}."),
            name=who.name,
            most=who.energy_max,
            value=cmd.energy,
        )
    for condition in (cmd.add_condition, cmd.remove_condition):
        if condition is not None and condition not in CONDITIONS:
            checks.refuse(
                "gm",
                N_("Unknown condition {condition}; known: {known}."),
                condition=condition,
                known=", ".join(CONDITIONS),
            )
    if cmd.remove_condition is not None and cmd.remove_condition not in who.conditions:
        checks.refuse(
            "gm", N_("{name} does not suffer {condition}."), name=who.name, condition=cmd.remove_condition
        )
    return [
        Adjusted(
            who.id,
            cmd.reason,
            cmd.vigor,
            cmd.energy,
            cmd.position,
            cmd.add_condition,
            cmd.remove_condition,
            vigor_before=None if cmd.vigor is None else who.vigor,
        )
    ]


def place_terrain(state: FightState, cmd: PlaceTerrain) -> list[Event]:
    """A hazard (attacks whoever crosses it with its rank) or an obstacle (costs its rank to cross)."""
    checks.phase_is(state, Phase.SETUP, Phase.ACTION, Phase.MAINTENANCE)
    checks.no_pending(state)
    if cmd.kind not in KINDS:
        checks.refuse(
            "terrain", N_("A terrain element is an obstacle or a hazard, not {kind}."), kind=cmd.kind
        )
    if cmd.rank < 1:
        checks.refuse("terrain", N_("A terrain element has a rank of at least 1, not {rank}."), rank=cmd.rank)
    taken = {t.id for t in state.terrain}
    n = 1
    while f"{GM}-t{n}" in taken:
        n += 1
    return [TerrainPlaced(Terrain(f"{GM}-t{n}", GM, cmd.kind, cmd.rank, cmd.at), cmd.reason)]
