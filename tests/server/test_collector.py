"""The worker's collector clock (``meneur.server.collector``): what lives a while is frozen, so a
full collection walks only what is new; garbage in reference cycles among the frozen objects is
still freed, by the scheduled full collection."""

from __future__ import annotations

import asyncio
import gc
import time
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest

from meneur.server import collector
from meneur.server.app import build_app
from meneur.server.config import Settings
from tests.inprocess import TestClient
from tests.server.conftest import ready_database_url


class Node:
    """An object in a reference cycle with itself: only the cyclic collector frees it."""

    def __init__(self) -> None:
        self.me = self


def _frozen_cycle() -> weakref.ref[Node]:
    """A cycle made garbage after a freeze took it: a weak reference to see when it is freed."""
    node = Node()
    seen = weakref.ref(node)
    gc.freeze()
    del node
    return seen


@pytest.fixture(autouse=True)
def thawed() -> Iterator[None]:
    """The test process's collector as it was: nothing left frozen by a test."""
    yield
    gc.unfreeze()


def test_a_frozen_cycle_waits_for_the_full_collection_which_frees_it() -> None:
    seen = _frozen_cycle()
    gc.collect()
    assert seen() is not None  # frozen: Python's own collections do not look at it
    done = collector.full_collection()
    assert seen() is None
    assert done.collected >= 1 and done.frozen > 0 and done.seconds >= 0
    assert gc.get_freeze_count() > 0  # everything that lives on is frozen again


def test_what_dies_by_its_count_is_freed_at_once_even_frozen() -> None:
    node = Node()
    node.me = None  # type: ignore[assignment]  # no cycle left
    seen = weakref.ref(node)
    gc.freeze()
    del node
    assert seen() is None


def test_the_clock_freezes_and_collects_everything_on_its_own() -> None:
    async def clock() -> tuple[bool, int]:
        task = collector.schedule(0.01, 0.1)
        assert task is not None
        seen = _frozen_cycle()
        deadline = time.monotonic() + 30
        while seen() is not None and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        task.cancel()
        return seen() is None, gc.get_freeze_count()

    freed, frozen = asyncio.run(clock())
    assert freed and frozen > 0


def test_without_a_full_collection_a_frozen_cycle_stays() -> None:
    async def clock() -> bool:
        task = collector.schedule(0.01, 0)
        assert task is not None
        seen = _frozen_cycle()
        await asyncio.sleep(0.2)  # twenty freezes, no full collection
        task.cancel()
        return seen() is not None

    assert asyncio.run(clock())


def test_no_clock_when_freezing_is_off() -> None:
    async def clock() -> object:
        return collector.schedule(0, 600)

    assert asyncio.run(clock()) is None


def test_a_running_server_keeps_its_clock(tmp_path: Path) -> None:
    """The app's lifespan starts the clock with the settings' periods and stops it with the app."""
    app = build_app(Settings(db=ready_database_url(tmp_path), gc_freeze_every=0.01, gc_full_every=0.1))
    with TestClient(app) as client:
        seen = _frozen_cycle()
        deadline = time.monotonic() + 30
        while seen() is not None and time.monotonic() < deadline:
            assert client.get("/healthz").status_code == 200
            time.sleep(0.01)
        assert seen() is None
    app.state.store.close()


@pytest.mark.parametrize("name", ["gc_freeze_every", "gc_full_every"])
def test_a_negative_period_is_refused(name: str) -> None:
    with pytest.raises(ValueError, match=name):
        Settings(**{name: -1})  # type: ignore[arg-type]
