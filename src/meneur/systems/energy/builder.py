"""Step-by-step creation limits: what may still be bought at each step without breaking a budget.

A builder (the ``new`` command, a web form) asks for attributes, then powers, aptitudes, traits
and the living standard; at each step these pure queries give the allowed range, so whatever it
builds within them passes :func:`~meneur.systems.energy.validation.validate`.
Legality is a query: nothing here raises for a rule, it only says what is allowed.
"""

from __future__ import annotations

from dataclasses import dataclass

from meneur.systems.energy import costs
from meneur.systems.energy.model import LivingStandard


@dataclass(frozen=True)
class Range:
    """An inclusive range of allowed whole numbers (empty when ``low > high``)."""

    low: int
    high: int

    @property
    def is_empty(self) -> bool:
        """True when no value is allowed."""
        return self.low > self.high

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int) and self.low <= value <= self.high


def energy_range(budget: int) -> Range:
    """Énergie: at least 1, leaving room for Récupération 1 and Vigueur 1."""
    rest = costs.ATTRIBUTE_COSTS["recovery"] + costs.ATTRIBUTE_COSTS["vigor"]
    return Range(1, (budget - rest) // costs.ATTRIBUTE_COSTS["energy"])


def recovery_range(budget: int, energy: int) -> Range:
    """Récupération: at least 1, never above Énergie, leaving room for Vigueur 1."""
    left = budget - energy * costs.ATTRIBUTE_COSTS["energy"] - costs.ATTRIBUTE_COSTS["vigor"]
    return Range(1, min(energy, left // costs.ATTRIBUTE_COSTS["recovery"]))


def vigor_range(budget: int, energy: int, recovery: int) -> Range:
    """Vigueur: at least 1, within what is left."""
    return Range(1, budget - costs.attributes_cost(energy, recovery, 0))


def modifier_range(left: int) -> Range:
    """A new power's modifier given ``left`` hero points: from -2 (cost 1, the floor) to the most
    reinforcement ``left`` pays for (3 + 2 per +1)."""
    floor = -(costs.POWER_BASE_COST - costs.POWER_MINIMUM_COST)
    short = left - costs.POWER_BASE_COST
    if short >= 0:
        return Range(floor, short // costs.REINFORCEMENT_COST)
    # Fewer than 3 points: only a weakening pays, 1 point back per -1.
    return Range(floor, short // costs.WEAKENING_REFUND)


def can_buy_power(left: int) -> bool:
    """True while ``left`` hero points pay for at least a weakened power."""
    return left >= costs.POWER_MINIMUM_COST


def aptitude_rank_range(left: int) -> Range:
    """An aptitude's rank: 0 (none) to 5, within the aptitude points left."""
    return Range(0, min(costs.MAX_APTITUDE_RANK, left))


def trait_bonus_range(left: int) -> Range:
    """A trait's bonus: +1 up to the aptitude points left."""
    return Range(1, left)


def affordable_living_standards(left: int) -> tuple[LivingStandard, ...]:
    """The living standards the aptitude points left can pay for (précaire is free)."""
    return tuple(s for s in LivingStandard if costs.living_standard_cost(s) <= left)
