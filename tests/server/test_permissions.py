"""The permission matrix, route by route: GM, the player concerned, another player, an observer, a
removed member and a stranger (the GM of another table)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.inprocess import TestClient
from tests.server.conftest import Table, give, start_fight

WHO = ("gm", "ayla", "bren", "olga", "rémi", "stranger")

Call = Callable[[TestClient, Table, dict[str, str], dict[str, Any]], int]


def _table_call(method: str, path: str, body: Any = None) -> Call:
    def call(client: TestClient, table: Table, headers: dict[str, str], ids: dict[str, Any]) -> int:
        url = path.format(table=table.id, **ids)
        return client.request(method, url, json=body, headers=headers).status_code

    return call


# route -> (call, status for gm, ayla (owner), bren (other player), olga (observer), removed, stranger)
MATRIX: dict[str, tuple[Call, tuple[int, ...]]] = {
    "get table": (_table_call("GET", "/api/v1/tables/{table}"), (200, 200, 200, 200, 401, 404)),
    "rotate join code": (
        _table_call("POST", "/api/v1/tables/{table}/join-code"),
        (200, 403, 403, 403, 401, 404),
    ),
    "remove member": (
        _table_call("DELETE", "/api/v1/tables/{table}/members/{victim}"),
        (204, 403, 403, 403, 401, 404),
    ),
    "reissue token": (
        _table_call("POST", "/api/v1/tables/{table}/members/{victim}/token"),
        (200, 403, 403, 403, 401, 404),
    ),
    "update me": (
        _table_call("PUT", "/api/v1/tables/{table}/members/me", {"notes": "n"}),
        (200, 200, 200, 200, 401, 404),
    ),
    "add character": (
        _table_call("POST", "/api/v1/tables/{table}/characters", {"file": {"name": "Cyd"}}),
        (201, 201, 201, 403, 401, 404),
    ),
    "add hidden npc": (
        _table_call("POST", "/api/v1/tables/{table}/characters", {"file": {"name": "Spy"}, "hidden": True}),
        (201, 403, 403, 403, 401, 404),
    ),
    "read ayla's character": (
        _table_call("GET", "/api/v1/tables/{table}/characters/{ayla_character}"),
        (200, 200, 200, 200, 401, 404),
    ),
    "read hidden npc": (
        _table_call("GET", "/api/v1/tables/{table}/characters/{hidden}"),
        (200, 404, 404, 404, 401, 404),
    ),
    "save ayla's character": (
        _table_call("PUT", "/api/v1/tables/{table}/characters/{ayla_character}", {"file": {"name": "Ayla"}}),
        (200, 200, 403, 403, 401, 404),
    ),
    "create session": (
        _table_call(
            "POST",
            "/api/v1/tables/{table}/sessions",
            {"kind": "toy-fight", "setup": {"fighters": [{"name": "A", "vigueur": 1}]}},
        ),
        (201, 403, 403, 403, 401, 404),
    ),
    "read session": (_table_call("GET", "/api/v1/sessions/{session}"), (200, 200, 200, 200, 401, 404)),
    "legal": (_table_call("GET", "/api/v1/sessions/{session}/legal"), (200, 200, 200, 200, 401, 404)),
    "log": (_table_call("GET", "/api/v1/sessions/{session}/log"), (200, 200, 200, 200, 401, 404)),
    "ayla's attack": (
        _table_call(
            "POST",
            "/api/v1/sessions/{session}/commands",
            {"command": {"attack": {"actor": "Ayla", "target": "Ghoul"}}, "version": 0},
        ),
        (200, 200, 403, 403, 401, 404),
    ),
    "the ghoul's attack": (
        _table_call(
            "POST",
            "/api/v1/sessions/{session}/commands",
            {"command": {"attack": {"actor": "Ghoul", "target": "Ayla"}}, "version": 0},
        ),
        (200, 403, 403, 403, 401, 404),
    ),
    "a game command": (
        _table_call("POST", "/api/v1/sessions/{session}/commands", {"command": "rest", "version": 0}),
        (200, 403, 403, 403, 401, 404),
    ),
    "undo": (
        _table_call("POST", "/api/v1/sessions/{session}/undo", {"version": 0}),
        (409, 403, 403, 403, 401, 404),  # the GM's: nothing to take back yet
    ),
    "rewind": (
        _table_call("POST", "/api/v1/sessions/{session}/rewind", {"version": 0, "before": 1}),
        (400, 403, 403, 403, 401, 404),  # the GM's: no entry 1 yet
    ),
    "roll": (
        _table_call("POST", "/api/v1/tables/{table}/rolls", {"expression": "1d6"}),
        (201, 201, 201, 403, 401, 404),
    ),
    "cookie": (_table_call("POST", "/api/v1/tables/{table}/cookie"), (200, 200, 200, 200, 401, 404)),
    "list rolls": (_table_call("GET", "/api/v1/tables/{table}/rolls"), (200, 200, 200, 200, 401, 404)),
}


def _fresh(client: TestClient, table: Table) -> dict[str, Any]:
    """A new session, a new victim and a new hidden NPC: the ids the routes are called with."""
    table.code = client.post(f"/api/v1/tables/{table.id}/join-code", headers=table.gm.headers).json()[
        "join_code"
    ]
    victim = client.post(
        f"/api/v1/tables/{table.id}/join", json={"join_code": table.code, "name": "V"}
    ).json()
    hidden = client.post(
        f"/api/v1/tables/{table.id}/characters",
        json={"file": {"name": "Spy"}, "hidden": True},
        headers=table.gm.headers,
    ).json()["id"]
    characters = client.get(f"/api/v1/tables/{table.id}", headers=table.gm.headers).json()["characters"]
    return {
        "session": start_fight(client, table),
        "victim": victim["member_id"],
        "hidden": hidden,
        "ayla_character": next(c["id"] for c in characters if c["name"] == "Ayla"),
    }


def _seen(client: TestClient, table: Table) -> Any:
    """What the GM sees of the table: its members, characters, sessions, options and the position of
    its changes (``seq``: a command, an undo, a chat message... each moves it)."""
    return client.get(f"/api/v1/tables/{table.id}", headers=table.gm.headers).json()


@pytest.mark.parametrize("route", sorted(MATRIX))
def test_permission_matrix(client: TestClient, table: Table, route: str) -> None:
    """Every caller meets the same state: made again after a call that succeeded; a refused call
    must leave everything the GM sees as it was."""
    call, expected = MATRIX[route]
    found = {}
    ids: dict[str, Any] | None = None
    for who in WHO:
        if ids is None:
            ids = _fresh(client, table)
            before = _seen(client, table)
        seat = table.seats.get(who) if who != "gm" else table.gm
        assert seat is not None
        found[who] = call(client, table, seat.headers, ids)
        if 200 <= found[who] < 300:
            ids = None
        else:
            assert _seen(client, table) == before, f"{who}'s refused call changed the table"
    assert tuple(found.values()) == expected, found


def test_no_token_is_401_and_a_bad_one_too(client: TestClient, table: Table) -> None:
    assert client.get(f"/api/v1/tables/{table.id}").status_code == 401
    assert (
        client.get(f"/api/v1/tables/{table.id}", headers={"Authorization": "Bearer nope"}).status_code == 401
    )


def test_a_stranger_cannot_tell_a_table_from_no_table(client: TestClient, table: Table) -> None:
    real = client.get(f"/api/v1/tables/{table.id}", headers=table.stranger.headers)
    missing = client.get("/api/v1/tables/0000000000000000", headers=table.stranger.headers)
    assert (real.status_code, real.json()) == (missing.status_code, missing.json())


def test_the_cookie_works_like_the_header_with_csrf_protection(client: TestClient, table: Table) -> None:
    answer = client.post(f"/api/v1/tables/{table.id}/cookie", headers=table.ayla.headers)
    assert answer.status_code == 200
    assert (
        "httponly" in answer.headers["set-cookie"].lower()
        and "samesite=strict" in answer.headers["set-cookie"].lower()
    )
    csrf = answer.json()["csrf_token"]
    try:
        assert client.get(f"/api/v1/tables/{table.id}").status_code == 200
        roll = {"expression": "1d6"}
        refused = client.post(f"/api/v1/tables/{table.id}/rolls", json=roll)
        assert refused.status_code == 403 and refused.json()["error"] == "csrf"
        wrong = client.post(f"/api/v1/tables/{table.id}/rolls", json=roll, headers={"X-CSRF-Token": "x"})
        assert wrong.status_code == 403
        done = client.post(f"/api/v1/tables/{table.id}/rolls", json=roll, headers={"X-CSRF-Token": csrf})
        assert done.status_code == 201
    finally:
        client.cookies.clear()


def test_public_address_needs_an_account_or_the_admin_token(tmp_path: Any) -> None:
    from meneur.server.app import build_app
    from meneur.server.config import Settings

    app = build_app(Settings(db=f"sqlite:///{tmp_path / 't.sqlite3'}", host="0.0.0.0", admin_token="s3cret"))
    with TestClient(app) as client:
        body = {"name": "T", "system": "toy"}
        assert client.post("/api/v1/tables", json=body).status_code == 401
        assert (
            client.post("/api/v1/tables", json=body, headers={"Authorization": "Bearer s3cret"}).status_code
            == 201
        )
        assert client.post("/api/v1/accounts", json={"name": "mj", "password": "pw"}).status_code == 401
        assert (
            client.post(
                "/api/v1/accounts",
                json={"name": "mj", "password": "pw"},
                headers={"Authorization": "Bearer s3cret"},
            ).status_code
            == 201
        )
        wrong = {**body, "account": {"name": "mj", "password": "bad"}}
        assert client.post("/api/v1/tables", json=wrong).status_code == 401
        right = {**body, "account": {"name": "mj", "password": "pw"}}
        assert client.post("/api/v1/tables", json=right).status_code == 201
    app.state.store.close()


# What each viewer sees of an Energy fight (combat/examples/demo.yaml: KITSUNE and WINK against
# agents 1 and 2, NPCs): the table's ``npc_vigueur`` option, and agent2 hidden by the GM.


def _energy_fight(client: TestClient, npc_vigueur: str) -> tuple[Table, str, list[Any]]:
    from meneur.server.models import Character
    from tests.server.conftest import join, new_table
    from tests.server.test_energy_fight import demo

    setup, commands = demo()
    table = new_table(client, system="energy", npc_vigueur=npc_vigueur)
    for name, role in (("Ayla", "player"), ("Bren", "player"), ("Olga", "observer")):
        join(client, table, name, role=role)
    with client.app.state.store.writer() as db:  # type: ignore[attr-defined]
        db.add(Character(id="npc-agent2", table_id=table.id, name="Agent Octopus 2", hidden=True, version=1))
    created = client.post(
        f"/api/v1/tables/{table.id}/sessions",
        json={"kind": "energy-fight", "setup": setup, "controllers": {"kitsune": table.ayla.member_id}},
        headers=table.gm.headers,
    )
    return table, created.json()["id"], commands


def _combatants(client: TestClient, sid: str, seat: Any) -> dict[str, dict[str, Any]]:
    state = client.get(f"/api/v1/sessions/{sid}", headers=seat.headers).json()["state"]
    return {c["id"]: c for c in state["combatants"]}


@pytest.mark.parametrize("mode", ["hidden", "bar", "shown"])
def test_energy_npc_vigueur_per_table_option(client: TestClient, mode: str) -> None:
    table, sid, commands = _energy_fight(client, mode)
    give(client, table, sid, commands[:3])  # KITSUNE hits agent1: 1 Vigueur lost of 3
    gm = _combatants(client, sid, table.gm)
    assert gm["agent1"]["vigor"] == 2 and gm["agent2"]["vigor"] == 4
    for who in ("ayla", "bren", "olga"):
        seen = _combatants(client, sid, table.seats[who])
        assert "agent2" not in seen  # hidden by the GM: not there at all
        agent1, kitsune = seen["agent1"], seen["kitsune"]
        assert (agent1["energy"], agent1["defense"]) == (gm["agent1"]["energy"], gm["agent1"]["defense"])
        assert kitsune == gm["kitsune"]  # a hero's sheet lies open
        if mode == "shown":
            assert agent1 == gm["agent1"]
        else:
            assert agent1["vigor"] is None and agent1["vigor_max"] is None
            assert agent1.get("vigor_bar") == (0.7 if mode == "bar" else None)  # 2 of 3, rounded up


def test_energy_fight_events_as_each_viewer_sees_them(client: TestClient) -> None:
    table, sid, commands = _energy_fight(client, "hidden")
    log = {}
    for who in WHO[:4]:
        seat = table.seats.get(who) if who != "gm" else table.gm
        assert seat is not None
        with client.websocket_connect(f"/api/v1/tables/{table.id}/live?token={seat.token}") as ws:
            if who == "gm":
                give(client, table, sid, commands[:5])
            seen: list[Any] = []
            while len([m for m in seen if m["kind"] == "command"]) < 5:
                seen.append(ws.receive_json())
        log[who] = [e for m in seen if m["kind"] == "command" for e in m["events"]]
        http = client.get(f"/api/v1/sessions/{sid}/log", headers=seat.headers).json()["log"]
        assert [e for entry in http for e in entry["events"]] == log[who]
    losses = [e["vigor_lost"] for e in log["gm"] if isinstance(e, dict) and "vigor_lost" in e]
    assert losses == [
        {"target": "agent1", "amount": 1, "out": False},
        {"target": "agent2", "amount": 2, "out": False},
    ]
    for who in ("ayla", "bren", "olga"):
        text = repr(log[who])
        assert "agent2" not in text  # its defence, its loss, its place in the order: left out
        assert {"vigor_lost": {"target": "agent1", "amount": None, "out": False}} in log[who]
        started = next(e["fight_started"] for e in log[who] if isinstance(e, dict) and "fight_started" in e)
        assert started["order"] == ["kitsune", "wink", "agent1"]


# Secrets that hold (issue 17): a name a player picks gives them nothing, commands and the legal
# query reach players and observers projected, a hidden NPC is as if it were not there.

SECRET = "secretboss"
BOSS = {"id": SECRET, "npc": 4, "name": "SECRETBOSS", "side": "foes", "position": [5, 1]}


def _secret_fight(client: TestClient) -> tuple[Table, str, list[Any]]:
    """The demo fight with a hidden NPC (SECRETBOSS, a hidden character of the table) near KITSUNE,
    NPC Vigueur hidden; Ayla plays KITSUNE, Bren WINK; Bren imported characters named like the
    hidden NPC, the GM's NPC and Ayla's hero."""
    import yaml

    from meneur.server.models import Character
    from meneur.systems.energy import dump_character, library_hero
    from tests.server.conftest import join, new_table
    from tests.server.test_energy_fight import demo

    setup, commands = demo()
    setup["combatants"].append(dict(BOSS))
    table = new_table(client, system="energy", npc_vigueur="hidden")
    for name, role in (("Ayla", "player"), ("Bren", "player"), ("Olga", "observer")):
        join(client, table, name, role=role)
    with client.app.state.store.writer() as db:  # type: ignore[attr-defined]
        db.add(Character(id="npc-boss", table_id=table.id, name="SECRETBOSS", hidden=True, version=1))
    for name in (SECRET, "agent1", "kitsune"):
        file = yaml.safe_load(dump_character(library_hero("horloge")))
        file["name"] = name
        made = client.post(
            f"/api/v1/tables/{table.id}/characters", json={"file": file}, headers=table.bren.headers
        )
        assert made.status_code == 201, made.text  # a name that collides is accepted
    controllers = {"kitsune": table.ayla.member_id, "wink": table.bren.member_id}
    created = client.post(
        f"/api/v1/tables/{table.id}/sessions",
        json={"kind": "energy-fight", "setup": setup, "controllers": controllers},
        headers=table.gm.headers,
    )
    assert created.status_code == 201, created.text
    sid = created.json()["id"]
    give(client, table, sid, ["start"])
    return table, sid, commands


def _command(client: TestClient, seat: Any, sid: str, command: Any, version: int = 1) -> Any:
    return client.post(
        f"/api/v1/sessions/{sid}/commands",
        json={"command": command, "version": version},
        headers=seat.headers,
    )


def test_a_character_named_like_a_combatant_gives_its_owner_nothing(client: TestClient) -> None:
    """Bren owns characters named ``secretboss``, ``agent1`` and ``kitsune``: he sees no more of them
    and gives none of their commands (403 whatever the version)."""
    table, sid, _commands = _secret_fight(client)
    seen = _combatants(client, sid, table.bren)
    assert SECRET not in seen and seen["agent1"]["vigor"] is None
    legal = client.get(f"/api/v1/sessions/{sid}/legal?refused=true", headers=table.bren.headers).json()
    assert {entry["actor"] for entry in legal["legal"]} <= {"wink"}
    for version in (1, 0, 7):
        for command in (
            {"pass": {"actor": "kitsune"}},
            {"hold": {"actor": "agent1"}},
            {"end_phase": {"actor": "kitsune"}},
        ):
            answer = _command(client, table.bren, sid, command, version)
            assert answer.status_code == 403, (command, version, answer.text)
    assert _command(client, table.ayla, sid, {"pass": {"actor": "kitsune"}}).status_code == 200


def test_the_permission_reads_the_typed_command_not_the_body(client: TestClient) -> None:
    """An ``arrive`` whose character file names a combatant Ayla plays is still the GM's command."""
    table, sid, _commands = _secret_fight(client)
    arrive = {"arrive": {"id": "intrus", "side": "heroes", "character": {"actor": "kitsune", "name": "x"}}}
    for version in (1, 0):
        assert _command(client, table.ayla, sid, arrive, version).status_code == 403


