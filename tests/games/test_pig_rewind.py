"""Going back to a moment from the session's history page, on pig's session (the history is shared:
every game's session has it). Issue 22, « Backups and rewind »: « the GM sees each logged step with
its time and a « revenir avant ceci » action with a confirmation, and a « revenir à HH h MM » time
field; after it, every screen shows the rewound state and a log line »; the ruling « Going back to a
moment is one step of the log » in docs/rulings/server.md."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from meneur.engine.plugin import Game
from meneur.server.app import build_app
from meneur.server.config import Settings
from meneur.web.pages import environment
from meneur.web.sessions.history import moment
from tests.games.test_pig_pages import _api, _csrf, _play, _scores, _session, _table
from tests.inprocess import TestClient
from tests.server.conftest import ready_database_url
from tests.web.forms import csrf, join


@pytest.fixture
def web(pig: Game, tmp_path: Path) -> Iterator[TestClient]:
    environment.cache_clear()
    app = build_app(Settings(db=ready_database_url(tmp_path)))
    try:
        with TestClient(app, headers={"Accept-Language": "en"}) as client:
            yield client
        app.state.store.close()
    finally:
        environment.cache_clear()


def _played(web: TestClient) -> tuple[str, str]:
    table_id = _table(web)
    session_id = _session(web, table_id)
    _play(web, table_id, session_id, {"roll": {"actor": "Ayla"}}, dice="6")
    _play(web, table_id, session_id, {"roll": {"actor": "Ayla"}}, dice="4")
    _play(web, table_id, session_id, {"hold": {"actor": "Ayla"}})
    return table_id, session_id


def _rewind(
    web: TestClient, table_id: str, session_id: str, version: int | None = None, **fields: str
) -> Any:
    """The history's form as the browser sends it (at the session's version unless told)."""
    found = _api(web, session_id)["version"] if version is None else version
    data = {"version": str(found), "csrf": csrf(web), **fields}
    return web.post(f"/t/{table_id}/s/{session_id}/rewind", data=data, follow_redirects=False)


def test_the_gm_sees_each_step_with_its_time_and_goes_back_before_one_after_saying_yes(
    web: TestClient,
) -> None:
    table_id, session_id = _played(web)
    page = html.unescape(web.get(f"/t/{table_id}/s/{session_id}/history").text)
    assert re.findall(r'data-number="(\d+)"', page) == ["3", "2", "1"]
    assert len(re.findall(r'<time class="at">\d\d:\d\d</time>', page)) == 3
    assert page.count(">Go back to before this<") == 3 and 'name="time" type="time"' in page
    asked = _rewind(web, table_id, session_id, before="2")
    assert asked.status_code == 200
    shown = html.unescape(asked.text)
    assert 'id="rewind-confirm"' in shown and "The session goes back to before step 2: " in shown
    assert _api(web, session_id)["version"] == 3  # nothing yet
    done = _rewind(web, table_id, session_id, before="2", confirmed="yes")
    assert done.status_code == 303
    assert done.headers["location"] == f"/t/{table_id}/s/{session_id}"
    after = html.unescape(web.get(f"/t/{table_id}/s/{session_id}").text)
    assert _scores(after) == {"Ayla": 0, "Bren": 0} and "Ayla's turn: 6 points not banked yet." in after
    line = re.search(r"<li value=\"4\"><p>(The GM went back to \d\d:\d\d \(before: [^)]+\)\.)</p>", after)
    assert line is not None, after
    undone = web.post(f"/t/{table_id}/s/{session_id}/undo", data={"version": "4"}, headers=_csrf(web))
    assert _scores(html.unescape(undone.text)) == {"Ayla": 10, "Bren": 0}


def test_the_log_line_is_in_french_with_its_typography(web: TestClient) -> None:
    table_id, session_id = _played(web)
    _rewind(web, table_id, session_id, before="3", confirmed="yes")
    page = web.get(f"/t/{table_id}/s/{session_id}", headers={"Accept-Language": "fr"}).text
    assert re.search(
        "Le MJ est revenu à \\d\\d\u00a0h\u00a0\\d\\d \\(avant\u00a0: [^)]+\\)\\.", html.unescape(page)
    )


def test_the_time_field_goes_back_to_that_time(web: TestClient) -> None:
    table_id, session_id = _played(web)
    now = datetime.now().astimezone()
    refused = _rewind(
        web, table_id, session_id, time=(now - timedelta(hours=3)).strftime("%H:%M"), confirmed="yes"
    )
    # three hours ago, or yesterday at that time when it is before 3 in the morning: before the start
    assert refused.status_code == 400
    assert "The session started at" in html.unescape(refused.text)
    damaged = _rewind(web, table_id, session_id, time="25:99", confirmed="yes")
    assert damaged.status_code == 400
    assert "Write the time as hours and minutes" in damaged.text
    asked = _rewind(web, table_id, session_id, time=now.strftime("%H:%M"))
    assert "The session goes back to" in html.unescape(asked.text)
    assert _api(web, session_id)["version"] == 3


def test_a_time_of_day_is_the_latest_such_moment_not_to_come() -> None:
    now = datetime(2026, 11, 28, 0, 15).astimezone()
    assert moment("23:30", now) == datetime(2026, 11, 27, 23, 30).astimezone()
    assert moment("00:10", now) == datetime(2026, 11, 28, 0, 10).astimezone()
    assert moment("21 h 30", now).hour == 21


def test_only_the_gm_opens_the_history_and_goes_back(web: TestClient) -> None:
    table_id, session_id = _played(web)
    shown = web.post(f"/t/{table_id}/join-code", headers=_csrf(web)).text
    code = re.search(r'class="code">([^<]+)<', shown)
    assert code is not None
    gm = dict(web.cookies)
    web.cookies.clear()
    stranger = web.get(f"/t/{table_id}/s/{session_id}/history")
    assert stranger.status_code == 401 and "Go back to before this" not in stranger.text
    assert _rewind(web, table_id, session_id, 3, before="1", confirmed="yes").status_code == 401
    joined = join(web, table_id, code.group(1), "Ayla", follow_redirects=False)
    assert joined.status_code == 303
    player = dict(web.cookies)
    web.cookies.clear()
    olga = web.post(
        f"/api/v1/tables/{table_id}/join",
        json={"join_code": code.group(1), "name": "Olga", "role": "observer"},
    ).json()
    assert (
        web.post(
            f"/api/v1/tables/{table_id}/cookie", headers={"Authorization": f"Bearer {olga['token']}"}
        ).status_code
        == 200
    )
    for cookies in (player, dict(web.cookies)):
        web.cookies.clear()
        web.cookies.update(cookies)
        page = web.get(f"/t/{table_id}/s/{session_id}/history")
        assert page.status_code == 403 and "Go back to before this" not in page.text
        tried = _rewind(web, table_id, session_id, 3, before="1", confirmed="yes")
        assert tried.status_code == 403
    web.cookies.clear()
    web.cookies.update(gm)
    assert _api(web, session_id)["version"] == 3
