"""The campaign's command line outside combat: points spent in the reader's words, the log saying when
10 experience became a point and what was bought, `challenge --surpass` without a campaign, and the
book's French words in the English interface (002_58e889a1abff3456.txt)."""

from __future__ import annotations

from pathlib import Path

import pytest

from meneur.systems.energy import library_hero
from meneur.systems.energy.files import dump_character
from meneur.systems.energy.model import Attributes
from tests.cli_helpers import run_cli

WORDS = {
    "fr": {
        "spent": "2 points de héros",
        "became": "10 points d'expérience héroïques deviennent 1 point de héros",
        "bought": "Acheté : Énergie 6",
        "item": "achète un vélo",
    },
    "en": {
        "spent": "2 hero points",
        "became": "10 heroic experience points become 1 hero point",
        "bought": "Bought: Energy 6",
        "item": "buys un vélo",
    },
}


def _campaign(tmp_path: Path, lang: str) -> tuple[Path, Path]:
    """ÉCHO one heroic experience point short of a hero point, and ÉCHO with Énergie 6."""
    echo = library_hero("ECHO")
    near = echo.model_copy(update={"experience": echo.experience.model_copy(update={"heroic_xp": 9})})
    (tmp_path / "echo.yaml").write_text(dump_character(near), encoding="utf-8")
    improved = tmp_path / "echo-6.yaml"
    improved.write_text(
        dump_character(near.model_copy(update={"attributes": Attributes(energy=6, recovery=5, vigor=5)})),
        encoding="utf-8",
    )
    path = tmp_path / "campagne.json"
    for args in (
        ["new", str(path), "-c", str(tmp_path / "echo.yaml")],
        ["session", "start", str(path)],
        ["session", "end", str(path)],
    ):
        assert run_cli(["energy", "campaign", *args], lang).exit_code == 0
    return path, improved


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_xp_spend_speaks_the_readers_language_and_the_log_tells_the_conversion(
    tmp_path: Path, lang: str
) -> None:
    """ "10 points d'expérience héroïques peuvent être convertis en 1 point de héros": the award that
    reaches 10 says so; ÉCHO then spends it with her left-over point on Énergie 6 (names typed without
    the accent: `echo` is ÉCHO)."""
    path, improved = _campaign(tmp_path, lang)
    words = WORDS[lang]
    award = run_cli(["energy", "campaign", "xp", "award", str(path), "echo", "--heroic", "survived"], lang)
    assert words["became"] in award.stdout
    spent = run_cli(["energy", "campaign", "xp", "spend", str(path), "echo", str(improved)], lang)
    assert spent.exit_code == 0, spent.stderr
    assert (
        words["spent"] in spent.stdout
        and words["bought"] in spent.stdout
        and "hero_points" not in spent.stdout
    )
    log = run_cli(["energy", "campaign", "log", str(path)], lang).stdout
    assert words["became"] in log and words["bought"] in log


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_refused_spending_names_the_points_in_words(tmp_path: Path, lang: str) -> None:
    path, _improved = _campaign(tmp_path, lang)
    richer = tmp_path / "echo-7.yaml"
    echo = library_hero("ECHO")
    richer.write_text(
        dump_character(echo.model_copy(update={"attributes": Attributes(energy=7, recovery=5, vigor=5)})),
        encoding="utf-8",
    )
    refused = run_cli(["energy", "campaign", "xp", "spend", str(path), "ÉCHO", str(richer)], lang)
    assert refused.exit_code == 1 and "hero_points" not in refused.stderr
    assert ("4 points de héros" if lang == "fr" else "4 hero points") in refused.stderr


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_bought_good_is_named(tmp_path: Path, lang: str) -> None:
    path, _improved = _campaign(tmp_path, lang)
    bought = run_cli(["energy", "campaign", "buy", str(path), "echo", "précaire", "--item", "un vélo"], lang)
    assert bought.exit_code == 0, bought.stderr
    assert WORDS[lang]["item"] in bought.stdout


@pytest.mark.parametrize(
    ("lang", "reminder"), [("fr", "cochez une case de stress"), ("en", "tick a stress box")]
)
def test_surpass_without_a_campaign_reminds_to_tick_the_box(lang: str, reminder: str) -> None:
    """ "Se dépasser : Un personnage peut cocher une case de stress lorsqu'il souhaite se dépasser"."""
    result = run_cli(["energy", "challenge", "--aptitude-rank", "3", "--difficulty", "4", "--surpass"], lang)
    assert result.exit_code == 0 and reminder in result.stdout
    plain = run_cli(["energy", "challenge", "--aptitude-rank", "3", "--difficulty", "4"], lang)
    assert reminder not in plain.stdout


def test_the_english_interface_takes_the_books_french_words(tmp_path: Path) -> None:
    """adulte, précaire, aisé, véhicules, professionnel typed in the English interface."""
    path, _improved = _campaign(tmp_path, "en")
    assert run_cli(["energy", "campaign", "standard", str(path), "echo", "aisé"], "en").exit_code == 0
    assert (
        run_cli(
            [
                "energy",
                "challenge",
                "--character",
                "WINK",
                "--aptitude",
                "véhicules",
                "--difficulty",
                "professionnel",
            ],
            "en",
        ).exit_code
        == 0
    )
    wizard = run_cli(["energy", "new", "-o", str(tmp_path / "z.yaml")], "en", input="Zed\n5\nadulte\n")
    assert "Energy (" in wizard.stdout and "choose one of" not in wizard.stdout
