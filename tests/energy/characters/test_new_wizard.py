"""``meneur energy new``: the output checked before the first question, ``<`` to go back, the powers'
details written down, the book's advice on powers, aptitudes stopped when the points run out, and
the answers kept when the file cannot be written."""

from __future__ import annotations

from pathlib import Path

import pytest

from meneur.systems.energy import load_character
from meneur.systems.energy.cli import new_character
from tests.cli_helpers import run_cli

START = ["KITSUNE", "5", "adolescent", "6", "4", "4"]
POWERS = [
    "Frappes instinctives",
    "off_c",
    "1",
    "Coups portés à l'instinct",
    "Esquive instinctive",
    "def",
    "0",
    "",
    "Agilité du renard",
    "mov",
    "0",
    "",
]
SPEND_ALL = ["5", "5", "5", "3"]  # 18 aptitude points, an adolescent's budget, in four aptitudes
END = ["", "", "", ""]  # living standard (default), complications, specialties, particularities


def answers(*parts: list[str]) -> str:
    return "\n".join(item for part in parts for item in part) + "\n"


def test_power_details_are_asked_and_written(tmp_path: Path) -> None:
    """002_58e889a1abff3456.txt: "mettez-vous d'accord sur les détails avec votre MJ et notez-les"."""
    out = tmp_path / "kitsune.yaml"
    result = run_cli(["energy", "new", "-o", str(out)], input=answers(START, POWERS, SPEND_ALL, END))
    assert result.exit_code == 0, result.stdout
    assert "Détails convenus avec le MJ" in result.stdout
    assert load_character(out).powers[0].details == "Coups portés à l'instinct"


@pytest.mark.parametrize(
    ("lang", "offensive", "defensive"),
    [
        ("fr", "au moins un pouvoir offensif", "au moins un pouvoir défensif"),
        ("en", "at least one offensive power", "at least one defensive power"),
    ],
)
def test_the_advice_on_powers_is_shown(tmp_path: Path, lang: str, offensive: str, defensive: str) -> None:
    """002_58e889a1abff3456.txt: "Un personnage combattant possède généralement au moins un pouvoir
    offensif", "Il est recommandé à un personnage joueur de posséder au moins un pouvoir défensif":
    shown before the powers, and again after them when they lack one (only advice: the file is written)."""
    out = tmp_path / "movers.yaml"
    movers = ["Agilité du renard", "mov", "0", "", "Saut", "mov", "0", "", ""]
    result = run_cli(["energy", "new", "-o", str(out)], lang, input=answers(START, movers, SPEND_ALL, END))
    assert result.exit_code == 0, result.stdout
    assert result.stdout.count(offensive) == 2 and result.stdout.count(defensive) == 2
    complete = run_cli(
        ["energy", "new", "-o", str(tmp_path / "k.yaml")], lang, input=answers(START, POWERS, SPEND_ALL, END)
    )
    assert complete.stdout.count(offensive) == 1  # before the powers only


def test_aptitudes_stop_when_the_points_run_out(tmp_path: Path) -> None:
    """18 points spent in four aptitudes: the eight others are not asked, and no trait either."""
    out = tmp_path / "kitsune.yaml"
    result = run_cli(["energy", "new", "-o", str(out)], input=answers(START, POWERS, SPEND_ALL, END))
    assert result.exit_code == 0, result.stdout
    assert "Plus de points d'aptitudes" in result.stdout and "Médecine" not in result.stdout
    assert sum(load_character(out).aptitudes.values()) == 18


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_back_asks_the_previous_question_again(tmp_path: Path, lang: str) -> None:
    """`<` at the maturity question goes back to the rank: the rank typed again is the one kept."""
    out = tmp_path / "kitsune.yaml"
    typed = ["KITSUNE", "4", "<", "5", "adolescent", "6", "4", "4"]
    result = run_cli(["energy", "new", "-o", str(out)], lang, input=answers(typed, POWERS, SPEND_ALL, END))
    assert result.exit_code == 0, result.stdout
    assert load_character(out).rank == 5
    assert (
        "Retour à la question précédente" if lang == "fr" else "Back to the previous question"
    ) in result.stdout


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_output_is_checked_before_the_first_question(tmp_path: Path, lang: str) -> None:
    result = run_cli(["energy", "new", "-o", str(tmp_path / "missing" / "k.yaml")], lang, input="KITSUNE\n")
    assert result.exit_code == 2
    assert ("Nom" if lang == "fr" else "Name") not in result.stdout


def test_the_answers_are_kept_when_writing_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk refuses the target (as a full disk would): the character is written next to it."""
    out = tmp_path / "kitsune.yaml"
    real = new_character.write_atomically

    def refuse_target(path: Path, text: str) -> None:
        if Path(path) == out:
            raise OSError(28, "No space left on device")
        real(path, text)

    monkeypatch.setattr(new_character, "write_atomically", refuse_target)
    result = run_cli(["energy", "new", "-o", str(out)], input=answers(START, POWERS, SPEND_ALL, END))
    kept = tmp_path / "kitsune.unsaved.yaml"
    assert result.exit_code == 2 and str(kept) in " ".join(result.stdout.split())
    assert not out.exists() and load_character(kept).name == "KITSUNE"
