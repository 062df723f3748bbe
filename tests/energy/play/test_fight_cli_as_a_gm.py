"""The fight's command line tried as a GM would (issue 18, « The command line, tried as a GM would »):
``auto`` and ``suggest`` on a session file, characters kept as they were, what ``do`` refuses, the
commands ``legal`` and ``suggest`` print to paste, ``new`` with NPC files and with one side only."""

from __future__ import annotations

import json
import os
import shlex
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from meneur.storage import read_data
from meneur.systems.energy import library_hero
from meneur.systems.energy.files import save_character
from tests.cli_helpers import run_cli


def ok(args: list[str], lang: str = "en") -> str:
    result = run_cli(args, lang)
    assert result.exit_code == 0, result.stdout + result.stderr
    return result.stdout


def log(path: Path) -> list[object]:
    return [entry["command"] for entry in read_data(path)["log"]]


@pytest.fixture
def here(tmp_path: Path) -> Iterator[Path]:
    """Run from ``tmp_path`` (file names on the command line are relative to it)."""
    before = Path.cwd()
    os.chdir(tmp_path)
    try:
        yield tmp_path
    finally:
        os.chdir(before)


def test_auto_on_a_session_file_plays_into_its_log_and_each_move_undoes(tmp_path: Path) -> None:
    """« energy fight auto on a file written by fight new changes nothing »: the NPCs' moves go into
    the session's log, which show, log, legal and undo read."""
    path = tmp_path / "fight.json"
    ok(["energy", "fight", "new", str(path), "--heroes", "KITSUNE", "--foes", "3,3"])
    ok(["energy", "fight", "start", str(path)])
    ok(["energy", "fight", "attack", str(path), "kitsune", "npc1", "--tokens", "4", "--power", "0"])
    data = json.loads(ok(["energy", "fight", "auto", str(path), "--json"]))
    assert data["played"] >= 1 and data["stopped"] == "waiting"
    assert "commands" not in read_data(path)
    played = log(path)
    assert len(played) == 2 + data["played"] and played[2:] == data["commands"]
    shown = ok(["energy", "fight", "show", str(path)])
    assert "NPC 1 must react" not in shown  # the defence was played: the fight no longer waits for it
    ok(["energy", "fight", "undo", str(path)])
    assert log(path) == played[:-1]
    assert "NPC 1 must react" in ok(["energy", "fight", "show", str(path)])


def test_auto_on_a_session_file_to_the_end_says_why_it_stopped(tmp_path: Path) -> None:
    path = tmp_path / "fight.json"
    ok(["energy", "fight", "new", str(path), "--heroes", "KITSUNE", "--foes", "1"])
    data = json.loads(ok(["energy", "fight", "auto", str(path), "--sides", "all", "--json"]))
    assert data["phase"] == "ended" and data["stopped"] == "ended" and data["winner"] == "heroes"
    assert log(path)[-1] == "end"
    ok(["energy", "fight", "new", str(path), "--heroes", "KITSUNE", "--foes", "3,3", "--force"])
    text = ok(["energy", "fight", "auto", str(path), "--sides", "all"])
    assert "Stopped: the fight is still going after 30 turns" in text  # a stalemate: not "a side must act"


def test_suggest_on_a_session_file_prints_a_command_line_to_paste(tmp_path: Path) -> None:
    """« legal and suggest print a command a GM can paste »: pasted, it carries out that very move."""
    path = tmp_path / "fight.json"
    ok(["energy", "fight", "new", str(path), "--heroes", "KITSUNE", "--foes", "3,3"])
    ok(["energy", "fight", "start", str(path)])
    text = ok(["energy", "fight", "suggest", str(path)], "fr")
    line = next(x for x in text.splitlines() if x.startswith("Commande : "))
    pasted = shlex.split(line.removeprefix("Commande : "))
    assert pasted[:4] == ["meneur", "energy", "fight", "attack"]
    assert "--power" in pasted and "Frappes instinctives" in pasted
    suggested = json.loads(ok(["energy", "fight", "suggest", str(path), "--json"]))["command"]
    ok(pasted[1:])
    assert log(path)[-1] == suggested


def test_every_command_legal_prints_can_be_pasted(tmp_path: Path) -> None:
    """Each legal action's line, pasted on a copy of the file, carries out exactly that action."""
    path = tmp_path / "fight.json"
    ok(["energy", "fight", "new", str(path), "--heroes", "KITSUNE", "--foes", "3,3"])
    ok(["energy", "fight", "start", str(path)])
    actions = json.loads(ok(["energy", "fight", "legal", str(path), "--json"]))
    text = ok(["energy", "fight", "legal", str(path)])
    assert "force_move" not in text and "place_terrain" not in text  # the book's words, not keys
    lines = [x.strip() for x in text.splitlines() if x.startswith("  ")]
    assert len(lines) == len(actions) >= 5
    for action, line in zip(actions, lines, strict=True):
        copy = tmp_path / "copy.json"
        shutil.copy(path, copy)
        words = shlex.split(line)
        assert words[:3] == ["meneur", "energy", "fight"] and str(path) in words
        ok([str(copy) if w == str(path) else w for w in words[1:]])
        assert log(copy)[-1] == action["command"], line


