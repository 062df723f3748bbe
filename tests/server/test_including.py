"""Every app of a process shares what FastAPI derives from the included routers
(:mod:`meneur.server.including`): a second app derives no included route's handler again, and
both apps serve their own database."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import fastapi.routing
import pytest
from fastapi.routing import APIRoute

from meneur.server.app import build_app
from meneur.server.config import Settings
from tests.inprocess import TestClient
from tests.server.conftest import ready_database_url


def _serves(app: Any) -> str:
    """The app's home page answers and a table is made in its database; the table's id."""
    with TestClient(app) as client:
        assert client.get("/").status_code == 200
        made = client.post("/api/v1/tables", json={"name": "Mardi", "system": "toy"})
        assert made.status_code == 201, made.text
        table = made.json()
        seen = client.get(
            f"/api/v1/tables/{table['id']}", headers={"Authorization": f"Bearer {table['gm_token']}"}
        )
        assert seen.status_code == 200
    app.state.store.close()
    return str(table["id"])


def test_a_second_app_derives_no_included_route_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = _serves(build_app(Settings(db=ready_database_url(tmp_path / "first"))))
    derived: list[str] = []
    real = fastapi.routing.get_dependant

    def counted(*args: Any, **kwargs: Any) -> Any:
        derived.append(str(kwargs.get("path")))
        return real(*args, **kwargs)

    monkeypatch.setattr(fastapi.routing, "get_dependant", counted)
    second_app = build_app(Settings(db=ready_database_url(tmp_path / "second")))
    second = _serves(second_app)
    own = {route.path for route in second_app.router.routes if isinstance(route, APIRoute)}
    assert set(derived) <= own  # only the routes the app defines itself (/healthz, /readyz...)
    assert "/api/v1/tables" not in derived and "/" not in derived
    assert first != second
