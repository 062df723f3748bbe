"""The pages' socket: the fragments a change concerns, rendered per view, as htmx out-of-band swaps;
a reconnect gets the current fragment once; what a member may not see never reaches their socket."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from meneur.web import live
from meneur.web.games import example
from tests.inprocess import TestClient
from tests.web.forms import create_table, csrf


class Seats:
    """A table with the demo fight: the GM, Ayla (who plays KITSUNE) and Olga (an observer)."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        answer = create_table(client, "Mardi", "energy")
        assert answer.status_code == 303
        self.table_id = answer.headers["location"].rsplit("/", 1)[-1]
        found = re.search(rf"/t/{self.table_id}/s/([0-9a-f]+)", client.get(f"/t/{self.table_id}").text)
        assert found is not None
        self.session_id = found.group(1)
        self.gm = dict(client.cookies)
        self.ids: dict[str, str] = {}
        self.ayla = self._join("Ayla", "player")
        self.olga = self._join("Olga", "observer")
        self.be(self.ayla)
        claimed = self.post(f"/s/{self.session_id}/claim", {"actor": "kitsune"})
        assert "joué par Ayla" in claimed.text
        self.be(self.gm)

    def _join(self, name: str, role: str) -> dict[str, str]:
        self.be(self.gm)
        code = self.client.get(f"/t/{self.table_id}")
        found = re.search(r'class="code">([^<]+)<', code.text)
        assert found is not None
        joined = self.client.post(
            "/api/v1/tables/" + self.table_id + "/join",
            json={"join_code": found.group(1), "name": name, "role": role},
        )
        assert joined.status_code in (200, 201), joined.text
        self.ids[name] = joined.json()["member_id"]
        self.client.cookies.clear()
        enter = self.client.post(
            f"/enter/{self.table_id}",
            data={"token": joined.json()["token"], "csrf": csrf(self.client)},
            follow_redirects=False,
        )
        assert enter.status_code == 303
        return dict(self.client.cookies)

    def be(self, cookies: dict[str, str]) -> None:
        self.client.cookies.clear()
        self.client.cookies.update(cookies)

    def post(self, path: str, data: dict[str, str]) -> Any:
        headers = {"X-CSRF-Token": csrf(self.client)}
        answer = self.client.post(f"/t/{self.table_id}{path}", data=data, headers=headers)
        assert answer.status_code == 200, answer.text
        return answer

    def do(self, command: Any, version: int, **fields: str) -> str:
        sent = {"command": json.dumps(command), "version": str(version), **fields}
        return str(self.post(f"/s/{self.session_id}/do", sent).text)

    def seq(self) -> int:
        table = self.client.get(f"/api/v1/tables/{self.table_id}")
        assert table.status_code == 200
        return int(table.json()["seq"])

    def socket(self, who: dict[str, str], page: str = "fight", after: int | None = None) -> Any:
        """The page's socket of ``who``, from ``after`` (the table's seq now, if not given)."""
        self.be(who)
        at = self.seq() if after is None else after
        session = f"&session={self.session_id}" if page != "rolls" else ""
        return self.client.websocket_connect(f"/t/{self.table_id}/live?page={page}{session}&after={at}")


def _message(socket: Any) -> tuple[int, str]:
    """The seq a message brings the page to, and its fragment."""
    text = socket.receive_text()
    found = re.match(r'<div id="live-seq" hidden data-seq="(\d+)"></div>\n', text)
    assert found is not None, text[:200]
    return int(found.group(1)), text[found.end() :]


def _vigor(fragment: str, fighter: str) -> str:
    card = fragment.split(f'id="fighter-{fighter}"', 1)[1]
    found = re.search(r'data-field="vigor">([^<]*)<', card)
    assert found is not None
    return html.unescape(found.group(1))


def test_a_change_brings_each_viewer_the_fragment_the_http_route_renders_for_them(web: TestClient) -> None:
    seats = Seats(web)
    with seats.socket(seats.gm) as gm, seats.socket(seats.ayla) as ayla, seats.socket(seats.olga) as olga:
        seats.be(seats.gm)
        seats.do("start", 0)
        seq = seats.seq()
        shown = {name: _message(socket) for name, socket in (("gm", gm), ("ayla", ayla), ("olga", olga))}
    assert {at for at, _fragment in shown.values()} == {seq}
    for name, cookies in (("gm", seats.gm), ("ayla", seats.ayla), ("olga", seats.olga)):
        seats.be(cookies)
        # one rendering path: the socket's fragment is the fragment route's answer, byte for byte
        assert (
            shown[name][1]
            == web.get(f"/t/{seats.table_id}/s/{seats.session_id}", headers={"HX-Request": "true"}).text
        )
    gm_view, ayla_view = shown["gm"][1], shown["ayla"][1]
    assert gm_view.startswith('<div id="fight"') and 'data-version="1"' in gm_view
    # the table hides an NPC's Vigueur from the players (the projection), not from the GM
    assert _vigor(gm_view, "agent1").isdecimal()
    assert _vigor(ayla_view, "agent1") == "cachée"
    assert _vigor(ayla_view, "kitsune").isdecimal()
    assert "hx-get" not in gm_view.split(">", 1)[0]  # no fetch of its own: the socket brings it


