"""The Energy System outside combat: points left over and earned, the rank the points spent reach,
states that contradict each other, the GM's relations, the library's gaps and the book's spelling
(002_58e889a1abff3456.txt)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from meneur.systems.energy import library_hero
from meneur.systems.energy.campaign.experience import spend
from meneur.systems.energy.files import dump_character
from meneur.systems.energy.model import Attributes, Character, Relation, State
from meneur.systems.energy.quick import quick_npc
from meneur.systems.energy.validation import validate
from tests.cli_helpers import run_cli


def _with_points(character: Character, **experience: int) -> Character:
    return character.model_copy(update={"experience": character.experience.model_copy(update=experience)})


def test_echo_spends_a_point_left_over_with_an_earned_one() -> None:
    """ "Le rang ... détermine le budget en points de héros" and "10 points d'expérience héroïques peuvent
    être convertis en 1 point de héros": ÉCHO (38 of 39 spent, 1 left over) with 1 earned point buys
    Énergie +1 (2 points); the left-over point goes first."""
    echo = library_hero("ECHO")
    assert validate(echo).hero_points.left == 1
    stronger = echo.model_copy(update={"attributes": Attributes(energy=6, recovery=5, vigor=5)})
    done = spend(_with_points(echo, heroic_points=1), stronger)
    assert done.hero_points == 2
    assert done.character.experience.heroic_points == 0 and done.character.experience.spent_hero_points == 1
    assert done.character.rank == 5 and validate(done.character).is_valid
    with pytest.raises(Exception, match="2"):
        spend(echo, stronger)  # 1 left over alone does not pay 2


def test_sixty_nine_points_spent_is_rank_nine() -> None:
    """ "| 9 | 69 |": a file that says rank 5 but spends 69 hero points (30 recorded as earned) is
    flagged; the same at rank 9 with nothing earned passes."""
    nine = quick_npc(9, "NEUF")
    assert validate(nine).hero_points.spent == 69 and validate(nine).is_valid
    mislabelled = _with_points(nine.model_copy(update={"rank": 5}), spent_hero_points=30)
    check = validate(mislabelled)
    assert check.rules == {"rank_mismatch"} and check.hero_points.earned == 30
    assert "69" in check.problems[0].message.render("en") and "rank 9" in check.problems[0].message.render(
        "en"
    )


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("fr", "69 dépensés sur 99 (30 restants), dont 30 gagnés par l'expérience"),
        ("en", "69 spent of 99 (30 left), of which 30 earned by experience"),
    ],
)
def test_check_shows_the_earned_share(tmp_path: Path, lang: str, words: str) -> None:
    path = tmp_path / "neuf.yaml"
    path.write_text(
        dump_character(_with_points(quick_npc(9, "NEUF"), spent_hero_points=30)), encoding="utf-8"
    )
    result = run_cli(["energy", "check", str(path)], lang)
    assert words in " ".join(result.stdout.split())
    data = json.loads(run_cli(["energy", "check", str(path), "--json"], lang).stdout)
    assert data["hero_points"] == {"budget": 99, "spent": 69, "earned": 30}


@pytest.mark.parametrize(
    ("states", "stress", "rule"),
    [
        ({State.WOUNDED, State.INCAPACITATED}, 0, "states.contradiction"),
        ({State.TROUBLED, State.BROKEN}, 10, "states.contradiction"),
        ({State.TROUBLED, State.DEMORALIZED, State.BROKEN}, 3, "states.stress"),
        (set(), 10, "states.stress"),
    ],
)
def test_states_that_contradict_each_other_are_refused(states: set[State], stress: int, rule: str) -> None:
    """ "Un personnage blessé qui subit une nouvelle fois le statut blessé subit à la place l'état
    incapacité"; "Lorsque le personnage atteint 10 cases de stress, il coche l'état troublé. ... il coche
    l'état démoralisé, puis brisé (l'équivalent de 12 cases)"."""
    character = library_hero("WINK").model_copy(update={"states": frozenset(states), "stress": stress})
    assert rule in validate(character).rules


def test_a_broken_character_at_ten_boxes_is_consistent() -> None:
    """Brisé is the 12th step: troublé and démoralisé checked, the 10 boxes full."""
    broken = library_hero("WINK").model_copy(
        update={"stress": 10, "states": frozenset({State.TROUBLED, State.DEMORALIZED, State.BROKEN})}
    )
    assert validate(broken).is_valid


def test_four_gm_relations_are_refused() -> None:
    """ "les trois dernières cases de relations sont réservées au MJ": three at most."""
    relations = tuple(Relation(name=f"PNJ {n}", value=-2, gm_reserved=True) for n in range(4))
    check = validate(library_hero("WINK").model_copy(update={"relations": relations}))
    assert "relations.gm_reserved" in check.rules
    assert validate(library_hero("WINK").model_copy(update={"relations": relations[:3]})).is_valid


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_mecanus_is_played_from_his_numbers(lang: str) -> None:
    """ "KITSUNE ... un score de défi de 5", "MECANUS possède un score de défi de 4 (5 de rang, -1
    d'affaiblissement de pouvoir)": the book gives no sheet, so he is not in the library
    (docs/rulings/energy-characters.md, "MECANUS"); his challenge is played from his rank and weakening."""
    assert run_cli(["energy", "library", "MECANUS"], lang).exit_code == 2
    args = ["--rank", "5", "--versus-rank", "5", "--versus-modifier", "-1", "--json"]
    data = json.loads(run_cli(["energy", "challenge", *args], lang).stdout)
    assert (data["first"]["total"], data["second"]["total"], data["outcome"]) == (5, 4, "first")


def test_brandon_not_a_player_character_is_marked_inferred() -> None:
    """ "Pour créer rapidement un personnage" (the GM's chapter) says nothing of BRANDON's player."""
    brandon = library_hero("BRANDON")
    assert brandon.pc is False and "pc" in brandon.inferred
    assert "personnage joueur ou non" in run_cli(["energy", "sheet", "BRANDON"], "fr").stdout


def test_power_names_keep_the_books_apostrophes() -> None:
    """ "Frappe de l’ombre (Off-C)", "Magie de l’espace (Sup)", "Surcharge d’énergie (Sup)", "Bouclier de
    plumes d’acier (Def)": written as the book writes them, and found when typed with a straight one."""
    names = {
        p.name for hero in ("SPECTRE", "GRIMOIRE", "SOLARIS", "ALTAIR") for p in library_hero(hero).powers
    }
    assert {
        "Frappe de l’ombre",
        "Magie de l’espace",
        "Surcharge d’énergie",
        "Bouclier de plumes d’acier",
    } <= names
    result = run_cli(
        [
            "energy",
            "challenge",
            "--character",
            "SPECTRE",
            "--power",
            "frappe de l'ombre",
            "--difficulty",
            "3",
        ],
        "en",
    )
    assert result.exit_code == 0, result.stderr
