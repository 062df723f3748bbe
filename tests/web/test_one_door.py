"""One door out (issue 17): for random Energy fights with hidden NPCs and hidden Vigueur, what a
player and an observer receive (the state, the legal query with and without the refused entries,
the log, the live feed's messages, the fight page and its fragment) never names a hidden NPC nor
tells a hidden Vigueur. The fights are played through the real server: a GM, two players, an
observer."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meneur.server.accounts import seat_cookie
from meneur.server.models import Character
from tests.inprocess import TestClient
from tests.server.conftest import Seat, Table, join, new_table

HIDDEN = (("secretboss", "SECRETBOSS"), ("zorglub", "Zorglub Noir"))
HEROES = [
    {"id": "kitsune", "hero": "KITSUNE", "side": "heroes", "position": [0, 0]},
    {"id": "wink", "hero": "WINK", "side": "heroes", "position": [4, 0]},
]


@st.composite
def fights(draw: st.DrawFn) -> dict[str, Any]:
    """A fight: the two heroes, one or two visible NPCs, one or two hidden ones near them, the
    table's ``npc_vigueur``, a seed for the commands the GM plays and how many."""
    spot = st.integers(min_value=-6, max_value=6)
    foes = [
        {"id": f"agent{n}", "npc": draw(st.integers(1, 4)), "name": f"Agent {n}", "side": "foes"}
        for n in range(1, draw(st.integers(1, 2)) + 1)
    ]
    hidden = [
        {"id": i, "npc": draw(st.integers(1, 4)), "name": name, "side": "foes"}
        for i, name in HIDDEN[: draw(st.integers(1, 2))]
    ]
    for combatant in foes + hidden:
        combatant["position"] = [draw(spot), draw(spot)]
    return {
        "combatants": [dict(c) for c in HEROES] + foes + hidden,
        "hidden": [(c["id"], c["name"]) for c in hidden],
        "mode": draw(st.sampled_from(["hidden", "bar"])),
        "seed": draw(st.integers(0, 2**16)),
        "steps": draw(st.integers(0, 12)),
    }


def _table(client: TestClient, fight: dict[str, Any]) -> tuple[Table, str]:
    table = new_table(client, system="energy", npc_vigueur=fight["mode"])
    for name, role in (("Ayla", "player"), ("Bren", "player"), ("Olga", "observer")):
        join(client, table, name, role=role)
    with client.app.state.store.writer() as db:  # type: ignore[attr-defined]
        for i, name in HIDDEN:  # the table's hidden characters, in the fight or to come
            db.add(Character(id=f"{table.id}-{i}", table_id=table.id, name=name, hidden=True, version=1))
    controllers = {"kitsune": table.ayla.member_id, "wink": table.bren.member_id}
    setup = {"combatants": fight["combatants"]}
    created = client.post(
        f"/api/v1/tables/{table.id}/sessions",
        json={"kind": "energy-fight", "setup": setup, "controllers": controllers},
        headers=table.gm.headers,
    )
    assert created.status_code == 201, created.text
    return table, created.json()["id"]


def _play(client: TestClient, table: Table, sid: str, fight: dict[str, Any]) -> None:
    """The GM starts the fight, sets the Vigueur of an NPC and of a hidden one, brings in the other
    hidden NPC if it is not there yet, and plays random legal entries (any actor's)."""
    chooser = random.Random(fight["seed"])
    gm = table.gm.headers
    hidden_id = fight["hidden"][0][0]
    commands: list[Any] = [
        "start",
        {"adjust": {"target": "agent1", "vigor": 1, "reason": "MJ"}},
        {"adjust": {"target": hidden_id, "vigor": 1, "reason": "MJ"}},
        {"interpose": {"actor": hidden_id}},
    ]
    if len(fight["hidden"]) == 1:
        commands.append({"arrive": {"id": HIDDEN[1][0], "side": "foes", "npc": 2, "name": HIDDEN[1][1]}})
    for _ in range(fight["steps"]):
        commands.append(None)
    for command in commands:
        version = client.get(f"/api/v1/sessions/{sid}", headers=gm).json()["version"]
        if command is None:
            legal = client.get(f"/api/v1/sessions/{sid}/legal", headers=gm).json()["legal"]
            if not legal:
                return
            command = chooser.choice(legal)["command"]
        answer = client.post(
            f"/api/v1/sessions/{sid}/commands", json={"command": command, "version": version}, headers=gm
        )
        assert answer.status_code in (200, 400, 422), answer.text


