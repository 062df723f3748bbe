"""Start-up time of the ``meneur`` command, as whole processes, against plain Python baselines.

    .venv/bin/python benchmarks/startup.py [--runs N]

Each pair runs alternately (one warm-up each, then N counted runs); the script prints the minimum and
median wall time of each command and the ratio of the medians against its goal:
``meneur --version`` at most 6x ``python -c pass``; ``meneur roll 1d20`` at most 1.5x importing d20 and
rolling once; ``meneur energy check HERO`` at most 3x importing pydantic and PyYAML (the two libraries
reading and checking a character file needs).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BIN = Path(sys.executable).parent
MENEUR = str(BIN / "meneur")
PYTHON = sys.executable


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def pair(a: list[str], b: list[str], runs: int) -> tuple[list[float], list[float]]:
    timed(a), timed(b)
    first: list[float] = []
    second: list[float] = []
    for _ in range(runs):
        first.append(timed(a))
        second.append(timed(b))
    return first, second


def line(label: str, times: list[float]) -> str:
    return f"  {label:<48} min {min(times):6.3f} s   median {statistics.median(times):6.3f} s"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as folder:
        hero = Path(folder) / "wink.yaml"
        hero.write_bytes(
            subprocess.run([MENEUR, "energy", "library", "WINK"], capture_output=True, check=True).stdout
        )
        pairs = [
            ("meneur --version", [MENEUR, "--version"], "python -c pass", [PYTHON, "-c", "pass"], 6.0),
            (
                "meneur roll 1d20",
                [MENEUR, "roll", "1d20"],
                "python: import d20; roll 1d20",
                [PYTHON, "-c", "import d20; d20.roll('1d20')"],
                1.5,
            ),
            (
                "meneur energy check wink.yaml",
                [MENEUR, "energy", "check", str(hero)],
                "python -c 'import pydantic, yaml'",
                [PYTHON, "-c", "import pydantic, yaml"],
                3.0,
            ),
        ]
        failed = 0
        for label, command, base_label, base, goal in pairs:
            times, base_times = pair(command, base, runs)
            ratio = statistics.median(times) / statistics.median(base_times)
            print(line(label, times))
            print(line(base_label, base_times))
            met = ratio <= goal
            verdict = "met" if met else "MISSED"
            print(f"  ratio of medians {ratio:5.2f}x (goal at most {goal}x): {verdict}")
            failed += not met
            print()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
