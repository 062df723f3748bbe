"""Fights the AI plays end, and a strong NPC acting first attacks (issue 18: « rank-8 to rank-100 NPCs
hold, interrupt and pass for 31 turns, 0 attacks »)."""

from __future__ import annotations

import random

import pytest

from meneur.systems.energy.ai import Heuristic, play
from meneur.systems.energy.ai.adapter import decisions, gm_command, step
from meneur.systems.energy.combat.commands import Attack, Charge

from .helpers import fight

BOUND = 10
"""Turns within which a fight between a hero and a far stronger NPC is over."""


@pytest.mark.parametrize("hero", ["KITSUNE", "WINK"])
@pytest.mark.parametrize("rank", [8, 15, 40, 100])
def test_a_stronger_npc_acting_first_attacks_and_the_fight_ends(hero: str, rank: int) -> None:
    """The NPC's Énergie is above the hero's, so it acts first; it attacks, and the fight has a winner
    within the bound (the turn limit ends a stalled fight with no winner)."""
    result = play(fight((hero,), (rank,), gap=4.0), {"heroes": Heuristic(), "foes": Heuristic()}, 0)
    attacks = [c for c in result.commands if isinstance(c, Attack | Charge) and c.actor == "f0"]
    assert attacks, "the NPC never attacked"
    assert result.winner == "foes" and result.turns <= BOUND


def test_the_first_action_of_a_rank_100_npc_is_an_attack_sized_to_knock_out() -> None:
    """By its own evaluation a knock-out is worth more than a hold: the NPC attacks, with fewer tokens
    than its whole pool (what knocks the hero out, not 100)."""
    start = fight(("KITSUNE",), (100,), gap=4.0)
    first = gm_command(start)
    assert first is not None
    state = step(start, first)
    decision = next(d for d in decisions(state) if not d.optional)
    assert decision.actor == "f0"
    chosen = Heuristic().choose(state, decision, random.Random(0))
    assert chosen is not None and isinstance(chosen.best.command, Attack)
    assert 0 < chosen.best.command.tokens < 100
