"""Fixtures of the server's tests: an app on a real SQLite file (or PostgreSQL, see MENEUR_TEST_DB),
the test system registered, and a table seated with a GM, two players and an observer."""

from __future__ import annotations

import functools
import os
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from meneur.server.app import build_app
from meneur.server.config import Settings
from tests.inprocess import TestClient
from tests.server import toy_system

toy_system.register()

FIGHT = {
    "fighters": [
        {"name": "Ayla", "vigueur": 30},
        {"name": "Bren", "vigueur": 30},
        {"name": "Ghoul", "vigueur": 40, "npc": True},
    ]
}


def database_url(folder: Path) -> str:
    """A fresh database: a SQLite file under ``folder``, or a new schema of MENEUR_TEST_DB."""
    base = os.environ.get("MENEUR_TEST_DB", "")
    if not base:
        return f"sqlite:///{folder / 'tables.sqlite3'}"
    from tests.server.postgres import fresh_database

    return fresh_database(base, folder)


_TEMPLATES = tempfile.TemporaryDirectory(prefix="meneur-template-")


@functools.cache
def _migrated_template() -> Path:
    """An empty database at this version's schema, migrated once per test process."""
    from meneur.server.db import make_engine, upgrade

    path = Path(_TEMPLATES.name) / "tables.sqlite3"
    engine = make_engine(f"sqlite:///{path}")
    upgrade(engine)
    engine.dispose()
    assert not path.with_name(path.name + "-wal").exists(), "the template's journal is not merged"
    return path


def ready_database_url(folder: Path) -> str:
    """A fresh database already at the head migration: a copy of a template SQLite file, or a new
    database of MENEUR_TEST_DB made from a migrated template. For the tests of a running app; the
    tests of migrations and of a database never started use :func:`database_url`."""
    base = os.environ.get("MENEUR_TEST_DB", "")
    if base and not base.startswith("sqlite"):
        from tests.server.postgres import ready_database

        return ready_database(base)
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / "tables.sqlite3"
    shutil.copyfile(_migrated_template(), target)
    target.chmod(0o600)
    return f"sqlite:///{target}"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = build_app(Settings(db=ready_database_url(tmp_path)))
    with TestClient(app) as test_client:
        yield test_client
    app.state.store.close()


@dataclass
class Seat:
    token: str
    member_id: str

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}


@dataclass
class Table:
    id: str
    code: str
    gm: Seat
    seats: dict[str, Seat] = field(default_factory=dict)

    def __getattr__(self, name: str) -> Seat:
        try:
            return self.seats[name]
        except KeyError:
            raise AttributeError(name) from None


def join(client: TestClient, table: Table, name: str, role: str = "player") -> Seat:
    answer = client.post(
        f"/api/v1/tables/{table.id}/join", json={"join_code": table.code, "name": name, "role": role}
    )
    assert answer.status_code == 200, answer.text
    seat = Seat(answer.json()["token"], answer.json()["member_id"])
    table.seats[name.lower()] = seat
    return seat


def new_table(client: TestClient, system: str = "toy", **options: Any) -> Table:
    answer = client.post("/api/v1/tables", json={"name": "Mardi soir", "system": system, "options": options})
    assert answer.status_code == 201, answer.text
    body = answer.json()
    gm_id = client.get(
        f"/api/v1/tables/{body['id']}", headers={"Authorization": f"Bearer {body['gm_token']}"}
    ).json()["me"]["id"]
    return Table(body["id"], body["join_code"], Seat(body["gm_token"], gm_id))


@pytest.fixture
def table(client: TestClient) -> Table:
    """A toy table: GM, players Ayla and Bren (each owning a character of that name), an observer,
    a stranger (GM of another table) and a removed member."""
    seated = new_table(client)
    for name in ("Ayla", "Bren"):
        seat = join(client, seated, name)
        answer = client.post(
            f"/api/v1/tables/{seated.id}/characters", json={"file": {"name": name}}, headers=seat.headers
        )
        assert answer.status_code == 201, answer.text
    join(client, seated, "Olga", role="observer")
    removed = join(client, seated, "Rémi")
    assert (
        client.delete(
            f"/api/v1/tables/{seated.id}/members/{removed.member_id}", headers=seated.gm.headers
        ).status_code
        == 204
    )
    other = new_table(client)
    seated.seats["stranger"] = other.gm
    return seated


def give(client: TestClient, table: Table, sid: str, commands: list[Any], start: int = 0) -> list[Any]:
    """The GM gives ``commands`` to session ``sid`` in turn, from version ``start``: their answers
    (each must be accepted)."""
    found = []
    for version, command in enumerate(commands, start=start):
        answer = client.post(
            f"/api/v1/sessions/{sid}/commands",
            json={"command": command, "version": version},
            headers=table.gm.headers,
        )
        assert answer.status_code == 200, answer.text
        found.append(answer.json())
    return found


def start_fight(client: TestClient, table: Table, setup: Any = None) -> str:
    """A toy fight in which the players Ayla and Bren play the fighters of their names (the GM
    links them: a character's name gives nothing)."""
    controllers = {
        name: table.seats[name.lower()].member_id for name in ("Ayla", "Bren") if name.lower() in table.seats
    }
    answer = client.post(
        f"/api/v1/tables/{table.id}/sessions",
        json={"kind": "toy-fight", "setup": setup or FIGHT, "controllers": controllers},
        headers=table.gm.headers,
    )
    assert answer.status_code == 201, answer.text
    return str(answer.json()["id"])
