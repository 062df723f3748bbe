"""``meneur warzone ...`` in French, English and Polish (interfaces of issue 3)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli_helpers import run_cli

FIGURE = {
    "name": "Mystic",
    "power": 14,
    "leadership": 12,
    "actions": 3,
    "powers": [
        {
            "name": "Bolt",
            "kind": "spell",
            "actions": 2,
            "difficulty": 2,
            "range": {"inches": 18, "line_of_sight": True},
        },
        {"name": "Heal", "kind": "spell", "actions": 1, "range": {"touch": True}},
        {"name": "Shield", "kind": "technique", "difficulty": 1},
        {"name": "Haste", "kind": "technique", "difficulty": 3},
    ],
}


@pytest.mark.parametrize(
    ("lang", "args", "success", "critical", "spent"),
    [
        ("fr", ["--power", "12", "--difficulty", "2", "--dice", "10"], True, None, 1),
        ("en", ["--power", "12", "--difficulty", "2", "--actions", "3", "--dice", "10"], True, None, 3),
        ("pl", ["--power", "12", "--difficulty", "2", "--actions", "3", "--dice", "11"], False, None, 1),
        (
            "fr",
            ["--power", "12", "--difficulty", "2", "--actions", "3", "--dice", "1"],
            True,
            "absolute_success",
            2,
        ),
        ("en", ["--power", "12", "--difficulty", "2", "--dice", "20,5"], False, "critical_failure", 1),
        (
            "fr",
            ["--power", "14", "--difficulty", "3", "--technique-order", "3", "--dice", "8"],
            False,
            None,
            0,
        ),
        (
            "en",
            ["--power", "14", "--difficulty", "3", "--technique-order", "3", "--dice", "7"],
            True,
            None,
            0,
        ),
    ],
)
def test_cast_json_keys(lang: str, args: list[str], success: bool, critical: str | None, spent: int) -> None:
    """001_0209eda46e4737a1.txt: the power test, "Trzecia technika ... o 4 większą", actions spent."""
    result = run_cli(["warzone", "cast", *args, "--json"], lang)
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert (data["success"], data["critical"], data["actions_spent"]) == (success, critical, spent)


def test_cast_violence_chain_with_leadership() -> None:
    result = run_cli(
        [
            "warzone",
            "cast",
            "--power",
            "12",
            "--difficulty",
            "2",
            "--leadership",
            "10",
            "--dice",
            "20,20,9",
            "--json",
        ],
        "en",
    )
    data = json.loads(result.stdout)
    assert data["violence"] == {"roll": 20, "effect": "leadership_test"}
    assert data["leadership"] == {"roll": 9, "threshold": 8, "success": False}
    assert data["wounds"] == 1


@pytest.mark.parametrize(
    ("lang", "args", "needle"),
    [
        ("fr", ["--dice", "21"], "21"),
        ("en", ["--dice", "5,6"], "6"),
        ("fr", ["--dice", "20"], "d20"),
        ("en", ["--technique-order", "4", "--dice", "5"], "4"),
        ("fr", ["--actions", "0", "--dice", "5"], "0"),
        ("en", ["--actions", "2", "--technique-order", "2", "--dice", "5"], "--actions"),
    ],
)
def test_cast_bad_input_exits_two(lang: str, args: list[str], needle: str) -> None:
    result = run_cli(["warzone", "cast", "--power", "12", "--difficulty", "2", *args, "--json"], lang)
    assert result.exit_code == 2
    assert needle in result.stderr
    assert json.loads(result.stdout)["error"] in ("bad_input", "entered_dice")  # --json: JSON on stdout too


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_bad_difficulty_message(lang: str) -> None:
    result = run_cli(["warzone", "cast", "--power", "12", "--difficulty", "25", "--dice", "3"], lang)
    assert result.exit_code == 2 and "25" in result.stderr and "20" in result.stderr


def test_odds_json() -> None:
    result = run_cli(
        ["warzone", "odds", "--power", "14", "--difficulty", "3", "--technique-order", "2", "--json"], "en"
    )
    data = json.loads(result.stdout)
    assert data["threshold"] == 9
    assert data["outcomes"] == {
        "absolute_success": "1/20",
        "success": "2/5",
        "failure": "1/2",
        "critical_failure": "1/20",
    }
    assert data["success"] == "9/20"


@pytest.mark.parametrize(
    ("lang", "word"), [("fr", "Échec critique"), ("en", "Critical Failure"), ("pl", "Krytyczna Porażka")]
)
def test_odds_text_in_each_language(lang: str, word: str) -> None:
    result = run_cli(["warzone", "odds", "--power", "14", "--difficulty", "3"], lang)
    assert word in result.stdout


@pytest.mark.parametrize(("roll", "effect"), [("3", "no_concentration"), ("19", "knocked_down")])
def test_violence_and_leadership_commands(roll: str, effect: str) -> None:
    result = run_cli(["warzone", "violence", "--dice", roll, "--json"], "fr")
    assert json.loads(result.stdout)["effect"] == effect
    result = run_cli(
        ["warzone", "leadership", "--leadership", "12", "--modifier", "-4", "--dice", "8", "--json"], "en"
    )
    assert json.loads(result.stdout) == {"roll": 8, "threshold": 8, "success": True}


def test_seeded_rolls_repeat() -> None:
    args = ["warzone", "cast", "--power", "12", "--difficulty", "2", "--seed", "7", "--json"]
    assert run_cli(args, "en").stdout == run_cli(args, "en").stdout


def test_table_lists_four_rows() -> None:
    rows = json.loads(run_cli(["warzone", "table", "--json"], "pl").stdout)
    assert [(r["low"], r["high"]) for r in rows] == [(1, 10), (11, 17), (18, 19), (20, 20)]


@pytest.fixture
def state_file(tmp_path: Path) -> Path:
    figure = tmp_path / "mystic.json"
    figure.write_text(json.dumps(FIGURE), encoding="utf-8")
    state = tmp_path / "state.json"
    assert run_cli(["warzone", "new", str(state), "--figure", str(figure)], "fr").exit_code == 0
    return state


def play(state: Path, *args: str, lang: str = "en") -> dict[str, object]:
    result = run_cli(["warzone", args[0], str(state), *args[1:], "--json"], lang)
    assert result.exit_code == 0, result.stderr
    data: dict[str, object] = json.loads(result.stdout)["state"]
    return data


def test_a_whole_activation(state_file: Path) -> None:
    play(state_file, "activate")
    assert play(state_file, "declare", "Shield", "Haste")["next_technique"] == "Shield"
    assert play(state_file, "technique", "--dice", "20,4")["penalty"] == 3
    play(state_file, "technique", "--dice", "6")
    data = play(state_file, "spell", "Bolt", "--distance", "12", "--dice", "9")
    assert data["actions_left"] == 1 and data["cannot_concentrate"] is True
    assert play(state_file, "undo")["actions_left"] == 3
    assert play(state_file, "end-activation")["phase"] == "ready"
    assert play(state_file, "end-turn")["cannot_concentrate"] is False


def test_knocked_down_across_turns(state_file: Path) -> None:
    play(state_file, "activate")
    play(state_file, "declare")
    assert play(state_file, "spell", "Heal", "--dice", "20,18")["knocked_down"] is True
    assert play(state_file, "end-turn")["phase"] == "waking"
    assert play(state_file, "wake", "--dice", "8")["knocked_down"] is False


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_refused_command_exits_one_and_keeps_the_file(state_file: Path, lang: str) -> None:
    play(state_file, "activate")
    play(state_file, "declare")
    before = state_file.read_text(encoding="utf-8")
    result = run_cli(
        [
            "warzone",
            "spell",
            str(state_file),
            "Heal",
            "--dice",
            "5",
            "--close-combat",
            "--target",
            "model",
            "--distance",
            "3",
        ],
        lang,
    )
    assert result.exit_code == 1 and result.stderr
    result = run_cli(["warzone", "spell", str(state_file), "Bolt", "--dice", "5,5"], lang)
    assert result.exit_code == 2 and "5" in result.stderr
    result = run_cli(["warzone", "spell", str(state_file), "Nope", "--dice", "5"], lang)
    assert result.exit_code == 2 and "Bolt" in result.stderr
    assert state_file.read_text(encoding="utf-8") == before


def test_new_refuses_bad_figure_and_existing_file(tmp_path: Path, state_file: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"name": "X", "power": 40, "leadership": 5}), encoding="utf-8")
    result = run_cli(["warzone", "new", str(tmp_path / "s.json"), "--figure", str(bad)], "en")
    assert result.exit_code == 2 and "power" in result.stderr
    result = run_cli(["warzone", "new", str(state_file), "--figure", str(bad)], "en")
    assert result.exit_code == 2 and "--force" in result.stderr


def test_polish_play_output(state_file: Path) -> None:
    result = run_cli(["warzone", "activate", str(state_file)], "pl")
    assert result.exit_code == 0 and "akcj" in result.stdout


def test_undo_on_an_empty_log_is_refused(state_file: Path) -> None:
    result = run_cli(["warzone", "undo", str(state_file), "--json"], "en")
    assert result.exit_code == 1 and "Nothing to undo" in result.stderr
    assert json.loads(result.stdout)["rule"] == "nothing_to_undo"


def test_table_options_file_changes_the_rules(tmp_path: Path) -> None:
    """docs/rulings/warzone.md: ``knocked_down_ends_activation`` set to false at this table."""
    figure, options, state = tmp_path / "f.json", tmp_path / "o.json", tmp_path / "s.json"
    figure.write_text(json.dumps(FIGURE), encoding="utf-8")
    options.write_text(json.dumps({"knocked_down_ends_activation": False}), encoding="utf-8")
    assert (
        run_cli(
            ["warzone", "new", str(state), "--figure", str(figure), "--options", str(options)], "en"
        ).exit_code
        == 0
    )
    play(state, "activate")
    play(state, "declare")
    data = play(state, "spell", "Heal", "--dice", "20,19")
    assert data["knocked_down"] is True and data["phase"] == "acting"
    options.write_text(json.dumps({"no_such_option": True}), encoding="utf-8")
    result = run_cli(
        ["warzone", "new", str(state), "--figure", str(figure), "--options", str(options), "--force"], "en"
    )
    assert result.exit_code == 2 and "no_such_option" in result.stderr


def test_log_tells_the_events_in_french(state_file: Path) -> None:
    play(state_file, "activate")
    result = run_cli(["warzone", "log", str(state_file)], "fr")
    assert "Le modèle est activé ; actions disponibles : 3." in result.stdout


@pytest.mark.parametrize(("lang", "expected"), [("fr", "5,00\u00a0%"), ("en", "5.00%"), ("pl", "5,00%")])
def test_odds_percent_in_the_reader_s_way(lang: str, expected: str) -> None:
    result = run_cli(["warzone", "odds", "--power", "12", "--difficulty", "2"], lang)
    assert result.exit_code == 0 and expected in result.stdout


@pytest.mark.parametrize(("lang", "line"), [("fr", "20 : "), ("en", "20: "), ("pl", "20: Model")])
def test_table_text_names_the_last_row_20(lang: str, line: str) -> None:
    """001_0209eda46e4737a1.txt: "20 Model musi wykonać test DW"."""
    lines = run_cli(["warzone", "table"], lang).stdout.splitlines()
    assert lines[-1].startswith(line) and "20-20" not in "".join(lines)


@pytest.fixture
def effect_state(tmp_path: Path) -> Path:
    powers = [
        {
            "name": "Bolt",
            "kind": "spell",
            "actions": 2,
            "difficulty": 2,
            "effect": "A 6-inch bolt.",
            "absolute_success_effect": "The bolt ignores armour.",
        },
        {"name": "Shield", "kind": "technique", "difficulty": 1, "effect": "Armour +2."},
    ]
    figure = tmp_path / "f.json"
    figure.write_text(json.dumps({**FIGURE, "powers": powers}), encoding="utf-8")
    state = tmp_path / "s.json"
    assert run_cli(["warzone", "new", str(state), "--figure", str(figure)], "fr").exit_code == 0
    assert run_cli(["warzone", "activate", str(state)], "fr").exit_code == 0
    assert run_cli(["warzone", "declare", str(state), "Shield"], "fr").exit_code == 0
    return state


@pytest.mark.parametrize(
    ("lang", "dice", "shown", "hidden"),
    [
        (
            "fr",
            "1",
            ["Effet de « Bolt » : A 6-inch bolt.", "Succès absolu de « Bolt » : The bolt ignores armour."],
            [],
        ),
        ("en", "5", ["Effect of 'Bolt': A 6-inch bolt."], ["ignores armour"]),
        ("pl", "13", [], ["bolt"]),
    ],
)
def test_the_effect_is_told_when_the_power_takes_effect(
    effect_state: Path, lang: str, dice: str, shown: list[str], hidden: list[str]
) -> None:
    """001_0209eda46e4737a1.txt: "Jeżeli test się uda ... moc odnosi efekt"; "Część Mocy może mieć
    dodatkowe efekty przy Absolutnym Sukcesie – będą one podane w opisie Mocy"."""
    assert run_cli(["warzone", "technique", str(effect_state), "--dice", "19"], lang).exit_code == 0
    result = run_cli(["warzone", "spell", str(effect_state), "Bolt", "--dice", dice], lang)
    assert result.exit_code == 0, result.stderr
    assert all(text in result.stdout for text in shown)
    assert not any(text in result.stdout for text in hidden)
    log = run_cli(["warzone", "log", str(effect_state)], lang).stdout
    assert "Armour +2." not in log and all(text in log for text in shown)


