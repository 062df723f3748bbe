"""Reading a character file: YAML or JSON with the glossary's English keys, through the capped loader,
upgraded from older versions, then checked by the model.

Conventions:
    * Older files are upgraded on load by :data:`MIGRATIONS`, one step per version, before the model
      checks them. Version 0 is the pre-release shape that wrote ``version`` instead of
      ``schema_version`` and a power's reinforcement and weakening as two separate numbers.
    * Reading never changes anything.

It sits below the heroes' catalogue (:mod:`meneur.systems.energy.catalogue`) and the files module
(:mod:`meneur.systems.energy.files`) that reads a source naming either a file or a hero.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from meneur.engine.problems import explain
from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.storage import parse_data, read_data
from meneur.systems.energy.model import SCHEMA_VERSION, Character
from meneur.systems.energy.names import DOMAIN

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