def test_a_hidden_npc_is_as_if_it_were_not_there_for_a_player(client: TestClient) -> None:
    """A command aimed at the hidden NPC gets the answer of a command aimed at nobody."""
    table, sid, _commands = _secret_fight(client)

    def aimed(target: str) -> tuple[int, str]:
        command = {"attack": {"actor": "kitsune", "target": target, "tokens": 1, "power": 0}}
        answer = _command(client, table.ayla, sid, command)
        return answer.status_code, answer.text.replace(target, "X")

    assert aimed(SECRET) == aimed("nobody") and aimed(SECRET)[0] == 400
    assert aimed("SECRETBOSS") == aimed("Nobody")
    assert SECRET not in aimed("nobody")[1]
    assert _command(client, table.ayla, sid, {"pass": {"actor": SECRET}}).status_code == 400


@pytest.mark.parametrize("refused", [False, True])
def test_the_legal_query_names_no_hidden_npc(client: TestClient, refused: bool) -> None:
    table, sid, _commands = _secret_fight(client)
    gm = client.get(f"/api/v1/sessions/{sid}/legal?refused={refused}", headers=table.gm.headers).text
    assert SECRET in gm.lower()
    for who in ("ayla", "bren", "olga"):
        text = client.get(f"/api/v1/sessions/{sid}/legal?refused={refused}", headers=table.seats[who].headers)
        assert text.status_code == 200 and SECRET not in text.text.lower(), who


