"""The chronicle's JSON state file: the event log, read whole and written atomically.

A file that cannot be read or does not hold a chronicle is bad input; saving writes a temporary
file next to the target and renames it over, so a failure never leaves a half-written file.
"""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import ValidationError

from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.storage import write_text_atomically
from meneur.systems.carpathes.chronicle import Log


def load(path: Path) -> Log:
    """Read a chronicle file.

    Raises:
        BadInputError: when the file is missing, unreadable or not a chronicle.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise BadInputError(Message("carpathes", N_(
            "Cannot read the chronicle file {path}: {reason}. Create it with 'chronicle new'."),
            {"path": str(path), "reason": error.strerror or str(error)})) from None
    try:
        return Log.model_validate(json.loads(text))
    except (ValueError, ValidationError):
        raise BadInputError(Message("carpathes", N_(
            "{path} is not a chronicle file of the Carpathian game."), {"path": str(path)})) from None


def save(path: Path, log: Log) -> None:
    """Write the chronicle atomically (temporary file, then rename)."""
    data = json.dumps(log.model_dump(mode="json"), ensure_ascii=False, indent=1)
    write_text_atomically(path, data + "\n")
