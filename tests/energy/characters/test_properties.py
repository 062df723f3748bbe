"""Properties: whatever the builder's limits or the quick formula produce validates; any mutation
that breaks a rule is reported with that rule's id (002_58e889a1abff3456.txt)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.systems.energy import builder, costs
from meneur.systems.energy.model import (
    Aptitude,
    Attributes,
    Character,
    LivingStandard,
    Maturity,
    Power,
    PowerCategory,
    Trait,
)
from meneur.systems.energy.quick import quick_npc
from meneur.systems.energy.validation import hero_point_budget, validate


@st.composite
def built_characters(draw: st.DrawFn) -> Character:
    """A character made step by step within :mod:`meneur.systems.energy.builder`'s limits."""
    rank = draw(st.integers(1, 14))
    budget = costs.hero_point_budget(rank)
    energy = draw(st.integers(*_bounds(builder.energy_range(budget))))
    recovery = draw(st.integers(*_bounds(builder.recovery_range(budget, energy))))
    vigor = draw(st.integers(*_bounds(builder.vigor_range(budget, energy, recovery))))
    left = budget - costs.attributes_cost(energy, recovery, vigor)
    powers = []
    while builder.can_buy_power(left) and draw(st.booleans()):
        power = Power(
            name=f"p{len(powers)}",
            category=draw(st.sampled_from(PowerCategory)),
            modifier=draw(st.integers(*_bounds(builder.modifier_range(left)))),
        )
        powers.append(power)
        left -= costs.power_cost(power)
    maturity = draw(st.sampled_from(Maturity))
    aptitude_left = costs.MATURITY_BUDGETS[maturity]
    aptitudes = {}
    for aptitude in draw(st.lists(st.sampled_from(Aptitude), unique=True)):
        rank_here = draw(st.integers(*_bounds(builder.aptitude_rank_range(aptitude_left))))
        if rank_here:
            aptitudes[aptitude] = rank_here
            aptitude_left -= rank_here
    traits = []
    while aptitude_left >= 1 and draw(st.booleans()):
        bonus = draw(st.integers(*_bounds(builder.trait_bonus_range(aptitude_left))))
        traits.append(Trait(name=f"t{len(traits)}", bonus=bonus))
        aptitude_left -= bonus
    standard = draw(st.sampled_from(builder.affordable_living_standards(aptitude_left)))
    return Character(
        name="Héros",
        rank=rank,
        maturity=maturity,
        attributes=Attributes(energy=energy, recovery=recovery, vigor=vigor),
        powers=tuple(powers),
        aptitudes=aptitudes,
        traits=tuple(traits),
        living_standard=standard,
    )


def _bounds(allowed: builder.Range) -> tuple[int, int]:
    assert not allowed.is_empty
    return allowed.low, allowed.high


characters = st.one_of(built_characters(), st.integers(1, 20).map(quick_npc))


@given(characters)
def test_what_the_builder_and_the_quick_formula_make_validates(character: Character) -> None:
    """Creation within the budgets of "les bases d'un personnage" always passes ``check``."""
    check = validate(character)
    assert check.is_valid, [p.rule for p in check.problems]
    assert check.hero_points.left >= 0


def _set_attributes(**values: int) -> Callable[[Character], Character]:
    def mutate(c: Character) -> Character:
        return c.model_copy(update={"attributes": c.attributes.model_copy(update=values)})

    return mutate


def _recovery_above_energy(c: Character) -> Character:
    return _set_attributes(recovery=c.attributes.energy + 1)(c)


def _overspend_heroes(c: Character) -> Character:
    left = hero_point_budget(c).left
    extra = Power(name="trop", category=PowerCategory.SUP, modifier=left // 2 + 1)
    return c.model_copy(update={"powers": (*c.powers, extra)})


def _overspend_aptitudes(c: Character) -> Character:
    left = validate(c).aptitude_points.left
    return c.model_copy(update={"traits": (*c.traits, Trait(name="trop", bonus=left + 1))})


def _aptitude_too_high(c: Character) -> Character:
    return c.model_copy(update={"aptitudes": {**c.aptitudes, Aptitude.NATURE: 6}})


def _stress_overflow(c: Character) -> Character:
    return c.model_copy(update={"stress": 11})


def _very_rich_beyond_means(c: Character) -> Character:
    spent_elsewhere = validate(c).aptitude_points.spent - costs.living_standard_cost(c.living_standard)
    bonus = max(1, costs.MATURITY_BUDGETS[c.maturity] - spent_elsewhere)
    traits = (*c.traits, Trait(name="trop", bonus=bonus))
    return c.model_copy(update={"living_standard": LivingStandard.VERY_RICH, "traits": traits})


MUTATIONS: list[tuple[str, Callable[[Character], Character]]] = [
    ("attribute.minimum", _set_attributes(vigor=0)),
    ("attribute.minimum", _set_attributes(energy=0)),
    ("attribute.recovery_above_energy", _recovery_above_energy),
    ("hero_points.over_budget", _overspend_heroes),
    ("aptitude_points.over_budget", _overspend_aptitudes),
    ("aptitude_points.over_budget", _very_rich_beyond_means),
    ("aptitude.rank_range", _aptitude_too_high),
    ("stress.range", _stress_overflow),
]


@given(characters, st.sampled_from(MUTATIONS))
def test_a_mutation_that_breaks_a_rule_is_reported(
    character: Character, mutation: tuple[str, Callable[[Character], Character]]
) -> None:
    """ "Un attribut ne peut jamais être inférieur à 1", "La récupération ne peut pas être supérieure à
    l'énergie", the budgets, "Rang | Coût" 1-5 and the 10 stress boxes: each break names its rule."""
    rule, mutate = mutation
    assert rule in validate(mutate(character)).rules


@pytest.mark.parametrize(
    ("left", "low", "high"),
    [(0, -2, -3), (1, -2, -2), (2, -2, -1), (3, -2, 0), (4, -2, 0), (5, -2, 1), (11, -2, 4)],
)
def test_modifier_range_never_overspends(left: int, low: int, high: int) -> None:
    """002_58e889a1abff3456.txt: a power costs 3, "2 par +1", "-1 par -1", "jusqu'à un coût minimum de 1":
    the builder offers exactly the modifiers ``left`` points pay for (none when 0 is left)."""
    allowed = builder.modifier_range(left)
    assert (allowed.low, allowed.high) == (low, high)
    assert allowed.is_empty is (left == 0)
    for modifier in range(low, high + 1):
        assert costs.power_cost(Power(name="p", category=PowerCategory.SUP, modifier=modifier)) <= left
