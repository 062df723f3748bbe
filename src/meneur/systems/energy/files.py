"""Character files: YAML or JSON with the glossary's English keys, versioned and written atomically.

Conventions:
    * A file is the :class:`~meneur.systems.energy.model.Character` dumped with every field, keys in
      the model's order, ``schema_version`` first.
    * Older files are upgraded on load by :data:`MIGRATIONS`, one step per version, before the model
      checks them. Version 0 is the pre-release shape that wrote ``version`` instead of
      ``schema_version`` and a power's reinforcement and weakening as two separate numbers.
    * Reading never changes anything; :func:`save_character` writes a temporary file in the same
      folder then renames it over the target, so a failed save leaves the old file whole.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.storage import MAX_BYTES, parse_data, read_data, write_text_atomically
from meneur.systems.energy.model import SCHEMA_VERSION, Character
from meneur.systems.energy.names import DOMAIN

FORMATS = ("yaml", "json")
Migration = Callable[[dict[str, Any]], dict[str, Any]]


def _from_v0(data: dict[str, Any]) -> dict[str, Any]:
    """v0 -> v1: ``version`` is now ``schema_version``; reinforcement and weakening one ``modifier``."""
    upgraded = {k: v for k, v in data.items() if k != "version"}
    upgraded["schema_version"] = 1
    powers = []
    for power in data.get("powers", []):
        if isinstance(power, dict):
            power = dict(power)
            plus, minus = power.pop("reinforcement", 0), power.pop("weakening", 0)
            if isinstance(plus, int) and isinstance(minus, int):
                power.setdefault("modifier", plus - minus)
        powers.append(power)
    if "powers" in data:
        upgraded["powers"] = powers
    return upgraded


MIGRATIONS: dict[int, Migration] = {0: _from_v0}
"""``{version: step}``: each step turns a file of ``version`` into one of ``version + 1``."""


def file_version(data: dict[str, Any]) -> int:
    """The schema version a raw file claims (``version`` in v0 files; 1 when absent)."""
    value = data.get("schema_version", data.get("version", SCHEMA_VERSION))
    if not isinstance(value, int) or isinstance(value, bool):
        raise BadInputError(
            Message(DOMAIN, N_("schema_version: {value!r} is not a whole number."), {"value": value})
        )
    return value


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Upgrade raw file data to the current schema version, step by step.

    Raises:
        BadInputError: for a version newer than this program or one with no migration.
    """
    version = file_version(data)
    if version > SCHEMA_VERSION:
        raise BadInputError(
            Message(
                DOMAIN,
                N_(
                    "schema_version: the file is version {version}, newer than this program's {current}; "
                    "update meneur to read it."
                ),
                {"version": version, "current": SCHEMA_VERSION},
            )
        )
    while version < SCHEMA_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise BadInputError(
                Message(
                    DOMAIN,
                    N_("schema_version: no way to upgrade a version {version} file."),
                    {"version": version},
                )
            )
        data = step(data)
        version += 1
    return data


def parse_character(text: str, source: str = "-") -> Character:
    """Read a character from YAML or JSON text (JSON is YAML too), migrating old versions.

    The text goes through the capped loader (:func:`meneur.storage.parse_data`: size, depth,
    aliases, no NaN) and the model's problems through :func:`meneur.engine.problems.explain`.

    Raises:
        BadInputError: when the text is not a mapping or breaks the file format; the message
            names every field in error.
    """
    return character_from_data(parse_data(text, "yaml", source), source)


def character_from_data(data: Any, source: str) -> Character:
    """The character that parsed file data holds (see :func:`parse_character`)."""
    from pydantic import ValidationError

    if not isinstance(data, dict):
        raise BadInputError(
            Message(
                DOMAIN,
                N_(
                    "{source}: a character file must be a mapping of fields (name, rank, attributes, powers...)."
                ),
                {"source": source},
            )
        )
    data = migrate(data)
    try:
        return Character.model_validate(data)
    except ValidationError as error:
        from meneur.engine.problems import explain  # loads the engine: only when a file is wrong

        raise BadInputError(
            Message(
                DOMAIN,
                N_("{source}: invalid character file:\n{fields}"),
                {"source": source, "fields": explain(error).message},
            )
        ) from None


def load_character(path: str | os.PathLike[str]) -> Character:
    """Load a character file (YAML or JSON) through the capped loader.

    Raises:
        BadInputError: when the file cannot be read (too large, not UTF-8, too deep) or is not a
            valid character file.
    """
    return character_from_data(read_data(path), str(path))


def read_character(source: str) -> Character:
    """A character from a file path, ``-`` (standard input) or a built-in hero's name.

    Raises:
        BadInputError: when the source cannot be read or is not a character file.
    """
    if source == "-":
        import sys

        return parse_character(sys.stdin.read(MAX_BYTES + 1), "-")
    from meneur.systems.energy.catalogue import is_library_name, library_hero

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
        import yaml

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
