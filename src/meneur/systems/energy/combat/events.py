"""Events: what happened (past tense). The event log is the truth; the state is a fold over it.

Events are named tuples (cheap to build). They carry every number a renderer needs to explain
a resolution (raw tokens, bonuses, halving, defence met) and everything :mod:`.evolve` needs,
so that applying never decides anything.
"""

from __future__ import annotations

from typing import NamedTuple

from meneur.systems.energy.combat.profile import Combatant, Point
from meneur.systems.energy.combat.state import Lasting, PendingAttack, Terrain


class FightStarted(NamedTuple):
    """Turn 1 begins; ``order`` is the initiative order."""

    order: tuple[str, ...]
    first: int


class TurnStarted(NamedTuple):
    """A new turn: the recovery phase ran (defence removed, ``gains`` recovered) -> maintenance."""

    turn: int
    order: tuple[str, ...]
    gains: tuple[tuple[str, int], ...]


class MaintenanceEnded(NamedTuple):
    """The maintenance phase is over; the first action phase (``first`` in the order) begins."""

    first: int
    dropped_holds: tuple[str, ...]
    dropped_terrain: tuple[str, ...]
    dropped_immunity: tuple[str, ...]


class ActionPhaseEnded(NamedTuple):
    """``actor`` passed; the action phase of ``order[next]`` begins (len(order): end of the turn)."""

    actor: str
    next: int


class AttackDeclared(NamedTuple):
    """An attack was paid and declared; it waits for the target's reaction.

    ``effective`` = max(0, tokens + bonus + adjustment) halved ``halving`` times.
    """

    pending: PendingAttack
    paid: int
    bonus: int
    adjustment: int
    halving: int
    reasons: tuple[str, ...] = ()
    """Why the attack is halved, one key per halving (see :data:`.attack.HALVING_REASONS`)."""
    malus: int = 0
    """The engagement malus inside ``adjustment`` (Off-D against the engager); the rest is the GM's."""


class DefensePlaced(NamedTuple):
    """``actor`` paid ``paid`` and placed ``tokens`` raw tokens (reinforcement included) in defence."""

    actor: str
    tokens: int
    paid: int
    power: int | None
    level: int


class Interposed(NamedTuple):
    """``actor`` took the attack in place of its target."""

    actor: str
    target: str
    power: int | None


class ExtendedDefensePlaced(NamedTuple):
    """``actor`` placed ``tokens`` in a defence covering ``allies`` and paid ``paid``."""

    actor: str
    tokens: int
    allies: tuple[str, ...]
    paid: int
    power: int | None


class Countered(NamedTuple):
    """``actor`` opposed a counter-power from hold: ``effective`` taken from the attack."""

    actor: str
    paid: int
    effective: int
    power: int | None


class AttackResolved(NamedTuple):
    """The attack met the defence: success when ``attack`` > ``defense``; ``margin`` = the difference.

    One raw defence token is then removed from the target and from each protector in ``protectors``.
    """

    attacker: str
    target: str
    attack: int
    countered: int
    defense: int
    own_defense: int
    protectors: tuple[str, ...]
    success: bool
    margin: int
    kind: str
    immune: bool = False


class AttackLost(NamedTuple):
    """The interrupted attack can no longer happen; its tokens stay spent."""

    attacker: str
    target: str


class VigorLost(NamedTuple):
    """``target`` lost ``amount`` Vigueur (``out`` when it reached 0)."""

    target: str
    amount: int
    out: bool


class VigorRestored(NamedTuple):
    """``target`` regained ``amount`` Vigueur (healing), ``back`` when it returns to consciousness."""

    actor: str
    target: str
    amount: int
    paid: int
    back: bool


class ConditionApplied(NamedTuple):
    """``target`` suffers ``condition`` until the next turn starts."""

    target: str
    condition: str
    by: str


class Engaged(NamedTuple):
    """``target`` is engaged by the Off-C attacker ``by``."""

    target: str
    by: str


class Moved(NamedTuple):
    """``actor`` moved to ``to`` paying ``paid`` (``carried`` moved along)."""

    actor: str
    to: Point
    paid: int
    carried: tuple[str, ...] = ()
    small: bool = False
    charge: bool = False
    power: int | None = None
    forced_by: str | None = None


class PowerUsed(NamedTuple):
    """First use of ``power`` this turn (its reinforcement or weakening is now spent)."""

    actor: str
    power: int


class Held(NamedTuple):
    """``actor`` paid 1 token and is now on hold."""

    actor: str
    next: int


class HoldKept(NamedTuple):
    """``actor`` paid 1 token to keep its hold into this turn."""

    actor: str


class Interrupted(NamedTuple):
    """``actor`` acts from hold now."""

    actor: str


class InterruptionEnded(NamedTuple):
    """``actor`` finished acting from hold; the fight resumes where it was."""

    actor: str


class EnergyGiven(NamedTuple):
    """``actor`` paid ``paid`` and ``target`` gained ``amount`` tokens (up to its Énergie)."""

    actor: str
    target: str
    paid: int
    amount: int


class SupportUsed(NamedTuple):
    """``actor`` paid ``paid`` for a support power with no lasting mark (a link, a generic effect)."""

    actor: str
    power: int
    paid: int
    targets: tuple[str, ...]


class TerrainCreated(NamedTuple):
    """A terrain element (obstacle, hazard, portal) now stands."""

    element: Terrain
    paid: int


class TerrainRemoved(NamedTuple):
    """A terrain element is gone."""

    id: str


