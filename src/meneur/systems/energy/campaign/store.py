"""Campaign files: one JSON (or YAML) document with the options, the characters and the log.

Conventions: reading never changes anything and checks the whole log replays; writing goes through
the character files' atomic writer, so a failed save leaves the previous file whole.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import yaml
from pydantic import ValidationError

from meneur.errors import BadInputError, MeneurError
from meneur.i18n import N_, Message
from meneur.systems.energy.campaign.journal import JOURNAL_VERSION, Campaign, Journal
from meneur.systems.energy.files import write_atomically

DOMAIN = "energy_campaign"


def _is_yaml(path: Path) -> bool:
    return path.suffix.lower() in (".yaml", ".yml")


def dump_campaign(campaign: Campaign, path: str | os.PathLike[str] | None = None) -> str:
    """The campaign file's text (YAML when ``path`` ends in .yaml/.yml, JSON otherwise)."""
    data = campaign.journal.model_dump(mode="json")
    if path is not None and _is_yaml(Path(path)):
        return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def save_campaign(campaign: Campaign, path: str | os.PathLike[str]) -> None:
    """Write the campaign file atomically."""
    write_atomically(path, dump_campaign(campaign, path))


def _reason(error: Exception) -> str:
    """The first problem, with where it is in the file (``log.3.command.boxes``) when pydantic knows."""
    if isinstance(error, ValidationError) and error.errors():
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        more = error.error_count() - 1
        return f"{where}: {first['msg']} ({first.get('input')!r})" + (f" (+{more})" if more else "")
    return str(error).splitlines()[0]


def load_campaign(path: str | os.PathLike[str]) -> Campaign:
    """Read a campaign file and replay its log.

    Raises:
        BadInputError: when the file cannot be read, is not a campaign, or its log does not replay.
    """
    target = Path(path)
    try:
        text = target.read_text(encoding="utf-8")
    except OSError as error:
        raise BadInputError(
            Message(
                DOMAIN,
                N_("Cannot read the campaign file {path}: {reason}."),
                {"path": str(target), "reason": error.strerror or str(error)},
            )
        ) from error
    try:
        data = yaml.safe_load(text) if _is_yaml(target) else json.loads(text)
        version = data.get("schema_version", JOURNAL_VERSION) if isinstance(data, dict) else JOURNAL_VERSION
        if isinstance(version, int) and version > JOURNAL_VERSION:
            raise BadInputError(
                Message(
                    DOMAIN,
                    N_(
                        "{path} was written by a newer meneur (campaign file version {version}); "
                        "update meneur to read it."
                    ),
                    {"path": str(target), "version": version},
                )
            )
        journal = Journal.model_validate(data)
    except (ValueError, yaml.YAMLError, ValidationError) as error:
        raise BadInputError(
            Message(
                DOMAIN,
                N_("{path} is not a valid campaign file: {reason}"),
                {"path": str(target), "reason": _reason(error)},
            )
        ) from error
    try:
        return Campaign.from_journal(journal)
    except MeneurError as error:
        raise BadInputError(
            Message(
                DOMAIN,
                N_("{path}: the log does not replay: {reason}"),
                {"path": str(target), "reason": error.message},
            )
        ) from error
