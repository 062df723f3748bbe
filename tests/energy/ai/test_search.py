"""The search policy: legal, and reproducible given a seed and a node budget."""

from __future__ import annotations

from meneur.systems.energy.ai import Heuristic, play
from meneur.systems.energy.ai.search import Search
from meneur.systems.energy.combat import Fight

from .helpers import fight


def test_search_plays_legal_commands_reproducibly() -> None:
    """With a node budget, the same seed gives the same fight, and the engine accepts every command."""
    start = fight(("KITSUNE", "WINK"), (5, 4), gap=6.0)
    policies = {"heroes": Search(nodes=40, depth=8), "foes": Heuristic()}
    one = play(start, policies, 2, max_turns=2)
    two = play(start, {"heroes": Search(nodes=40, depth=8), "foes": Heuristic()}, 2, max_turns=2)
    assert one.commands == two.commands
    replayed = Fight(start)
    for command in one.commands:
        replayed.do(command)
