"""A fight played at the table one CLI command at a time: ``fight new`` from heroes and NPC ranks,
one subcommand per fight-file command, ``undo``, ``end``; names typed as people type them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from meneur.storage import read_data
from tests.cli_helpers import run_cli

WORDS = {
    "fr": {"npc": "PNJ 1", "over": "Le combat est terminé", "undone": "Annulé"},
    "en": {"npc": "NPC 1", "over": "The fight is over", "undone": "Undone"},
}


def commands(path: Path) -> list[object]:
    return [entry["command"] for entry in read_data(path)["log"]]


def fight(path: Path, lang: str, *args: str) -> str:
    result = run_cli(["energy", "fight", *args[:1], str(path), *args[1:]], lang)
    assert result.exit_code == 0, result.stdout + result.stderr
    return result.stdout


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_gm_creates_plays_to_the_end_and_undoes_a_mistake(tmp_path: Path, lang: str) -> None:
    """KITSUNE against two rank-1 NPCs, without a line of YAML: "Lorsqu'un personnage tombe à 0 en
    Vigueur, il est mis hors combat" (002_58e889a1abff3456.txt); the fight ends when the GM says so."""
    path = tmp_path / "fight.json"
    words = WORDS[lang]
    assert "KITSUNE" in fight(path, lang, "new", "--hero", "kitsune", "--npc", "1", "--npc", "1")
    fight(path, lang, "start")
    # A mistake: an attack without the power; undo takes it back, energy and all.
    fight(path, lang, "attack", "KITSUNE", "npc1", "--tokens", "1")
    assert words["undone"] in fight(path, lang, "undo")
    assert commands(path) == ["start"]
    out = fight(
        path, lang, "attack", "Kitsune", words["npc"], "--tokens", "3", "--power", "FRAPPES instinctives"
    )
    assert "KITSUNE" in out and words["npc"] in out
    fight(path, lang, "defend", "npc1")
    fight(path, lang, "attack", "kitsune", "npc2", "--tokens", "2", "--power", "0")
    fight(path, lang, "defend", "npc2")
    assert words["over"] in fight(path, lang, "end")
    log = commands(path)
    assert log[0] == "start" and log[-1] == "end" and len(log) == 6
    assert log[1] == {"attack": {"actor": "kitsune", "target": "npc1", "tokens": 3, "power": 0}}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_new_from_heroes_and_ranks_places_everyone_within_reach(tmp_path: Path, lang: str) -> None:
    """`--heroes A,B --foes 3,3`: heroes at x = 0, foes facing them; `--at` moves anyone."""
    path = tmp_path / "fight.json"
    fight(path, lang, "new", "--heroes", "KITSUNE,wink", "--foes", "3,3", "--at", "NPC2=20,0", "--json")
    combatants = read_data(path)["setup"]["combatants"]
    assert [(c["id"], c["side"]) for c in combatants] == [
        ("kitsune", "heroes"),
        ("wink", "heroes"),
        ("npc1", "foes"),
        ("npc2", "foes"),
    ]
    assert combatants[2]["position"] == [4.0, 0.0] and combatants[3]["position"] == [20.0, 0.0]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_unknown_names_are_bad_input_with_the_known_ones(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "fight.json"
    fight(path, lang, "new", "--hero", "echo", "--npc", "2")
    fight(path, lang, "start")
    before = path.read_text(encoding="utf-8")
    result = run_cli(["energy", "fight", "attack", str(path), "bob", "npc1", "--tokens", "1"], lang)
    assert result.exit_code == 2 and "echo, npc1" in result.stderr
    result = run_cli(["energy", "fight", "new", str(tmp_path / "x.json"), "--hero", "nobody"], lang)
    assert result.exit_code == 2 and "KITSUNE" in result.stderr
    assert path.read_text(encoding="utf-8") == before


def test_names_match_without_case_and_accents(tmp_path: Path) -> None:
    """`deja-vu` finds DÉJÀ-VU, `Tempete d'acier` TEMPÊTE D’ACIER (the book's apostrophe), and a power
    typed without its accents is found."""
    path = tmp_path / "fight.json"
    fight(path, "fr", "new", "--hero", "deja-vu", "--hero", "Tempete d'acier", "--npc", "2")
    assert [c["id"] for c in read_data(path)["setup"]["combatants"]] == ["deja_vu", "tempete_d_acier", "npc1"]
    fight(path, "fr", "start")
    out = fight(path, "fr", "move", "DEJA-VU", "--to", "1,1")
    assert "DÉJÀ-VU" in out


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_end_of_the_fight_and_end_of_a_phase_are_told_apart(lang: str) -> None:
    end = run_cli(["energy", "fight", "end", "--help"], lang).stdout
    phase = run_cli(["energy", "fight", "pass", "--help"], lang).stdout
    assert end != phase
    assert ("combat" if lang == "fr" else "fight") in end and "phase" in phase


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_fight_help_points_to_the_reference(lang: str) -> None:
    text = " ".join(run_cli(["energy", "fight", "--help"], lang).stdout.split())
    assert "fight-files.fr.md" in text and "fight-files.md" in text


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_book_fights_ship_with_the_package(
    tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`fight example` lists the book's examples and writes one that `fight run` plays."""
    listing = run_cli(["energy", "fight", "example"], lang).stdout
    assert "kitsune_octopus:" in listing and "wink_robot:" in listing
    monkeypatch.chdir(tmp_path)
    assert run_cli(["energy", "fight", "example", "Kitsune_Octopus"], lang).exit_code == 0
    played = run_cli(["energy", "fight", "run", "kitsune_octopus.yaml", "--json"], lang)
    assert played.exit_code == 0 and json.loads(played.stdout)["phase"]
    again = run_cli(["energy", "fight", "example", "kitsune_octopus"], lang)
    assert again.exit_code == 2
    unknown = run_cli(["energy", "fight", "example", "nothing"], lang)
    assert unknown.exit_code == 2 and "wink_robot" in unknown.stderr


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_book_words_and_keys_are_both_read(tmp_path: Path, lang: str) -> None:
    """`détermination` or `determination`, `héros` or `heroes`, whatever the interface's language:
    "Détermination : Un personnage peut cocher une case de stress pour ignorer le malus de demi-succès"
    (002_58e889a1abff3456.txt)."""
    source = tmp_path / "combat.yaml"
    source.write_text(
        "combatants:\n"
        "  - {id: kitsune, hero: KITSUNE, side: héros, position: [0, 0]}\n"
        "  - {id: brute, npc: 2, side: Adversaires, position: [4, 0]}\n"
        "commands: [start]\n",
        encoding="utf-8",
    )
    path = tmp_path / "fight.json"
    fight(path, lang, "new", "--from", str(source))
    word = "détermination" if lang == "en" else "determination"
    assert "KITSUNE" in fight(path, lang, "stress", "Kitsune", "--use", word)
    assert commands(path)[-1] == {"stress": {"actor": "kitsune", "use": "determination"}}


def test_new_takes_character_files(tmp_path: Path) -> None:
    """A character file joins the heroes' side, its id the file's name."""
    hero = tmp_path / "Zoé.yaml"
    hero.write_text(run_cli(["energy", "library", "WINK"], "en").stdout, encoding="utf-8")
    path = tmp_path / "fight.json"
    fight(path, "en", "new", "--file", str(hero), "--foes", "2")
    entries = read_data(path)["setup"]["combatants"]
    assert [(c["id"], c["side"]) for c in entries] == [("zoe", "heroes"), ("npc1", "foes")]
    assert "WINK" in fight(path, "en", "start")
    refused = run_cli(["energy", "fight", "new", str(tmp_path / "x.json"), "--npc", "two"], "en")
    assert refused.exit_code == 2


def test_a_character_file_arrives_whole_and_a_bad_file_or_position_changes_nothing(tmp_path: Path) -> None:
    """« un nouvel ennemi arrive »: `arrive --character FILE` brings the character itself into the
    fight (the session keeps it, so it replays without the file); a file that is not a character, or
    a position that is not X,Y, exits 2 with the reason and nothing written."""
    from meneur.systems.energy import dump_character, library_hero

    path = tmp_path / "fight.json"
    fight(path, "en", "new", "--hero", "KITSUNE", "--npc", "3")
    fight(path, "en", "start")
    (tmp_path / "wink.yaml").write_text(dump_character(library_hero("wink")), encoding="utf-8")
    (tmp_path / "empty.yaml").write_text("", encoding="utf-8")
    out = fight(
        path, "en", "arrive", "--id", "wink", "--side", "heroes", "--character", str(tmp_path / "wink.yaml")
    )
    assert "WINK" in out
    arrived = commands(path)[-1]
    assert isinstance(arrived, dict) and arrived["arrive"]["character"]["name"] == "WINK"
    (tmp_path / "wink.yaml").unlink()  # the session no longer needs it
    assert "WINK : " in run_cli(["energy", "fight", "show", str(path)], "fr").stdout
    before = path.read_text(encoding="utf-8")
    for args in (
        ["arrive", str(path), "--id", "x", "--side", "foes", "--character", str(tmp_path / "empty.yaml")],
        ["arrive", str(path), "--id", "x", "--side", "foes", "--character", str(tmp_path / "nope.yaml")],
        ["move", str(path), "kitsune", "--to", "1"],
    ):
        result = run_cli(["energy", "fight", *args], "en")
        assert result.exit_code == 2 and "Traceback" not in result.stdout + result.stderr, args
        assert "Error:" in result.stderr
    assert path.read_text(encoding="utf-8") == before
