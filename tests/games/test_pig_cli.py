"""``meneur pig``: the root command lists the group the plugin names, and a whole game is played
through a session file (``new``, ``do``, ``legal``, ``undo``, ``redo``, ``log``, ``show``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.cli_helpers import run_cli

pytestmark = pytest.mark.usefixtures("pig")

ROOT = Path(__file__).resolve().parents[2]


def as_json(args: list[str], lang: str = "fr") -> dict[str, Any]:
    result = run_cli(["pig", *args, "--json"], lang)
    assert result.exit_code == 0, result.stderr
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_the_root_command_lists_pig_with_its_summary() -> None:
    out = run_cli(["--help"], "en").stdout
    assert " pig " in out and "Pig: a one-die push-your-luck game" in out
    assert "new" in run_cli(["pig", "--help"], "en").stdout


def test_a_whole_game_through_the_file(tmp_path: Path) -> None:
    path = str(tmp_path / "pig.json")
    made = as_json(["new", path, "--player", "Ayla", "--player", "Bren", "--goal", "10"])
    assert made == {"file": path, "version": 0, "scores": {"Ayla": 0, "Bren": 0}, "winner": None}
    assert as_json(["do", path, "roll", "--dice", "6"])["events"] == [
        {"rolled": {"actor": "Ayla", "face": 6}}
    ]
    assert as_json(["do", path, "roll", "--dice", "1"])["events"] == [
        {"rolled": {"actor": "Ayla", "face": 1}}
    ]
    as_json(["do", path, "roll", "--dice", "5"])  # Bren's turn now
    assert as_json(["do", path, "hold"])["scores"] == {"Ayla": 0, "Bren": 5}
    offered = as_json(["legal", path])["legal"]
    assert [(e["actor"], e["kind"]) for e in offered] == [("Ayla", "roll")]
    as_json(["do", path, "roll", "--dice", "6"])
    as_json(["do", path, "roll", "--dice", "4"])
    won = as_json(["do", path, "hold"])
    assert won["events"][-1] == {"won": {"actor": "Ayla", "score": 10}}
    assert won == {**won, "winner": "Ayla", "version": 7}
    assert as_json(["undo", path])["winner"] is None
    assert as_json(["redo", path])["winner"] == "Ayla"
    shown = as_json(["show", path])
    assert (shown["kind"], shown["version"], shown["state"]["scores"]) == ("pig", 7, [10, 5])
    log = as_json(["log", path])["log"]
    assert [next(iter(entry["command"])) for entry in log] == ["roll"] * 3 + ["hold", "roll", "roll", "hold"]
    words = run_cli(["pig", "log", path], "en").stdout
    assert "Ayla rolls a 1 and loses the turn's points." in words
    assert "Ayla wins with 10 points." in words
    assert "Scores: Ayla 10, Bren 5. Ayla won." in run_cli(["pig", "show", path], "en").stdout


def test_refusals_exit_1_bad_input_exits_2_and_nothing_is_written(tmp_path: Path) -> None:
    path = tmp_path / "pig.json"
    as_json(["new", str(path), "--player", "Ayla", "--player", "Bren"])
    before = path.read_bytes()
    refused = run_cli(["pig", "do", str(path), "hold", "--json"])
    assert refused.exit_code == 1 and json.loads(refused.stdout)["rule"] == "pig.roll_first"
    assert run_cli(["pig", "undo", str(path)]).exit_code == 1
    for bad in (["do", str(path), "fly"], ["do", str(path), "roll", "--dice", "7"]):
        assert run_cli(["pig", *bad]).exit_code == 2
    assert path.read_bytes() == before
    other = tmp_path / "other.json"
    too_low = run_cli(["pig", "new", str(other), "--player", "Ayla", "--player", "Bren", "--goal", "4"])
    assert too_low.exit_code == 2 and "setup.options.goal" in too_low.stderr
    assert not other.exists()
    assert run_cli(["pig", "new", str(path), "--player", "Ayla", "--player", "Bren"]).exit_code == 2


def test_a_process_finds_the_game_named_by_meneur_games() -> None:
    """The setting a server process started by a test is given: the plugin is found by its path."""
    environment = {
        **os.environ,
        "MENEUR_GAMES": "tests.games.pig.plugin:PLUGIN",
        "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)]),
    }
    code = "import sys\nfrom meneur.cli.main import main\nmain(sys.argv[1:])"
    done = subprocess.run(
        [sys.executable, "-c", code, "--lang", "en", "pig", "--help"],
        capture_output=True,
        text=True,
        env=environment,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Start a game file for these players" in done.stdout
