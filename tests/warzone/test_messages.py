"""What ``meneur warzone`` says in French, English and Polish: the book's words, signs and fields."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli_helpers import run_cli

LANGS = ["fr", "en", "pl"]


@pytest.fixture
def example_state(tmp_path: Path) -> Path:
    example = run_cli(["warzone", "example"], "fr")
    assert example.exit_code == 0
    figure = tmp_path / "model.json"
    figure.write_text(example.stdout, encoding="utf-8")
    state = tmp_path / "state.json"
    assert run_cli(["warzone", "new", str(state), "--figure", str(figure)], "fr").exit_code == 0
    return state


def test_the_shipped_example_is_a_valid_model() -> None:
    data = json.loads(run_cli(["warzone", "example"], "en").stdout)
    assert {"name", "power", "leadership", "actions", "powers"} <= set(data)
    assert {p["kind"] for p in data["powers"]} == {"spell", "technique"}


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("fr", ["warzone example", "Dowodzenie"]),
        ("en", ["warzone example", "Dowodzenie"]),
        ("pl", ["warzone example", "Dowodzenie"]),
    ],
)
def test_new_help_describes_the_file(lang: str, words: list[str]) -> None:
    result = run_cli(["warzone", "new", "--help"], lang)
    text = " ".join(result.stdout.split())
    assert result.exit_code == 0 and all(word in text for word in words)


@pytest.mark.parametrize(
    ("lang", "line", "absent"),
    [
        ("fr", "Mystic, tour 1 : en attente de son activation ; blessures : 0.", "actions restantes"),
        ("en", "Mystic, turn 1: waiting for its activation; wounds: 0.", "actions left"),
        ("pl", "Mystic, tura 1: czeka na aktywację; rany: 0.", "pozostałe akcje"),
    ],
)
def test_show_before_activation_has_no_actions(
    example_state: Path, lang: str, line: str, absent: str
) -> None:
    result = run_cli(["warzone", "show", str(example_state)], lang)
    assert result.exit_code == 0 and line in result.stdout and absent not in result.stdout


@pytest.mark.parametrize(
    ("lang", "texts"),
    [
        ("fr", ["Aucune technique déclarée.", "Sort « Heal »", "activation terminée pour ce tour"]),
        ("en", ["No technique declared.", "Spell 'Heal'", "activation over for this turn"]),
        ("pl", ["Nie zadeklarowano żadnej Techniki.", "Zaklęcie „Heal”", "aktywacja zakończona w tej Turze"]),
    ],
)
def test_violence_table_ends_the_activation_plainly(example_state: Path, lang: str, texts: list[str]) -> None:
    """001_0209eda46e4737a1.txt, violence table 11-17: the activation ends at once; the model is not
    shown as waiting for its activation afterwards."""
    out = []
    for args in (["activate"], ["declare"], ["spell", "Heal", "--dice", "20,12"]):
        result = run_cli(["warzone", args[0], str(example_state), *args[1:]], lang)
        assert result.exit_code == 0, result.stderr
        out.append(result.stdout)
    joined = "\n".join(out)
    assert all(text in joined for text in texts)
    assert "-." not in joined


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("fr", "la Puissance modifiée vaut −2, moins de 1 : seul un 1 naturel réussit"),
        ("en", "the modified Power is −2, below 1: only a natural 1 succeeds"),
        ("pl", "zmodyfikowana Moc wynosi −2, mniej niż 1: udaje się tylko naturalna 1"),
    ],
)
def test_threshold_below_one_says_only_a_natural_one(lang: str, text: str) -> None:
    """Ruling "The Absolute Success is a natural 1" (docs/rulings/warzone.md): it succeeds even when the
    modified Moc is below 1 (table option natural_one_always_succeeds)."""
    result = run_cli(["warzone", "cast", "--power", "3", "--difficulty", "5", "--dice", "1"], lang)
    assert result.exit_code == 0 and text in result.stdout and "-2" not in result.stdout
    data = json.loads(
        run_cli(
            ["warzone", "cast", "--power", "3", "--difficulty", "5", "--dice", "1", "--json"], lang
        ).stdout
    )
    assert (data["success"], data["critical"], data["actions_spent"]) == (True, "absolute_success", 0)


@pytest.mark.parametrize(("lang", "text"), [("fr", "8 − 4 = 4"), ("en", "8 − 4 = 4"), ("pl", "8 − 4 = 4")])
def test_leadership_formula_uses_a_minus_sign(lang: str, text: str) -> None:
    """001_0209eda46e4737a1.txt: "test Dowodzenia z modyfikatorem -4" to get up."""
    result = run_cli(["warzone", "leadership", "--leadership", "8", "--modifier", "-4", "--dice", "3"], lang)
    assert result.exit_code == 0 and text in result.stdout and "-4" not in result.stdout


@pytest.mark.parametrize(
    ("lang", "texts"),
    [
        ("fr", ["figures.0.power : obligatoire", "figures.0.leadership : obligatoire"]),
        ("en", ["figures.0.power: required", "figures.0.leadership: required"]),
        ("pl", ["figures.0.power: wymagane", "figures.0.leadership: wymagane"]),
    ],
)
def test_bad_model_file_names_fields_in_the_books_words(tmp_path: Path, lang: str, texts: list[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"name": "X"}), encoding="utf-8")
    result = run_cli(["warzone", "new", str(tmp_path / "s.json"), "--figure", str(bad)], lang)
    assert result.exit_code == 2 and all(text in result.stderr for text in texts), result.stderr
    assert not (tmp_path / "s.json").exists()
