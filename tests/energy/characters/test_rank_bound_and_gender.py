"""What a character file accepts: a rank the wizard could give (1 to 100, docs/rulings/energy-characters.md,
"The highest rank") and an optional grammatical gender, so that « troublé », « démoralisé », « brisé »
(002_58e889a1abff3456.txt, "Les états") agree with the character."""

from __future__ import annotations

from pathlib import Path

import pytest

from meneur.errors import BadInputError
from meneur.systems.energy.catalogue import library_hero
from meneur.systems.energy.files import character_data, dump_character, parse_character
from meneur.systems.energy.model import Gender
from tests.cli_helpers import run_cli


def _text(**changes: object) -> str:
    import yaml

    data = {**character_data(library_hero("WINK")), **changes}
    return yaml.safe_dump(data, allow_unicode=True)


@pytest.mark.parametrize("rank", [101, 10**30])
def test_a_rank_above_100_is_refused_naming_the_field(rank: int) -> None:
    with pytest.raises(BadInputError) as caught:
        parse_character(_text(rank=rank))
    assert "rank : doit valoir au plus 100" in caught.value.message.render("fr")


def test_energy_check_refuses_a_huge_rank(tmp_path: Path) -> None:
    path = tmp_path / "hero.yaml"
    path.write_text(_text(rank=10**30))
    result = run_cli(["energy", "check", str(path)], "en")
    assert result.exit_code == 2 and "rank: must be at most 100" in result.stderr


@pytest.mark.parametrize(
    ("typed", "gender"),
    [("feminine", Gender.FEMININE), ("féminin", Gender.FEMININE), ("Masculin", Gender.MASCULINE)],
)
def test_gender_reads_the_key_and_the_french_word(typed: str, gender: Gender) -> None:
    assert parse_character(_text(gender=typed)).gender is gender


def test_gender_is_optional_and_left_out_of_files_without_it() -> None:
    hero = parse_character(_text())
    assert hero.gender is None and "gender" not in dump_character(hero)
    heroine = hero.model_copy(update={"gender": Gender.FEMININE})
    assert parse_character(dump_character(heroine)).gender is Gender.FEMININE


def test_an_unknown_gender_is_refused_naming_the_field() -> None:
    with pytest.raises(BadInputError) as caught:
        parse_character(_text(gender="neutre"))
    assert "gender" in caught.value.message.render("fr")


def test_a_huge_rank_is_a_json_error_with_json(tmp_path: Path) -> None:
    """README, "Exit status": 2 for bad input, and with ``--json`` the error object on stdout."""
    import json

    path = tmp_path / "hero.yaml"
    path.write_text(_text(rank=10**30))
    result = run_cli(["energy", "check", str(path), "--json"], "fr")
    assert result.exit_code == 2
    error = json.loads(result.stdout)
    assert error["error"] == "bad_input" and "rank" in error["message"]
