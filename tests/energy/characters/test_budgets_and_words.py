"""Hero and aptitude point budgets as the character commands say them: plurals, "de trop", the book's words
before rule ids, ``--json`` options, prompts with French typography (both languages)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from meneur.systems.energy.catalogue import library_hero, library_names
from meneur.systems.energy.files import character_data, save_character
from meneur.systems.energy.quick import quick_npc
from tests.cli_helpers import run_cli


def _kitsune_at_rank_3(tmp_path: Path) -> str:
    """KITSUNE's 39 hero points at rank 3, whose budget is 24: 15 points over budget."""
    path = tmp_path / "kitsune.yaml"
    save_character(library_hero("KITSUNE").model_copy(update={"rank": 3}), path)
    return str(path)


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        (
            "fr",
            [
                "KITSUNE enfreint 1 règle :",
                "- 39 points de héros dépensés pour un budget de 24 (15 de trop)",
                "(champ hero_points, règle hero_points.over_budget)",
                "Points de héros : 39 dépensés sur 24 (15 de trop)",
            ],
        ),
        (
            "en",
            [
                "KITSUNE breaks 1 rule:",
                "- 39 hero points spent for a budget of 24 (15 too many)",
                "(field hero_points, rule hero_points.over_budget)",
                "Hero points: 39 spent of 24 (15 too many)",
            ],
        ),
    ],
)
def test_over_budget_says_how_many_too_many_and_the_book_words_first(
    tmp_path: Path, lang: str, lines: list[str]
) -> None:
    """002_58e889a1abff3456.txt, the rank's budget of hero points: over it, "15 de trop", never "-15"."""
    result = run_cli(["energy", "check", _kitsune_at_rank_3(tmp_path)], lang)
    assert result.exit_code == 1
    for line in lines:
        assert line in result.stdout
    assert "restants" not in result.stdout and "[hero_points" not in result.stdout
    assert "hero_points :" not in result.stdout and "hero_points:" not in result.stdout


@pytest.mark.parametrize(
    ("lang", "earned", "left"),
    [
        ("fr", 0, "(0 restant)"),
        ("fr", 1, "(1 restant)"),
        ("fr", 2, "(2 restants)"),
        ("en", 0, "(0 left)"),
        ("en", 1, "(1 left)"),
        ("en", 2, "(2 left)"),
    ],
)
def test_points_left_agree_with_their_number(lang: str, earned: int, left: str) -> None:
    """WINK spends her 39 hero points exactly (002_58e889a1abff3456.txt); earned points are left over."""
    result = run_cli(["energy", "check", "WINK", "--earned-hero-points", str(earned)], lang)
    assert result.exit_code == 0
    spent = "dépensés sur" if lang == "fr" else "spent of"
    assert f"39 {spent} {39 + earned} {left}" in result.stdout


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_sheet_json_gives_the_file_and_the_check(lang: str) -> None:
    result = run_cli(["energy", "sheet", "WINK", "--json"], lang)
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["character"] == character_data(library_hero("WINK"))
    assert data["check"]["valid"] is True
    assert data["check"]["hero_points"] == {"budget": 39, "spent": 39, "earned": 0}


@pytest.mark.parametrize(("lang", "words"), [("fr", "états : aucun"), ("en", "states: none")])
def test_sheet_says_none_instead_of_a_dash(lang: str, words: str) -> None:
    result = run_cli(["energy", "sheet", "WINK"], lang)
    assert words in result.stdout


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_npc_json_is_format_json(lang: str) -> None:
    """The quick formula's NPC, with ``--json`` as well as ``--format json``."""
    short = run_cli(["energy", "npc", "--rank", "4", "--json"], lang)
    long = run_cli(["energy", "npc", "--rank", "4", "--format", "json"], lang)
    assert short.exit_code == long.exit_code == 0
    assert short.stdout == long.stdout
    assert json.loads(short.stdout)["rank"] == quick_npc(4, None).rank == 4


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_library_json_lists_the_heroes(lang: str) -> None:
    result = run_cli(["energy", "library", "--json"], lang)
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert [hero["name"] for hero in data] == [library_hero(n).name for n in library_names()]
    wink = next(hero for hero in data if hero["name"] == "WINK")
    assert wink["rank"] == library_hero("WINK").rank
    assert {p["name"] for p in wink["powers"]} == {p.name for p in library_hero("WINK").powers}
    one = run_cli(["energy", "library", "WINK", "--json"], lang)
    assert json.loads(one.stdout) == character_data(library_hero("WINK"))


@pytest.mark.parametrize(
    ("lang", "prompt", "explained"),
    [
        ("fr", "Nom : ", "le nom du personnage est obligatoire"),
        ("en", "Name: ", "the character's name is required"),
    ],
)
def test_new_explains_an_empty_name_and_spaces_the_colon(
    tmp_path: Path, lang: str, prompt: str, explained: str
) -> None:
    result = run_cli(["energy", "new", "-o", str(tmp_path / "new.yaml")], lang, input="\nKit\n")
    assert prompt in result.stdout and explained in result.stdout
    assert ("Rang [5] : " if lang == "fr" else "Rank [5]: ") in result.stdout
    assert not (tmp_path / "new.yaml").exists()  # the input ran out before the end: nothing written


@pytest.mark.parametrize(("lang", "words"), [("fr", "une fraction"), ("en", "a fraction")])
def test_balance_json_keys_are_documented(lang: str, words: str) -> None:
    """The ``--json`` help names player_margin as a fraction; the key keeps its value."""
    help_text = " ".join(run_cli(["energy", "balance", "--help"], lang).stdout.replace("│", " ").split())
    assert "player_margin" in help_text and "advised_foes" in help_text and words in help_text
    data = json.loads(run_cli(["energy", "balance", "--heroes", "5", "--foes", "4", "--json"], lang).stdout)
    assert data["player_margin"] == 0.2
