"""Tactical AI for the Energy System: policies that play fights, and the encounter-balance simulator.

* :mod:`.adapter` is the one module that talks to the combat engine (legality query, decide, apply).
* Policies (:mod:`.policy`, :mod:`.heuristic`, :mod:`.search`) answer decisions and explain their
  choice in the reader's language; they are pure and deterministic given a seed.
* :mod:`.play` plays fights; :mod:`.simulate` runs many seeded fights per encounter;
  :mod:`.executor` spreads them over processes or a Dask cluster.
"""

from meneur.systems.energy.ai.heuristic import Heuristic
from meneur.systems.energy.ai.play import Result, next_move, play
from meneur.systems.energy.ai.policy import Choice, Policy, RandomPolicy, Suggestion

POLICIES = ("random", "heuristic", "search")


def make_policy(name: str, nodes: int | None = None, budget_ms: float | None = None) -> Policy:
    """A policy by name (``random``, ``heuristic`` or ``search`` with its node or time budget)."""
    if name == "random":
        return RandomPolicy()
    if name == "heuristic":
        return Heuristic()
    from meneur.systems.energy.ai.search import Search

    return Search(nodes=nodes, budget_ms=budget_ms)


__all__ = [
    "POLICIES",
    "Choice",
    "Heuristic",
    "Policy",
    "RandomPolicy",
    "Result",
    "Suggestion",
    "make_policy",
    "next_move",
    "play",
]
