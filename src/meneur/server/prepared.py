"""Statements compiled once and run on the driver's own cursor: every command's reads and writes.

SQLAlchemy's ``execute`` of a prebuilt Core statement still spends most of its time around the
driver: the statement's cache key, the compiled form's lookup, the parameters' construction, the
result's metadata (about 80 µs a statement against the driver's 10 µs on SQLite). A
:class:`Prepared` statement is compiled once for each dialect, its parameters are converted by the
same bind processors SQLAlchemy uses (the JSON columns written by :mod:`meneur.server.jsontext`, the
booleans) and its rows by the same result processors, and it runs on the cursor of the connection
the session already holds, in the session's transaction (the engine's ``before_cursor_execute``
listeners hear of it as they would of SQLAlchemy's). Only the hot path comes this way (a
command's head, its writes, the caller's token); everything else keeps the ORM.

Conventions: a statement's parameters are named ``bindparam``s (an insert names every column it
writes with one); a literal of the statement (``removed IS false``) keeps its compiled value.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from sqlalchemy import Connection
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql.elements import ClauseElement
from sqlalchemy.sql.selectable import ReturnsRows


@dataclass(frozen=True)
class _Compiled:
    """A statement in one dialect's words: its SQL, its parameters' order (positional drivers) or
    names, their defaults and converters, and its columns' converters."""

    sql: str
    names: tuple[str, ...]
    positional: bool
    defaults: Mapping[str, Any]
    binds: tuple[tuple[str, Callable[[Any], Any]], ...]
    results: tuple[Callable[[Any], Any] | None, ...]


@dataclass(frozen=True)
class _Default:
    """A column's default made by Python at each execution (``default=new_id``)."""

    make: Callable[[], Any]


def _defaults(compiled: Any) -> dict[str, Any]:
    """The values SQLAlchemy's execution gives the columns a statement leaves out (their Python
    ``default``), by parameter name; a SQL expression as a default is not supported here."""
    found: dict[str, Any] = {}
    for column in [*compiled.insert_prefetch, *compiled.update_prefetch]:
        default = column.default if column in compiled.insert_prefetch else column.onupdate
        if default is None or not (default.is_scalar or default.is_callable):
            raise ValueError(f"{column}: a default Prepared cannot make")
        if default.is_scalar:
            found[column.key] = default.arg
        else:
            found[column.key] = _Default(partial(default.arg, None))  # SQLAlchemy's wrapper takes a context
    return found


class Prepared:
    """A Core statement compiled once per dialect, run on the driver's cursor (see the module)."""

    def __init__(self, statement: ClauseElement) -> None:
        self.statement = statement
        self._compiled: dict[int, _Compiled] = {}

    def _for(self, dialect: Dialect) -> _Compiled:
        found = self._compiled.get(id(dialect))
        if found is None:
            found = self._compiled[id(dialect)] = self._compile(dialect)
        return found

    def _compile(self, dialect: Dialect) -> _Compiled:
        compiled: Any = self.statement.compile(dialect=dialect, compile_kwargs={"render_postcompile": True})
        names = tuple(compiled.positiontup) if compiled.positional else tuple(compiled.binds)
        processors = compiled._bind_processors  # SQLAlchemy's own converters of each parameter
        binds = tuple((name, processors[name]) for name in names if name in processors)
        results: tuple[Callable[[Any], Any] | None, ...] = ()
        if isinstance(self.statement, ReturnsRows):
            results = tuple(
                column.type._cached_result_processor(dialect, None)
                for column in self.statement.exported_columns
            )
        return _Compiled(
            compiled.string,
            names,
            compiled.positional,
            {**compiled.params, **_defaults(compiled)},
            binds,
            results,
        )

    def _parameters(self, found: _Compiled, given: Mapping[str, Any]) -> Any:
        values = {**found.defaults, **given}
        for name, value in found.defaults.items():
            if isinstance(value, _Default) and name not in given:
                values[name] = value.make()
        for name, convert in found.binds:
            value = values[name]
            if value is not None:
                values[name] = convert(value)
        if found.positional:
            return tuple(values[name] for name in found.names)
        return values

    def rows(self, connection: Connection, given: Mapping[str, Any]) -> list[tuple[Any, ...]]:
        """Run the statement with ``given`` in ``connection``'s transaction; its rows, converted.

        Raises:
            sqlalchemy.exc.DBAPIError: the driver's error as SQLAlchemy raises it (an
                ``IntegrityError`` for a broken constraint), the connection invalidated when lost.
        """
        found = self._for(connection.dialect)
        parameters = self._parameters(found, given)
        cursor = connection.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
        try:
            _told(connection, cursor, found.sql, parameters, many=False)
            cursor.execute(found.sql, parameters)
            fetched = cursor.fetchall() if found.results else []
        except Exception as error:
            raise _translated(connection, cursor, found.sql, parameters, error) from error
        finally:
            cursor.close()
        if not any(found.results):
            return [tuple(row) for row in fetched]
        pairs = [zip(found.results, row, strict=True) for row in fetched]
        return [
            tuple(value if convert is None else convert(value) for convert, value in row) for row in pairs
        ]

    def run(self, connection: Connection, given: Mapping[str, Any]) -> None:
        """Run the statement, which returns no rows, with ``given``."""
        self.rows(connection, given)

    def run_many(self, connection: Connection, given: Sequence[Mapping[str, Any]]) -> None:
        """Run the statement, which returns no rows, once for each of ``given`` (one driver call)."""
        found = self._for(connection.dialect)
        parameters = [self._parameters(found, one) for one in given]
        cursor = connection.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
        try:
            _told(connection, cursor, found.sql, parameters, many=True)
            cursor.executemany(found.sql, parameters)
        except Exception as error:
            raise _translated(connection, cursor, found.sql, parameters, error) from error
        finally:
            cursor.close()

    def first(self, connection: Connection, given: Mapping[str, Any]) -> tuple[Any, ...] | None:
        """The statement's first row, or ``None``."""
        found = self.rows(connection, given)
        return found[0] if found else None


def _translated(
    connection: Connection, cursor: Any, sql: str, parameters: Any, error: Exception
) -> Exception:
    """The driver's ``error`` as SQLAlchemy's ``execute`` would raise it (the callers catch
    :class:`sqlalchemy.exc.IntegrityError`); a lost connection is invalidated, as there."""
    dialect = connection.dialect
    driver_error = dialect.loaded_dbapi.Error
    if not isinstance(error, driver_error):
        return error
    lost = dialect.is_disconnect(error, connection.connection.dbapi_connection, cursor)
    if lost:
        connection.invalidate(error)
    translated: Exception = DBAPIError.instance(
        sql, parameters, error, driver_error, connection_invalidated=lost, dialect=dialect
    )
    return translated


def _told(connection: Connection, cursor: Any, sql: str, parameters: Any, many: bool) -> None:
    """Tell the engine's ``before_cursor_execute`` listeners of the statement, as SQLAlchemy's
    ``execute`` does (a test counting a view's statements, a tracer); nothing when none listens."""
    if connection._has_events or connection.engine._has_events:
        connection.dispatch.before_cursor_execute(connection, cursor, sql, parameters, None, many)