def test_show_gives_ids_and_positions(tmp_path: Path) -> None:
    path = tmp_path / "fight.json"
    ok(["energy", "fight", "new", str(path), "--heroes", "KITSUNE", "--foes", "3", "--at", "npc1=4,1.5"])
    shown = ok(["energy", "fight", "show", str(path)])
    assert "(id kitsune, at 0; 0)" in shown and "(id npc1, at 4; 1.5)" in shown
    assert "(id npc1, en 4\u00a0; 1,5)" in ok(["energy", "fight", "show", str(path)], "fr")


@pytest.mark.parametrize("typed", ["", "null", "42", "[]", "[start]", "~"])
def test_do_refuses_what_is_not_a_command_and_says_what_one_looks_like(tmp_path: Path, typed: str) -> None:
    """« meneur energy fight do FILE "" ends in a traceback »: exit 2, the file unchanged."""
    path = tmp_path / "fight.json"
    ok(["energy", "fight", "new", str(path), "--heroes", "KITSUNE", "--foes", "3"])
    before = path.read_text(encoding="utf-8")
    result = run_cli(["energy", "fight", "do", str(path), typed], "en")
    assert result.exit_code == 2
    assert "is not a command" in result.stderr and "attack: {actor: kitsune" in result.stderr
    assert "Traceback" not in result.stderr and path.read_text(encoding="utf-8") == before


def test_a_fight_keeps_its_characters_as_they_were_and_runs_from_anywhere(here: Path) -> None:
    """« editing a character sheet rewrote a fight already under way (Vigueur 9/9) », and a fight run
    from another folder could not be shown: the character is kept in the session when it is set up."""
    (here / "characters").mkdir()
    save_character(library_hero("KITSUNE"), here / "characters" / "kit.yaml")
    (here / "fights").mkdir()
    ok(["energy", "fight", "new", "fights/f.json", "--file", "characters/kit.yaml", "--foes", "3"])
    sheet = here / "characters" / "kit.yaml"
    sheet.write_text(sheet.read_text(encoding="utf-8").replace("vigor: 4", "vigor: 9"), encoding="utf-8")
    os.chdir(here / "fights")
    shown = ok(["energy", "fight", "show", "f.json"])
    assert "Vigueur 4/4" in shown and "9/9" not in shown
    ok(["energy", "fight", "start", "f.json"])
    ok(["energy", "fight", "undo", "f.json"])
    combatant = read_data(here / "fights" / "f.json")["setup"]["combatants"][0]
    assert "file" not in combatant and combatant["character"]["name"] == "KITSUNE"


def test_new_from_a_fight_file_elsewhere_keeps_its_character_files(here: Path) -> None:
    """A fight file's ``file:`` is relative to the fight file; ``new --from`` keeps the characters."""
    (here / "book").mkdir()
    save_character(library_hero("WINK"), here / "book" / "wink.yaml")
    (here / "book" / "duel.yaml").write_text(
        "combatants:\n  - {id: wink, file: wink.yaml, side: heroes}\n"
        "  - {id: npc1, npc: 2, side: foes, position: [3, 0]}\ncommands: [start]\n",
        encoding="utf-8",
    )
    ok(["energy", "fight", "new", "s.json", "--from", "book/duel.yaml"])
    shutil.rmtree(here / "book")
    assert "WINK" in ok(["energy", "fight", "show", "s.json"])


def test_new_takes_npc_files_on_the_foes_side(here: Path) -> None:
    """« fight new refuses NPC files on the foes' side »: ``--foes 3,agent.yaml``."""
    (here / "agent.yaml").write_text(ok(["energy", "npc", "--rank", "4", "--name", "Agent Smith"]))
    ok(["energy", "fight", "new", "f.json", "--heroes", "KITSUNE", "--foes", "3,agent.yaml"])
    sides = {c["id"]: c["side"] for c in read_data(here / "f.json")["setup"]["combatants"]}
    assert sides == {"kitsune": "heroes", "npc1": "foes", "agent": "foes"}


@pytest.mark.parametrize("args", [["--heroes", "WINK"], ["--foes", "3,3"]])
def test_new_with_one_side_only_is_refused(tmp_path: Path, args: list[str]) -> None:
    """« fight new x.json --heroes WINK with no foes is accepted silently »: a fight needs two sides."""
    path = tmp_path / "x.json"
    result = run_cli(["energy", "fight", "new", str(path), *args], "en")
    assert result.exit_code == 2 and "A fight needs two sides" in result.stderr
    assert not path.exists()


def test_run_with_an_unknown_actor_names_it_and_the_known_ones(tmp_path: Path) -> None:
    """« With an unknown actor, fight run complains about the power »: it names the actor."""
    path = tmp_path / "f.yaml"
    path.write_text(
        "combatants:\n  - {id: kitsune, hero: KITSUNE, side: heroes}\n"
        "  - {id: npc1, npc: 3, side: foes, position: [3, 0]}\n"
        "commands:\n  - start\n"
        "  - attack: {actor: kitsun, target: npc1, tokens: 2, power: Frappes instinctives}\n",
        encoding="utf-8",
    )
    result = run_cli(["energy", "fight", "run", str(path)], "en")
    assert result.exit_code == 2
    assert "no combatant is called kitsun; known: kitsune, npc1" in result.stderr
    assert "not of the expected type" not in result.stderr
