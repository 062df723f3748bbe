"""``meneur energy fight suggest|auto`` through the real command tree."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import yaml

from tests.cli_helpers import run_cli

from .helpers import DEMO


def test_suggest_names_a_command_with_reasons_and_two_alternatives() -> None:
    """The demo fight waits for Agent Octopus 2's action: the suggestion is an attack in the fight-file
    form, explained, with the next two choices."""
    result = run_cli(["energy", "fight", "suggest", str(DEMO), "--json"], "fr")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["side"] == "foes"
    assert list(data["command"]) == ["attack"]
    assert data["explanation"].startswith("Agent Octopus 2 attaque ")
    assert len(data["alternatives"]) == 2
    text = run_cli(["energy", "fight", "suggest", str(DEMO)], "en")
    assert text.stdout.startswith("Agent Octopus 2 attacks ")
    assert "Command: " in text.stdout


def test_auto_writes_a_fight_that_fight_run_replays(tmp_path: Path) -> None:
    """Both sides played to the end: the written file holds only commands the engine accepts."""
    fight = tmp_path / "demo.yaml"
    shutil.copy(DEMO, fight)
    out = tmp_path / "done.yaml"
    result = run_cli(
        ["energy", "fight", "auto", str(fight), "--sides", "all", "--out", str(out), "--json"], "fr"
    )
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["played"] > 0 and data["phase"] == "ended" and data["winner"] in ("heroes", "foes")
    written = yaml.safe_load(out.read_text(encoding="utf-8"))
    original = yaml.safe_load(DEMO.read_text(encoding="utf-8"))
    assert written["commands"][: len(original["commands"])] == original["commands"]
    replay = run_cli(["energy", "fight", "run", str(out), "--json"], "fr")
    assert replay.exit_code == 0, replay.stderr
    assert json.loads(replay.stdout)["phase"] == "ended"


def test_auto_stops_when_a_side_not_played_must_act(tmp_path: Path) -> None:
    """Playing the foes only stops at the first heroes' decision; the file still replays."""
    fight = tmp_path / "demo.json"
    fight.write_text(json.dumps(yaml.safe_load(DEMO.read_text(encoding="utf-8"))), encoding="utf-8")
    result = run_cli(["energy", "fight", "auto", str(fight), "--sides", "foes", "--seed", "3"], "en")
    assert result.exit_code == 0, result.stderr
    assert "Stopped: a side not played must act." in result.stdout
    assert run_cli(["energy", "fight", "run", str(fight)], "en").exit_code == 0


def test_unknown_policy_is_bad_input() -> None:
    """A misspelt policy is refused with the known ones, exit 2."""
    result = run_cli(["energy", "fight", "suggest", str(DEMO), "--policy", "smart"], "en")
    assert result.exit_code == 2
    assert "heuristic" in result.stderr


def test_auto_out_elsewhere_keeps_character_files_found(tmp_path: Path) -> None:
    """A combatant's ``file:`` is relative to the fight file ("relative to the fight file"): written to
    another folder, the completed fight names the same character file and replays there."""
    from meneur.systems.energy import library_hero
    from meneur.systems.energy.files import save_character

    (tmp_path / "characters").mkdir()
    save_character(library_hero("KITSUNE"), tmp_path / "characters" / "kit.yaml")
    data = yaml.safe_load(DEMO.read_text(encoding="utf-8"))
    data["combatants"][0] = {
        "id": "kitsune",
        "file": "characters/kit.yaml",
        "side": "heroes",
        "position": [0, 0],
    }
    fight = tmp_path / "fights" / "demo.yaml"
    fight.parent.mkdir()
    data["combatants"][0]["file"] = "../characters/kit.yaml"
    fight.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    out = tmp_path / "done" / "deep" / "done.yaml"
    out.parent.mkdir(parents=True)
    result = run_cli(["energy", "fight", "auto", str(fight), "--sides", "all", "--out", str(out)], "en")
    assert result.exit_code == 0, result.stderr
    written = yaml.safe_load(out.read_text(encoding="utf-8"))
    assert written["combatants"][0]["file"] == "../../characters/kit.yaml"
    assert (out.parent / written["combatants"][0]["file"]).resolve() == (tmp_path / "characters" / "kit.yaml")
    replay = run_cli(["energy", "fight", "run", str(out), "--json"], "en")
    assert replay.exit_code == 0, replay.stderr
    assert (
        yaml.safe_load(fight.read_text(encoding="utf-8"))["combatants"][0]["file"] == "../characters/kit.yaml"
    )