@pytest.mark.parametrize(
    ("lang", "powers", "words"),
    [
        ("fr", [{"name": "A", "kind": "spell"}], ["le sort « A » doit indiquer ses actions (Akcje)"]),
        ("pl", [{"name": "A", "kind": "technique", "actions": 2}], ["Technika „A” nie wymaga akcji"]),
        (
            "en",
            [{"name": "A", "kind": "rite", "actions": 1}],
            ["powers.0.kind: must be one of: spell, technique"],
        ),
        ("fr", [{"name": "A", "kind": "spell", "actions": 1, "range": {}}], ["une portée demande au moins"]),
        (
            "en",
            [{"name": "A", "kind": "technique"}, {"name": "A", "kind": "technique"}],
            ["power names must be unique; repeated: A"],
        ),
    ],
)
def test_a_bad_model_file_is_explained_in_the_reader_s_language(
    tmp_path: Path, lang: str, powers: list[dict[str, object]], words: list[str]
) -> None:
    """001_0209eda46e4737a1.txt: a technique's description "nie będzie zawierał punktu Akcje"; a spell
    "wymaga użycia jednej lub więcej akcji"; "Rodzaj": Zaklęcie or Technika."""
    figure, state = tmp_path / "f.json", tmp_path / "s.json"
    figure.write_text(json.dumps({**FIGURE, "powers": powers}), encoding="utf-8")
    result = run_cli(["warzone", "new", str(state), "--figure", str(figure)], lang)
    assert result.exit_code == 2 and all(word in result.stderr for word in words), result.stderr
    assert "Value error" not in result.stderr and not state.exists()
