"""Names and words as people type them, through the CLI, in French and English.

Names (PCs, beings, models, powers, talents, characteristics, sacred objects) match without regard
to case and accents — ``ioana`` finds Ioana —; an unknown one is refused with exit 2 and the known
names. The book's French words and the English keys are read alike, whatever the interface
language; options that take several values take them separated by commas; user text is shown as
typed (``:vampire: Dracula`` stays so).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli_helpers import run_cli

LANGS = ["fr", "en"]


def ok(args: list[str], lang: str) -> str:
    result = run_cli(args, lang)
    assert result.exit_code == 0, result.stderr
    return result.stdout


def data(args: list[str], lang: str) -> Any:
    return json.loads(ok([*args, "--json"], lang))


def refused(args: list[str], lang: str) -> str:
    result = run_cli(args, lang)
    assert result.exit_code == 2, (result.stdout, result.stderr)
    return " ".join(result.stderr.split())


# INS/MV -------------------------------------------------------------------------------------------


def insmv_table(path: Path, lang: str) -> None:
    ok(["insmv", "new", str(path)], lang)
    ok(["insmv", "being", "add", str(path), "--being", "Ioana", "--kind", "Ange", "--will", "3",
        "--characteristic", "Force=3,Présence=2", "--talent", "Discussion:Présence:1=3",
        "--power", "Lumière=4"], lang)


@pytest.mark.parametrize("lang", LANGS)
def test_insmv_sheet_lists_take_commas(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "t.json"
    insmv_table(path, lang)
    being = data(["insmv", "show", str(path)], lang)["beings"]["Ioana"]
    assert being["characteristics"] == {"Force": 3, "Présence": 2}
    assert being["kind"] == "angel"  # « Ange », the book's word, read as the key


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("named", "value"), [
    (["--talent", "DISCUSSION"], 3), (["--characteristic", "presence"], 2), (["--power", "lumiere"], 4)])
def test_insmv_beings_and_their_sheets_match_without_case_or_accents(
        tmp_path: Path, lang: str, named: list[str], value: int) -> None:
    path = tmp_path / "t.json"
    insmv_table(path, lang)
    out = data(["insmv", "test", str(path), "--being", "ioana", *named, "--dice", "1,1,1"], lang)
    tested = out["events"][0]["tested"]
    assert tested["name"] == "Ioana" and tested["value"] == value


@pytest.mark.parametrize("lang", LANGS)
def test_insmv_power_points_of_a_being_typed_in_lower_case(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "t.json"
    insmv_table(path, lang)
    out = data(["insmv", "pp", "spend", str(path), "--being", "IOANA", "--cost", "1"], lang)
    assert out["events"] == [{"power_points_spent": {"name": "Ioana", "cost": 1}}]


@pytest.mark.parametrize("lang", LANGS)
def test_insmv_unknown_being_exit_2_lists_the_known(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "t.json"
    insmv_table(path, lang)
    before = path.read_text()
    error = refused(["insmv", "test", str(path), "--being", "Bob", "--value", "3"], lang)
    assert "Bob" in error and "Ioana" in error
    assert path.read_text() == before


@pytest.mark.parametrize("lang", LANGS)
def test_insmv_same_name_in_other_case_is_a_duplicate(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "t.json"
    insmv_table(path, lang)
    refused(["insmv", "being", "add", str(path), "--being", "IOANA", "--kind", "human", "--will", "2"], lang)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("word", ["difficile", "Difficile", "hard", "HARD"])
def test_insmv_difficulty_in_french_or_english(lang: str, word: str) -> None:
    out = data(["insmv", "test", "--value", "3", "--difficulty", word, "--dice", "1,1,1"], lang)
    assert out["difficulty"] == "difficile"


@pytest.mark.parametrize("lang", LANGS)
def test_insmv_file_reads_french_and_english_words(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"meneur": "insmv", "format": 1, "setup": {"beings": [
        {"name": "Élise", "kind": "mort-vivant", "will": 3, "rules": {"max_voluntary_shift": 0}}]},
        "log": [], "undone": []}))
    out = data(["insmv", "test", str(path), "--being", "elise", "--value", "3", "--difficulty", "very_hard",
                "--dice", "1,1,1"], lang)
    assert out["beings"]["Élise"]["kind"] == "undead"
    assert out["events"][0]["tested"]["difficulty"] == "tres_difficile"


# Carpathes ----------------------------------------------------------------------------------------


def chronicle(path: Path, lang: str) -> None:
    ok(["carpathes", "chronicle", "new", str(path)], lang)
    for name in (":vampire: Dracula", "Ioana"):
        ok(["carpathes", "chronicle", "add-pc", str(path), "--name", name, "--mental", "2", "--physical",
            "3", "--social", "1", "--talent", "Escrime=2,Équitation=1", "--sacred-object", "Croix,Chapelet"],
           lang)
    ok(["carpathes", "chronicle", "session", str(path)], lang)
    ok(["carpathes", "chronicle", "scene", str(path)], lang)


@pytest.mark.parametrize("lang", LANGS)
def test_carpathes_user_text_is_shown_as_typed(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "c.json"
    chronicle(path, lang)
    out = ok(["carpathes", "chronicle", "show", str(path)], lang)
    assert ":vampire: Dracula" in out and "\U0001f9db" not in out
    out = ok(["carpathes", "chronicle", "roll", str(path), "--pc", ":vampire: dracula", "--trait", "mental",
              "--dice", "3,4"], lang)
    assert ":vampire: Dracula" in out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("trait", ["physique", "Physique", "physical", "PHYSICAL"])
def test_carpathes_pc_talent_and_trait_as_typed(tmp_path: Path, lang: str, trait: str) -> None:
    path = tmp_path / "c.json"
    chronicle(path, lang)
    out = data(["carpathes", "chronicle", "roll", str(path), "--pc", "ioana", "--trait", trait,
                "--talent", "equitation", "--dice", "3,4"], lang)
    rolled = out["events"][0]["rolled"]
    assert rolled["pc"] == "Ioana" and rolled["trait"] == "physical"
    assert rolled["roll"]["bonus"] == 1  # Équitation's bonus, named « equitation »


@pytest.mark.parametrize("lang", LANGS)
def test_carpathes_unknown_pc_exit_2_lists_the_known(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "c.json"
    chronicle(path, lang)
    error = refused(["carpathes", "chronicle", "roll", str(path), "--pc", "Mina", "--trait", "mental"], lang)
    assert "Mina" in error and "Ioana" in error and ":vampire: Dracula" in error


@pytest.mark.parametrize("lang", LANGS)
def test_carpathes_initiative_lists_take_commas(tmp_path: Path, lang: str) -> None:
    out = data(["carpathes", "initiative", "--fighter", "Ioana:3:pj,Loup:2", "--dice", "1,1,6,6"], lang)
    assert {row["name"] for row in out["order"]} == {"Ioana", "Loup"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("target", ["loup-garou", "Loup-Garou", "werewolf"])
def test_carpathes_words_in_both_languages(lang: str, target: str) -> None:
    out = data(["carpathes", "effect", "--agent", "argent", "--target", target], lang)
    same = data(["carpathes", "effect", "--agent", "silver", "--target", "werewolf"], lang)
    assert out == same


# Warzone ------------------------------------------------------------------------------------------


def squad(path: Path, tmp_path: Path, lang: str) -> None:
    figure = json.loads(ok(["warzone", "example"], lang))
    figure["name"] = "Élodie"
    figure["powers"][0]["name"] = "Éclair"
    model = tmp_path / "model.json"
    model.write_text(json.dumps(figure), encoding="utf-8")
    ok(["warzone", "new", str(path), "--figure", str(model)], lang)
    ok(["warzone", "activate", str(path)], lang)


@pytest.mark.parametrize("lang", LANGS)
def test_warzone_techniques_declared_with_commas_and_any_case(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "w.json"
    squad(path, tmp_path, lang)
    out = data(["warzone", "declare", str(path), "shield,HASTE"], lang)
    assert out["events"] == [{"techniques_declared": {"names": ["Shield", "Haste"], "model": "Élodie"}}]


@pytest.mark.parametrize("lang", LANGS)
def test_warzone_model_and_spell_without_accents(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "w.json"
    squad(path, tmp_path, lang)
    ok(["warzone", "end-activation", str(path)], lang)
    ok(["warzone", "end-turn", str(path)], lang)
    ok(["warzone", "activate", str(path), "--model", "elodie"], lang)
    ok(["warzone", "declare", str(path)], lang)
    out = data(["warzone", "spell", str(path), "eclair", "--model", "ELODIE", "--dice", "1"], lang)
    assert "Éclair" in json.dumps(out["events"], ensure_ascii=False)


@pytest.mark.parametrize("lang", LANGS)
def test_warzone_unknown_power_exit_2_lists_the_known(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "w.json"
    squad(path, tmp_path, lang)
    ok(["warzone", "declare", str(path)], lang)
    error = refused(["warzone", "spell", str(path), "Tonnerre", "--dice", "1"], lang)
    assert "Tonnerre" in error and "Éclair" in error


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("word", "same_as"), [("modèle", "model"), ("MODEL", "model"), ("Punkt", "point"),
                                               ("soi-même", "self"), ("Soi", "self")])
def test_warzone_target_in_french_polish_or_english(
        tmp_path: Path, lang: str, word: str, same_as: str) -> None:
    path = tmp_path / "w.json"
    squad(path, tmp_path, lang)
    ok(["warzone", "end-activation", str(path)], lang)
    ok(["warzone", "end-turn", str(path)], lang)
    ok(["warzone", "activate", str(path)], lang)
    ok(["warzone", "declare", str(path)], lang)
    spell = ["warzone", "spell", str(path), "Éclair", "--distance", "3", "--dice", "1"]
    refused([*spell, "--target", "mur"], lang)
    typed = run_cli([*spell, "--target", word, "--json"], lang)
    if typed.exit_code == 0:
        ok(["warzone", "undo", str(path)], lang)
    key = run_cli([*spell, "--target", same_as, "--json"], lang)
    assert (typed.exit_code, typed.stdout) == (key.exit_code, key.stdout)


@pytest.mark.parametrize("lang", LANGS)
def test_warzone_figure_file_reads_the_books_kind_words(tmp_path: Path, lang: str) -> None:
    figure = json.loads(ok(["warzone", "example"], lang))
    figure["powers"][0]["kind"] = "Zaklęcie"
    figure["powers"][2]["kind"] = "Technika"
    model = tmp_path / "model.json"
    model.write_text(json.dumps(figure), encoding="utf-8")
    ok(["warzone", "new", str(tmp_path / "w.json"), "--figure", str(model)], lang)
