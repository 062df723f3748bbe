"""A game's parts the server and the pages ask its plugin for, never its name: how a table's
character files are checked (``characters``), its own pages (``pages``) and its demo (``demo``)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastapi import APIRouter
from fastapi.responses import PlainTextResponse

from meneur.engine import registry
from meneur.engine.plugin import Game, SheetCheck
from meneur.i18n import Message
from meneur.server.app import build_app
from meneur.server.config import Settings
from tests.inprocess import TestClient
from tests.server.conftest import join, new_table, ready_database_url


@dataclass(frozen=True)
class Sheets:
    """The toy game's character files: a name, and no character named Mordred."""

    builder: str | None = "/toy/builder"

    def check(self, file: dict[str, Any]) -> SheetCheck:
        name = str(file.get("name", ""))
        broken = ({"rule": "no_mordred", "message": "Not Mordred."},) if name == "Mordred" else ()
        return SheetCheck(name, broken)


SHEETS = Sheets()
router = APIRouter()


@router.get("/toy/builder")
def toy_builder() -> PlainTextResponse:
    return PlainTextResponse("the toy builder")


TOY = Game(
    key="parts",
    name="Toy",
    summary=Message("core", "A toy."),
    domain="core",
    characters=f"{__name__}:SHEETS",
    pages=f"{__name__}:router",
)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    registry.register(TOY)
    try:
        app = build_app(Settings(db=ready_database_url(tmp_path)))
        with TestClient(app) as test_client:
            yield test_client
        app.state.store.close()
    finally:
        registry.unregister(TOY.key)


def test_the_game_s_rules_check_a_table_s_character_files(client: TestClient) -> None:
    table = new_table(client, system="parts")
    seat = join(client, table, "Ayla")
    path = f"/api/v1/tables/{table.id}/characters"
    refused = client.post(path, json={"file": {"name": "Mordred"}}, headers=seat.headers)
    assert refused.status_code == 422, refused.text
    assert refused.json()["problems"] == [{"rule": "no_mordred", "message": "Not Mordred."}]
    accepted = client.post(path, json={"file": {"name": "Ayla"}}, headers=seat.headers)
    assert accepted.status_code == 201, accepted.text


def test_the_web_mounts_each_listed_game_s_own_pages(client: TestClient) -> None:
    answer = client.get("/toy/builder")
    assert answer.status_code == 200 and answer.text == "the toy builder"


def test_a_game_without_a_demo_starts_its_tables_empty(client: TestClient) -> None:
    from meneur.web.demo import add_demo_fight, demo_of

    assert demo_of(TOY) is None
    assert add_demo_fight(client.app, "no-such-table", TOY) is None
    assert demo_of(registry.game("energy")) is not None
