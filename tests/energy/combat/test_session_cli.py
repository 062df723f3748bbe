"""A fight played one command at a time from the command line, on a session file, with undo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from meneur.systems.energy.combat import examples
from tests.cli_helpers import run_cli

FIGHTS = Path(examples.__file__).parent
"""The book's example fights, shipped in the package."""


def _new(tmp_path: Path, lang: str = "fr") -> Path:
    path = tmp_path / "combat.json"
    source = str(FIGHTS / "kitsune_octopus.yaml")
    result = run_cli(["energy", "fight", "new", str(path), "--from", source], lang)
    assert result.exit_code == 0, result.stderr
    return path


def test_new_plays_the_fight_files_commands(tmp_path: Path) -> None:
    path = _new(tmp_path)
    shown = json.loads(run_cli(["energy", "fight", "show", str(path), "--json"]).stdout)
    assert shown["kind"] == "energy-fight" and shown["version"] > 0


@pytest.mark.parametrize(("lang", "undone"), [("fr", "Annulé"), ("en", "Undone")])
def test_do_then_undo_gives_back_the_same_file(tmp_path: Path, lang: str, undone: str) -> None:
    path = _new(tmp_path, lang)
    before = json.loads(path.read_text(encoding="utf-8"))["log"]
    done = run_cli(["energy", "fight", "do", str(path), "pass", "--json"], lang)
    assert done.exit_code == 0, done.stderr
    assert json.loads(done.stdout)["version"] == len(before) + 1
    back = run_cli(["energy", "fight", "undo", str(path)], lang)
    assert back.exit_code == 0 and undone in back.stdout
    assert json.loads(path.read_text(encoding="utf-8"))["log"] == before


def test_a_refused_command_exits_1_and_writes_nothing(tmp_path: Path) -> None:
    path = _new(tmp_path)
    before = path.read_bytes()
    command = "attack: {actor: agent1, target: kitsune, tokens: 99}"
    result = run_cli(["energy", "fight", "do", str(path), command, "--json"])
    assert result.exit_code == 1
    assert json.loads(result.stdout)["error"] == "illegal_action"
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    "command", ["move: {actor: kitsune, to: [.nan, 0]}", "attack: {actor: kitsune, tokens: true}", "fly"]
)
def test_bad_input_exits_2_and_writes_nothing(tmp_path: Path, command: str) -> None:
    path = _new(tmp_path)
    before = path.read_bytes()
    result = run_cli(["energy", "fight", "do", str(path), command])
    assert result.exit_code == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr and path.read_bytes() == before


def test_legal_reads_a_session_file_too(tmp_path: Path) -> None:
    path = _new(tmp_path)
    actions = json.loads(run_cli(["energy", "fight", "legal", str(path), "--json"]).stdout)
    assert actions and all(a["legal"] for a in actions)


def test_nothing_to_undo_exits_1(tmp_path: Path) -> None:
    path = tmp_path / "fresh.json"
    fight = tmp_path / "setup.yaml"
    text = (FIGHTS / "kitsune_octopus.yaml").read_text(encoding="utf-8").split("commands:")[0]
    fight.write_text(text, encoding="utf-8")
    assert run_cli(["energy", "fight", "new", str(path), "--from", str(fight)]).exit_code == 0
    result = run_cli(["energy", "fight", "undo", str(path)])
    assert result.exit_code == 1 and "Rien à annuler" in result.stderr
