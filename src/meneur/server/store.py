"""The database handles of a running server: short read transactions and immediate write ones."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Engine
from sqlalchemy.orm import Session as Db
from sqlalchemy.orm import sessionmaker

from meneur.server.db import make_engine, upgrade


class Store:
    """One engine; readers take no lock, writers take SQLite's write lock at ``BEGIN``."""

    def __init__(self, url: str, engine: Engine | None = None) -> None:
        self.url = url
        self.engine = engine if engine is not None else make_engine(url)
        self._read = sessionmaker(self.engine, expire_on_commit=False)
        self._write = sessionmaker(self.engine.execution_options(immediate=True), expire_on_commit=False)

    @property
    def is_postgresql(self) -> bool:
        return self.engine.dialect.name == "postgresql"

    def migrate(self) -> None:
        upgrade(self.engine)

    def open_reader(self) -> Db:
        """A read session the caller closes."""
        return self._read()

    @contextmanager
    def reader(self) -> Iterator[Db]:
        with self._read() as db:
            yield db

    @contextmanager
    def writer(self) -> Iterator[Db]:
        """A transaction committed on success, rolled back on any exception."""
        with self._write() as db, db.begin():
            yield db

    def close(self) -> None:
        self.engine.dispose()
