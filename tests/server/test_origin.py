"""Another origin can neither read nor act (issue 17, item 4): a page of another port of the same
host made a player's browser read the live feed and post a roll as them. Both WebSocket routes
close another origin's handshake with 4403; a change made with the browser's cookies from another
origin is a 403 in the viewer's language; the CSRF token is an HMAC of the seat's secret, in no
cookie a script could read."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.websockets import WebSocketDisconnect

from meneur.server.origin import CLOSE_CROSS_ORIGIN, is_same_origin
from tests import loopback as httpx
from tests.inprocess import TestClient
from tests.server.conftest import Table, new_table, ready_database_url
from tests.server.process import ServerProcess, free_port

OTHER = "http://testserver:8001"
"""Another origin of the test client's host: the same host name, another port."""
ROLL = {"expression": "1d6", "visibility": "public"}


def _cookie_seat(client: TestClient, table: Table) -> str:
    """Ayla's browser: her seat in an HttpOnly cookie, and its CSRF token."""
    answer = client.post(f"/api/v1/tables/{table.id}/cookie", headers=table.ayla.headers)
    assert answer.status_code == 200
    return str(answer.json()["csrf_token"])


def test_a_cookie_write_from_another_origin_is_403_in_the_viewers_language(
    client: TestClient, table: Table
) -> None:
    token = _cookie_seat(client, table)
    url = f"/api/v1/tables/{table.id}/rolls"
    try:
        foreign = client.post(url, json=ROLL, headers={"X-CSRF-Token": token, "Origin": OTHER})
        assert foreign.status_code == 403 and foreign.json()["error"] == "cross_origin"
        assert "autre site" in foreign.json()["message"]
        english = client.post(
            url, json=ROLL, headers={"X-CSRF-Token": token, "Origin": OTHER, "Accept-Language": "en"}
        )
        assert "another site" in english.json()["message"]
        fetched = client.post(url, json=ROLL, headers={"X-CSRF-Token": token, "Sec-Fetch-Site": "same-site"})
        assert fetched.status_code == 403
        assert (
            client.post(url, json=ROLL, headers={"X-CSRF-Token": token, "Origin": "null"}).status_code == 403
        )
        own = client.post(url, json=ROLL, headers={"X-CSRF-Token": token, "Origin": "http://testserver"})
        assert own.status_code == 201
        listed = client.get(url, headers=table.gm.headers).json()
        assert len(listed["rolls"]) == 1  # only the own origin's
    finally:
        client.cookies.clear()
    with_token = client.post(url, json=ROLL, headers={**table.ayla.headers, "Origin": OTHER})
    assert with_token.status_code == 201  # a bearer token proves who asks; no cookie rides along


def test_the_csrf_token_is_the_seats_hmac_and_no_cookie_holds_it(client: TestClient, table: Table) -> None:
    answer = client.post(f"/api/v1/tables/{table.id}/cookie", headers=table.ayla.headers)
    token = answer.json()["csrf_token"]
    cookies = answer.headers.get_list("set-cookie")
    try:
        assert all("httponly" in cookie.lower() for cookie in cookies)
        assert token not in " ".join(cookies) and token != table.ayla.token
        bren = client.post(f"/api/v1/tables/{table.id}/cookie", headers=table.bren.headers).json()
        assert bren["csrf_token"] != token  # each seat its own token
        # the browser now holds Bren's seat: Ayla's token is no longer one of its secrets'
        stale = client.post(f"/api/v1/tables/{table.id}/rolls", json=ROLL, headers={"X-CSRF-Token": token})
        assert stale.status_code == 403 and stale.json()["error"] == "csrf"
    finally:
        client.cookies.clear()


def test_the_token_survives_a_restart_on_the_same_database(tmp_path: Path) -> None:
    """The key is in the database: every worker and every restart sign the same tokens."""
    from meneur.server.app import build_app
    from meneur.server.config import Settings

    url = ready_database_url(tmp_path)
    tokens = []
    for _start in range(2):
        app = build_app(Settings(db=url))
        with TestClient(app) as client:
            if not tokens:
                table = new_table(client)
            tokens.append(
                client.post(f"/api/v1/tables/{table.id}/cookie", headers=table.gm.headers).json()[
                    "csrf_token"
                ]
            )
        app.state.store.close()
    assert tokens[0] == tokens[1]


