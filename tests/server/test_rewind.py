"""Going back to a moment of a session on the server, over a real SQLite file (issue 22, « Backups and
rewind »: « the session goes back there, as one undoable step recorded in the log, visible to every
screen; the table export can be cut at a time too »; the ruling « Going back to a moment is one step
of the log » in docs/rulings/server.md)."""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update

from meneur.engine import Session
from meneur.server.app import build_app
from meneur.server.cli import iso_moment
from meneur.server.config import Settings
from meneur.server.games import stored_log
from meneur.server.models import CommandRow, GameSession
from meneur.server.transfer import export_table
from tests.inprocess import TestClient
from tests.server.conftest import Table, ready_database_url, start_fight
from tests.server.test_redo import give, post, state

EVENING = datetime(2026, 11, 27, 20, 0, tzinfo=UTC).timestamp()


def rewind(client: TestClient, headers: dict[str, str], sid: str, **body: Any) -> Any:
    return client.post(f"/api/v1/sessions/{sid}/rewind", json=body, headers=headers)


def fight(client: TestClient, table: Table, *dice: int) -> tuple[str, list[Any]]:
    """A fight with one attack per die; the states after each version (0: the start)."""
    sid = start_fight(client, table)
    states = [state(client, table, sid)["state"]]
    for version, die in enumerate(dice):
        give(client, table, sid, version, die)
        states.append(state(client, table, sid)["state"])
    return sid, states


def timed(client: TestClient, sid: str, minutes: list[int]) -> None:
    """Say the session started at 20 h 00 UTC and its commands were given ``minutes`` after it (the
    evening is set in the stored rows: the server's clock is the test's)."""
    store = client.app.state.store  # type: ignore[attr-defined]
    with store.writer() as db:
        db.execute(update(GameSession).where(GameSession.id == sid).values(created_at=EVENING))
        for version, minute in enumerate(minutes, start=1):
            db.execute(
                update(CommandRow)
                .where(CommandRow.session_id == sid, CommandRow.version == version)
                .values(at=EVENING + minute * 60)
            )


def test_a_rewind_mid_fight_gives_the_state_before_the_entry_as_one_more_version(
    client: TestClient, table: Table
) -> None:
    sid, states = fight(client, table, 3, 5, 2, 4)
    answer = rewind(client, table.gm.headers, sid, version=4, before=2)
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"command": {"meneur:rewind": {"before": 2}}, "events": [], "version": 5}
    now = state(client, table, sid)
    assert (now["state"], now["version"]) == (states[1], 5)
    log = client.get(f"/api/v1/sessions/{sid}/log", headers=table.gm.headers).json()
    assert [e["command"] for e in log["log"]][-1] == {"meneur:rewind": {"before": 2}}
    assert len(log["log"]) == 5  # the four attacks stay, the rewind is recorded once
    assert all(e["at"] is not None for e in log["log"])
    give(client, table, sid, 5, 6)  # play goes on from there
    assert state(client, table, sid)["version"] == 6


def test_undo_takes_the_rewind_back_exactly_and_redo_again(client: TestClient, table: Table) -> None:
    sid, states = fight(client, table, 3, 5, 2)
    assert rewind(client, table.gm.headers, sid, version=3, before=1).status_code == 200
    assert state(client, table, sid)["state"] == states[0]
    undone = post(client, table.gm.headers, sid, "undo", 4)
    assert undone.status_code == 200 and undone.json()["command"] == {"meneur:rewind": {"before": 1}}
    assert state(client, table, sid) == {**state(client, table, sid), "state": states[3], "version": 3}
    redone = post(client, table.gm.headers, sid, "redo", 3)
    assert redone.status_code == 200, redone.text
    assert (state(client, table, sid)["state"], state(client, table, sid)["version"]) == (states[0], 4)


