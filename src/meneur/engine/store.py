"""One file store for every system's sessions: versioned, atomic, locked.

A session file holds the session's kind, the format version, the setup and the log::

    {"meneur": "carpathes", "format": 1, "setup": {...},
     "log": [{"command": ..., "events": [...]}, ...], "undone": [...]}

JSON by default, YAML when the file name ends in ``.yaml``/``.yml`` (for people who edit by hand).
Reading goes through the capped loader (:mod:`meneur.storage`) and replays the whole log, so a file
whose log does not fit is refused with the entry that is wrong; older formats are migrated by the
system's ``migrate`` on load. :func:`transaction` holds an exclusive lock on the file's folder from
load to save, so two commands on the same file at once never lose an update.
"""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import yaml

from meneur.engine.registry import system
from meneur.engine.session import Session
from meneur.errors import BadInputError, MeneurError
from meneur.i18n import N_, Message
from meneur.storage import format_of, parse_data, read_text, write_text_atomically


def _bad(msgid: str, **params: Any) -> BadInputError:
    return BadInputError(Message("core", msgid, params))


def dump(session: Session[Any, Any, Any], fmt: str = "json") -> str:
    """The text of a session file."""
    data = {
        "meneur": session.key,
        "format": session.system.format,
        "setup": session.setup,
        "log": session.log_json(),
        "undone": session.undone_json(),
    }
    if fmt == "yaml":
        text: str = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
        return text
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def from_data(data: Any, where: str, key: str | None = None) -> Session[Any, Any, Any]:
    """The session a file's data holds, migrated and replayed.

    Args:
        data: the parsed file.
        where: the file name, for messages.
        key: the kind expected (``None``: whatever the file says).

    Raises:
        BadInputError: not a session file, of another kind, newer than this meneur, or a log that
            does not replay (naming the entry).
    """
    kind = data.get("meneur") if isinstance(data, dict) else None
    if key is not None:
        if kind is None:
            data = system(key).migrate(data)
            kind = data.get("meneur") if isinstance(data, dict) else None
        if kind != key:
            raise _bad(N_("{path} is not a {kind} session file."), path=where, kind=key)
    if not isinstance(kind, str):
        raise _bad(N_("{path} is not a meneur session file."), path=where)
    rules = system(kind)
    fmt = data.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool) or fmt < 1:
        raise _bad(
            N_(
                "{path} does not say which format it is written in: its 'format' field is missing or"
                " is not a whole number from 1 (a file written by meneur has one)."
            ),
            path=where,
        )
    if fmt > rules.format:
        raise _bad(
            N_(
                "{path} was written by a newer meneur (format {found}, this one reads up to {known});"
                " update meneur."
            ),
            path=where,
            found=str(fmt),
            known=rules.format,
        )
    return _replay(kind, data, where)


def _replay(kind: str, data: dict[str, Any], where: str) -> Session[Any, Any, Any]:
    log, undone = data.get("log", []), data.get("undone", [])
    if not isinstance(log, list) or not isinstance(undone, list):
        raise _bad(N_("{path}: 'log' and 'undone' must be lists."), path=where)
    session = Session.new(kind, data.get("setup"))
    for number, item in enumerate(log, start=1):
        if not isinstance(item, dict) or not isinstance(item.get("events"), list):
            raise _bad(
                N_("{path}: entry {number} of the log is not a command with its events."),
                path=where,
                number=number,
            )
        try:
            session.record(item.get("command"), item["events"])
        except MeneurError as error:
            raise _bad(
                N_("{path}: entry {number} of the log cannot be replayed: {reason}"),
                path=where,
                number=number,
                reason=error.message,
            ) from None
        except (KeyError, ValueError, TypeError, AttributeError, IndexError):
            raise _bad(
                N_("{path}: entry {number} of the log does not fit the game before it (edited by hand?)."),
                path=where,
                number=number,
            ) from None
    try:
        session.restore_undone(undone)
    except MeneurError as error:
        raise _bad(
            N_("{path}: the commands to redo cannot be read: {reason}"), path=where, reason=error.message
        ) from None
    return session


def load(path: str | os.PathLike[str], key: str | None = None) -> Session[Any, Any, Any]:
    """Read and replay the session file ``path`` (see :func:`from_data`)."""
    return from_data(parse_data(read_text(path), format_of(path), str(path)), str(path), key)


def save(path: str | os.PathLike[str], session: Session[Any, Any, Any]) -> None:
    """Write the session file atomically."""
    write_text_atomically(path, dump(session, format_of(path)))


@contextmanager
def locked(path: str | os.PathLike[str]) -> Iterator[None]:
    """Hold an exclusive lock on the folder of ``path`` (files are replaced, so their folder is locked)."""
    folder = Path(os.path.realpath(path)).parent
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        yield  # a folder that cannot be opened cannot be written either: saving will say so
        return
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)


@contextmanager
def transaction(path: str | os.PathLike[str], key: str | None = None) -> Iterator[Session[Any, Any, Any]]:
    """Load ``path`` under the lock, let the caller change the session, save it if it changed.

    Nothing is written when the block raises.
    """
    with locked(path):
        session = load(path, key)
        before = (session.version, len(session.undone()), id(session.state))
        yield session
        if (session.version, len(session.undone()), id(session.state)) != before:
            save(path, session)
