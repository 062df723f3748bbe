"""Writing files so that a failed save never loses data.

Every file meneur writes (character files, campaign journals, chronicles, table files) goes through
:func:`write_text_atomically`: the text goes to a temporary file in the same folder, is flushed to
disk, then renamed over the target in one step. A crash or a full disk leaves the old file whole.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from meneur.errors import BadInputError
from meneur.i18n import N_, Message


def write_text_atomically(path: str | os.PathLike[str], text: str) -> None:
    """Replace the content of ``path`` with ``text`` (UTF-8) in one step.

    Raises:
        BadInputError: when the folder cannot be written; the old file is left as it was and no
            temporary file is left behind.
    """
    target = Path(path)
    temporary: str | None = None
    try:
        handle, temporary = tempfile.mkstemp(
            dir=target.parent if str(target.parent) else ".", prefix=f".{target.name}.", suffix=".tmp")
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
        temporary = None
    except OSError as error:
        raise BadInputError(Message(
            "core", N_("Cannot write the file {path} ({reason}); it was left as it was."),
            {"path": str(target), "reason": error.strerror or type(error).__name__})) from None
    finally:
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)
