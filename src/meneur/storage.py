"""Reading and writing the files users give meneur, safely.

Reading (:func:`read_text`, :func:`read_data`, :func:`parse_data`): every YAML or JSON document a
user hands in goes through one loader with caps, so a bad file is refused at once with a message
in the user's language and never crashes or runs away:

* a size cap (:data:`MAX_BYTES`), checked while reading, so ``/dev/zero`` or a huge file stops at
  the cap;
* UTF-8 required (a byte-order mark is accepted);
* a nesting-depth cap (:data:`MAX_DEPTH`), a cap on YAML aliases (:data:`MAX_ALIASES`) and on the
  number of values once aliases are expanded (:data:`MAX_NODES`);
* no NaN or infinity anywhere (``.nan`` in YAML, ``NaN`` in JSON): a distance of NaN would pass
  every check; no NUL character in any text (no name or note holds one, and PostgreSQL refuses it).

Writing (:func:`write_text_atomically`): the text goes to a temporary file in the same folder, is
flushed to disk, then renamed over the target in one step, so a crash or a full disk leaves the old
file whole. The file keeps its permissions (a new one follows the umask), a read-only file is
refused, and a symbolic link is written through to its target.
"""

from __future__ import annotations

import json
import math
import os
import stat
import tempfile
from pathlib import Path
from typing import Any, Literal

import yaml

from meneur.errors import BadInputError
from meneur.i18n import N_, Message

MAX_BYTES = 4 * 1024 * 1024
"""The largest file read (4 MiB): a character file is a few KiB, a long campaign a few hundred."""
MAX_DEPTH = 48
"""The deepest nesting of lists and mappings accepted in a file."""
MAX_ALIASES = 200
"""The most YAML aliases (``*name``) accepted in one document."""
MAX_NODES = 1_000_000
"""The most values in one document once aliases are expanded."""

Format = Literal["json", "yaml"]

_OS_REASONS: dict[type[OSError], str] = {
    FileNotFoundError: N_("no such file"),
    IsADirectoryError: N_("it is a folder"),
    PermissionError: N_("permission denied"),
}


def _bad(msgid: str, **params: Any) -> BadInputError:
    return BadInputError(Message("core", msgid, params))


def os_reason(error: OSError) -> Message | str:
    """Why a file could not be read or written, in words that can be translated."""
    reason = _OS_REASONS.get(type(error))
    if reason is not None:
        return Message("core", reason)
    return error.strerror or type(error).__name__