def test_commands_reach_players_and_observers_projected(client: TestClient) -> None:
    """The log and the live feed (commands, undo, redo) never give a player or an observer a
    command naming the hidden NPC, a hidden Vigueur the GM set, or an arriving character's file."""
    table, sid, _commands = _secret_fight(client)
    import yaml

    from meneur.systems.energy import dump_character, library_hero

    file = yaml.safe_load(dump_character(library_hero("horloge")))
    arrive = {"arrive": {"id": "horloge", "side": "heroes", "character": file}}
    given = [
        {"adjust": {"target": SECRET, "vigor": 3, "reason": "MJ"}},
        {"adjust": {"target": "agent1", "vigor": 2, "reason": "MJ"}},
        arrive,
    ]
    feeds = {}
    for who in ("ayla", "olga"):
        seat = table.seats[who]
        with client.websocket_connect(f"/api/v1/tables/{table.id}/live?token={seat.token}") as ws:
            if who == "ayla":
                give(client, table, sid, given, 1)
                assert (
                    client.post(
                        f"/api/v1/sessions/{sid}/undo", json={"version": 4}, headers=table.gm.headers
                    ).status_code
                    == 200
                )
                assert (
                    client.post(
                        f"/api/v1/sessions/{sid}/redo", json={"version": 3}, headers=table.gm.headers
                    ).status_code
                    == 200
                )
            seen: list[Any] = []
            while len([m for m in seen if m["kind"] in ("command", "undo")]) < 6:
                seen.append(ws.receive_json())
        feeds[who] = [m for m in seen if m["kind"] in ("command", "undo")]  # Bren's characters are public
    for who in ("ayla", "bren", "olga"):
        log = client.get(f"/api/v1/sessions/{sid}/log", headers=table.seats[who].headers).json()["log"]
        texts = [repr(log)] + ([repr(feeds[who])] if who in feeds else [])
        for text in texts:
            assert SECRET not in text.lower(), who
            assert "'vigor': 2" not in text and "'vigor': 3" not in text, who
        adjusts = [e["command"] for e in log if isinstance(e["command"], dict) and "adjust" in e["command"]]
        assert all(c["adjust"].get("vigor") is None for c in adjusts), who
        arrived = [
            e["command"]["arrive"] for e in log if isinstance(e["command"], dict) and "arrive" in e["command"]
        ]
        assert all("powers" not in repr(a) for a in arrived), who