def test_a_roll_for_the_gm_alone_never_reaches_a_players_socket(web: TestClient) -> None:
    seats = Seats(web)
    with seats.socket(seats.ayla, "rolls") as ayla, seats.socket(seats.gm, "rolls") as gm:
        seats.be(seats.gm)
        seats.post("/rolls", {"expression": "1d20+7", "visibility": "blind", "dice": "13"})
        blind = seats.seq()
        seats.post("/rolls", {"expression": "2d6", "visibility": "public", "dice": "4 2"})
        public = seats.seq()
        gm_seen = [_message(gm)]
        while gm_seen[-1][0] != public:  # one message per change, or one for both if they came together
            gm_seen.append(_message(gm))
        ayla_first = _message(ayla)
    assert "1d20+7" in gm_seen[-1][1] and "2d6" in gm_seen[-1][1]
    assert [at for at, _list in gm_seen] in ([blind, public], [public])
    # the first message Ayla gets is the public roll's: nothing was sent for the blind one
    assert ayla_first[0] == public and "2d6" in ayla_first[1]
    assert "1d20+7" not in ayla_first[1] and ayla_first[1].startswith('<section class="card" id="roll-list"')


def test_a_reconnect_gets_the_current_fragment_once_never_a_replay(web: TestClient) -> None:
    seats = Seats(web)
    seats.be(seats.gm)
    before = seats.seq()
    seats.do("start", 0)
    seats.post("/rolls", {"expression": "1d6", "dice": "3"})
    seats.do({"pass": {"actor": "kitsune"}}, 1)
    now = seats.seq()
    with seats.socket(seats.ayla, after=before) as ayla:
        at, fragment = _message(ayla)
        assert at == now and 'data-version="2"' in fragment  # the state now, in one message
        seats.be(seats.gm)
        seats.post("/rolls", {"expression": "1d6", "dice": "5"})  # not shown by the fight page
        seats.do({"pass": {"actor": "wink"}}, 2)
        later = seats.seq()
        at, fragment = _message(ayla)
    assert at == later and 'data-version="3"' in fragment
    # a page that is up to date gets nothing until the next change
    with seats.socket(seats.ayla, after=later) as ayla:
        seats.be(seats.gm)
        seats.post(f"/s/{seats.session_id}/undo", {"version": "3"})
        at, fragment = _message(ayla)
    assert at == later + 1 and 'data-version="2"' in fragment


def test_a_refused_or_stale_action_is_answered_and_sends_nothing(web: TestClient) -> None:
    seats = Seats(web)
    seats.be(seats.gm)
    seats.do("start", 0)
    with seats.socket(seats.ayla) as ayla:
        seats.be(seats.ayla)
        stale = seats.do({"pass": {"actor": "kitsune"}}, 0)
        # the conflict is shown with the state as it is now
        assert 'role="alert"' in stale and "version 1" in stale and 'data-version="1"' in stale
        done = seats.do({"pass": {"actor": "kitsune"}}, 1)
        assert 'data-version="2"' in done and 'role="alert"' not in done
        at, fragment = _message(ayla)
    assert at == seats.seq() and 'data-version="2"' in fragment  # the first message is the move's


def test_the_connections_of_one_view_share_one_rendering(web: TestClient, monkeypatch: Any) -> None:
    seats = Seats(web)
    made: list[tuple[str, ...]] = []
    real = live.render

    def counted(app: Any, scope: Any, seat: live.Seat, seq: int) -> str:
        made.append(seat.view)
        return real(app, scope, seat, seq)

    monkeypatch.setattr(live, "render", counted)
    with (
        seats.socket(seats.gm) as gm1,
        seats.socket(seats.gm) as gm2,
        seats.socket(seats.ayla) as ayla1,
        seats.socket(seats.ayla) as ayla2,
        seats.socket(seats.olga) as olga,
    ):
        seats.be(seats.gm)
        seats.do("start", 0)
        received = [_message(socket) for socket in (gm1, gm2, ayla1, ayla2, olga)]
    assert received[0] == received[1] and received[2] == received[3]
    assert received[0] != received[2] != received[4]
    assert sorted(made) == sorted([("gm",), ("player", seats.ids["Ayla"]), ("observer",)])


