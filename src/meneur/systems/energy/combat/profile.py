"""Combat profiles: the part of a character the fight engine needs, in plain slotted dataclasses.

The engine never touches pydantic models on its hot path: :func:`combatant_from_character` is the one
adapter from :class:`~meneur.systems.energy.model.Character` to :class:`Combatant`.
State is immutable; change a combatant with ``combatant._replace(...)`` (a named tuple: cheap copies).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from meneur.systems.energy.campaign.states import energy_after_states, vigor_after_states
from meneur.systems.energy.combat.tuples import quick_replace
from meneur.systems.energy.model import Character, Power

OFFENSIVE = ("off_c", "off_d")
Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class PowerProfile:
    """A power as combat sees it: category, signed modifier, effect kind, condition, area."""

    name: str
    category: str
    modifier: int = 0
    effect: str | None = None
    condition: str | None = None
    area: bool = False
    dodge: bool = False

    @property
    def reinforcement(self) -> int:
        """Renforcement (+X), 0 otherwise."""
        return max(self.modifier, 0)

    @property
    def weakening(self) -> int:
        """Affaiblissement (-X) as a non-negative number."""
        return max(-self.modifier, 0)

    @property
    def kind(self) -> str | None:
        """The effect kind with the category default: damage for offensive powers."""
        if self.effect is not None:
            return self.effect
        return "damage" if self.category in OFFENSIVE else None


@quick_replace
class Combatant(NamedTuple):
    """One fighter: fixed profile (first fields) then the tokens and marks that change during a fight."""

    id: str
    name: str
    side: str
    pc: bool
    energy_max: int
    recovery: int
    vigor_max: int
    powers: tuple[PowerProfile, ...]
    states: frozenset[str] = frozenset()
    energy: int = 0
    defense: int = 0
    vigor: int = 0
    position: Point = (0.0, 0.0)
    stress: int = 0
    conditions: frozenset[str] = frozenset()
    out: bool = False
    used: frozenset[int] = frozenset()
    moves: int = 0
    small_move: bool = False
    charged: bool = False
    hold: bool = False
    hold_kept: bool = False
    engaged_by: frozenset[str] = frozenset()
    protecting: frozenset[str] = frozenset()
    extra_categories: tuple[tuple[int, str], ...] = ()
    determined: bool = False
    second_wind: bool = False
    slowed: bool = False
    immune: bool = False
    invisible: bool = False
    jinxed: bool = False
    lost_powers: frozenset[int] = frozenset()
    borrowed: tuple[PowerProfile, ...] = ()
    controlled_by: str | None = None
    original: str | None = None
    made_by: str | None = None
    copies: int = 0
    copy_targets: frozenset[str] = frozenset()
    knocked_out: bool = False
    """Mis hors combat at some moment of this fight (even if a second wind brought it back)."""
    turn_acted: bool = False
    """Had its action phase this turn (in its slot or from hold): "réalisée en une fois"."""
    left: bool = False
    """Left or fled the fight (the GM's call); counted as out of the fight."""
    extended_defense: int = 0
    """Raw tokens placed in an extended defence ("les jetons d'énergie placés en défense étendue"), the
    part of ``defense`` that protects the allies of ``protecting`` (for ``evolve`` and ``resolve`` to use)."""
    gender: str | None = None
    """The character's grammatical gender (``feminine``, ``masculine``; ``None``: épicène wording), so
    that the fight's messages about states agree. Last, so that older snapshots read unchanged."""

    def power(self, index: int) -> PowerProfile:
        """The power at ``index``: own powers first, then borrowed (stolen) ones."""
        if index < len(self.powers):
            return self.powers[index]
        return self.borrowed[index - len(self.powers)]

    def has_power(self, index: int | None) -> bool:
        """Whether ``index`` names a power this combatant can use now (not stolen from it)."""
        if index is None:
            return True
        return 0 <= index < len(self.powers) + len(self.borrowed) and index not in self.lost_powers

    def categories(self, index: int) -> frozenset[str]:
        """The categories a power counts in this turn (its own plus an action d'éclat's)."""
        extra = {category for power, category in self.extra_categories if power == index}
        return frozenset({self.power(index).category, *extra})

    def counts_as(self, index: int, category: str) -> bool:
        """Whether power ``index`` counts in ``category`` this turn (its own or an action d'éclat's)."""
        powers = self.powers  # inlined power(index): the legality query asks this very often
        power = powers[index] if index < len(powers) else self.borrowed[index - len(powers)]
        if power.category == category:
            return True
        return bool(self.extra_categories) and (index, category) in self.extra_categories

    def has_category(self, category: str) -> bool:
        """Whether any usable power counts in ``category`` this turn."""
        count = len(self.powers) + len(self.borrowed)
        return any(self.counts_as(i, category) for i in range(count) if i not in self.lost_powers)


def power_from_model(power: Power) -> PowerProfile:
    """Convert a model :class:`~meneur.systems.energy.model.Power` to a :class:`PowerProfile`."""
    return PowerProfile(
        power.name,
        str(power.category),
        power.modifier,
        power.effect,
        power.condition,
        power.area,
        power.dodge,
    )


def starting_vigor(vigor: int, states: frozenset[str], half_when_wounded: bool = True) -> int:
    """Vigueur at the start of a fight: what the states let the character get back (the rule's home
    is :func:`meneur.systems.energy.campaign.states.vigor_after_states`), unless the table option
    ``wounded_start_half_vigor`` is off."""
    return vigor_after_states(vigor, states) if half_when_wounded else vigor


def combatant_from_character(
    character: Character,
    id: str,
    side: str,
    pc: bool | None = None,
    position: Point = (0.0, 0.0),
    half_when_wounded: bool = True,
) -> Combatant:
    """Build the combat profile of ``character`` (the one adapter from the character model).

    Args:
        character: the character file's model.
        id: the combatant's id in the fight (unique).
        side: ``heroes`` or ``foes``.
        pc: player character or not (default: the character's own flag).
        position: metres on the battle plane.
        half_when_wounded: table option ``wounded_start_half_vigor``.
    """
    states = frozenset(str(s) for s in character.states)
    energy = energy_after_states(character.attributes.energy, states)
    vigor = starting_vigor(character.attributes.vigor, states, half_when_wounded)
    return Combatant(
        id=id,
        name=character.name,
        side=side,
        pc=character.pc if pc is None else pc,
        energy_max=energy,
        recovery=character.attributes.recovery,
        vigor_max=vigor,
        powers=tuple(power_from_model(p) for p in character.powers),
        states=states,
        energy=energy,
        vigor=vigor,
        position=position,
        stress=character.stress,
        gender=None if character.gender is None else str(character.gender),
    )


def make_combatant(
    id: str,
    name: str,
    side: str,
    energy: int,
    recovery: int,
    vigor: int,
    powers: tuple[PowerProfile, ...],
    pc: bool = False,
    position: Point = (0.0, 0.0),
    states: frozenset[str] = frozenset(),
) -> Combatant:
    """Build a combatant directly from numbers (quick NPCs of the book's examples, tests)."""
    energy_max = energy_after_states(energy, states)
    vigor_max = starting_vigor(vigor, states)
    return Combatant(
        id=id,
        name=name,
        side=side,
        pc=pc,
        energy_max=energy_max,
        recovery=recovery,
        vigor_max=vigor_max,
        powers=powers,
        states=states,
        energy=energy_max,
        vigor=vigor_max,
        position=position,
    )