def test_a_toy_character_named_like_another_players_fighter_gives_nothing(
    client: TestClient, table: Table
) -> None:
    """Bren calls characters like Ayla's fighter and the GM's ghoul: their commands stay refused."""
    for name in ("Ayla", "Ghoul"):
        made = client.post(
            f"/api/v1/tables/{table.id}/characters", json={"file": {"name": name}}, headers=table.bren.headers
        )
        assert made.status_code == 201
    sid = start_fight(client, table)
    for actor, target in (("Ayla", "Ghoul"), ("Ghoul", "Ayla")):
        command = {"attack": {"actor": actor, "target": target}}
        for version in (0, 3):
            answer = client.post(
                f"/api/v1/sessions/{sid}/commands",
                json={"command": command, "version": version},
                headers=table.bren.headers,
            )
            assert answer.status_code == 403, (actor, version)
    legal = client.get(f"/api/v1/sessions/{sid}/legal", headers=table.bren.headers).json()["legal"]
    assert {entry["actor"] for entry in legal} <= {"Bren"}


def test_a_hidden_character_a_player_owns_hides_nothing(client: TestClient) -> None:
    """Only the GM hides: a hidden character given to Bren, renamed like the GM's NPC, does not take
    that NPC away from Ayla's view."""
    from meneur.server.models import Character

    table, sid, _commands = _secret_fight(client)
    with client.app.state.store.writer() as db:  # type: ignore[attr-defined]
        db.add(
            Character(
                id="bren-hidden",
                table_id=table.id,
                name="Agent1",
                hidden=True,
                owner_id=table.bren.member_id,
                version=1,
            )
        )
    assert "agent1" in _combatants(client, sid, table.ayla)


