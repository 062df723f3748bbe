"""``meneur warzone`` session files in French and English: the session verbs (legal, undo, redo, log,
show), exit statuses 0/1/2 with the JSON error object, numbers checked at the edge, older files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli_helpers import run_cli
from tests.warzone.helpers import mystic

LANGS = ["fr", "en"]


@pytest.fixture
def game(tmp_path: Path) -> Path:
    figure, state = tmp_path / "figure.json", tmp_path / "game.json"
    figure.write_text(json.dumps(mystic().model_dump(mode="json")), encoding="utf-8")
    assert run_cli(["warzone", "new", str(state), "--figure", str(figure)]).exit_code == 0
    return state


def as_json(args: list[str], lang: str = "fr") -> dict[str, Any]:
    result = run_cli(["warzone", *args, "--json"], lang)
    assert result.exit_code == 0, result.stderr
    data: dict[str, Any] = json.loads(result.stdout)
    return data


@pytest.mark.parametrize("lang", LANGS)
def test_session_verbs(game: Path, lang: str) -> None:
    """001_0209eda46e4737a1.txt: a spell "wymaga użycia jednej lub więcej akcji" (Heal: 1 action)."""
    path = str(game)
    as_json(["activate", path], lang)
    as_json(["declare", path], lang)
    offered = as_json(["legal", path, "--all"], lang)["legal"]
    spells = {e["command"]["spell"]["name"]: e for e in offered if e["kind"] == "spell"}
    assert spells["Heal"]["cost_min"] == 1 and "rule" not in spells["Heal"]
    assert spells["Curse"]["rule"] == "not_bought"
    healed = as_json(["spell", path, "Heal", "--dice", "5"], lang)
    assert healed["state"]["actions_left"] == 2 and healed["version"] == 3
    assert as_json(["undo", path], lang)["state"]["actions_left"] == 3
    assert as_json(["redo", path], lang)["state"]["actions_left"] == 2
    log = as_json(["log", path], lang)["log"]
    assert [
        next(iter(entry["command"])) if isinstance(entry["command"], dict) else entry["command"]
        for entry in log
    ] == ["activate", "declare", "spell"]
    assert as_json(["show", path], lang)["state"]["actions_left"] == 2
    assert "Heal" in run_cli(["warzone", "log", path], lang).stdout


@pytest.mark.parametrize("lang", LANGS)
def test_refusals_and_bad_input_change_nothing(game: Path, lang: str) -> None:
    path = str(game)
    as_json(["activate", path], lang)
    as_json(["declare", path], lang)
    before = game.read_bytes()
    refused = run_cli(["warzone", "spell", path, "Curse", "--dice", "5", "--json"], lang)
    assert refused.exit_code == 1 and json.loads(refused.stdout)["rule"] == "not_bought"
    out_of_range = run_cli(
        ["warzone", "spell", path, "Bolt", "--distance", "19", "--dice", "5", "--json"], lang
    )
    assert out_of_range.exit_code == 1 and json.loads(out_of_range.stdout)["rule"] == "range"
    for bad in (
        ["spell", path, "Bolt", "--distance", "nan"],
        ["spell", path, "Bolt", "--distance", "inf"],
        ["spell", path, "Bolt", "--distance", "-1"],
        ["spell", path, "Nope"],
        ["spell", path, "Bolt", "--distance", "6", "--dice", "3,,4"],
        ["spell", path, "Bolt", "--distance", "6", "--dice", "5,5"],
    ):
        assert run_cli(["warzone", *bad], lang).exit_code == 2
        assert game.read_bytes() == before
    unknown = run_cli(["warzone", "spell", path, "Nope", "--json"], lang)
    assert json.loads(unknown.stdout)["error"] == "bad_input"


@pytest.mark.parametrize(
    ("args", "shown"),
    [
        (["leadership", "--leadership", "31", "--dice", "3"], "0 … 30"),
        (["leadership", "--leadership", "-1", "--dice", "3"], "0 … 30"),
        (["leadership", "--leadership", "8", "--modifier", "99", "--dice", "3"], "-30 … 30"),
        (["cast", "--power", "14", "--difficulty", "2", "--leadership", "300", "--dice", "20,3"], "0 … 30"),
        (["cast", "--power", "99", "--difficulty", "2", "--dice", "3"], "0 … 30"),
        (["cast", "--power", "14", "--difficulty", "2", "--technique-order", "4", "--dice", "3"], "1 … 3"),
    ],
)
def test_numbers_are_checked_with_the_range_named(args: list[str], shown: str) -> None:
    result = run_cli(["warzone", *args], "en")
    low, high = shown.split(" … ")
    assert result.exit_code == 2 and f"from {low} to {high}" in result.stderr


def test_a_state_file_of_an_older_meneur_loads(tmp_path: Path) -> None:
    """State files written before the session engine keep working: one log entry per command."""
    path = tmp_path / "old.json"
    path.write_text(
        json.dumps(
            {
                "figure": mystic().model_dump(mode="json"),
                "options": {"violence_penalties_stack": False},
                "log": [
                    [{"type": "activation_started", "actions": 3}],
                    [{"type": "techniques_declared", "names": []}],
                    [
                        {
                            "type": "power_tested",
                            "name": "Heal",
                            "kind": "spell",
                            "order": None,
                            "roll": 5,
                            "threshold": 14,
                            "success": True,
                            "critical": None,
                            "actions_spent": 1,
                        }
                    ],
                ],
            }
        ),
        encoding="utf-8",
    )
    shown = as_json(["show", str(path)])
    assert shown["state"]["actions_left"] == 2 and shown["version"] == 3
    assert as_json(["undo", str(path)])["state"]["actions_left"] == 3
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["meneur"] == "warzone" and saved["setup"]["options"] == {"violence_penalties_stack": False}
    assert [entry["command"] for entry in saved["log"]] == ["activate", "declare"]
    assert as_json(["end-activation", str(path)])["version"] == 3
