"""``insmv opposed FILE``: a flag that a table refuses is named as it was typed, never another one."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli_helpers import run_cli

OPPOSED = ["insmv", "opposed", "--value-a", "3", "--value-b", "3"]


def _table(tmp_path: Path) -> str:
    path = str(tmp_path / "table.json")
    assert run_cli(["insmv", "new", path]).exit_code == 0
    return path


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_odds_at_a_table_names_odds_only(tmp_path: Path, lang: str) -> None:
    result = run_cli([*OPPOSED[:2], _table(tmp_path), *OPPOSED[2:], "--odds"], lang)
    assert result.exit_code == 2
    assert "--odds" in result.stderr and "--raw-units" not in result.stderr


@pytest.mark.parametrize("flag", ["--raw-units", "--compare-units-without-shift"])
def test_units_flag_at_a_table_names_the_flag_typed(tmp_path: Path, flag: str) -> None:
    result = run_cli([*OPPOSED[:2], _table(tmp_path), *OPPOSED[2:], flag], "fr")
    assert result.exit_code == 2
    assert flag in result.stderr and "--odds" not in result.stderr


def test_the_refusal_is_a_json_error_with_json(tmp_path: Path) -> None:
    """README, "Exit status": 2 for bad input, and with ``--json`` the error object on stdout."""
    import json

    result = run_cli([*OPPOSED[:2], _table(tmp_path), *OPPOSED[2:], "--odds", "--json"], "fr")
    assert result.exit_code == 2
    error = json.loads(result.stdout)
    assert error["error"] == "bad_input" and "--odds" in error["message"]
