"""Commands: what a player or the GM asks the fight to do (imperative, plain data).

``power`` is an index into the actor's powers (own powers, then borrowed ones); ``None`` means
"without a matching power" (half success, "si le MJ l'y autorise", 002_58e889a1abff3456.txt).
``gm_modifier`` is the GM's bonus or malus, at most 2 either way. Ids, positions, ranks and texts
are bounded (:mod:`.bounds`): the readers refuse what is off the plan or absurdly long.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import Field

from meneur.systems.energy.combat.bounds import (
    MAX_NAME,
    Amount,
    LastingId,
    Name,
    Names,
    Place,
    Rank,
    TerrainRank,
    Text,
)


@dataclass(frozen=True, slots=True)
class StartFight:
    """Start turn 1: pools at Énergie, initiative order fixed."""


@dataclass(frozen=True, slots=True)
class Attack:
    """An offensive action against ``target`` (and ``area_targets`` for an area attack).

    ``joined`` lists other copies of the same original, made by an offensive power, that add their
    tokens to this one attack (LEGION: "leurs points d'énergie doivent être additionnés et considérés
    comme une seule attaque"), as ``(copy id, tokens)`` pairs. ``portal`` names a portal the attack
    goes through ("des attaques peuvent transiter"), or, for a forced move, the portal the target is
    pulled through ("des ennemis peuvent être attirés à travers").
    """

    actor: Name
    target: Name
    tokens: int
    power: int | None = None
    area_targets: Names = ()
    diameter: float = 0.0
    gm_modifier: int = 0
    target_power: int | None = None
    destination: Place | None = None
    carry_legs: int | None = None
    keep_invisible: bool = False
    joined: tuple[tuple[Name, int], ...] = ()
    portal: Name | None = None
    crossing: Names = ()


@dataclass(frozen=True, slots=True)
class Charge:
    """Charge: a free move of up to 20 m to ``to`` then a contact attack on ``target``."""

    actor: Name
    target: Name
    to: Place
    tokens: int
    power: int | None = None
    gm_modifier: int = 0
    target_power: int | None = None
    destination: Place | None = None
    carry_legs: int | None = None
    crossing: Names = ()


@dataclass(frozen=True, slots=True)
class Defend:
    """React to the pending attack: place ``tokens`` in defence and oppose ``power`` (or none)."""

    actor: Name
    tokens: int = 0
    power: int | None = None
    gm_modifier: int = 0


@dataclass(frozen=True, slots=True)
class Interpose:
    """Take the pending attack in place of an ally within 5 m, with ``power`` (or none: half)."""

    actor: Name
    power: int | None = None


@dataclass(frozen=True, slots=True)
class ExtendedDefense:
    """Place ``tokens`` in a defence extended to ``allies`` within 5 m (1 extra token each)."""

    actor: Name
    tokens: int
    allies: Names
    power: int | None = None
    gm_modifier: int = 0


@dataclass(frozen=True, slots=True)
class Counter:
    """From hold, oppose ``power`` to the pending attack: its tokens are taken from the attack."""

    actor: Name
    tokens: int
    power: int | None = None
    gm_modifier: int = 0


@dataclass(frozen=True, slots=True)
class Move:
    """Move to ``to``: 20 m (1 token, +1 per carried willing ally) or a free small move of 5 m.

    ``crossing`` names the terrain elements crossed (an obstacle costs its rank, a hazard attacks);
    ``leave_portal`` (a Mov teleport) leaves a portal open behind for 1 more token.
    """

    actor: Name
    to: Place
    power: int | None = None
    carry: Names = ()
    small: bool = False
    crossing: Names = ()
    portal: Name | None = None
    leave_portal: bool = False


@dataclass(frozen=True, slots=True)
class Hold:
    """Give up acting now for 1 token and wait ("se placer en attente")."""

    actor: Name


@dataclass(frozen=True, slots=True)
class Interrupt:
    """Act now from hold, even in the middle of another character's action phase."""

    actor: Name


@dataclass(frozen=True, slots=True)
class KeepHold:
    """In the maintenance phase, keep a hold into the new turn for 1 token."""

    actor: Name


@dataclass(frozen=True, slots=True)
class UseSupport:
    """Use a support power (or any power for its own effect): terrain, energy, healing, portal...

    ``tokens`` are the tokens engaged; willing ``targets`` beyond the first cost 1 more each.
    """

    actor: Name
    power: int
    tokens: int
    targets: Names = ()
    at: Place | None = None
    exit: Place | None = None
    terrain_kind: Name = "obstacle"
    gm_modifier: int = 0
    diameter: float = 0.0


@dataclass(frozen=True, slots=True)
class GiveEnergy:
    """Give energy to an ally with a power of kind ``give_energy`` (half success); ``also`` names more
    willing allies, 1 token more each ("chaque personne en plus de la première")."""

    actor: Name
    power: int
    tokens: int
    target: Name
    also: Names = ()
    gm_modifier: int = 0


@dataclass(frozen=True, slots=True)
class Heal:
    """Heal a character within 5 m with a power of kind ``heal`` (half success); ``also`` names more
    willing characters, 1 token more each ("chaque personne en plus de la première")."""

    actor: Name
    power: int
    tokens: int
    target: Name
    also: Names = ()
    gm_modifier: int = 0


@dataclass(frozen=True, slots=True)
class Interact:
    """Interact with the scene (``key``: a door, a valve, a terrain element to remove)."""

    actor: Name
    key: Name
    tokens: int
    required: int = 1
    power: int | None = None
    gm_modifier: int = 0
    at: Place | None = None


@dataclass(frozen=True, slots=True)
class Maintain:
    """In the maintenance phase, pay again for a lasting effect with ``tokens``.

    ``lasting`` is the effect's id (``owner/kind/target/power``, as ``legal`` lists it); the position in
    the list of effects to maintain is still read, for files written before ids existed.
    """

    actor: Name
    lasting: LastingId | int
    tokens: int
    gm_modifier: int = 0


@dataclass(frozen=True, slots=True)
class SpendStress:
    """Check a stress box: ``feat`` (action d'éclat), ``determination`` or ``second_wind``."""

    actor: Name
    use: Name
    power: int | None = None
    category: Name | None = None


@dataclass(frozen=True, slots=True)
class EndPhase:
    """End the current action phase (or the maintenance phase, or an interruption): pass."""

    actor: Name | None = None


@dataclass(frozen=True, slots=True)
class EndFight:
    """End the fight; the GM may mark knocked-out characters blessé or épuisé."""

    wounded: Names = ()
    exhausted: Names = ()


@dataclass(frozen=True, slots=True)
class ForceMove:
    """Move an unwilling ``target`` by force to ``to`` (at most 20 m): an offensive action in half success
    that must beat the target's defence (Super Force pushing, a teleporter moving a foe).

    ``power`` is optional: the general action needs none. ``crossing`` names the terrain elements the
    target is moved through; ``portal`` pulls it through a portal instead of to ``to``.
    """

    actor: Name
    target: Name
    tokens: int
    to: Place
    power: int | None = None
    gm_modifier: int = 0
    crossing: Names = ()
    portal: Name | None = None


@dataclass(frozen=True, slots=True)
class Regenerate:
    """In the maintenance phase, regain Vigueur with one's own healing power, in half success (table
    option ``regeneration_in_maintenance``: "si le MJ l'autorise")."""

    actor: Name
    power: int
    tokens: int
    gm_modifier: int = 0


@dataclass(frozen=True, slots=True)
class Arrive:
    """GM: a new combatant joins the fight ("un nouvel ennemi arrive") and takes its place in the
    initiative order (after the characters of higher Énergie). Give ``hero``, ``character`` (the
    character itself, as its file holds it: a table's character) or ``npc`` (a rank)."""

    id: Name
    side: Name
    hero: Name | None = None
    npc: Rank | None = None
    name: Annotated[str, Field(max_length=MAX_NAME)] | None = None
    pc: bool | None = None
    position: Place = (0.0, 0.0)
    energy: Amount | None = None
    vigor: Amount | None = None
    character: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class Leave:
    """GM: ``target`` leaves the fight (``fled``: it flees); it no longer acts nor can be targeted."""

    target: Name
    fled: bool = False
    reason: Text = ""


@dataclass(frozen=True, slots=True)
class Adjust:
    """GM: set ``target``'s Vigueur, energy or position, or add or remove a condition, for ``reason``."""

    target: Name
    reason: Text
    vigor: int | None = None
    energy: int | None = None
    position: Place | None = None
    add_condition: Name | None = None
    remove_condition: Name | None = None


@dataclass(frozen=True, slots=True)
class PlaceTerrain:
    """GM: a hazard or an obstacle that is no power's (a fire, a collapsed wall) of ``rank`` at ``at``."""

    kind: Name
    rank: TerrainRank
    at: Place
    reason: Text = ""


Pass = EndPhase
"""Passing is ending one's action phase."""

Command = (
    StartFight
    | Attack
    | Charge
    | Defend
    | Interpose
    | ExtendedDefense
    | Counter
    | Move
    | Hold
    | Interrupt
    | KeepHold
    | UseSupport
    | GiveEnergy
    | Heal
    | Interact
    | Maintain
    | SpendStress
    | EndPhase
    | EndFight
    | ForceMove
    | Regenerate
    | Arrive
    | Leave
    | Adjust
    | PlaceTerrain
)

COMMAND_TYPES: dict[str, type] = {
    "start": StartFight,
    "attack": Attack,
    "charge": Charge,
    "defend": Defend,
    "interpose": Interpose,
    "extended_defense": ExtendedDefense,
    "counter": Counter,
    "move": Move,
    "hold": Hold,
    "interrupt": Interrupt,
    "keep_hold": KeepHold,
    "support": UseSupport,
    "give_energy": GiveEnergy,
    "heal": Heal,
    "interact": Interact,
    "maintain": Maintain,
    "stress": SpendStress,
    "pass": EndPhase,
    "end_phase": EndPhase,
    "end": EndFight,
    "force_move": ForceMove,
    "regenerate": Regenerate,
    "arrive": Arrive,
    "leave": Leave,
    "adjust": Adjust,
    "place_terrain": PlaceTerrain,
}
"""Command names used in fight files."""
