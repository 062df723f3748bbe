"""The tests' databases are made under the test's temporary folder, never at the repository's root."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.server.conftest import database_url
from tests.server.postgres import fresh_database


def test_a_sqlite_base_gets_a_file_under_the_tests_folder(tmp_path: Path) -> None:
    url = fresh_database("sqlite:///tables.sqlite3", tmp_path)
    path = Path(url.removeprefix("sqlite:///"))
    assert path.parent == tmp_path and path.name.startswith("meneur_test_")


def test_the_test_database_under_a_sqlite_setting_stays_in_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MENEUR_TEST_DB", "sqlite://")
    url = database_url(tmp_path)
    assert url.startswith(f"sqlite:///{tmp_path}/meneur_test_")
