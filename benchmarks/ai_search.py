"""The search policy against the heuristic it searches with, on the long run (a script, not a test).

The suite checks policy improvement on a small fight (``tests/energy/ai/test_search.py``); this plays
the same check on two heroes against two NPCs with a budget of 4,000 simulated moves per decision, and
prints how many moves were compared, how many did better, and the time taken.

    .venv/bin/python benchmarks/ai_search.py [--nodes 4000] [--steps 70]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1]))  # the suite's helpers: the same fight, the same walk

from tests.energy.ai.helpers import fight
from tests.energy.ai.test_search import improvement


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=4000)
    parser.add_argument("--steps", type=int, default=70)
    args = parser.parse_args()
    start = time.perf_counter()
    compared, improved = improvement(fight(("KITSUNE", "WINK"), (5, 4), gap=3.0), args.nodes, args.steps)
    took = time.perf_counter() - start
    print(f"compared {compared} moves, the search did better on {improved}, in {took:.1f} s")
    return 0 if compared >= 1 and improved >= 1 else 1


if __name__ == "__main__":
    sys.exit(main())