def test_a_stranger_an_unknown_page_and_a_removed_member_are_closed(web: TestClient) -> None:
    seats = Seats(web)
    seats.be({})
    with (
        pytest.raises(WebSocketDisconnect) as stranger,
        web.websocket_connect(f"/t/{seats.table_id}/live") as s,
    ):
        s.receive_text()
    assert stranger.value.code == 4401
    seats.be(seats.ayla)
    with (
        pytest.raises(WebSocketDisconnect) as unknown,
        web.websocket_connect(f"/t/{seats.table_id}/live?page=fight&session=nope") as s,
    ):
        s.receive_text()
    assert unknown.value.code == 4404
    ayla_id = seats.ids["Ayla"]
    with seats.socket(seats.ayla) as ayla:
        seats.be(seats.gm)
        removed = web.delete(
            f"/api/v1/tables/{seats.table_id}/members/{ayla_id}",
            headers={"X-CSRF-Token": csrf(web)},
        )
        assert removed.status_code == 204
        with pytest.raises(WebSocketDisconnect) as closed:
            ayla.receive_text()
    assert closed.value.code == 4401


def test_a_session_page_of_another_game_gets_its_fragment(web: TestClient) -> None:
    answer = create_table(web, "Jeudi", "insmv")
    table_id = answer.headers["location"].rsplit("/", 1)[-1]
    created = web.post(
        f"/t/{table_id}/new-session",
        data={"setup": json.dumps(example("insmv"), ensure_ascii=False), "csrf": csrf(web)},
        follow_redirects=False,
    )
    session_id = created.headers["location"].rsplit("/", 1)[-1]
    page = web.get(f"/t/{table_id}/s/{session_id}").text
    found = re.search(r'ws-connect="([^"]+)"', page)
    assert found is not None
    url = html.unescape(found.group(1))
    assert url.startswith(f"/t/{table_id}/live?page=game&session={session_id}&after=")
    command = html.unescape(re.findall(r'name="command" value="([^"]*)"', page)[0])
    with web.websocket_connect(url) as socket:
        played = web.post(
            f"/t/{table_id}/s/{session_id}/do",
            data={"command": command, "version": "0", "csrf": csrf(web)},
        )
        assert played.status_code == 200
        at, fragment = _message(socket)
    assert at == web.get(f"/api/v1/tables/{table_id}").json()["seq"]
    assert fragment.startswith('<div id="game"') and 'data-version="1"' in fragment
    assert fragment == web.get(f"/t/{table_id}/s/{session_id}", headers={"HX-Request": "true"}).text


def test_a_character_the_gm_hides_leaves_the_players_fight_at_once(web: TestClient) -> None:
    """Only the GM sees a hidden character's change; the player's fight page still gets its own
    fragment at that change, as the route renders it for them (the hidden NPC gone)."""
    from pathlib import Path

    import yaml

    seats = Seats(web)
    seats.be(seats.gm)
    seats.do("start", 0)
    hero = Path(__file__).resolve().parents[2] / "src/meneur/systems/energy/catalogue/heroes/fold.yaml"
    file = {**yaml.safe_load(hero.read_text(encoding="utf-8")), "name": "Agent Octopus 1"}
    headers = {"X-CSRF-Token": csrf(web)}
    added = web.post(f"/api/v1/tables/{seats.table_id}/characters", json={"file": file}, headers=headers)
    assert added.status_code == 201, added.text
    with seats.socket(seats.ayla) as ayla:
        seats.be(seats.gm)
        hidden = web.put(
            f"/api/v1/tables/{seats.table_id}/characters/{added.json()['id']}",
            json={"file": file, "hidden": True},
            headers={"X-CSRF-Token": csrf(web)},
        )
        assert hidden.status_code == 200, hidden.text
        seq = seats.seq()
        at, fragment = _message(ayla)
    assert at == seq
    seats.be(seats.ayla)
    assert (
        fragment == web.get(f"/t/{seats.table_id}/s/{seats.session_id}", headers={"HX-Request": "true"}).text
    )
    assert 'id="fighter-agent1"' not in fragment and 'id="fighter-kitsune"' in fragment


def test_a_change_only_the_gm_sees_of_a_character_concerns_every_session_page() -> None:
    seat = live.Seat("t", "ayla", "player", "fr", "fight", "s", 0)
    change = {"kind": "character", "audience": "gm", "member_id": None, "session_id": None, "payload": {}}
    assert seat.concerns(change)  # a character hidden: the fight as Ayla sees it may change
    assert not live.Seat("t", "ayla", "player", "fr", "chat", "", 0).concerns(change)
    assert not seat.concerns({**change, "kind": "chat"})
