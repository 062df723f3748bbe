"""``campaign scene FILE`` starts a scene, as its name says; ``scene start FILE`` says the same."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli_helpers import run_cli


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("words", [["scene"], ["scene", "start"]])
def test_scene_file_starts_a_scene(tmp_path: Path, lang: str, words: list[str]) -> None:
    path = tmp_path / "campagne.json"
    assert run_cli(["energy", "campaign", "new", str(path), "-c", "WINK"], lang).exit_code == 0
    assert run_cli(["energy", "campaign", "session", "start", str(path)], lang).exit_code == 0
    assert run_cli(["energy", "campaign", *words, str(path)], lang).exit_code == 0
    log = json.loads(run_cli(["energy", "campaign", "log", str(path), "--json"], lang).stdout)["log"]
    assert [entry["command"] for entry in log] == ["start_session", "start_scene"]


def test_scene_help_shows_the_file_first() -> None:
    text = " ".join(run_cli(["energy", "campaign", "scene", "--help"], "en").stdout.split())
    assert "scene FILE" in text