class TerrainWeakened(NamedTuple):
    """``actor`` engaged ``paid`` tokens (worth ``value``) against the terrain element ``id``, whose rank is
    now ``rank`` (0: it is gone): "un cône de froid pour affaiblir un mur de feu"."""

    actor: str
    id: str
    paid: int
    value: int
    rank: int
    power: int | None = None


class InteractionProgressed(NamedTuple):
    """``actor`` engaged ``tokens`` in the scene interaction ``key`` (``total`` of ``required``)."""

    actor: str
    key: str
    paid: int
    tokens: int
    total: int
    required: int


class PowerStolen(NamedTuple):
    """``thief`` took ``power`` from ``victim`` until the end of the turn (without its modifier)."""

    thief: str
    victim: str
    power: int


class PowerAbsorbed(NamedTuple):
    """``defender`` stopped the attack with an absorbing defence: ``attacker`` loses ``power`` for the
    turn."""

    defender: str
    attacker: str
    power: int


class ControlTaken(NamedTuple):
    """``controller`` plays ``target`` with its own tokens until the next turn starts."""

    controller: str
    target: str


class EnergyLent(NamedTuple):
    """``controller`` lends its pool to the ``target`` it controls, for one command."""

    controller: str
    target: str
    amount: int


class EnergyReturned(NamedTuple):
    """The controlled ``target`` gives back the lent tokens it did not spend."""

    target: str
    controller: str
    amount: int


class Slowed(NamedTuple):
    """``target`` recovers only half its Récupération at the next recovery phase."""

    target: str


class Jinxed(NamedTuple):
    """``target``'s next move fails (DÉJÀ-VU's bad luck)."""

    target: str


class MoveFailed(NamedTuple):
    """``actor``'s move failed to bad luck; its token is spent."""

    actor: str
    paid: int


class ImmunityRaised(NamedTuple):
    """``actor`` paid ``paid`` and is immune until the end of the turn."""

    actor: str
    paid: int


class InvisibilityChanged(NamedTuple):
    """``actor`` became invisible (``visible`` False) or reappeared, paying ``paid``."""

    actor: str
    visible: bool
    paid: int


class CopyCreated(NamedTuple):
    """``copy`` (a duplicate of its original) joins the fight; the original paid ``paid``."""

    copy: Combatant
    paid: int


class AttackJoined(NamedTuple):
    """The copy ``actor`` adds ``paid`` tokens to the attack on ``target`` (LEGION's copies)."""

    actor: str
    target: str
    paid: int


class LastingNoted(NamedTuple):
    """An effect that may be maintained in the next maintenance phase."""

    lasting: Lasting


class LastingMaintained(NamedTuple):
    """``lasting`` was paid again in the maintenance phase (``paid`` tokens)."""

    lasting: Lasting
    paid: int


class StressSpent(NamedTuple):
    """``actor`` checked a stress box for ``use`` (feat: ``power`` also counts as ``category``)."""

    actor: str
    use: str
    power: int | None
    category: str | None


class FightEnded(NamedTuple):
    """The fight is over: Vigueur restored (half, rounded up, for the blessé), states marked."""

    restored: tuple[tuple[str, int], ...]
    wounded: tuple[str, ...]
    exhausted: tuple[str, ...]
    winner: str | None = None
    """The side that stood alone when the fight ended (None: no side did). Last, so that older logs
    read unchanged."""


class CombatantArrived(NamedTuple):
    """The GM brought ``combatant`` into the fight at ``place`` in the initiative order."""

    combatant: Combatant
    place: int


class CombatantLeft(NamedTuple):
    """The GM took ``target`` out of the fight (``fled``: it fled)."""

    target: str
    fled: bool
    reason: str = ""


class Adjusted(NamedTuple):
    """The GM set ``target``'s numbers or conditions (None: unchanged) for ``reason``;
    ``vigor_before`` is the Vigueur the adjustment replaced (None: not recorded, in logs older than it)."""

    target: str
    reason: str
    vigor: int | None = None
    energy: int | None = None
    position: Point | None = None
    add_condition: str | None = None
    remove_condition: str | None = None
    vigor_before: int | None = None

    @property
    def vigor_lost(self) -> int:
        """The Vigueur the GM took (0 when given back, unchanged or not recorded)."""
        if self.vigor is None or self.vigor_before is None:
            return 0
        return max(0, self.vigor_before - self.vigor)


class TerrainPlaced(NamedTuple):
    """The GM placed a terrain element that is no power's."""

    element: Terrain
    reason: str = ""


Event = (
    FightStarted
    | TurnStarted
    | MaintenanceEnded
    | ActionPhaseEnded
    | AttackDeclared
    | DefensePlaced
    | Interposed
    | ExtendedDefensePlaced
    | Countered
    | AttackResolved
    | AttackLost
    | VigorLost
    | VigorRestored
    | ConditionApplied
    | Engaged
    | Moved
    | PowerUsed
    | Held
    | HoldKept
    | Interrupted
    | InterruptionEnded
    | EnergyGiven
    | SupportUsed
    | TerrainCreated
    | TerrainRemoved
    | TerrainWeakened
    | InteractionProgressed
    | PowerStolen
    | PowerAbsorbed
    | ControlTaken
    | EnergyLent
    | EnergyReturned
    | Slowed
    | Jinxed
    | MoveFailed
    | ImmunityRaised
    | InvisibilityChanged
    | CopyCreated
    | AttackJoined
    | LastingNoted
    | LastingMaintained
    | StressSpent
    | FightEnded
    | CombatantArrived
    | CombatantLeft
    | Adjusted
    | TerrainPlaced
)
