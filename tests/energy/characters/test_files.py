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
    [("name: [unclosed", "YAML"), ("- a list", "mapping"), ("name: X\nrank: five\nattributes: {}\npowers: []",
                                                            "rank"),
     ("name: X\nrank: 5\nattributes: {energy: 1, recovery: 1, vigor: 1}\npowers: []\nvigour: 3", "vigour"),
     ("schema_version: one\nname: X", "schema_version"),
     ("name: X\nrank: 5\nattributes: {energy: 1, recovery: 1, vigor: 1}\npowers: [{name: p, category: sup, "
      "effect: fly}]", "powers.0.effect")],
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