def test_the_rewound_session_reloads_from_the_database_and_replays_the_same(tmp_path: Path) -> None:
    """A snapshot every 4 commands: the rewind goes back before the snapshot the server loaded the
    session from, and the next process loads it from that snapshot, then meets the rewind."""
    url = ready_database_url(tmp_path)
    from tests.server.conftest import join, new_table

    def server() -> Any:
        return build_app(Settings(db=url, snapshot_every=4))

    first = server()
    with TestClient(first) as client:
        table = new_table(client)
        join(client, table, "Ayla")
        sid, states = fight(client, table, 3, 5, 2, 4, 1)  # a snapshot after the 4th
    first.state.store.close()
    second = server()
    with TestClient(second) as client:  # loads from the snapshot: entry 2 is not in memory
        assert rewind(client, table.gm.headers, sid, version=5, before=2).status_code == 200
        assert state(client, table, sid)["state"] == states[1]
        give(client, table, sid, 6, 6)
        shown = state(client, table, sid)
    second.state.store.close()
    third = server()
    with TestClient(third) as client:
        assert state(client, table, sid) == shown  # the snapshot, then a rewind before it: in full
        with third.state.store.reader() as db:
            row = db.get(GameSession, sid)
            assert row is not None
            replayed = Session.replay(row.kind, row.setup, stored_log(db, sid))
        assert replayed.version == 7
        assert replayed.system.state_json(replayed.state) == shown["state"]
        assert replayed.system.state_json(replayed.state_before(7)) == states[1]  # the rewind's state
        assert post(client, table.gm.headers, sid, "undo", 7).status_code == 200
        assert post(client, table.gm.headers, sid, "undo", 6).status_code == 200
        assert state(client, table, sid)["state"] == states[5]  # the rewind taken back
    third.state.store.close()


def test_a_rewind_to_a_time_goes_back_before_the_first_command_given_after_it(
    client: TestClient, table: Table
) -> None:
    sid, states = fight(client, table, 3, 5, 2, 4)
    timed(client, sid, [10, 40, 95, 100])  # 20 h 10, 20 h 40, 21 h 35, 21 h 40
    at = datetime.fromtimestamp(EVENING + 90 * 60, UTC).isoformat()  # 21 h 30
    answer = rewind(client, table.gm.headers, sid, version=4, at=at)
    assert answer.status_code == 200, answer.text
    assert answer.json()["command"] == {"meneur:rewind": {"before": 3}}
    assert state(client, table, sid)["state"] == states[2]


@pytest.mark.parametrize(
    ("body", "french", "english"),
    [
        ({"before": 9}, "Il n'y a pas d'étape 9 dans le journal", "There is no entry 9 in the log"),
        ({"before": 0}, "before", "before"),
        ({}, "before", "before"),
        ({"before": 1, "at": "2026-11-27T21:30:00+00:00"}, "at", "at"),
        ({"at": "2026-11-27T19:30:00+00:00"}, "La séance a commencé à", "The session started at"),
        ({"at": "2026-11-27T22:30:00+00:00"}, "Rien n'a été joué après", "Nothing was played after"),
        ({"at": "2999-01-01T20:00:00+00:00"}, "est encore à venir", "is still to come"),
        ({"at": "demain"}, "at", "at"),
    ],
)
def test_bad_input_is_a_400_in_the_callers_language_and_changes_nothing(
    client: TestClient, table: Table, body: dict[str, Any], french: str, english: str
) -> None:
    sid, states = fight(client, table, 3, 5)
    timed(client, sid, [10, 40])
    for language, words in (("fr", french), ("en", english)):
        headers = {**table.gm.headers, "Accept-Language": language}
        answer = rewind(client, headers, sid, version=2, **body)
        assert answer.status_code == 400, answer.text
        assert words in answer.json()["message"]
    assert (state(client, table, sid)["state"], state(client, table, sid)["version"]) == (states[2], 2)


def test_a_stale_version_is_a_conflict(client: TestClient, table: Table) -> None:
    sid, _states = fight(client, table, 3, 5)
    answer = rewind(client, table.gm.headers, sid, version=1, before=1)
    assert (answer.status_code, answer.json()["error"]) == (409, "conflict")
    assert state(client, table, sid)["version"] == 2


