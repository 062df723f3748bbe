"""A change is read from the database once for every screen it reaches: the session's log is read
once, whatever the number of sockets and views; each view is projected for its own viewer, and the
sockets of one view get the same bytes. An undo or a redo keeps the session in memory (nothing
replayed from the stored events), and a second process's command is seen at once."""

from __future__ import annotations

import re
from contextlib import ExitStack
from typing import Any

from sqlalchemy import event

from meneur.server.app import build_app
from meneur.server.config import Settings
from tests.inprocess import TestClient
from tests.web.test_live import Seats, _message, _vigor

REPLAY = re.compile(r"^\s*SELECT events\.command_id, events\.event\b", re.I)
"""The statement that reads a session's stored events to replay it (:func:`meneur.server.games.stored_log`)."""
LOG_READS = re.compile(
    r"^\s*SELECT (commands\.version, commands\.at|events\.command_id, events\.event)\b", re.I
)
"""A statement that reads a session's log: its commands' times, or its events to replay it."""


HEAD = re.compile(r"^\s*SELECT sessions\.table_id, sessions\.kind, sessions\.version\b", re.I)
"""The session's head, read with its table's options, seq, hidden characters and background."""
ALONE = {
    "the hidden characters": re.compile(r"^\s*SELECT characters\.name\s+FROM\s+characters\b", re.I),
    "the plan's background": re.compile(r"^\s*SELECT table_images\.", re.I),
    "the table's row": re.compile(r"^\s*SELECT tables\.", re.I),
    "the session's whole row": re.compile(r"^\s*SELECT sessions\.id, sessions\.table_id\b", re.I),
    "the live command (a redo's check)": re.compile(r"^\s*SELECT commands\.id\s+FROM\s+commands\b", re.I),
    "the session's kind alone": re.compile(r"^\s*SELECT sessions\.kind\s+FROM\s+sessions\b", re.I),
}
"""What a view of a change no longer reads in a statement of its own."""
PLACE = re.compile(r"^\s*SELECT sessions\.table_id, sessions\.kind\s+FROM\s+sessions\b", re.I)
"""The session's table and kind (the page's adapter and its check, one statement for both)."""
MEMBERS = re.compile(r"\bFROM members\s+WHERE members\.table_id = ", re.I)
"""The table's members (their names on the cards; the GM's arrivals name their players)."""


