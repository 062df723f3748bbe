"""The web table's browser tests share one xdist worker (``--dist loadgroup``): each starts a real
server and several Chromium pages, and two of them at once on a 2-core machine starve each other's
live updates. The web's other tests (a test client, no browser) spread over the workers like any."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from meneur.server.app import build_app
from meneur.server.config import Settings
from tests.inprocess import TestClient
from tests.server.conftest import ready_database_url


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/web/" in str(item.fspath) and item.get_closest_marker("browser") is not None:
            item.add_marker(pytest.mark.xdist_group("web"))


@pytest.fixture(scope="module")
def demo(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """``meneur serve --demo`` for one browser test module's pages: a real server, its own database
    under a folder named after the module (a module that needs another server defines its own)."""
    from tests.web.browser import start_demo

    running = start_demo(tmp_path_factory.mktemp(request.module.__name__.rsplit(".", 1)[-1]))
    yield running
    running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium through Playwright, one for a test module's pages."""
    from playwright.sync_api import sync_playwright

    from tests.web.browser import launch

    with sync_playwright() as playwright:
        launched = launch(playwright)
        yield launched
        launched.close()


@pytest.fixture
def web(tmp_path: Path) -> Iterator[TestClient]:
    """The pages and the API on a fresh database (SQLite, or PostgreSQL under MENEUR_TEST_DB)."""
    app = build_app(Settings(db=ready_database_url(tmp_path)))
    with TestClient(app) as client:
        yield client
    app.state.store.close()