@pytest.mark.parametrize(("who", "status"), [("ayla", 403), ("olga", 403), ("stranger", 404)])
def test_only_the_gm_rewinds(client: TestClient, table: Table, who: str, status: int) -> None:
    sid, states = fight(client, table, 3, 5)
    answer = rewind(client, table.seats[who].headers, sid, version=2, before=1)
    assert answer.status_code == status
    assert state(client, table, sid)["state"] == states[2]
    assert rewind(client, {}, sid, version=2, before=1).status_code == 401


def test_every_screen_hears_the_rewind_and_a_player_sees_the_rewound_state(
    client: TestClient, table: Table
) -> None:
    sid, states = fight(client, table, 3, 5)
    with client.websocket_connect(f"/api/v1/tables/{table.id}/live?token={table.ayla.token}") as socket:
        assert rewind(client, table.gm.headers, sid, version=2, before=1).status_code == 200
        seen = [socket.receive_json()]
        while seen[-1].get("kind") != "command" or seen[-1].get("version") != 3:
            seen.append(socket.receive_json())
    assert seen[-1]["command"] == {"meneur:rewind": {"before": 1}} and seen[-1]["events"] == []
    shown = client.get(f"/api/v1/sessions/{sid}", headers=table.ayla.headers).json()
    assert shown["version"] == 3 and state(client, table, sid)["state"] == states[0]


def test_the_export_is_cut_at_a_time_and_imports_as_it_was_then(client: TestClient, table: Table) -> None:
    sid, states = fight(client, table, 3, 5, 2)
    timed(client, sid, [10, 40, 95])
    store = client.app.state.store  # type: ignore[attr-defined]
    with store.reader() as db:
        whole = export_table(db, table.id)
        cut = export_table(db, table.id, until=EVENING + 60 * 60)  # 21 h 00
        before = export_table(db, table.id, until=EVENING - 60)  # before the session started
    [full] = [s for s in whole["sessions"] if s["id"] == sid]
    [part] = [s for s in cut["sessions"] if s["id"] == sid]
    assert len(full["log"]) == 3 and part["log"] == full["log"][:2]
    assert part["log"][1]["at"] == EVENING + 40 * 60
    assert all(s["id"] != sid for s in before["sessions"])
    from meneur.server.transfer import import_table

    with store.writer() as db:
        created = import_table(db, cut)
    imported = client.get(
        f"/api/v1/tables/{created['id']}", headers={"Authorization": f"Bearer {created['gm_token']}"}
    )
    [new_sid] = [s["id"] for s in imported.json()["sessions"]]
    shown = client.get(
        f"/api/v1/sessions/{new_sid}", headers={"Authorization": f"Bearer {created['gm_token']}"}
    )
    assert shown.json()["state"] == states[2]
    log = client.get(
        f"/api/v1/sessions/{new_sid}/log", headers={"Authorization": f"Bearer {created['gm_token']}"}
    )
    assert log.json()["log"][1]["at"] == datetime.fromtimestamp(EVENING + 40 * 60, UTC).isoformat().replace(
        "+00:00", "Z"
    )


def test_the_command_line_export_takes_until(client: TestClient, table: Table) -> None:
    from tests.cli_helpers import run_cli

    sid, _states = fight(client, table, 3, 5, 2)
    timed(client, sid, [10, 40, 95])
    url = client.app.state.store.url  # type: ignore[attr-defined]
    at = datetime.fromtimestamp(EVENING + 60 * 60, UTC).isoformat()  # 21 h 00
    cut = run_cli(["table", "export", table.id, "--db", url, "--until", at])
    assert cut.exit_code == 0, cut.stderr
    [part] = [s for s in json.loads(cut.stdout)["sessions"] if s["id"] == sid]
    assert [e["at"] for e in part["log"]] == [EVENING + 10 * 60, EVENING + 40 * 60]
    wrong = run_cli(["table", "export", table.id, "--db", url, "--until", "ce soir"])
    assert wrong.exit_code != 0 and "n'est pas une heure ISO" in wrong.stderr
    assert iso_moment((datetime.now() - timedelta(hours=1)).isoformat()) < time.time() - 3590  # local time
