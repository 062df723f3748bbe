"""The table's roll log holds every roll of the evening, with its time: the rolls made on the roll
log's own form, and the dice a session's command rolled (an INS/MV test), as each viewer may read
them in the session's log; a command taken back takes its roll out of the log again."""

from __future__ import annotations

import html
import re

from meneur.web.live import Seat
from tests.inprocess import TestClient
from tests.web.forms import csrf
from tests.web.test_insmv_setup import YVES, _api, _be, _do, _join, _start, _table

TALENT = {"test": {"being": "Yves", "talent": "Discussion"}}


def _session_rolls(page: str) -> list[str]:
    table = re.search(r'<table id="session-rolls".*?</table>', page, re.S)
    if table is None:
        return []
    rows = re.findall(r'<tr class="session-roll".*?<td>([^<]*)</td></tr>', table.group(0), re.S)
    return [html.unescape(cell) for cell in rows]


def test_a_sessions_test_is_in_the_roll_log_with_its_time_until_taken_back(web: TestClient) -> None:
    table_id = _table(web)
    gm = dict(web.cookies)
    session_id = _start(web, table_id, YVES).headers["location"].rsplit("/", 1)[-1]
    ayla = _join(web, table_id, gm, "Ayla", "player")
    _be(web, gm)
    rolled = web.post(
        f"/t/{table_id}/rolls",
        data={"expression": "1d6", "dice": "4", "action": "roll"},
        headers={"X-CSRF-Token": csrf(web)},
    )
    assert rolled.status_code == 200
    assert _session_rolls(web.get(f"/t/{table_id}/rolls").text) == []  # no session rolled yet
    _do(web, table_id, session_id, TALENT, dice="1 2 3")
    page = web.get(f"/t/{table_id}/rolls").text
    # the table's own roll has its time (shown in the phone's time zone by the page's script)
    assert re.search(r'<td><time datetime="\d{4}-\d\d-\d\dT[^"]+" data-utc>\d\d:\d\d</time></td><td>', page)
    assert web.get(f"/api/v1/tables/{table_id}/rolls").json()["rolls"][-1]["at"] is not None
    lines = _session_rolls(page)
    assert len(lines) == 1 and lines[0].startswith("Yves teste le talent Discussion (4)"), lines
    assert "d666 123\u00a0: réussite" in lines[0]
    assert f'href="/t/{table_id}/s/{session_id}"' in page  # the session it was rolled in
    assert re.search(r'<tr class="session-roll"[^>]*><td><time datetime=', page)
    _be(web, ayla)  # a player reads the same line
    assert _session_rolls(web.get(f"/t/{table_id}/rolls").text) == lines
    assert _session_rolls(web.get(f"/t/{table_id}/rolls/list").text) == lines  # the live fragment
    _be(web, gm)
    version = _api(web, session_id)["version"]
    undone = web.post(
        f"/api/v1/sessions/{session_id}/undo", json={"version": version}, headers={"X-CSRF-Token": csrf(web)}
    )
    assert undone.status_code == 200, undone.text
    assert _session_rolls(web.get(f"/t/{table_id}/rolls").text) == []


def test_the_roll_logs_socket_is_woken_by_a_sessions_command_and_its_undo() -> None:
    seat = Seat(table_id="t", member_id="m", role="player", lang="fr", page="rolls", session_id="", seq=0)
    change = {"kind": "command", "audience": "table", "member_id": None, "session_id": "s", "payload": {}}
    assert seat.concerns(change)  # type: ignore[arg-type]
    assert seat.concerns({**change, "kind": "undo"})  # type: ignore[arg-type]
    assert not seat.concerns({**change, "kind": "character", "session_id": None})  # type: ignore[arg-type]
    assert seat.concerns({**change, "kind": "roll", "session_id": None})  # type: ignore[arg-type]
