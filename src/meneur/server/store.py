"""The database handles of a running server: short read transactions and immediate write ones.

On SQLite every commit waits for the disk (``synchronous=FULL``), and writers take turns: the hot
writes (commands, rolls) go through :meth:`Store.write`, which commits the jobs waiting at the same
moment in one transaction (group commit), each in its own savepoint, so a job that fails (a
conflict) takes back only its own changes. A job's caller gets its answer after the commit: an
acknowledged command is on disk. Writers of one process take turns on a lock before ``BEGIN
IMMEDIATE``: one waiting for another is woken as soon as it is done, instead of sleeping in SQLite's
busy handler (which backs off by up to 100 ms at a time).

A request's read session (:meth:`Store.request_reader`) ends its read transaction when the request
starts writing: a request never holds a read connection while it waits for a write one, so
requests cannot hold every connection of the pool while each waits for another.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import Future
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

from sqlalchemy import Engine
from sqlalchemy.orm import Session as Db
from sqlalchemy.orm import sessionmaker

from meneur.server.db import make_engine, upgrade

T = TypeVar("T")
log = logging.getLogger("meneur.server.store")
_READER: ContextVar[Db | None] = ContextVar("meneur_request_reader", default=None)
"""The read session of the request being served (set by :meth:`Store.request_reader`)."""
BATCH = 64
"""The most jobs committed together."""
WRITTEN = "meneur_written"
"""The key of a write session's ``info`` that lists the live feed's changes it wrote."""


WRITER = "meneur_writer"
"""Marks the ``info`` of the sessions :meth:`Store.writer` and :meth:`Store.write` give."""


def written(db: Db) -> list[dict[str, Any]]:
    """The live feed's changes written in ``db``'s transaction so far: handed to the live feed when
    it commits, so the feed is written only in the store's write sessions."""
    if not db.info.get(WRITER):
        raise RuntimeError("the live feed is written in a session of Store.writer() or Store.write()")
    found: list[dict[str, Any]] = db.info.setdefault(WRITTEN, [])
    return found


class Store:
    """One engine; readers take no lock, writers take SQLite's write lock at ``BEGIN``."""

    def __init__(self, url: str, engine: Engine | None = None, pool: Mapping[str, Any] | None = None) -> None:
        self.url = url
        self.engine = engine if engine is not None else make_engine(url, pool)
        self._read = sessionmaker(self.engine, expire_on_commit=False)
        self._write = sessionmaker(
            self.engine.execution_options(immediate=True), expire_on_commit=False, info={WRITER: True}
        )
        self._jobs: queue.Queue[tuple[Callable[[Db], Any], Future[Any]] | None] = queue.Queue()
        self._committer: threading.Thread | None = None
        self._guard = threading.Lock()
        self._turn: threading.Lock | None = threading.Lock() if self.engine.dialect.name == "sqlite" else None
        self.on_commit: Callable[[list[dict[str, Any]]], None] | None = None
        """Told the live feed's changes of every committed write (the live feed's hub)."""

    @property
    def is_postgresql(self) -> bool:
        return self.engine.dialect.name == "postgresql"

    def migrate(self) -> None:
        upgrade(self.engine)

    def open_reader(self) -> Db:
        """A read session the caller closes."""
        return self._read()

    def request_reader(self) -> Db:
        """A read session for one request, which the caller closes; a write of the same request
        (in the same context) ends its read transaction first (see the module's documentation)."""
        db = self._read()
        _READER.set(db)
        return db

    def see_latest(self, db: Db) -> None:
        """Let ``db``'s next read see what other writers committed: SQLite's read transaction
        keeps the database as it found it, so it ends; PostgreSQL's ``READ COMMITTED`` already
        gives each statement the latest commits (ending the transaction there would only cost
        round trips: a ``COMMIT``, then a ``BEGIN``)."""
        if not self.is_postgresql:
            db.commit()

    def _release_reader(self) -> None:
        reader = _READER.get()
        if reader is not None:
            reader.commit()

    @contextmanager
    def reader(self) -> Iterator[Db]:
        with self._read() as db:
            yield db

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """This process's turn to write (SQLite only: PostgreSQL's writers do not take turns)."""
        if self._turn is None:
            yield
            return
        with self._turn:
            yield

    @contextmanager
    def writer(self) -> Iterator[Db]:
        """A transaction committed on success, rolled back on any exception."""
        self._release_reader()
        with self._writing(), self._write() as db:
            with db.begin():
                yield db
            self._written(db)

    def _written(self, db: Db) -> None:
        """Hand the live feed's changes of a committed transaction to :attr:`on_commit`."""
        changes = db.info.pop(WRITTEN, None)
        if changes and self.on_commit is not None:
            try:
                self.on_commit(changes)
            except Exception:  # the write is committed whatever the feed does; its readers catch up
                log.exception("the live feed was not told of a committed write")

    def write(self, job: Callable[[Db], T]) -> T:
        """Run ``job`` in a write transaction and return its result once committed (grouped with
        the jobs waiting at the same moment on SQLite; alone on PostgreSQL, whose writers do not
        take turns)."""
        if self.is_postgresql:
            with self.writer() as db:
                return job(db)
        self._release_reader()
        done: Future[T] = Future()
        with self._guard:
            if self._committer is None:
                self._committer = threading.Thread(
                    target=self._commit_loop, name="meneur-commit", daemon=True
                )
                self._committer.start()
        self._jobs.put((job, done))
        return done.result()

    def _commit_loop(self) -> None:
        while True:
            first = self._jobs.get()
            if first is None:
                return
            batch = [first]
            while len(batch) < BATCH:
                try:
                    item = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    self._jobs.put(None)
                    break
                batch.append(item)
            self._run(batch)

    def _run(self, batch: list[tuple[Callable[[Db], Any], Future[Any]]]) -> None:
        outcomes: list[tuple[Future[Any], Any, BaseException | None]] = []
        try:
            with self._writing(), self._write() as db:
                with db.begin():
                    for job, done in batch:
                        mark = len(written(db))
                        try:
                            with db.begin_nested():
                                outcomes.append((done, job(db), None))
                        except Exception as failed:
                            del written(db)[mark:]  # its changes were taken back with it
                            outcomes.append((done, None, failed))
                self._written(db)
        except Exception as lost:  # the commit itself failed: no job is done
            for _job, done in batch:
                done.set_exception(lost)
            return
        for done, result, failure in outcomes:
            if failure is not None:
                done.set_exception(failure)
            else:
                done.set_result(result)

    def close(self) -> None:
        with self._guard:
            if self._committer is not None:
                self._jobs.put(None)
                self._committer.join(timeout=10)
                self._committer = None
        self.engine.dispose()
