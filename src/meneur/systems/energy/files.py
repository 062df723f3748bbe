"""Character files: YAML or JSON with the glossary's English keys, versioned and written atomically.

Conventions:
    * A file is the :class:`~meneur.systems.energy.model.Character` dumped with every field, keys in
      the model's order, ``schema_version`` first.
    * Older files are upgraded on load, one step per version, before the model checks them
      (:mod:`meneur.systems.energy.reading`, whose functions this module also exports).
    * Reading never changes anything; :func:`save_character` writes a temporary file in the same
      folder then renames it over the target, so a failed save leaves the old file whole.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import yaml

from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.storage import MAX_BYTES, write_text_atomically
from meneur.systems.energy.catalogue import is_library_name, library_hero
from meneur.systems.energy.model import Character
from meneur.systems.energy.names import DOMAIN
from meneur.systems.energy.reading import MIGRATIONS as MIGRATIONS
from meneur.systems.energy.reading import Migration as Migration
from meneur.systems.energy.reading import character_from_data as character_from_data
from meneur.systems.energy.reading import file_version as file_version
from meneur.systems.energy.reading import load_character as load_character
from meneur.systems.energy.reading import migrate as migrate
from meneur.systems.energy.reading import parse_character as parse_character

FORMATS = ("yaml", "json")


def read_character(source: str) -> Character:
    """A character from a file path, ``-`` (standard input) or a built-in hero's name.

    Raises:
        BadInputError: when the source cannot be read or is not a character file.
    """
    if source == "-":
        return parse_character(sys.stdin.read(MAX_BYTES + 1), "-")
    if not Path(source).exists() and is_library_name(source):
        return library_hero(source)
    return load_character(source)


def character_data(character: Character) -> dict[str, Any]:
    """The character as plain data with English keys (frozensets as sorted lists)."""
    data = character.model_dump(mode="json")
    data["states"] = sorted(data["states"])
    if data["gender"] is None:  # optional: a file without it stays as it was written
        del data["gender"]
    return data


def dump_character(character: Character, format: str = "yaml") -> str:
    """The text of a character file in ``format`` (``yaml`` or ``json``).

    Raises:
        BadInputError: for another format.
    """
    data = character_data(character)
    if format == "yaml":
        return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    if format == "json":
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    raise BadInputError(
        Message(DOMAIN, N_("format: {format!r} is not one of yaml, json."), {"format": format})
    )


def format_for(path: Path) -> str:
    """``json`` for a ``.json`` file, ``yaml`` otherwise."""
    return "json" if path.suffix.lower() == ".json" else "yaml"


def write_atomically(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` atomically (see :func:`meneur.storage.write_text_atomically`).

    Raises:
        BadInputError: when the folder cannot be written; the old file is left as it was.
    """
    write_text_atomically(path, text)


def save_character(character: Character, path: str | os.PathLike[str]) -> None:
    """Save ``character`` atomically, as JSON for a ``.json`` path and YAML otherwise."""
    write_atomically(path, dump_character(character, format_for(Path(path))))


def json_schema() -> dict[str, Any]:
    """The published JSON Schema of a character file, generated from the model."""
    schema = Character.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = "https://meneur.invalid/schema/energy-character.schema.json"
    return schema


def json_schema_text() -> str:
    """:func:`json_schema` as the text of ``docs/schema/energy-character.schema.json``."""
    return json.dumps(json_schema(), ensure_ascii=False, indent=2, sort_keys=True) + "\n"
