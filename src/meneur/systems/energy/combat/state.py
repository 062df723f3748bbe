"""The immutable state of a fight: turn, phase, order, combatants, pending decision, bookkeeping.

Conventions:
    * Everything is a named tuple, a frozen slotted dataclass or a tuple; a change copies only what changed
      (:func:`FightState.with_combatant`).
    * The phase machine: ``setup`` -> (turn 1) ``action`` -> ... -> turn n: ``recovery`` (automatic)
      -> ``maintenance`` -> ``action`` phases in initiative order -> next turn; ``ended`` at the end.
    * ``pending`` is a decision the fight waits for: an attack declared, waiting for its target's
      reaction ("le défenseur peut engager des points d'énergie en défense ... en réaction").
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from meneur.systems.energy.combat.commands import Attack
from meneur.systems.energy.combat.options import TableOptions
from meneur.systems.energy.combat.profile import Combatant, Point
from meneur.systems.energy.combat.tuples import quick_replace

DEFAULT_OPTIONS = TableOptions()


class Phase(StrEnum):
    """Phases of a turn (phase de récupération, d'entretien, d'action) plus set-up and end."""

    SETUP = "setup"
    RECOVERY = "recovery"
    MAINTENANCE = "maintenance"
    ACTION = "action"
    ENDED = "ended"


@quick_replace
class PendingAttack(NamedTuple):
    """An offensive action declared and paid, waiting for its current target's reaction.

    ``effective`` is the attack's value after reinforcement, GM modifier and halving; ``countered``
    is what counter-powers took from it. ``targets`` are the targets still to resolve (area attacks
    resolve one target after another); ``target`` is who takes the attack now (an interposer).
    """

    attacker: str
    power: int | None
    tokens: int
    effective: int
    kind: str
    condition: str | None
    targets: tuple[str, ...]
    target: str
    contact: bool
    countered: int = 0
    defense_halving: int = 0
    interposed_by: str | None = None
    interpose_power: int | None = None
    target_power: int | None = None
    destination: Point | None = None
    carry_legs: int | None = None
    maintained: bool = False
    terrain: str | None = None
    crossing: tuple[str, ...] = ()
    """Terrain elements a forced move or a carry takes its target through (paid or suffered)."""
    hit: tuple[str, ...] = ()
    """Characters this attack already hit ("une seule fois" each, area attacks)."""
    follow: Attack | None = None
    """A charge's attack waiting behind the hazard its move crossed (declared once the hazard resolved)."""


@dataclass(frozen=True, slots=True)
class Lasting:
    """An effect that lasts to the next turn and may be maintained in the maintenance phase."""

    owner: str
    power: int
    target: str
    kind: str
    tokens: int
    condition: str | None = None
    target_power: int | None = None

    @property
    def id(self) -> str:
        """A stable name of the effect (``owner/kind/target/power``): maintenance names what it keeps by
        it, never by a place in a list that shifts after each maintenance."""
        return f"{self.owner}/{self.kind}/{self.target}/{self.power}"


@dataclass(frozen=True, slots=True)
class Terrain:
    """A terrain element (rang = tokens engaged): an obstacle, a hazard or a portal."""

    id: str
    owner: str
    kind: str
    rank: int
    position: Point = (0.0, 0.0)
    exit: Point | None = None
    progress: int = 0
    diameter: float = 0.0


@dataclass(frozen=True, slots=True)
class Interruption:
    """A character acting from hold in the middle of another's action phase."""

    actor: str
    saved_pending: PendingAttack | None
    saved_targeted: frozenset[str]
    saved_acted: bool


_PLACES: dict[int, tuple[tuple[Combatant, ...], dict[str, int]]] = {}
_LAST: list[tuple[tuple[Combatant, ...], dict[str, int]]] = [((), {})]


def _places(combatants: tuple[Combatant, ...]) -> dict[str, int]:
    """``{id: position}`` of a combatants tuple, cached by identity (a speed-up of the legality query,
    which asks many questions of one state); the cache keeps the tuple alive, so ids are not reused.
    The last tuple asked about answers first, without hashing."""
    last = _LAST[0]
    if last[0] is combatants:
        return last[1]
    found = _PLACES.get(id(combatants))
    if found is None or found[0] is not combatants:
        if len(_PLACES) > 256:
            _PLACES.clear()
        found = (combatants, {c.id: i for i, c in enumerate(combatants)})
        _PLACES[id(combatants)] = found
    _LAST[0] = found
    return found[1]


def _remember(combatants: tuple[Combatant, ...], places: dict[str, int]) -> None:
    """Make ``places`` the answer of :func:`_places` for ``combatants`` (a copy with the same ids)."""
    if len(_PLACES) > 256:
        _PLACES.clear()
    found = (combatants, places)
    _PLACES[id(combatants)] = found
    _LAST[0] = found


@quick_replace
class FightState(NamedTuple):
    """The whole fight at one moment. Combatants keep the order of the fight file."""

    combatants: tuple[Combatant, ...]
    options: TableOptions = DEFAULT_OPTIONS
    turn: int = 0
    phase: Phase = Phase.SETUP
    order: tuple[str, ...] = ()
    active: int = 0
    acted: bool = False
    targeted: frozenset[str] = frozenset()
    pending: PendingAttack | None = None
    interruption: Interruption | None = None
    lasting: tuple[Lasting, ...] = ()
    maintainable: tuple[Lasting, ...] = ()
    terrain: tuple[Terrain, ...] = ()
    scene: tuple[tuple[str, int], ...] = ()

    def find(self, id: str) -> int:
        """Position of combatant ``id`` in :attr:`combatants` (-1 if unknown)."""
        last = _LAST[0]  # inlined fast path of _places
        places = last[1] if last[0] is self.combatants else _places(self.combatants)
        return places.get(id, -1)

    def get(self, id: str) -> Combatant:
        """The combatant ``id`` (KeyError when unknown)."""
        combatants = self.combatants
        last = _LAST[0]
        return combatants[(last[1] if last[0] is combatants else _places(combatants))[id]]

    def has(self, id: str) -> bool:
        """Whether ``id`` names a combatant of this fight."""
        return self.find(id) >= 0

    def with_combatant(self, combatant: Combatant) -> FightState:
        """A copy with ``combatant`` replacing the one of the same id (copy-on-write)."""
        places = _places(self.combatants)
        i = places[combatant.id]
        items = self.combatants
        changed = (*items[:i], combatant, *items[i + 1 :])
        _remember(changed, places)  # same ids at the same places: no need to rebuild the map
        return self._replace(combatants=changed)

    @property
    def acting(self) -> str | None:
        """Who acts now: the interrupting holder, else the character whose action phase it is."""
        if self.interruption is not None:
            return self.interruption.actor
        if self.phase is Phase.ACTION and self.active < len(self.order):
            return self.order[self.active]
        return None

    def progress(self, key: str) -> int:
        """Tokens already engaged in a scene interaction ``key`` (KITSUNE's valve)."""
        return dict(self.scene).get(key, 0)

    def terrain_element(self, id: str) -> Terrain | None:
        """The terrain element ``id`` if it stands."""
        for element in self.terrain:
            if element.id == id:
                return element
        return None


def is_over(state: FightState) -> bool:
    """Whether the fight has ended (the GM ended it: phase ``ended``)."""
    return state.phase is Phase.ENDED
