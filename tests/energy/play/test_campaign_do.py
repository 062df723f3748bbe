"""``meneur energy campaign do FILE COMMAND``: a command pasted as ``legal`` prints it (issue 18,
« the campaign has no do to paste into »)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from meneur.storage import read_data
from tests.cli_helpers import run_cli


def test_a_command_legal_prints_is_carried_out_by_do_and_undone(tmp_path: Path) -> None:
    path = tmp_path / "campaign.json"
    assert run_cli(["energy", "campaign", "new", str(path), "-c", "KITSUNE"]).exit_code == 0
    listed = json.loads(run_cli(["energy", "campaign", "legal", str(path), "--json"]).stdout)["legal"]
    savings = next(entry["command"] for entry in listed if entry["kind"] == "gain_savings")
    line = next(
        x
        for x in run_cli(["energy", "campaign", "legal", str(path)]).stdout.splitlines()
        if "gain_savings" in x
    )
    typed = line.split("  ", 1)[1]
    result = run_cli(["energy", "campaign", "do", str(path), typed], "en")
    assert result.exit_code == 0, result.stderr
    assert "KITSUNE" in result.stdout
    assert [entry["command"] for entry in read_data(path)["log"]] == [savings]
    assert run_cli(["energy", "campaign", "undo", str(path)]).exit_code == 0
    assert read_data(path)["log"] == []


@pytest.mark.parametrize("typed", ["", "null", "42"])
def test_do_refuses_what_is_not_a_command(tmp_path: Path, typed: str) -> None:
    path = tmp_path / "campaign.json"
    assert run_cli(["energy", "campaign", "new", str(path), "-c", "KITSUNE"]).exit_code == 0
    before = path.read_text(encoding="utf-8")
    result = run_cli(["energy", "campaign", "do", str(path), typed], "en")
    assert result.exit_code == 2 and "is not a command" in result.stderr and "gain_savings" in result.stderr
    assert path.read_text(encoding="utf-8") == before