def test_the_actor_of_an_energy_command_is_the_one_of_its_legal_entry(client: TestClient) -> None:
    from meneur.engine import Session
    from meneur.server.permissions import actor_of
    from tests.server.test_energy_fight import demo

    setup, commands = demo()
    session = Session.new("energy-fight", setup)
    seen = 0
    for command in commands[:6]:
        session.do(command)
        for entry in session.legal(include_refused=True):
            assert actor_of(entry.command, session.system.codec) == entry.actor, entry.command
            seen += 1
    assert seen > 10


def test_a_hidden_npc_arrival_taken_back_is_never_named_to_a_player(client: TestClient) -> None:
    """The GM brings in a hidden character of the table, then takes the arrival back: neither the
    command nor its undo reaches Ayla's feed with its name."""
    from meneur.server.models import Character

    table, sid, _commands = _secret_fight(client)
    with client.app.state.store.writer() as db:  # type: ignore[attr-defined]
        db.add(Character(id="npc-zorglub", table_id=table.id, name="Zorglub", hidden=True, version=1))
    seat = table.ayla
    with client.websocket_connect(f"/api/v1/tables/{table.id}/live?token={seat.token}") as ws:
        give(client, table, sid, [{"arrive": {"id": "zorglub", "side": "foes", "npc": 2}}], 1)
        undone = client.post(f"/api/v1/sessions/{sid}/undo", json={"version": 2}, headers=table.gm.headers)
        assert undone.status_code == 200
        seen: list[Any] = []
        while len([m for m in seen if m["kind"] in ("command", "undo")]) < 3:
            seen.append(ws.receive_json())
    changes = [m for m in seen if m["kind"] in ("command", "undo")]
    assert changes[-1]["kind"] == "undo" and "zorglub" not in repr(changes).lower()


def test_the_vigueur_npcs_recover_at_the_end_of_the_fight_stays_hidden(client: TestClient) -> None:
    """While the table hides NPC Vigueur, the fight's end tells a player what the heroes recover, not
    what the GM's agents do."""
    table, sid, _commands = _secret_fight(client)
    give(
        client,
        table,
        sid,
        [
            {"adjust": {"target": "agent1", "vigor": 1, "reason": "MJ"}},
            {"adjust": {"target": "kitsune", "vigor": 1, "reason": "MJ"}},
            "end",
        ],
        1,
    )

    def restored(seat: Any) -> list[Any]:
        log = client.get(f"/api/v1/sessions/{sid}/log", headers=seat.headers).json()["log"]
        return next(e["fight_ended"]["restored"] for e in log[-1]["events"] if "fight_ended" in e)

    assert {pair[0] for pair in restored(table.gm)} >= {"agent1", "kitsune"}
    for who in ("ayla", "bren", "olga"):
        assert {pair[0] for pair in restored(table.seats[who])} == {"kitsune", "wink"}, who