def _outputs(client: TestClient, table: Table, sid: str, seat: Seat) -> dict[str, Any]:
    """Everything this member receives about the session."""
    headers = seat.headers
    found: dict[str, Any] = {
        "state": client.get(f"/api/v1/sessions/{sid}", headers=headers).json(),
        "legal": client.get(f"/api/v1/sessions/{sid}/legal", headers=headers).json(),
        "refused": client.get(f"/api/v1/sessions/{sid}/legal?refused=true", headers=headers).json(),
        "log": client.get(f"/api/v1/sessions/{sid}/log", headers=headers).json(),
    }
    with client.websocket_connect(f"/api/v1/tables/{table.id}/live?token={seat.token}") as ws:
        version = found["log"]["version"]
        feed: list[Any] = []
        while sum(m["kind"] == "command" for m in feed) < version:
            feed.append(ws.receive_json())
    found["feed"] = [m for m in feed if m["kind"] in ("command", "undo")]
    client.cookies.clear()
    client.cookies.set(seat_cookie(table.id), seat.token)
    try:
        found["page"] = client.get(f"/t/{table.id}/s/{sid}").text
        found["fragment"] = client.get(f"/t/{table.id}/s/{sid}", headers={"HX-Request": "true"}).text
        with client.websocket_connect(f"/t/{table.id}/live?page=fight&session={sid}&after=0") as ws:
            found["socket"] = ws.receive_text()  # an older page: the current fragment, once
    finally:
        client.cookies.clear()
    return found


def _npc_vigor(value: Any) -> list[Any]:
    """Every Vigueur number an NPC's entry, event or command of the JSON outputs tells."""
    found: list[Any] = []
    if isinstance(value, dict):
        if value.get("pc") is False and "vigor" in value:
            found.append(value["vigor"])
        for name in ("vigor_lost", "vigor_restored"):
            if isinstance(value.get(name), dict) and str(value[name].get("target", "")).startswith("agent"):
                found.append(value[name].get("amount"))
        for name in ("adjusted", "adjust"):
            if isinstance(value.get(name), dict) and str(value[name].get("target", "")).startswith("agent"):
                found.append(value[name].get("vigor"))
        for item in value.values():
            found += _npc_vigor(item)
    elif isinstance(value, list):
        for item in value:
            found += _npc_vigor(item)
    return found


@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(fight=fights())
def test_a_player_and_an_observer_never_meet_a_hidden_npc_or_a_hidden_vigueur(
    web: TestClient, fight: dict[str, Any]
) -> None:
    table, sid = _table(web, fight)
    _play(web, table, sid, fight)
    gm = web.get(f"/api/v1/sessions/{sid}/log", headers=table.gm.headers).text.lower()
    assert fight["hidden"][0][0] in gm and HIDDEN[1][0] in gm  # the GM sees it all
    words = [w.casefold() for pair in fight["hidden"] for w in pair]
    for who in ("ayla", "bren", "olga"):
        outputs = _outputs(web, table, sid, table.seats[who])
        for name, value in outputs.items():
            text = (value if isinstance(value, str) else repr(value)).casefold()
            for word in words:
                assert word not in text, (who, name, word)
            if not isinstance(value, str):
                assert all(v is None for v in _npc_vigor(value)), (who, name)