def read_text(path: str | os.PathLike[str], max_bytes: int = MAX_BYTES) -> str:
    """The text of a UTF-8 file (a BOM is dropped), read no further than ``max_bytes``.

    Raises:
        BadInputError: the file cannot be read, is larger than the cap or is not UTF-8.
    """
    target = Path(path)
    try:
        with target.open("rb") as stream:
            data = stream.read(max_bytes + 1)
    except OSError as error:
        raise _bad(
            N_("{path}: cannot read the file ({reason})."), path=str(target), reason=os_reason(error)
        ) from None
    if len(data) > max_bytes:
        raise _bad(
            N_("{path}: the file is larger than {limit} MiB, the most meneur reads; is it the right file?"),
            path=str(target),
            limit=max_bytes // (1024 * 1024),
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise _bad(
            N_("{path}: the file is not UTF-8 text (byte {position}); save it as UTF-8 and try again."),
            path=str(target),
            position=error.start + 1,
        ) from None


def format_of(path: str | os.PathLike[str]) -> Format:
    """JSON for ``.json`` files, YAML for anything else (YAML reads JSON too)."""
    return "json" if Path(path).suffix.lower() == ".json" else "yaml"


def read_data(path: str | os.PathLike[str]) -> Any:
    """The YAML or JSON document in ``path``, checked by :func:`parse_data`."""
    return parse_data(read_text(path), format_of(path), str(path))


def parse_data(text: str, fmt: Format, where: str) -> Any:
    """Parse a YAML or JSON document within the caps of this module.

    Args:
        text: the document.
        fmt: ``"json"`` or ``"yaml"``.
        where: the file name (or "the request"), for the messages.

    Raises:
        BadInputError: naming the line and column of a syntax error, or the cap exceeded.
    """
    if len(text) > MAX_BYTES:
        raise _bad(
            N_("{path}: the document is larger than {limit} MiB, the most meneur reads."),
            path=where,
            limit=MAX_BYTES // (1024 * 1024),
        )
    data = _parse_json(text, where) if fmt == "json" else _parse_yaml(text, where)
    check_data(data, where)
    return data


def _refuse_constant(name: str) -> float:
    raise ValueError(name)


def _parse_json(text: str, where: str) -> Any:
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        raise _bad(
            N_("{path}: not valid JSON (line {line}, column {column})."),
            path=where,
            line=error.lineno,
            column=error.colno,
        ) from None
    except ValueError as error:
        raise _bad(
            N_("{path}: {value} is not a number meneur accepts (write a finite number)."),
            path=where,
            value=str(error),
        ) from None
    except RecursionError:
        raise _too_deep(where) from None


def _too_deep(where: str) -> BadInputError:
    return _bad(
        N_("{path}: the data is nested more than {limit} levels deep; meneur's files never are."),
        path=where,
        limit=MAX_DEPTH,
    )


def _parse_yaml(text: str, where: str) -> Any:
    loader_class = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        _check_yaml_events(yaml.parse(text, Loader=loader_class), where)
        return yaml.load(text, Loader=loader_class)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        if mark is None:
            raise _bad(N_("{path}: not valid YAML."), path=where) from None
        raise _bad(
            N_("{path}: not valid YAML (line {line}, column {column})."),
            path=where,
            line=mark.line + 1,
            column=mark.column + 1,
        ) from None
    except RecursionError:
        raise _too_deep(where) from None


def _check_yaml_events(events: Any, where: str) -> None:
    """Refuse too deep a nesting or too many aliases before anything is built."""
    depth = aliases = 0
    for event in events:
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise _too_deep(where)
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
        elif isinstance(event, yaml.AliasEvent):
            aliases += 1
            if aliases > MAX_ALIASES:
                raise _bad(
                    N_("{path}: more than {limit} YAML aliases (*name); write the values out."),
                    path=where,
                    limit=MAX_ALIASES,
                )


def check_data(data: Any, where: str) -> None:
    """Refuse a parsed document nested too deep, too large once expanded, or holding NaN or infinity.

    Raises:
        BadInputError: naming the cap or the value.
    """
    stack: list[tuple[Any, int]] = [(data, 0)]
    seen = 0
    while stack:
        value, depth = stack.pop()
        seen += 1
        if seen > MAX_NODES:
            raise _bad(
                N_("{path}: more than {limit} values once expanded; meneur's files are far smaller."),
                path=where,
                limit=MAX_NODES,
            )
        if isinstance(value, float) and not math.isfinite(value):
            raise _bad(
                N_("{path}: {value} is not a number meneur accepts (write a finite number)."),
                path=where,
                value=str(value),
            )
        if isinstance(value, str) and "\x00" in value:
            raise _bad(
                N_("{path}: a text holds a NUL character (\\0), which no name or note may hold; remove it."),
                path=where,
            )
        if isinstance(value, dict | list | tuple):
            if depth >= MAX_DEPTH:
                raise _too_deep(where)
            items = [*value.keys(), *value.values()] if isinstance(value, dict) else value
            stack.extend((item, depth + 1) for item in items)


def _mode_for_new_file() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def write_text_atomically(path: str | os.PathLike[str], text: str) -> None:
    """Replace the content of ``path`` with ``text`` (UTF-8) in one step.

    The file keeps its permission bits (a new file gets the umask's), a symbolic link is followed
    and its target replaced, and a file its owner made read-only is refused.

    Raises:
        BadInputError: when the file is read-only or the folder cannot be written; the old file is
            left as it was and no temporary file is left behind.
    """
    target = Path(os.path.realpath(path))
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
        existed = True
    except FileNotFoundError:
        mode, existed = _mode_for_new_file(), False
    except OSError as error:
        raise _cannot_write(target, error) from None
    if existed and not mode & stat.S_IWUSR:
        raise _bad(
            N_("{path} is read-only; it was left as it was (make it writable to save it)."), path=str(path)
        )
    temporary: str | None = None
    try:
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fchmod(stream.fileno(), mode)
            os.fsync(stream.fileno())
        os.replace(temporary, target)
        temporary = None
    except OSError as error:
        raise _cannot_write(target, error) from None
    finally:
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)


def _cannot_write(target: Path, error: OSError) -> BadInputError:
    return _bad(
        N_("Cannot write the file {path} ({reason}); it was left as it was."),
        path=str(target),
        reason=os_reason(error),
    )
