"""The JSON file of a table: its event log, read and written atomically (an adapter, not the core)."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import TypeAdapter, ValidationError

from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.storage import write_text_atomically
from meneur.systems.insmv.events import Event

EVENTS: TypeAdapter[list[Event]] = TypeAdapter(list[Event])


def load(path: Path) -> list[Event]:
    """The events stored in ``path`` (none when the file does not exist yet).

    Raises:
        BadInputError: when the file is not a table file.
    """
    if not path.exists():
        return []
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return EVENTS.validate_python(data["events"])
    except (OSError, ValueError, KeyError, TypeError, ValidationError) as error:
        raise BadInputError(Message(
            "insmv", N_("The file {path} is not an INS/MV table file ({reason})."),
            {"path": str(path), "reason": type(error).__name__})) from None


def save(path: Path, events: list[Event]) -> None:
    """Write ``events`` to ``path`` atomically (a temporary file renamed over the old one).

    Raises:
        BadInputError: when the file's folder cannot be written.
    """
    text = json.dumps({"system": "insmv", "events": EVENTS.dump_python(events, mode="json")},
                      ensure_ascii=False, indent=2)
    write_text_atomically(path, text + "\n")
