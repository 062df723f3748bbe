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
    ok(
        [
            "insmv",
            "being",
            "add",
            str(path),
            "--being",
            "Ioana",
            "--kind",
            "Ange",
            "--will",
            "3",
            "--characteristic",
            "Force=3,Présence=2",
            "--talent",
            "Discussion:Présence:1=3",
            "--power",
            "Lumière=4",
        ],
        lang,
    )


@pytest.mark.parametrize("lang", LANGS)
def test_insmv_sheet_lists_take_commas(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "t.json"
    insmv_table(path, lang)
    being = data(["insmv", "show", str(path)], lang)["beings"]["Ioana"]
    assert being["characteristics"] == {"Force": 3, "Présence": 2}
    assert being["kind"] == "angel"  # « Ange », the book's word, read as the key


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("named", "value"),
    [(["--talent", "DISCUSSION"], 3), (["--characteristic", "presence"], 2), (["--power", "lumiere"], 4)],
)
def test_insmv_beings_and_their_sheets_match_without_case_or_accents(
    tmp_path: Path, lang: str, named: list[str], value: int
) -> None:
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
    path.write_text(
        json.dumps(
            {
                "meneur": "insmv",
                "format": 1,
                "setup": {
                    "beings": [
                        {
                            "name": "Élise",
                            "kind": "mort-vivant",
                            "will": 3,
                            "rules": {"max_voluntary_shift": 0},
                        }
                    ]
                },
                "log": [],
                "undone": [],
            }
        )
    )
    out = data(
        [
            "insmv",
            "test",
            str(path),
            "--being",
            "elise",
            "--value",
            "3",
            "--difficulty",
            "very_hard",
            "--dice",
            "1,1,1",
        ],
        lang,
    )
    assert out["beings"]["Élise"]["kind"] == "undead"
    assert out["events"][0]["tested"]["difficulty"] == "tres_difficile"


# Carpathes ----------------------------------------------------------------------------------------


def chronicle(path: Path, lang: str) -> None:
    ok(["carpathes", "chronicle", "new", str(path)], lang)
    for name in (":vampire: Dracula", "Ioana"):
        ok(
            [
                "carpathes",
                "chronicle",
                "add-pc",
                str(path),
                "--name",
                name,
                "--mental",
                "2",
                "--physical",
                "3",
                "--social",
                "1",
                "--talent",
                "Escrime=2,Équitation=1",
                "--sacred-object",
                "Croix,Chapelet",
            ],
            lang,
        )
    ok(["carpathes", "chronicle", "session", str(path)], lang)
    ok(["carpathes", "chronicle", "scene", str(path)], lang)


