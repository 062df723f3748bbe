"""An Energy fight driven over HTTP: the demo fight's opening (combat/examples/demo.yaml), with a
player holding KITSUNE and the GM the Octopus agents."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.inprocess import TestClient
from tests.server.conftest import join, new_table

try:
    importlib.import_module("meneur.systems.energy.combat.engine")
except ImportError as error:  # the combat engine is being ported to the kernel
    pytest.skip(f"meneur.systems.energy.combat.engine is not there yet ({error})", allow_module_level=True)

DEMO = (
    Path(__import__("meneur.systems.energy.combat", fromlist=["x"]).__file__).parent
    / "examples"
    / "demo.yaml"
)


def demo() -> tuple[dict[str, Any], list[Any]]:
    data = yaml.safe_load(DEMO.read_text(encoding="utf-8"))
    commands = data.pop("commands")
    return data, commands


def test_an_energy_fight_over_http(client: TestClient) -> None:
    setup, commands = demo()
    table = new_table(client, system="energy")
    ayla = join(client, table, "Ayla")
    created = client.post(
        f"/api/v1/tables/{table.id}/sessions",
        json={"kind": "energy-fight", "setup": setup, "controllers": {"kitsune": ayla.member_id}},
        headers=table.gm.headers,
    )
    assert created.status_code == 201, created.text
    sid = created.json()["id"]
    assert commands[0] == "start"
    started = client.post(
        f"/api/v1/sessions/{sid}/commands", json={"command": "start", "version": 0}, headers=ayla.headers
    )
    assert started.status_code == 403  # a command of the game itself is the GM's
    assert (
        client.post(
            f"/api/v1/sessions/{sid}/commands",
            json={"command": "start", "version": 0},
            headers=table.gm.headers,
        ).status_code
        == 200
    )
    legal = client.get(f"/api/v1/sessions/{sid}/legal", headers=ayla.headers).json()["legal"]
    assert legal and {entry["actor"] for entry in legal} == {"kitsune"}
    attack = client.post(
        f"/api/v1/sessions/{sid}/commands", json={"command": commands[1], "version": 1}, headers=ayla.headers
    )
    assert attack.status_code == 200, attack.text
    assert attack.json()["version"] == 2 and attack.json()["events"]
    defend = {"command": commands[2], "version": 2}
    assert (
        client.post(f"/api/v1/sessions/{sid}/commands", json=defend, headers=ayla.headers).status_code == 403
    )
    assert (
        client.post(f"/api/v1/sessions/{sid}/commands", json=defend, headers=table.gm.headers).status_code
        == 200
    )
    # a second defence is refused by the rules: 422 with the rule's key
    refused = client.post(
        f"/api/v1/sessions/{sid}/commands", json={**defend, "version": 3}, headers=table.gm.headers
    )
    assert refused.status_code in (400, 422)
    if refused.status_code == 422:
        assert set(refused.json()) == {"rule", "message"}
    undone = client.post(f"/api/v1/sessions/{sid}/undo", json={"version": 3}, headers=table.gm.headers)
    assert undone.status_code == 200 and undone.json()["version"] == 2
    state = client.get(f"/api/v1/sessions/{sid}", headers=ayla.headers).json()
    assert state["version"] == 2
