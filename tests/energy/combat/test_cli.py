"""``meneur energy fight run|legal`` through the real command tree."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli_helpers import run_cli

from .helpers import FIGHTS


def test_run_explains_in_french_and_english() -> None:
    fr = run_cli(["energy", "fight", "run", str(FIGHTS / "wink_robot.yaml")], "fr")
    en = run_cli(["energy", "fight", "run", str(FIGHTS / "wink_robot.yaml")], "en")
    assert fr.exit_code == en.exit_code == 0
    assert "WINK" in fr.stdout and fr.stdout != en.stdout
    assert "4 effective" in en.stdout


def test_run_json_gives_the_final_state() -> None:
    result = run_cli(["energy", "fight", "run", str(FIGHTS / "wink_robot.yaml"), "--json"], "en")
    data = json.loads(result.stdout)
    assert (data["turn"], data["phase"]) == (1, "action")
    assert data["combatants"]["wink"] == {"energy": 1, "defense": 2, "vigor": 4, "conditions": [],
                                          "out": False}


def test_illegal_command_exits_1_with_the_reason(tmp_path: Path) -> None:
    path = tmp_path / "f.yaml"
    path.write_text("combatants: [{id: a, side: heroes, npc: 2}, {id: b, side: foes, npc: 2}]\n"
                    "commands: [start, {attack: {actor: b, target: a, tokens: 1, power: 0}}]\n",
                    encoding="utf-8")
    result = run_cli(["energy", "fight", "run", str(path)], "en")
    assert result.exit_code == 1
    assert "Command 2" in result.stderr


def test_unreadable_file_exits_2(tmp_path: Path) -> None:
    result = run_cli(["energy", "fight", "run", str(tmp_path / "missing.yaml")], "en")
    assert result.exit_code == 2


def test_legal_lists_the_actions_at_the_end() -> None:
    result = run_cli(["energy", "fight", "legal", str(FIGHTS / "kitsune_octopus.yaml"), "--json"], "en")
    actions = json.loads(result.stdout)
    kinds = {a["kind"] for a in actions}
    assert {"pass", "move", "end"} <= kinds and "attack" not in kinds  # both agents already attacked
    text = run_cli(["energy", "fight", "legal", str(FIGHTS / "kitsune_octopus.yaml")], "fr")
    assert text.exit_code == 0 and "kitsune" in text.stdout


def test_legal_all_lists_refused_actions_with_their_rule() -> None:
    path = str(FIGHTS / "kitsune_octopus.yaml")
    result = run_cli(["energy", "fight", "legal", path, "--all", "--json"], "fr")
    refused = [a for a in json.loads(result.stdout) if not a["legal"]]
    assert any(a["rule"] == "one_attack_per_target" for a in refused)
    assert all(a["reason"] for a in refused)
