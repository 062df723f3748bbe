"""``meneur insmv`` table files in French and English: new, being add, pp, test at a table, the
session verbs (legal, undo, redo, log, show), exit statuses 0/1/2 and the JSON error object."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli_helpers import run_cli

LANGS = ["fr", "en"]


def as_json(args: list[str], lang: str = "fr") -> dict[str, Any]:
    result = run_cli(["insmv", *args, "--json"], lang)
    assert result.exit_code == 0, result.stderr
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def new_table(tmp_path: Path, *options: str) -> str:
    path = str(tmp_path / "table.json")
    assert run_cli(["insmv", "new", path, *options]).exit_code == 0
    return path


def roll_of(result: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = next(e["tested"] for e in result["events"] if "tested" in e)
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_table_file_commands(tmp_path: Path, lang: str) -> None:
    """000_008acb24c72771e3.txt: PP maximum "égal à sa volonté" plus a modifier; spent, recovered."""
    path = new_table(tmp_path)
    added = as_json(
        [
            "being",
            "add",
            path,
            "--being",
            "Asmo",
            "--kind",
            "demon",
            "--will",
            "4",
            "--pp-modifier",
            "2",
            "--recovery",
            "1",
        ],
        lang,
    )
    assert added["beings"]["Asmo"]["max_power_points"] == 6
    spent = as_json(["pp", "spend", path, "--being", "Asmo", "--cost", "5", "--power", "Charme"], lang)
    assert spent["beings"]["Asmo"]["power_points"] == 1
    before = Path(path).read_bytes()
    short = run_cli(["insmv", "pp", "spend", path, "--being", "Asmo", "--cost", "2", "--json"], lang)
    assert short.exit_code == 1 and Path(path).read_bytes() == before
    assert json.loads(short.stdout)["rule"] == "power_points_short"
    for bad in (
        ["pp", "spend", path, "--being", "Nobody", "--cost", "1"],
        ["pp", "spend", path, "--being", "Asmo", "--cost", "0"],
        ["pp", "recover", path, "--being", "Asmo", "--days", "-1"],
        ["being", "add", path, "--being", "Asmo", "--kind", "angel", "--will", "3"],
        ["being", "add", path, "--being", "X", "--kind", "angel", "--will", "-3"],
        ["being", "add", path, "--being", "X", "--kind", "elf", "--will", "3"],
    ):
        assert run_cli(["insmv", *bad], lang).exit_code == 2
        assert Path(path).read_bytes() == before
    rested = as_json(["pp", "recover", path, "--being", "Asmo", "--days", "9", "--rest"], lang)
    assert rested["beings"]["Asmo"]["power_points"] == 6
    undone = as_json(["undo", path], lang)
    assert undone["beings"]["Asmo"]["power_points"] == 1 and undone["version"] == 2
    assert as_json(["show", path], lang)["beings"] == undone["beings"]
    shown = run_cli(["insmv", "show", path], lang)
    assert "Asmo" in shown.stdout and "1/6" in shown.stdout
    assert as_json(["redo", path], lang)["beings"]["Asmo"]["power_points"] == 6
    assert [list(entry["command"]) for entry in as_json(["log", path], lang)["log"]] == [
        ["add_being"],
        ["spend"],
        ["recover"],
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_empty_undo_and_missing_files(tmp_path: Path, lang: str) -> None:
    path = new_table(tmp_path)
    result = run_cli(["insmv", "undo", path, "--json"], lang)
    assert result.exit_code == 1 and json.loads(result.stdout)["rule"] == "nothing_to_undo"
    missing = run_cli(["insmv", "show", str(tmp_path / "none.json"), "--json"], lang)
    assert missing.exit_code == 2 and json.loads(missing.stdout)["error"] == "bad_input"
    assert run_cli(["insmv", "new", path], lang).exit_code == 2  # no overwrite without --force


def test_broken_table_file_is_left_alone(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    result = run_cli(["insmv", "show", str(broken)])
    assert result.exit_code == 2 and "broken.json" in result.stderr
    assert broken.read_text(encoding="utf-8") == "{not json"
    assert run_cli(["insmv", "undo", str(tmp_path / "new.json")]).exit_code == 2
    assert not (tmp_path / "new.json").exists()


@pytest.mark.parametrize("lang", LANGS)
def test_a_being_of_the_table_uses_a_power(tmp_path: Path, lang: str) -> None:
    """A power test by a being of the table file: its kind limits the shift, its pool pays the cost."""
    path = new_table(tmp_path)
    as_json(["being", "add", path, "--being", "Yves", "--kind", "angel", "--will", "3"], lang)
    base = ["test", path, "--being", "Yves", "--value", "6"]
    used = as_json([*base, "--voluntary", "5", "--cost", "2", "--power", "Lumière", "--dice", "1,1,3"], lang)
    assert roll_of(used)["success"] is True and roll_of(used)["units"] == 8
    assert used["beings"]["Yves"]["power_points"] == 1
    failed = as_json(
        [*base, "--shift", "-17", "--difficulty", "tres_difficile", "--cost", "1", "--dice", "6,6,1"], lang
    )
    assert roll_of(failed)["success"] is False and failed["beings"]["Yves"]["power_points"] == 0
    before = Path(path).read_bytes()
    short = run_cli(["insmv", *base, "--cost", "1", "--dice", "1,1,1"], lang)
    assert short.exit_code == 1 and Path(path).read_bytes() == before
    wide = run_cli(["insmv", *base, "--voluntary", "6", "--dice", "1,1,1", "--json"], lang)
    assert wide.exit_code == 1 and json.loads(wide.stdout)["rule"] == "voluntary_shift_limit"
    for bad in (
        [*base, "--dice", "1,1"],
        [*base, "--dice", "1,,1,1"],
        ["test", "--value", "3", "--cost", "1"],
        ["test", "--value", "3", "--being", "Yves"],
        [*base[:2], "--being", "Nobody", "--value", "3"],
        [*base, "--cost", "1", "--power-not-possessed"],
        [*base, "--shift", "21"],
    ):
        assert run_cli(["insmv", *bad], lang).exit_code == 2
        assert Path(path).read_bytes() == before


def test_keep_pp_on_failure_option(tmp_path: Path) -> None:
    """Ruling "Spending power points" (docs/rulings/insmv.md): table option spend_power_points_on_failure."""
    path = new_table(tmp_path, "--keep-pp-on-failure")
    as_json(["being", "add", path, "--being", "Yves", "--kind", "angel", "--will", "3"])
    base = ["test", path, "--being", "Yves", "--value", "1", "--difficulty", "tres_difficile", "--cost", "2"]
    assert as_json([*base, "--dice", "6,6,1"])["beings"]["Yves"]["power_points"] == 3
    assert as_json([*base, "--dice", "1,1,1"])["beings"]["Yves"]["power_points"] == 1


def test_unwritable_table_file_is_bad_input(tmp_path: Path) -> None:
    path = tmp_path / "missing-folder" / "table.json"
    result = run_cli(["insmv", "new", str(path)])
    assert result.exit_code == 2 and "table.json" in result.stderr


@pytest.mark.parametrize(("lang", "words"), [("fr", ["will", "0"]), ("en", ["will", "0"])])
def test_invalid_being_names_the_field(tmp_path: Path, lang: str, words: list[str]) -> None:
    path = new_table(tmp_path)
    before = Path(path).read_bytes()
    result = run_cli(["insmv", "being", "add", path, "--being", "X", "--kind", "angel", "--will", "-1"], lang)
    assert result.exit_code == 2 and all(word in result.stderr for word in words)
    assert Path(path).read_bytes() == before


@pytest.mark.parametrize("lang", LANGS)
def test_legal_lists_what_each_being_may_do(tmp_path: Path, lang: str) -> None:
    """000_008acb24c72771e3.txt: "ne peut pas décaler volontairement son jet de plus de 5 colonnes"."""
    path = new_table(tmp_path)
    as_json(["being", "add", path, "--being", "Yves", "--kind", "angel", "--will", "3"], lang)
    entries = as_json(["legal", path, "--all"], lang)["legal"]
    refused = {e["rule"] for e in entries if "rule" in e}
    assert refused == {"power_points_short", "voluntary_shift_limit"}
    assert {e["kind"] for e in entries if "rule" not in e} == {"spend", "recover", "test", "power"}


def test_a_table_file_of_an_older_meneur_loads(tmp_path: Path) -> None:
    """Table files written before the session engine keep working: their events become the log."""
    path = tmp_path / "old.json"
    path.write_text(
        json.dumps(
            {
                "system": "insmv",
                "events": [
                    {
                        "type": "being_added",
                        "being": {
                            "name": "Asmo",
                            "kind": "demon",
                            "will": 4,
                            "power_points": None,
                            "rules": {
                                "max_voluntary_shift": 5,
                                "power_point_modifier": 0,
                                "recovery_per_day": 1,
                            },
                        },
                    },
                    {"type": "power_points_spent", "name": "Asmo", "cost": 3, "power": "Charme"},
                    {
                        "type": "power_points_recovered",
                        "name": "Asmo",
                        "days": 1,
                        "at_rest": False,
                        "amount": 1,
                    },
                ],
            }
        ),
        encoding="utf-8",
    )
    assert as_json(["show", str(path)])["beings"]["Asmo"]["power_points"] == 2
    assert as_json(["undo", str(path)])["beings"]["Asmo"]["power_points"] == 1
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["meneur"] == "insmv" and len(saved["log"]) == 2
    assert as_json(["pp", "spend", str(path), "--being", "Asmo", "--cost", "1"])["version"] == 3


@pytest.mark.parametrize(
    ("lang", "spent", "zero", "rested"),
    [
        (
            "fr",
            "Gabriel dépense 2 PP pour Charme ; il reste 1 PP.",
            "Gabriel récupère 0 PP (sa récupération hors repos est de 0) ; ajoutez --rest",
            "Gabriel récupère 2 PP ; désormais 3/3 PP.",
        ),
        (
            "en",
            "Gabriel spends 2 PP on Charme; 1 PP left.",
            "Gabriel recovers 0 PP (recovery without rest is 0 for this being); add --rest",
            "Gabriel recovers 2 PP; now 3/3 PP.",
        ),
    ],
)
def test_power_point_commands_say_what_changed(
    tmp_path: Path, lang: str, spent: str, zero: str, rested: str
) -> None:
    """Complete rest gives at least 1 PP per 24 hours (docs/rulings/insmv.md); commands say so."""
    path = new_table(tmp_path)
    added = ["insmv", "being", "add", path, "--being", "Gabriel", "--kind", "ange", "--will", "3"]
    assert run_cli(added, lang).exit_code == 0
    assert (
        spent
        in run_cli(
            ["insmv", "pp", "spend", path, "--being", "Gabriel", "--cost", "2", "--power", "Charme"], lang
        ).stdout
    )
    assert zero in run_cli(["insmv", "pp", "recover", path, "--being", "Gabriel", "--days", "2"], lang).stdout
    assert (
        rested
        in run_cli(
            ["insmv", "pp", "recover", path, "--being", "Gabriel", "--days", "2", "--rest"], lang
        ).stdout
    )


@pytest.mark.parametrize(("lang", "word"), [("fr", "connus : aucun"), ("en", "known: none")])
def test_unknown_being_says_none_known(tmp_path: Path, lang: str, word: str) -> None:
    path = new_table(tmp_path)
    result = run_cli(["insmv", "test", path, "--value", "3", "--being", "X", "--dice", "1,1,1"], lang)
    assert result.exit_code == 2 and word in result.stderr
