"""The book's French words in ``meneur carpathes`` (« sabre de cavalerie », « loup-garou »,
« physique », « attaque »...), plain zero odds, and the options' help."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from meneur.systems.carpathes.catalogue import WeaponKey
from meneur.systems.carpathes.combat import Wound
from meneur.systems.carpathes.model import CreatureKind, Trait, parse_enum
from meneur.systems.carpathes.supernatural import Agent, Target
from tests.cli_helpers import run_cli

LANGS = ["fr", "en"]


@pytest.mark.parametrize(
    ("kind", "typed", "key"),
    [
        (WeaponKey, "sabre de cavalerie", "cavalry_sabre"),
        (WeaponKey, "Pieu-de-Frene", "ash_stake"),
        (WeaponKey, "lame d’argent", "silver_blade"),
        (WeaponKey, "hache_de_bucheron", "woodcutter_axe"),
        (WeaponKey, "ash_stake", "ash_stake"),
        (CreatureKind, "loup-garou", "werewolf"),
        (CreatureKind, "mort-vivant", "undead"),
        (CreatureKind, "possédé", "possessed"),
        (CreatureKind, "créature carpatique", "carpathian_creature"),
        (Agent, "eau bénite lancée", "holy_water_thrown"),
        (Agent, "ail", "garlic"),
        (Agent, "sorbier", "rowan"),
        (Agent, "lumiere du jour", "daylight"),
        (Target, "vieux vampire", "old_vampire"),
        (Target, "brume surnaturelle", "supernatural_fog"),
        (Trait, "Physique", "physical"),
        (Trait, "physical", "physical"),
        (Wound, "sérieuse", "serious"),
        (Wound, "légère", "light"),
        (Wound, "critical", "critical"),
    ],
)
def test_the_books_french_words_are_accepted(kind: type, typed: str, key: str) -> None:
    """003_87a535c5e428c5d3.txt names « sabre de cavalerie, hache de bûcheron, pieu de frêne »,
    « Ail et sorbier », « Marge 5 à 9 : blessure sérieuse »; the keys stay accepted."""
    assert parse_enum(kind, typed, "x").value == key


@pytest.mark.parametrize("lang", LANGS)
def test_errors_list_the_french_words_and_keys(lang: str) -> None:
    result = run_cli(["carpathes", "attack", "--physical", "2", "--defense", "8", "--weapon", "épée"], lang)
    assert result.exit_code == 2
    assert "sabre de cavalerie (cavalry_sabre)" in result.stderr
    assert "pieu de frêne (ash_stake)" in result.stderr


@pytest.mark.parametrize("lang", LANGS)
def test_attack_with_french_words(lang: str) -> None:
    """« Une attaque avec +1 dégât (sabre de cavalerie ...) ajoute 1 cran au résultat »."""
    result = run_cli(
        [
            "carpathes",
            "attack",
            "--physical",
            "2",
            "--defense",
            "8",
            "--weapon",
            "sabre-de-cavalerie",
            "--target",
            "loup-garou",
            "--damage-step",
            "marge",
            "--dice",
            "6,6",
            "--json",
        ],
        lang,
    )
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert (data["margin"], data["wound"]) == (7, "serious")


@pytest.mark.parametrize(
    ("lang", "line"), [("fr", "succès critique : 0 (0,00\u00a0%)"), ("en", "critical success: 0 (0.00%)")]
)
def test_zero_odds_print_as_zero_in_text(lang: str, line: str) -> None:
    """15+ is out of reach of 2D6 + 2: the text says 0, the JSON says "0" too."""
    result = run_cli(["carpathes", "odds", "--trait", "2"], lang)
    assert result.exit_code == 0 and line in result.stdout.lower() and "0/1" not in result.stdout
    data = json.loads(run_cli(["carpathes", "odds", "--trait", "2", "--json"], lang).stdout)
    assert data["tiers"]["critical_success"] == "0"


@pytest.mark.parametrize(
    ("command", "lang", "texts"),
    [
        (["defense"], "fr", ["Le Trait Mental.", "Le Trait Physique.", "Le Trait Social."]),
        (["defense"], "en", ["The Mental trait.", "The Physique trait.", "The Social trait."]),
        (["chronicle", "add-pc"], "fr", ["Le nom du PJ (à redonner ensuite avec --pc)."]),
        (["chronicle", "add-pc"], "en", ["The PC's name (used by --pc afterwards)."]),
        (["chronicle", "roll"], "fr", ["tel que donné à add-pc --name.", "mental, physique ou social"]),
        (["chronicle", "roll"], "en", ["as given to add-pc --name.", "mental, physique or social"]),
        (["chronicle", "talisman"], "fr", ["Le nom du PJ, tel que donné à add-pc --name."]),
        (["roll"], "en", ["a number (chronicle roll takes the trait's name instead)"]),
    ],
)
def test_options_have_descriptions(command: list[str], lang: str, texts: list[str]) -> None:
    result = run_cli(["carpathes", *command, "--help"], lang)
    text = " ".join(result.stdout.replace("│", " ").split())
    assert result.exit_code == 0 and all(t in text for t in texts), text


@pytest.mark.parametrize(
    ("lang", "texts"),
    [
        ("fr", ["Ana: recollect", "roll_initiative", "La foi d'Ana n'est pas ébranlée", "Annulé : roll."]),
        ("en", ["Ana: recollect", "roll_initiative", "Ana's faith is not shaken", "Undone: roll."]),
    ],
)
def test_chronicle_in_french_words(tmp_path: Path, lang: str, texts: list[str]) -> None:
    """« 2D6 + Trait concerné (Mental, Physique ou Social) »: --trait physique, --purpose attaque."""
    path = tmp_path / "c.json"
    pc = ["add-pc", "--name", "Ana", "--mental", "2", "--physical", "1", "--social", "1"]
    for args in (["new"], pc, ["session"], ["scene"]):
        assert run_cli(["carpathes", "chronicle", args[0], str(path), *args[1:]], lang).exit_code == 0
    rolled = run_cli(
        [
            "carpathes",
            "chronicle",
            "roll",
            str(path),
            "--pc",
            "Ana",
            "--trait",
            "physique",
            "--purpose",
            "attaque",
            "--dice",
            "4,4",
            "--json",
        ],
        lang,
    )
    assert rolled.exit_code == 0, rolled.stderr
    assert json.loads(rolled.stdout)["events"][0]["rolled"]["purpose"] == "attack"
    legal = run_cli(["carpathes", "chronicle", "legal", str(path), "--all"], lang)
    undone = run_cli(["carpathes", "chronicle", "undo", str(path)], lang)
    assert all(text in legal.stdout + undone.stdout for text in texts), legal.stdout


@pytest.mark.parametrize(("lang", "word"), [("fr", "aucun"), ("en", "none")])
def test_no_pc_yet_says_none(tmp_path: Path, lang: str, word: str) -> None:
    path = tmp_path / "c.json"
    assert run_cli(["carpathes", "chronicle", "new", str(path)], lang).exit_code == 0
    result = run_cli(["carpathes", "chronicle", "recollect", str(path), "--pc", "X"], lang)
    assert result.exit_code == 2 and word in result.stderr and ": -" not in result.stderr


@pytest.mark.parametrize(
    "flags",
    [
        ["--until-penance", "--any-object", "--serious-only"],
        ["--cracked-until-penance", "--allow-unestablished-objects", "--critical-wound-no-disadvantage"],
    ],
)
def test_short_and_long_table_option_names(tmp_path: Path, flags: list[str]) -> None:
    """The long names stay accepted; the short ones fit the help at 80 columns."""
    data = json.loads(
        run_cli(["carpathes", "chronicle", "new", str(tmp_path / "c.json"), *flags, "--json"], "en").stdout
    )
    options = data["summary"]["options"]
    assert options["cracked_disadvantage_until_penance"] is True
    assert options["require_established_object"] is False
    assert options["critical_wound_disadvantage"] is False


@pytest.mark.parametrize(
    ("lang", "flags"), [("fr", ["pj", "depourvu"]), ("en", ["pc", "off_guard"]), ("fr", ["PJ", "dépourvu"])]
)
def test_initiative_flags_in_french(lang: str, flags: list[str]) -> None:
    """003_87a535c5e428c5d3.txt, initiative: a PC caught off guard gets no talent bonus in round one."""
    spec = ":".join(["Ana", "2", *flags, "talent=1"])
    result = run_cli(["carpathes", "initiative", "--fighter", spec, "--dice", "3,3", "--json"], lang)
    assert result.exit_code == 0, result.stderr
    (entry,) = json.loads(result.stdout)["order"]
    assert entry["pc"] is True and (entry["total"], entry["round_total"]) == (9, 8)
