"""``meneur carpathes chronicle``: the verbs every stateful system has (new, the commands, legal,
undo, redo, log, show), the file first, ``--json`` everywhere, exit 0/1/2, in French and English."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli_helpers import run_cli

LANGS = ["fr", "en"]


def call(path: Path, verb: str, *args: str, lang: str = "fr", code: int = 0) -> Any:
    result = run_cli(["carpathes", "chronicle", verb, str(path), *args, "--json"], lang)
    assert result.exit_code == code, result.stderr
    return json.loads(result.stdout)


def mihail_in_a_scene(path: Path, lang: str) -> None:
    call(path, "new", lang=lang)
    call(
        path,
        "add-pc",
        "--name",
        "Mihail",
        "--mental",
        "2",
        "--physical",
        "1",
        "--social",
        "1",
        "--sacred-object",
        "croix",
        lang=lang,
    )
    call(path, "session", lang=lang)
    call(path, "scene", lang=lang)


@pytest.mark.parametrize("lang", LANGS)
def test_new_command_undo_redo_log_show(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "c.json"
    created = call(path, "new", "--clues-per-scene", "2", lang=lang)
    assert created["version"] == 0 and created["summary"]["options"]["supernatural_clues_per_scene"] == 2
    call(path, "add-pc", "--name", "Mihail", "--mental", "2", "--physical", "1", "--social", "1", lang=lang)
    assert call(path, "session", lang=lang)["version"] == 2
    undone = call(path, "undo", lang=lang)
    assert undone == {**undone, "undone": "start_session", "version": 1}
    redone = call(path, "redo", lang=lang)
    assert (redone["redone"], redone["version"]) == ("start_session", 2)
    log = call(path, "log", lang=lang)["log"]
    assert [entry["command"] for entry in log][1] == "start_session"
    assert log[1]["events"] == ["session_started"]
    shown = call(path, "show", lang=lang)
    assert (shown["kind"], shown["version"], shown["state"]["session"]) == ("carpathes", 2, 1)
    text = run_cli(["carpathes", "chronicle", "log", str(path)], lang).stdout
    assert "2. start_session" in text


@pytest.mark.parametrize(("lang", "word"), [("fr", "Rien à annuler"), ("en", "Nothing to undo")])
def test_an_empty_undo_is_refused_with_exit_1(tmp_path: Path, lang: str, word: str) -> None:
    path = tmp_path / "c.json"
    call(path, "new", lang=lang)
    result = run_cli(["carpathes", "chronicle", "undo", str(path), "--json"], lang)
    assert result.exit_code == 1 and word in result.stderr
    assert json.loads(result.stdout)["rule"] == "nothing_to_undo"


@pytest.mark.parametrize("lang", LANGS)
def test_a_refusal_exits_1_with_the_rule_in_json(tmp_path: Path, lang: str) -> None:
    """« Elle ne se recharge pas dans la même scène »: no roll, no Talisman; the file is unchanged."""
    path = tmp_path / "c.json"
    mihail_in_a_scene(path, lang)
    before = path.read_bytes()
    error = call(path, "talisman", "--pc", "Mihail", "--object", "croix", "--sincere", lang=lang, code=1)
    assert (error["error"], error["rule"]) == ("illegal_action", "talisman.supernatural_only")
    assert error["message"] and path.read_bytes() == before


@pytest.mark.parametrize(
    ("lang", "args", "needle"),
    [
        ("fr", ["roll", "--pc", "Mihail", "--trait", "courage"], "courage"),
        ("en", ["roll", "--pc", "Dracula", "--trait", "mental"], "Dracula"),
        ("en", ["wound", "--pc", "Mihail", "--wound", "scratch"], "scratch"),
        ("fr", ["initiative", "--npc", "Strigoi:99"], "de 0 à 10"),
    ],
)
def test_bad_input_exits_2_with_a_json_error(tmp_path: Path, lang: str, args: list[str], needle: str) -> None:
    path = tmp_path / "c.json"
    mihail_in_a_scene(path, lang)
    before = path.read_bytes()
    error = call(path, *args, lang=lang, code=2)
    assert error["error"] == "bad_input" and needle in error["message"] and path.read_bytes() == before


@pytest.mark.parametrize(("lang", "needle"), [("fr", "de 0 à 99"), ("en", "from 0 to 99")])
def test_new_range_checks_its_options(tmp_path: Path, lang: str, needle: str) -> None:
    path = tmp_path / "c.json"
    error = call(path, "new", "--clues-per-scene", "100", lang=lang, code=2)
    assert needle in error["message"] and not path.exists()
    result = run_cli(["carpathes", "chronicle", "new", str(path), "--clues-per-scene", "nan"], lang)
    assert result.exit_code == 2 and not path.exists()


@pytest.mark.parametrize("lang", LANGS)
def test_legal_lists_what_may_be_done_and_why_not(tmp_path: Path, lang: str) -> None:
    """« Le Talisman ne s'applique qu'aux confrontations surnaturelles avérées »: outside one it is
    listed as refused with its rule; a roll is legal and says how many dice to enter."""
    path = tmp_path / "c.json"
    mihail_in_a_scene(path, lang)
    entries = call(path, "legal", lang=lang)["legal"]
    assert {"actor": "Mihail", "kind": "roll", "mode": "normal", "dice": 2}.items() <= entries[
        [e["kind"] for e in entries].index("roll")
    ].items()
    assert all("rule" not in e for e in entries)
    refused = call(path, "legal", "--all", lang=lang)["legal"]
    rules = {e["rule"] for e in refused if e["kind"] == "invoke_talisman"}
    assert rules == {"talisman.supernatural_only"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_file_of_another_system_is_bad_input(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "c.json"
    path.write_text(json.dumps({"meneur": "warzone", "format": 1, "setup": {}, "log": []}), encoding="utf-8")
    assert run_cli(["carpathes", "chronicle", "show", str(path)], lang).exit_code == 2
