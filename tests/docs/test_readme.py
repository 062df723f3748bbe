"""The README's examples work as written: its Python block runs, its commands exit 0."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from tests.cli_helpers import run_cli

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
EXAMPLES = README.split("## Examples", 1)[1].split("\n## ", 1)[0]
COMMANDS = [
    line.split("#", 1)[0].strip()
    for line in EXAMPLES.splitlines()
    if line.startswith("    meneur ")
    and ">" not in line.split("#", 1)[0]
    and ".yaml" not in line
    and not line.startswith("    meneur energy fight")
]
FIGHT = [
    line.split(" # ", 1)[0].strip()
    for line in EXAMPLES.splitlines()
    if line.startswith("    meneur energy fight")
]
"""The fight examples, run in order in an empty folder: they write the files they then read."""
WRITTEN = [
    tuple(part.strip() for part in line.split("#", 1)[0].split(">", 1))
    for line in EXAMPLES.splitlines()
    if line.startswith("    meneur ") and ">" in line.split("#", 1)[0]
]
"""The examples that write a file by redirection (``meneur energy npc --rank 6 > brute.yaml``): the
fight examples may read what they write."""
SUITE_BUDGET = ("--max-fights", "100")
"""The balance search of ``--target`` runs up to 1,000 simulated fights as written (about 20 s):
the suite runs the same command stopped after its first try of 100 fights (the same options read,
the same search, the same report of a search cut short)."""


def in_suite(args: list[str]) -> list[str]:
    """The README's command ``args`` as the suite runs it: a search for ``--target`` on the suite's
    budget of fights unless the README gives one."""
    if "--target" in args and SUITE_BUDGET[0] not in args:
        return [*args, *SUITE_BUDGET]
    return args


def test_readme_has_examples() -> None:
    assert len(COMMANDS) >= 10


def test_the_suite_shortens_only_the_balance_search() -> None:
    searches = [command for command in COMMANDS if in_suite(shlex.split(command)) != shlex.split(command)]
    assert searches and all("balance" in command and "--target" in command for command in searches)


@pytest.mark.parametrize("command", COMMANDS)
def test_readme_command_runs(command: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    args = in_suite(shlex.split(command)[1:])
    result = run_cli(args, "en")
    assert result.exit_code == 0, result.stdout + result.stderr


def test_readme_fight_commands_run_in_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert len(FIGHT) >= 5
    for command, target in WRITTEN:
        written = run_cli(shlex.split(command)[1:], "en")
        assert written.exit_code == 0, command + written.stdout + written.stderr
        (tmp_path / target).write_text(written.stdout, encoding="utf-8")
    for command in FIGHT:
        result = run_cli(shlex.split(command)[1:], "en")
        assert result.exit_code == 0, command + result.stdout + result.stderr


def test_readme_python_block_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    (block,) = re.findall(r"```python\n(.*?)```", README, flags=re.S)
    namespace: dict[str, object] = {"__name__": "readme"}
    exec(compile(block, "README.md", "exec"), namespace)
    assert namespace["fight"] is not None


SESSIONS = README.split("## Sessions", 1)[1].split("\n## ", 1)[0]


def test_the_session_walkthrough_runs_in_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Sessions section's commands, in order, in a fresh folder: every one exits 0."""
    monkeypatch.chdir(tmp_path)
    lines = [
        line.split("#", 1)[0].strip() for line in SESSIONS.splitlines() if line.startswith("    meneur ")
    ]
    assert len(lines) >= 5
    for line in lines:
        args = shlex.split(line)[1:]
        result = run_cli(args, "en")
        assert result.exit_code == 0, (line, result.stdout + result.stderr)