@pytest.mark.parametrize("lang", LANGS)
def test_carpathes_user_text_is_shown_as_typed(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "c.json"
    chronicle(path, lang)
    out = ok(["carpathes", "chronicle", "show", str(path)], lang)
    assert ":vampire: Dracula" in out and "\U0001f9db" not in out
    out = ok(
        [
            "carpathes",
            "chronicle",
            "roll",
            str(path),
            "--pc",
            ":vampire: dracula",
            "--trait",
            "mental",
            "--dice",
            "3,4",
        ],
        lang,
    )
    assert ":vampire: Dracula" in out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("trait", ["physique", "Physique", "physical", "PHYSICAL"])
def test_carpathes_pc_talent_and_trait_as_typed(tmp_path: Path, lang: str, trait: str) -> None:
    path = tmp_path / "c.json"
    chronicle(path, lang)
    out = data(
        [
            "carpathes",
            "chronicle",
            "roll",
            str(path),
            "--pc",
            "ioana",
            "--trait",
            trait,
            "--talent",
            "equitation",
            "--dice",
            "3,4",
        ],
        lang,
    )
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
@pytest.mark.parametrize(
    ("word", "same_as"),
    [("modèle", "model"), ("MODEL", "model"), ("Punkt", "point"), ("soi-même", "self"), ("Soi", "self")],
)
def test_warzone_target_in_french_polish_or_english(
    tmp_path: Path, lang: str, word: str, same_as: str
) -> None:
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


# Energy -------------------------------------------------------------------------------------------

COMMA_LISTS = [
    (["energy", "campaign", "new"], ("--character",)),
    (["energy", "campaign", "xp", "award"], ("--heroic", "--aptitude", "--bonus")),
    (["energy", "fight", "new"], ("--hero", "--heroes", "--file", "--npc", "--foes")),
    (["energy", "fight", "end"], ("--wounded", "--exhausted")),
    (["energy", "fight", "attack"], ("--area-targets", "--crossing", "--joined")),
    (["energy", "balance"], ("--heroes", "--foes")),
]


@pytest.mark.parametrize(("lang", "word"), [("fr", "TEXTE,..."), ("en", "TEXT,...")])
@pytest.mark.parametrize(("command", "options"), COMMA_LISTS)
def test_energy_list_options_show_that_they_take_commas(
    command: list[str], options: tuple[str, ...], lang: str, word: str
) -> None:
    lines = [" ".join(line.replace("│", " ").split()) for line in ok([*command, "--help"], lang).splitlines()]
    for option in options:
        shown = next(line for line in lines if line.startswith(("* " + option, option)))
        after_names = [token for token in shown.removeprefix("* ").split() if not token.startswith("-")]
        assert after_names[0] == word, (option, shown)


def energy_campaign(path: Path, lang: str, *characters: str) -> Any:
    args = [arg for name in characters for arg in ("-c", name)]
    ok(["energy", "campaign", "new", str(path), *args], lang)
    return data(["energy", "campaign", "show", str(path)], lang)["state"]["characters"]


@pytest.mark.parametrize("lang", LANGS)
def test_energy_campaign_characters_with_commas_or_repeated(tmp_path: Path, lang: str) -> None:
    joined = energy_campaign(tmp_path / "a.json", lang, "WINK, kitsune")
    repeated = energy_campaign(tmp_path / "b.json", lang, "WINK", "kitsune")
    assert list(joined) == list(repeated) == ["WINK", "KITSUNE"]


@pytest.mark.parametrize("lang", LANGS)
def test_energy_experience_criteria_with_commas_or_repeated(tmp_path: Path, lang: str) -> None:
    """The same award, criteria given with commas or option by option, in the book's words or keys."""
    awarded = []
    for name, criteria in (
        (
            "a.json",
            [
                "--heroic",
                "survived,success",
                "--aptitude",
                "survived, learned",
                "--bonus",
                "outside_work,complication",
            ],
        ),
        (
            "b.json",
            [
                "--heroic",
                "survived",
                "--heroic",
                "success",
                "--aptitude",
                "survived",
                "--aptitude",
                "learned",
                "--bonus",
                "outside_work",
                "--bonus",
                "complication",
            ],
        ),
    ):
        path = tmp_path / name
        energy_campaign(path, lang, "WINK")
        ok(["energy", "campaign", "session", "start", str(path)], lang)
        ok(["energy", "campaign", "session", "end", str(path)], lang)
        ok(["energy", "campaign", "xp", "award", str(path), "wink", *criteria], lang)
        awarded.append(data(["energy", "campaign", "show", str(path)], lang)["state"]["characters"]["WINK"])
    assert awarded[0]["experience"] == awarded[1]["experience"]
    assert awarded[0]["experience"]["heroic_xp"] > 0 and awarded[0]["experience"]["aptitude_xp"] > 0


def energy_fight(path: Path, lang: str, *args: str) -> list[Any]:
    ok(["energy", "fight", "new", str(path), *args], lang)
    return [entry["command"] for entry in json.loads(path.read_text(encoding="utf-8"))["log"]] + [
        json.loads(path.read_text(encoding="utf-8"))["setup"]
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_energy_fight_combatants_and_places_with_commas_or_repeated(tmp_path: Path, lang: str) -> None:
    joined = energy_fight(
        tmp_path / "a.json", lang, "--hero", "kitsune,WINK", "--npc", "1,2", "--at", "npc1=3,0,npc2=20,1"
    )
    repeated = energy_fight(
        tmp_path / "b.json",
        lang,
        "--hero",
        "kitsune",
        "--hero",
        "WINK",
        "--npc",
        "1",
        "--npc",
        "2",
        "--at",
        "npc1=3,0",
        "--at",
        "npc2=20,1",
    )
    assert joined == repeated
    assert "npc2" in json.dumps(joined) and "20" in json.dumps(joined)
    other_options = energy_fight(
        tmp_path / "c.json",
        lang,
        "--heroes",
        "kitsune",
        "--heroes",
        "WINK",
        "--foes",
        "1",
        "--foes",
        "2",
        "--at",
        "npc1=3,0,npc2=20,1",
    )
    assert other_options == joined


@pytest.mark.parametrize("lang", LANGS)
def test_energy_fight_place_that_is_not_a_point_is_refused(tmp_path: Path, lang: str) -> None:
    shown = refused(
        [
            "energy",
            "fight",
            "new",
            str(tmp_path / "f.json"),
            "--hero",
            "kitsune",
            "--npc",
            "1",
            "--at",
            "npc1=3,0,4",
        ],
        lang,
    )
    assert "ID=X,Y" in shown and "npc1=3,0,4" in shown
    assert not (tmp_path / "f.json").exists()


@pytest.mark.parametrize("lang", LANGS)
def test_energy_fight_command_lists_with_commas_or_repeated(tmp_path: Path, lang: str) -> None:
    """`end --wounded a,b` writes the command `end --wounded a --wounded b` writes."""
    logs = []
    for name, wounded in (
        ("a.json", ["--wounded", "npc1, npc2"]),
        ("b.json", ["--wounded", "npc1", "--wounded", "npc2"]),
    ):
        path = tmp_path / name
        ok(["energy", "fight", "new", str(path), "--hero", "kitsune", "--npc", "1,1"], lang)
        for command in (
            ["start"],
            ["attack", "kitsune", "npc1", "--tokens", "3", "--power", "0"],
            ["defend", "npc1"],
            ["attack", "kitsune", "npc2", "--tokens", "2", "--power", "0"],
            ["defend", "npc2"],
            ["end", *wounded],
        ):
            ok(["energy", "fight", command[0], str(path), *command[1:]], lang)
        logs.append(json.loads(path.read_text(encoding="utf-8"))["log"][-1]["command"])
    assert logs[0] == logs[1] == {"end": {"wounded": ["npc1", "npc2"]}}


@pytest.mark.parametrize("lang", LANGS)
def test_energy_balance_sides_with_commas_or_repeated(lang: str) -> None:
    joined = data(["energy", "balance", "--heroes", "5,5", "--foes", "4,3"], lang)
    repeated = data(
        ["energy", "balance", "--heroes", "5", "--heroes", "5", "--foes", "4", "--foes", "3"], lang
    )
    assert joined == repeated and joined["heroes"] == [5, 5] and joined["foes"] == [4, 3]
