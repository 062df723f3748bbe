"""The benchmark shell scripts make ``.venv`` before they use it, as ``scripts/run`` does (issue 18,
« bash benchmarks/table_load.sh on a fresh clone fails (.venv/bin/python: No such file) »)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).parents[2] / "benchmarks"
SCRIPTS = sorted(BENCHMARKS.glob("*.sh"))


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_each_shell_script_makes_the_venv_before_using_it(script: Path) -> None:
    text = script.read_text(encoding="utf-8")
    lines = [line.strip() for line in text.splitlines() if not line.strip().startswith("#")]
    sourced = next(i for i, line in enumerate(lines) if line.startswith("source") and "_venv.sh" in line)
    made = next(i for i, line in enumerate(lines) if re.match(r"ensure_venv \"[a-z,]+\"$", line))
    used = next(i for i, line in enumerate(lines) if "$VENV/bin/" in line)
    assert sourced < made < used
    assert subprocess.run(["bash", "-n", str(script)], check=False).returncode == 0


def test_every_python_benchmark_can_be_run_through_run_sh() -> None:
    """``benchmarks/run.sh NAME`` names every Python benchmark in its usage line."""
    usage = (BENCHMARKS / "run.sh").read_text(encoding="utf-8")
    assert [p.name for p in sorted(BENCHMARKS.glob("*.py")) if p.name not in usage] == []
