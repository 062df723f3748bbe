"""A quiet socket reads nothing on a clock: every edit that changes how a player's projection reads
is a change of the feed, which the socket reacts to at once; a change this process did not hand
over (another process's, its notification lost) reaches the sockets at the hub's next sweep.

The fight is the demo's (combat/examples/demo.yaml: KITSUNE, Ayla's, and WINK against agents 1
and 2): its third command is KITSUNE's hit on agent1, « 1 Vigueur lost of 3 »."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from meneur.server.app import build_app
from meneur.server.config import Settings
from meneur.server.live import Hub
from tests.inprocess import TestClient
from tests.server.conftest import Table, give, join, new_table
from tests.server.test_energy_fight import demo

HERO = Path(__file__).resolve().parents[2] / "src/meneur/systems/energy/catalogue/heroes/fold.yaml"


def _fight(client: TestClient) -> tuple[Table, str, list[Any]]:
    setup, commands = demo()
    table = new_table(client, system="energy", npc_vigueur="hidden")
    join(client, table, "Ayla")
    created = client.post(
        f"/api/v1/tables/{table.id}/sessions",
        json={"kind": "energy-fight", "setup": setup, "controllers": {"kitsune": table.ayla.member_id}},
        headers=table.gm.headers,
    )
    assert created.status_code == 201, created.text
    return table, str(created.json()["id"]), commands


def _commands(live: Any, count: int) -> list[Any]:
    """The events of the next ``count`` commands the socket sends."""
    found: list[Any] = []
    while count:
        message = live.receive_json()
        if message["kind"] == "command":
            found.extend(message["events"])
            count -= 1
    return found


def _show_vigueur(client: TestClient, table: Table) -> None:
    answer = client.put(
        f"/api/v1/tables/{table.id}/options",
        json={"options": {"npc_vigueur": "shown"}},
        headers=table.gm.headers,
    )
    assert answer.status_code == 200, answer.text


def _hide_agent1(client: TestClient, table: Table) -> None:
    """The GM imports a character named as agent1 and hides it (a second version, hidden)."""
    file = {**yaml.safe_load(HERO.read_text(encoding="utf-8")), "name": "Agent Octopus 1"}
    added = client.post(
        f"/api/v1/tables/{table.id}/characters", json={"file": file}, headers=table.gm.headers
    )
    assert added.status_code == 201, added.text
    hidden = client.put(
        f"/api/v1/tables/{table.id}/characters/{added.json()['id']}",
        json={"file": file, "hidden": True},
        headers=table.gm.headers,
    )
    assert hidden.status_code == 200, hidden.text


def _shown_loss(events: list[Any]) -> None:
    assert {"vigor_lost": {"target": "agent1", "amount": 1, "out": False}} in events


def _no_agent1(events: list[Any]) -> None:
    assert "agent1" not in repr(events)  # a hidden NPC is as if it were not there


@pytest.mark.parametrize(
    ("edit", "seen"), [(_show_vigueur, _shown_loss), (_hide_agent1, _no_agent1)], ids=["options", "hidden"]
)
def test_an_edit_of_the_players_view_holds_from_the_next_command(
    client: TestClient, edit: Callable[[TestClient, Table], None], seen: Callable[[list[Any]], None]
) -> None:
    table, sid, commands = _fight(client)
    with client.websocket_connect(f"/api/v1/tables/{table.id}/live?token={table.ayla.token}") as live:
        give(client, table, sid, commands[:1], 0)
        before = _commands(live, 1)  # the socket holds Ayla's view of the fight now
        assert before
        edit(client, table)
        give(client, table, sid, commands[1:3], 1)
        seen(_commands(live, 2))


def test_a_change_of_another_process_reaches_a_quiet_socket_at_the_next_sweep(client: TestClient) -> None:
    table, sid, commands = _fight(client)
    # a second server on the same database: what it writes, this one's hub was never handed
    other = build_app(Settings(db=client.app.state.settings.database_url()))  # type: ignore[attr-defined]
    with client.websocket_connect(f"/api/v1/tables/{table.id}/live?token={table.ayla.token}") as live:
        seq = client.get(f"/api/v1/tables/{table.id}", headers=table.gm.headers).json()["seq"]
        while live.receive_json()["seq"] < seq:  # the socket is up to date, and waits
            pass
        with TestClient(other) as elsewhere:
            give(elsewhere, table, sid, commands[:1], 0)
        store = client.app.state.store  # type: ignore[attr-defined]
        client.portal.call(client.app.state.hub.sweep_once, store)  # type: ignore[attr-defined,union-attr]
        found = live.receive_json()
    other.state.store.close()
    assert found["kind"] == "command" and found["version"] == 1


def test_the_sweep_wakes_only_the_tables_behind_what_the_hub_knows() -> None:
    async def run() -> tuple[list[str], list[str], bool, bool]:
        hub = Hub()
        hub.bind(asyncio.get_running_loop())
        near, far = hub.subscribe("near"), hub.subscribe("far")
        hub.publish([{"table_id": "near", "seq": 4, "kind": "roll", "payload": {}}])
        await asyncio.sleep(0)  # the hub takes it in the loop
        near.clear()
        first = hub.behind({"near": 4, "far": 2, "nobody": 9})  # far is not known yet: once
        woken = (near.is_set(), far.is_set())
        again = hub.behind({"near": 4, "far": 2})
        return first, again, *woken

    first, again, near_woken, far_woken = asyncio.run(run())
    assert first == ["far"] and (near_woken, far_woken) == (False, True)
    assert again == []