class Statements:
    """The SQL statements an app's database runs (every thread's), from :meth:`start`."""

    def __init__(self, app: Any) -> None:
        self.seen: list[str] = []
        self.on = False
        event.listen(app.state.store.engine, "before_cursor_execute", self._heard)

    def _heard(self, _conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if self.on:
            self.seen.append(statement)

    def start(self) -> None:
        self.seen.clear()
        self.on = True

    def log_reads(self) -> int:
        return sum(1 for statement in self.seen if LOG_READS.match(statement))


def _another(web: TestClient) -> Any:
    """Another process's app on the same database (nothing of it in memory)."""
    return build_app(Settings(db=web.app.state.settings.db))  # type: ignore[attr-defined]


def _gm_gives(seats: Seats, command: Any) -> None:
    """The GM's command through the API (no page answer rendered: only the sockets show it)."""
    seats.be(seats.gm)
    version = seats.client.get(f"/api/v1/sessions/{seats.session_id}").json()["version"]
    answer = seats.client.post(
        f"/api/v1/sessions/{seats.session_id}/commands",
        json={"command": command, "version": version},
        headers={"X-CSRF-Token": _token(seats)},
    )
    assert answer.status_code == 200, answer.text


def _token(seats: Seats) -> str:
    from tests.web.forms import csrf

    return csrf(seats.client)


def test_one_change_reads_the_log_once_for_six_sockets_of_three_views(web: TestClient) -> None:
    seats = Seats(web)
    statements = Statements(web.app)
    seats.be(seats.gm)
    seats.do("start", 0)
    who = ["gm", "gm", "ayla", "ayla", "olga", "olga"]
    cookies = {"gm": seats.gm, "ayla": seats.ayla, "olga": seats.olga}
    with ExitStack() as stack:
        sockets = [stack.enter_context(seats.socket(cookies[name])) for name in who]
        statements.start()
        _gm_gives(seats, "pass")
        shown = [(name, _message(socket)[1]) for name, socket in zip(who, sockets, strict=True)]
        statements.on = False
    # the session's log is read once for the change, not once per view (nor per socket)
    assert statements.log_reads() == 1, [s for s in statements.seen if LOG_READS.match(s)]
    texts: dict[str, set[str]] = {}
    for name, text in shown:
        texts.setdefault(name, set()).add(text)
    # the sockets of one view get the same bytes; each view its own
    assert {name: len(found) for name, found in texts.items()} == {"gm": 1, "ayla": 1, "olga": 1}
    gm, ayla, olga = (next(iter(texts[name])) for name in ("gm", "ayla", "olga"))
    assert len({gm, ayla, olga}) == 3
    # and each is its viewer's projection: the NPC's Vigueur the GM's alone
    assert _vigor(gm, "agent1").isdecimal()
    assert _vigor(ayla, "agent1") == "cachée" and _vigor(olga, "agent1") == "cachée"


def test_each_view_of_a_change_reads_its_table_with_the_session_s_head(web: TestClient) -> None:
    """A view reads the session's head, the table's seq, its hidden characters and the plan's
    background in one statement, the table's members in one; the GM's panel and redo check read the
    view, and one statement."""
    seats = Seats(web)
    statements = Statements(web.app)
    seats.be(seats.gm)
    seats.do("start", 0)
    cookies = (seats.gm, seats.ayla, seats.olga)
    with ExitStack() as stack:
        sockets = [stack.enter_context(seats.socket(who)) for who in cookies]
        statements.start()
        _gm_gives(seats, "pass")
        shown = [_message(socket)[1] for socket in sockets]
        statements.on = False
    written = max(i for i, s in enumerate(statements.seen) if s.lstrip().startswith("INSERT INTO changes"))
    renderings = statements.seen[written + 1 :]  # the three views' renderings, after the change
    assert sum(1 for s in renderings if HEAD.match(s)) == 3
    assert sum(1 for s in renderings if PLACE.match(s)) == 3
    assert sum(1 for s in renderings if MEMBERS.search(s)) == 3
    for what, alone in ALONE.items():
        assert not [s for s in renderings if alone.match(s)], what
    # and each view is still its own, at the seq the change brought the table to
    seq = seats.seq()
    assert all(f'data-seq="{seq}"' in text for text in shown)
    assert len(set(shown)) == 3


GM_LOOKUP = re.compile(r"\bFROM members\s+WHERE members\.table_id = \? AND members\.role = ", re.I)
"""The table's GM, whom a step the fight takes by itself is given as."""
ROW = re.compile(r"\bWHERE sessions\.id = \?\s*$", re.I)
"""A statement of one session's row (by its id)."""


def test_a_tap_without_a_forced_step_reads_neither_the_session_s_row_nor_the_gm(web: TestClient) -> None:
    """After a button's command, the page looks for the step the fight takes by itself (a maintenance
    phase nobody has a choice in) in the session in memory: its stored row (the setup) is not read,
    nor the GM it would be given as, when there is none."""
    seats = Seats(web)
    statements = Statements(web.app)
    seats.be(seats.gm)
    seats.do("start", 0)
    found = web.get(f"/api/v1/sessions/{seats.session_id}/legal").json()
    entry = next(e for e in found["legal"] if e["kind"] not in ("end", "stress"))
    statements.start()
    answer = seats.do(entry["command"], found["version"])
    statements.on = False
    assert 'role="alert"' not in answer and f'data-version="{found["version"] + 1}"' in answer
    assert not [s for s in statements.seen if ALONE["the session's whole row"].match(s) and ROW.search(s)]
    assert not [s for s in statements.seen if GM_LOOKUP.search(s)]


def _fragment(client: TestClient, seats: Seats, cookies: dict[str, str]) -> str:
    client.cookies.clear()
    client.cookies.update(cookies)
    answer = client.get(f"/t/{seats.table_id}/s/{seats.session_id}", headers={"HX-Request": "true"})
    assert answer.status_code == 200
    return str(answer.text)


def _step(seats: Seats, verb: str, version: int) -> str:
    seats.be(seats.gm)
    answer = seats.post(f"/s/{seats.session_id}/{verb}", {"version": str(version)})
    assert 'role="alert"' not in answer.text, answer.text[:300]
    return str(answer.text)


def test_an_undo_and_a_redo_replay_nothing_and_leave_the_state_a_replay_gives(
    web: TestClient,
) -> None:
    seats = Seats(web)
    statements = Statements(web.app)
    seats.be(seats.gm)
    seats.do("start", 0)
    _gm_gives(seats, "pass")
    again = _another(web)  # another process: it replays the stored log
    with TestClient(again) as other, seats.socket(seats.gm) as gm, seats.socket(seats.ayla) as ayla:
        for verb, version in (("undo", 2), ("redo", 1), ("undo", 2)):
            statements.start()
            _step(seats, verb, version)
            shown = {"gm": _message(gm)[1], "ayla": _message(ayla)[1]}
            statements.on = False
            # the session stayed in memory: no stored event was read to replay it
            assert not [s for s in statements.seen if REPLAY.match(s)], verb
            assert f'data-version="{version - 1 if verb == "undo" else version + 1}"' in shown["gm"]
            # and it is the session the stored log gives: the other process's pages say the same
            for name, cookies in (("gm", seats.gm), ("ayla", seats.ayla)):
                assert _fragment(other, seats, cookies) == _fragment(web, seats, cookies), (verb, name)
    again.state.store.close()


def test_a_command_of_another_process_is_on_the_next_page_of_this_one(
    web: TestClient,
) -> None:
    seats = Seats(web)
    seats.be(seats.gm)
    seats.do("start", 0)
    before = {name: _fragment(web, seats, c) for name, c in (("gm", seats.gm), ("ayla", seats.ayla))}
    again = _another(web)
    with TestClient(again) as other:
        other.cookies.update(seats.gm)
        from tests.web.forms import csrf

        given = other.post(
            f"/api/v1/sessions/{seats.session_id}/commands",
            json={"command": "pass", "version": 1},
            headers={"X-CSRF-Token": csrf(other)},
        )
        assert given.status_code == 200, given.text
        for name, cookies in (("gm", seats.gm), ("ayla", seats.ayla)):
            now = _fragment(web, seats, cookies)
            assert 'data-version="2"' in now and 'data-version="1"' in before[name]
            assert now == _fragment(other, seats, cookies), name
    again.state.store.close()


def test_each_view_after_a_run_of_commands_is_the_one_a_fresh_process_renders(
    web: TestClient,
) -> None:
    """The log's lines told already are kept from one change to the next (the same entries, the same
    options): what every viewer sees is what a process with nothing in memory renders."""
    seats = Seats(web)
    seats.be(seats.gm)
    seats.do("start", 0)
    viewers = (("gm", seats.gm), ("ayla", seats.ayla), ("olga", seats.olga))
    for _name, cookies in viewers:  # every view is made, and kept for the next change
        _fragment(web, seats, cookies)
    for step in range(8):
        seats.be(seats.gm)
        found = web.get(f"/api/v1/sessions/{seats.session_id}/legal").json()
        entries = [e for e in found["legal"] if e["kind"] != "end"]
        if step == 4:  # the GM takes one back: the log shortens
            _step(seats, "undo", found["version"])
        else:
            answer = web.post(
                f"/api/v1/sessions/{seats.session_id}/commands",
                json={"command": entries[step % len(entries)]["command"], "version": found["version"]},
                headers={"X-CSRF-Token": _token(seats)},
            )
            assert answer.status_code == 200, answer.text
        again = _another(web)  # nothing in memory
        with TestClient(again) as other:
            for name, cookies in viewers:
                assert _fragment(web, seats, cookies) == _fragment(other, seats, cookies), (step, name)
        again.state.store.close()
    shown = _fragment(web, seats, seats.ayla)
    assert 'data-version="7"' in shown
    assert shown.split('class="lines"', 1)[1].split("</ol>", 1)[0].count("<li") >= 7
