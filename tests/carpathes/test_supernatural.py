"""« Le surnaturel assumé : ce qui agit, ce qui blesse » (003_87a535c5e428c5d3.txt)."""

from __future__ import annotations

import pytest

from meneur.dice.source import EnteredSource
from meneur.systems.carpathes.resolution import roll
from meneur.systems.carpathes.supernatural import (
    Agent,
    EffectKind,
    Target,
    can_enter,
    effect_of,
    stake_pins,
)


@pytest.mark.parametrize(
    ("agent", "target", "kind", "damage"),
    [
        (Agent.HOLY_WATER_THROWN, Target.VAMPIRE, EffectKind.BURNS, 1),
        (Agent.HOLY_WATER_CONTACT, Target.VAMPIRE, EffectKind.BURNS, 0),
        (Agent.HOLY_WATER_THROWN, Target.WEREWOLF, EffectKind.NONE, 0),
        (Agent.DAYLIGHT, Target.OLD_VAMPIRE, EffectKind.WOUNDS, 0),
        (Agent.DAYLIGHT, Target.YOUNG_VAMPIRE, EffectKind.BURNS, 0),
        (Agent.DAYLIGHT, Target.SUPERNATURAL_FOG, EffectKind.DISSIPATES, 0),
        (Agent.SILVER, Target.WEREWOLF, EffectKind.WOUNDS, 0),
        (Agent.SILVER, Target.VAMPIRE, EffectKind.MARKS, 0),
        (Agent.GARLIC, Target.VAMPIRE, EffectKind.REPELS, 0),
        (Agent.ROWAN, Target.OLD_VAMPIRE, EffectKind.REPELS, 0),
        (Agent.GARLIC, Target.WEREWOLF, EffectKind.NONE, 0),
    ],
)
def test_what_acts_and_what_wounds(agent: Agent, target: Target, kind: EffectKind, damage: int) -> None:
    """« Eau bénite : brûle un vampire au contact ... Une fiole jetée à pleine main fait 1 dégât
    automatique », « Lumière du jour : blesse les vampires anciens, brûle les jeunes-fille-vampires,
    dissipe les brouillards surnaturels », « Argent : blesse les loups-garous, marque les vampires »,
    « Ail et sorbier : repoussent les vampires sans les tuer »."""
    effect = effect_of(agent, target)
    assert (effect.kind, effect.automatic_damage) == (kind, damage)


@pytest.mark.parametrize(
    ("target", "wreath", "enters"),
    [(Target.VAMPIRE, True, False), (Target.VAMPIRE, False, True), (Target.WEREWOLF, True, True)],
)
def test_wreath_on_the_door(target: Target, wreath: bool, enters: bool) -> None:
    """« Une couronne de tresses suspendue à la porte d'une chambre suffit à les empêcher d'entrer »."""
    assert can_enter(target, wreath) is enters


@pytest.mark.parametrize(
    ("dice", "sleeping", "pinned"),
    [((5, 4), True, True), ((6, 6), True, True), ((4, 4), True, False), ((6, 6), False, False)],
)
def test_stake_pins_a_sleeping_vampire_on_a_full_success(
    dice: tuple[int, int], sleeping: bool, pinned: bool
) -> None:
    """« Sur succès complet en plein cœur d'un vampire endormi, le cloue définitivement »."""
    assert stake_pins(roll(EnteredSource(dice), 2).final_tier, sleeping) is pinned


def test_effects_explain_themselves() -> None:
    effect = effect_of(Agent.HOLY_WATER_THROWN, Target.VAMPIRE)
    assert effect.explain()[0].render("en") == "A vial thrown full-handed deals 1 automatic damage."
