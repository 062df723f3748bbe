"""Character files: YAML and JSON, versions and migration, atomic saves, the published JSON Schema."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from meneur.errors import BadInputError
from meneur.systems.energy import files
from meneur.systems.energy.catalogue import library_hero
from meneur.systems.energy.files import (
    dump_character,
    json_schema_text,
    load_character,
    parse_character,
    save_character,
)
from meneur.systems.energy.model import LivingStandard

SCHEMA = Path(__file__).resolve().parents[3] / "docs" / "schema" / "energy-character.schema.json"

V0_FILE = """
version: 0
name: MECANUS
rank: 5
pc: false
attributes: {energy: 5, recovery: 5, vigor: 5}
powers:
  - {name: Jambes cybernétiques, category: mov, weakening: 1}
  - {name: Poings d'acier, category: off_c, reinforcement: 1}
"""


@pytest.mark.parametrize("fmt", ["yaml", "json"])
@pytest.mark.parametrize("name", ["WINK", "KITSUNE", "TEMPÊTE D’ACIER", "ARCHITECT"])
def test_round_trip(tmp_path: Path, fmt: str, name: str) -> None:
    """A saved file loads back to the same character, in YAML and in JSON."""
    hero = library_hero(name)
    path = tmp_path / f"hero.{fmt}"
    save_character(hero, path)
    assert load_character(path) == hero
    assert parse_character(dump_character(hero, fmt)) == hero


def test_files_use_the_glossary_keys() -> None:
    """English keys from the glossary, ``schema_version`` first."""
    data = json.loads(dump_character(library_hero("KITSUNE"), "json"))
    assert next(iter(data)) == "schema_version"
    assert data["attributes"] == {"energy": 6, "recovery": 4, "vigor": 4}
    assert data["aptitudes"]["fast_talk"] == 3
    assert data["powers"][0]["category"] == "off_c"


def test_version_0_files_are_migrated() -> None:
    """A v0 file (``version``; separate reinforcement and weakening) loads as v1 with a signed modifier:
    MECANUS's "Jambes cybernétiques (Mov) -1" (002_58e889a1abff3456.txt)."""
    mecanus = parse_character(V0_FILE)
    assert mecanus.schema_version == 1
    assert [p.modifier for p in mecanus.powers] == [-1, 1]
    assert mecanus.powers[0].weakening == 1


def test_newer_versions_are_refused() -> None:
    """A file from a newer meneur is bad input that says so."""
    with pytest.raises(BadInputError) as caught:
        parse_character("schema_version: 99\nname: X\n")
    assert "99" in caught.value.render("fr")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("name: [unclosed", "YAML"),
        ("- a list", "mapping"),
        ("name: X\nrank: five\nattributes: {}\npowers: []", "rank"),
        ("name: X\nrank: 5\nattributes: {energy: 1, recovery: 1, vigor: 1}\npowers: []\nvigour: 3", "vigour"),
        ("schema_version: one\nname: X", "schema_version"),
        (
            "name: X\nrank: 5\nattributes: {energy: 1, recovery: 1, vigor: 1}\npowers: [{name: p, category: sup, "
            "effect: fly}]",
            "powers.0.effect",
        ),
    ],
)
def test_unreadable_files_name_what_is_wrong(text: str, words: str) -> None:
    """Malformed files are bad input naming the field in error."""
    with pytest.raises(BadInputError) as caught:
        parse_character(text)
    assert words in caught.value.render("en")


def test_missing_file_is_bad_input(tmp_path: Path) -> None:
    """A file that cannot be read is bad input (exit status 2 in the CLI)."""
    with pytest.raises(BadInputError):
        load_character(tmp_path / "nobody.yaml")


def test_a_failed_save_leaves_the_old_file_intact(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Atomic writes: when the final rename fails, the previous file is whole and no temporary is left."""
    path = tmp_path / "wink.yaml"
    save_character(library_hero("WINK"), path)
    before = path.read_bytes()

    def refuse(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(BadInputError):
        save_character(library_hero("KITSUNE"), path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["wink.yaml"]


def test_save_into_a_missing_folder_is_bad_input(tmp_path: Path) -> None:
    """An unwritable target is bad input and creates nothing."""
    with pytest.raises(BadInputError):
        save_character(library_hero("WINK"), tmp_path / "no" / "such" / "wink.yaml")
    assert list(tmp_path.iterdir()) == []


def test_published_schema_is_the_generated_one() -> None:
    """docs/schema/energy-character.schema.json is generated from the model and kept in step."""
    assert SCHEMA.read_text(encoding="utf-8") == json_schema_text()


def test_schema_lists_the_glossary_keys() -> None:
    """The schema forbids unknown keys and knows every category."""
    schema = files.json_schema()
    assert schema["additionalProperties"] is False
    assert schema["$defs"]["PowerCategory"]["enum"] == ["off_c", "off_d", "def", "mov", "sup"]


MINIMAL = (
    "name: X\nrank: 1\nattributes: {energy: 2, recovery: 1, vigor: 2}\npowers: [{name: p, category: sup}]\n"
)


def test_a_file_without_living_standard_is_precarious() -> None:
    """002_58e889a1abff3456.txt: "Par défaut, votre niveau de vie est précaire"."""
    assert parse_character(MINIMAL).living_standard is LivingStandard.PRECARIOUS


def test_yaml_errors_give_the_position_in_both_languages() -> None:
    """A syntax error names where it is (line and column), translated."""
    with pytest.raises(BadInputError) as caught:
        parse_character("name: X\nrank: [5\n", "hero.yaml")
    assert "hero.yaml" in caught.value.render("en") and "line 3" in caught.value.render("en")
    assert "ligne 3" in caught.value.render("fr")


def test_choices_are_listed_without_an_english_or() -> None:
    """An unknown category lists the choices with commas, in French without an English "or"."""
    with pytest.raises(BadInputError) as caught:
        parse_character(MINIMAL.replace("category: sup", "category: offc"))
    french = caught.value.render("fr")
    assert "mov, sup" in french and " or " not in french


@pytest.mark.parametrize(("lang", "words"), [("en", "no such file"), ("fr", "fichier introuvable")])
def test_a_missing_file_says_so_in_the_readers_language(tmp_path: Path, lang: str, words: str) -> None:
    """A file that does not exist is named, with the cause in words rather than a Python class name."""
    with pytest.raises(BadInputError) as caught:
        load_character(tmp_path / "nobody.yaml")
    text = caught.value.render(lang)
    assert "nobody.yaml" in text and words in text and "FileNotFoundError" not in text
