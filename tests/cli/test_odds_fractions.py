"""Every odds command writes its JSON numbers the same way: ``0`` and ``1`` plainly, else ``n/d``.

Issue 18: « JSON fractions are not reduced (`0/1`, `1/1` in `warzone odds`, `0/1` in
`carpathes odds`) ». One function writes them all (``meneur.dice.odds.fraction_text``).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.cli_helpers import run_cli


def _numbers(data: Any) -> list[str]:
    if isinstance(data, dict):
        return [text for value in data.values() for text in _numbers(value)]
    if isinstance(data, list):
        return [text for value in data for text in _numbers(value)]
    return [data] if isinstance(data, str) and data[:1].isdecimal() else []


@pytest.mark.parametrize(
    ("args", "key", "value"),
    [
        (["warzone", "odds", "--power", "20", "--difficulty", "1", "--json"], "outcomes", "0"),
        (["carpathes", "odds", "--trait", "2", "--json"], "tiers", "0"),
        (["odds", "2d6", "--json"], "mean_exact", "7"),
    ],
)
def test_json_odds_write_whole_numbers_plainly(args: list[str], key: str, value: str) -> None:
    result = run_cli(args, "en")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    numbers = _numbers(data)
    assert numbers and not [n for n in numbers if n.endswith("/1")]
    found = data[key] if isinstance(data[key], str) else list(data[key].values())
    assert value in found


def test_a_certain_outcome_is_1() -> None:
    data = json.loads(
        run_cli(["warzone", "odds", "--power", "20", "--difficulty", "1", "--json"], "en").stdout
    )
    assert data["violence"] and all("/" in p or p in ("0", "1") for p in data["violence"].values())
    data = json.loads(run_cli(["odds", "1d1", "--json"], "en").stdout)
    assert data["distribution"] == {"1": "1"}