@pytest.mark.parametrize("with_cookie", [True, False])
def test_the_live_feed_closes_another_origins_handshake_with_4403(
    client: TestClient, table: Table, with_cookie: bool
) -> None:
    url = f"/api/v1/tables/{table.id}/live"
    if with_cookie:
        _cookie_seat(client, table)
    else:
        url += f"?token={table.ayla.token}"
    try:
        with (
            client.websocket_connect(url, headers={"Origin": OTHER}) as ws,
            pytest.raises(WebSocketDisconnect) as closed,
        ):
            ws.receive_json()
        assert closed.value.code == CLOSE_CROSS_ORIGIN
        assert "autre site" in (closed.value.reason or "")
        with client.websocket_connect(url, headers={"Origin": "http://testserver"}) as ws:
            client.post(f"/api/v1/tables/{table.id}/rolls", json=ROLL, headers=table.gm.headers)
            assert ws.receive_json()["kind"]  # the own origin reads the feed
    finally:
        client.cookies.clear()


@pytest.mark.parametrize(
    ("headers", "same"),
    [
        ({"host": "meneur.example", "origin": "https://meneur.example"}, True),
        ({"host": "meneur.example:443", "origin": "https://meneur.example"}, True),
        ({"host": "192.168.1.5:8000", "origin": "http://192.168.1.5:8000"}, True),
        ({"host": "192.168.1.5:8000", "origin": "http://192.168.1.5:8001"}, False),
        ({"host": "192.168.1.5:8000", "origin": "http://evil.example"}, False),
        ({"host": "192.168.1.5:8000", "origin": "null"}, False),
        ({"host": "192.168.1.5:8000", "sec-fetch-site": "cross-site"}, False),
        ({"host": "192.168.1.5:8000", "sec-fetch-site": "same-origin"}, True),
        ({"host": "192.168.1.5:8000"}, True),  # no browser: a script, the CLI
        (
            {
                "host": "127.0.0.1:8000",
                "origin": "https://table.example",
                "x-forwarded-host": "table.example",
            },
            False,
        ),
    ],
)
def test_same_origin_is_judged_against_the_host(headers: dict[str, str], same: bool) -> None:
    scope = {"headers": [(name.encode(), value.encode()) for name, value in headers.items()]}
    assert is_same_origin(scope) is same


def test_a_trusted_proxys_forwarded_host_counts() -> None:
    headers = {
        "host": "127.0.0.1:8000",
        "origin": "https://table.example",
        "x-forwarded-host": "table.example",
    }
    scope = {"headers": [(name.encode(), value.encode()) for name, value in headers.items()]}
    assert is_same_origin(scope, trust_forwarded=True)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(ready_database_url(tmp_path)).start()
    yield process
    process.stop()


@pytest.mark.subprocess
def test_a_page_of_another_port_can_neither_read_the_feed_nor_roll_as_the_player(
    server: ServerProcess,
) -> None:
    """The real server: a player's browser (her seat cookie, the token of her page) asked by a page
    served on another port of 127.0.0.1 (its ``Origin``) to open the feed and to post a roll."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    from tests.web.forms import csrf

    created = httpx.post(server.url + "/api/v1/tables", json={"name": "T", "system": "toy"}).json()
    table_id, code = created["id"], created["join_code"]
    other = f"http://127.0.0.1:{free_port()}"
    with httpx.Client(base_url=server.url) as browser:
        joined = browser.post(
            f"/join/{table_id}",
            data={"code": code, "name": "Ayla", "csrf": csrf(browser, f"/join/{table_id}")},
        )
        assert joined.status_code == 303
        token = csrf(browser, f"/t/{table_id}")
        cookie = "; ".join(f"{name}={value}" for name, value in browser.cookies.items())
        roll = {"expression": "1d6", "visibility": "public", "csrf": token}
        foreign = browser.post(f"/t/{table_id}/rolls", data=roll, headers={"Origin": other})
        assert foreign.status_code == 403
        ws = server.url.replace("http", "ws") + f"/t/{table_id}/live?page=rolls"
        with (
            connect(ws, origin=other, additional_headers={"Cookie": cookie}) as socket,  # type: ignore[arg-type]
            pytest.raises(ConnectionClosed) as closed,
        ):
            socket.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == CLOSE_CROSS_ORIGIN
        own = browser.post(f"/t/{table_id}/rolls", data=roll, headers={"Origin": server.url})
        assert own.status_code == 200
        rolls = browser.get(f"/api/v1/tables/{table_id}/rolls").json()
        assert len(rolls["rolls"]) == 1
