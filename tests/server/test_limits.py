"""What a client cannot do to the server (issue 17, items 7 and 11): pick its own address with
``X-Forwarded-For``, lock a table out with someone else's wrong codes, fill the limiter's memory,
hold connections open by sending its headers a byte at a time, or open more connections than the
worker takes. The real server (uvicorn in a subprocess) where uvicorn's own behaviour is the point."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from meneur.server.auth import RateLimiter
from meneur.server.cli import uvicorn_options
from meneur.server.config import Settings
from tests import loopback as httpx
from tests.inprocess import TestClient
from tests.server.conftest import new_table, ready_database_url
from tests.server.process import ServerProcess


def _join(base: str, table_id: str, code: str, forwarded: str | None = None) -> int:
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    answer = httpx.post(
        f"{base}/api/v1/tables/{table_id}/join", json={"join_code": code, "name": "X"}, headers=headers
    )
    return answer.status_code


def _table(base: str, admin: str = "") -> tuple[str, str]:
    headers = {"Authorization": f"Bearer {admin}"} if admin else {}
    created = httpx.post(base + "/api/v1/tables", json={"name": "T", "system": "toy"}, headers=headers).json()
    return created["id"], created["join_code"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """The real server, giving a request's head one second."""
    folder = tmp_path_factory.mktemp("limits")
    process = ServerProcess(ready_database_url(folder), env={"MENEUR_HEADER_TIMEOUT": "1"}).start()
    yield process
    process.stop()


@pytest.mark.subprocess
def test_a_spoofed_forwarded_address_does_not_escape_the_join_limit(server: ServerProcess) -> None:
    """uvicorn believed ``X-Forwarded-For`` from loopback: 25 wrong codes, each from a new "address",
    never met the limit. Now no proxy is trusted unless ``MENEUR_TRUSTED_PROXIES`` names it."""
    table_id, code = _table(server.url)
    codes = [_join(server.url, table_id, "wrong", forwarded=f"203.0.113.{n}") for n in range(25)]
    assert codes[:10] == [404] * 10 and set(codes[10:]) == {429}
    # the right code is never refused for the wrong ones, even from the blocked address
    assert _join(server.url, table_id, code, forwarded="203.0.113.99") == 200
    other_id, _other_code = _table(server.url)  # another table's limit is its own
    assert _join(server.url, other_id, "wrong") == 404


@pytest.mark.subprocess
def test_a_trusted_proxy_gives_each_client_its_own_address(tmp_path: Path) -> None:
    admin = "0123456789abcdef0123456789abcdef"  # behind a proxy, creating a table needs it
    env = {"MENEUR_TRUSTED_PROXIES": "127.0.0.1", "MENEUR_ADMIN_TOKEN": admin}
    process = ServerProcess(ready_database_url(tmp_path), env=env).start()
    try:
        table_id, _code = _table(process.url, admin)
        codes = [_join(process.url, table_id, "wrong", forwarded=f"203.0.113.{n}") for n in range(25)]
        assert codes == [404] * 25  # 25 clients behind the proxy, one wrong code each
    finally:
        process.stop()


def test_wrong_codes_count_per_table_and_the_right_code_always_joins(client: TestClient) -> None:
    first, second = new_table(client), new_table(client)
    for _attempt in range(10):
        wrong = client.post(f"/api/v1/tables/{first.id}/join", json={"join_code": "nope", "name": "X"})
        assert wrong.status_code == 404
    blocked = client.post(f"/api/v1/tables/{first.id}/join", json={"join_code": "nope", "name": "X"})
    assert blocked.status_code == 429 and blocked.json()["error"] == "too_many"
    right = client.post(f"/api/v1/tables/{first.id}/join", json={"join_code": first.code, "name": "X"})
    assert right.status_code == 200
    elsewhere = client.post(f"/api/v1/tables/{second.id}/join", json={"join_code": "nope", "name": "X"})
    assert elsewhere.status_code == 404


def test_the_limiter_forgets_expired_keys_and_keeps_at_most_its_bound() -> None:
    now = [0.0]
    limiter = RateLimiter(3, window=60.0, most_keys=100, clock=lambda: now[0])
    for n in range(1000):
        limiter.fail(("join", "t", f"10.0.{n // 256}.{n % 256}"))
    assert len(limiter) == 100  # the oldest keys went first
    assert limiter.blocked(("join", "t", "10.0.0.1")) is False  # forgotten
    for _attempt in range(3):
        limiter.fail(("join", "t", "192.0.2.1"))
    assert limiter.blocked(("join", "t", "192.0.2.1"))
    now[0] = 61.0
    assert not limiter.blocked(("join", "t", "192.0.2.1"))  # the window is over
    limiter.fail(("join", "t", "192.0.2.2"))
    assert len(limiter) == 1  # every expired key was dropped


def test_uvicorn_runs_with_the_settings_limits() -> None:
    settings = Settings(keep_alive=3, max_connections=50, trusted_proxies=" 10.0.0.1, 192.168.0.0/16 ")
    options = uvicorn_options(settings)
    assert options["timeout_keep_alive"] == 3 and options["limit_concurrency"] == 51
    # uvicorn believes nobody's forwarded headers: the app believes the trusted proxies' itself,
    # once it has seen who connects (the request id of a proxy, meneur.server.logs.RequestIds)
    assert options["proxy_headers"] is False and "forwarded_allow_ips" not in options
    assert options["http"] == "meneur.server.protocol:GuardedProtocol"
    assert options["loop"] == "auto"  # uvloop, installed with the server
    assert uvicorn_options(Settings())["proxy_headers"] is False


def _slowloris(port: int, bound: float) -> bytes:
    """Send a request's head a byte at a time until the server closes the connection (or ``bound``
    seconds pass); what the server answered."""
    with socket.create_connection(("127.0.0.1", port)) as slow:
        return _dribble(slow, bound)


SLOW_HEAD = b"GET /healthz HTTP/1.1\r\nHost: x\r\n" + b"X-Slow: " + b"a" * 10_000


def _dribble(connection: socket.socket, bound: float) -> bytes:
    """:data:`SLOW_HEAD` sent on ``connection`` a byte at a time until the server answers or closes
    it (``b""``, or ``b"reset"``), or ``bound`` seconds pass (``b"still open"``)."""
    connection.settimeout(0.2)
    deadline = time.monotonic() + bound
    for byte in SLOW_HEAD:
        if time.monotonic() > deadline:
            return b"still open"
        try:
            connection.sendall(bytes([byte]))
            return connection.recv(1024)  # b"" when closed
        except TimeoutError:
            continue
        except OSError:
            return b"reset"
    return b"head sent"


@pytest.mark.subprocess
def test_a_head_sent_a_byte_at_a_time_is_closed(server: ServerProcess) -> None:
    answer = _slowloris(server.port, bound=30)
    assert answer.startswith(b"HTTP/1.1 408") or answer in (b"", b"reset"), answer
    assert httpx.get(server.url + "/healthz").status_code == 200  # a whole head is served


def _whole_answer(connection: socket.socket) -> bytes:
    """One whole answer read from a kept-alive connection: its head, then the ``Content-Length``
    bytes of its body (which may come in a later packet than the head)."""
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += connection.recv(1024)
    head, body = answer.split(b"\r\n\r\n", 1)
    length = next(
        int(line.split(b":", 1)[1])
        for line in head.split(b"\r\n")
        if line.lower().startswith(b"content-length:")
    )
    while len(body) < length:
        body += connection.recv(1024)
    return head + b"\r\n\r\n" + body


@pytest.mark.subprocess
def test_the_next_head_on_a_kept_alive_connection_has_its_deadline_too(server: ServerProcess) -> None:
    """The deadline runs again from the first byte of each request, not only from the opening: a
    connection that was served once, then idles past the deadline, is still served; then a head sent
    a byte at a time on it is closed."""
    with socket.create_connection(("127.0.0.1", server.port)) as kept:
        kept.settimeout(5)
        kept.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        assert _whole_answer(kept).startswith(b"HTTP/1.1 200")
        time.sleep(1.5)  # beyond the head's second, within the keep-alive
        kept.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        assert _whole_answer(kept).startswith(b"HTTP/1.1 200")
        answer = _dribble(kept, 30)
    assert answer.startswith(b"HTTP/1.1 408") or answer in (b"", b"reset"), answer


def _ask(port: int) -> bytes:
    """A request on a new connection: the start of the answer."""
    with socket.create_connection(("127.0.0.1", port)) as asking:
        asking.settimeout(10)
        asking.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        return asking.recv(1024)


def _accepted(port: int) -> socket.socket:
    """An idle connection the server kept (it may still count the one that just closed: try again)."""
    for _attempt in range(50):
        connection = socket.create_connection(("127.0.0.1", port))
        connection.settimeout(0.5)
        try:
            connection.recv(1024)  # the 503 of a connection refused
        except TimeoutError:
            return connection  # nothing said: it is in
        connection.close()
    raise AssertionError("no connection kept")


@pytest.mark.subprocess
def test_a_connection_beyond_the_limit_is_refused(tmp_path: Path) -> None:
    process = ServerProcess(ready_database_url(tmp_path), env={"MENEUR_MAX_CONNECTIONS": "4"}).start()
    idle = [socket.create_connection(("127.0.0.1", process.port)) for _ in range(3)]
    try:
        assert _ask(process.port).startswith(b"HTTP/1.1 200")  # the fourth connection is served
        idle.append(_accepted(process.port))
        assert _ask(process.port).startswith(b"HTTP/1.1 503")  # the fifth is not
        for connection in idle:
            connection.close()
        deadline = time.monotonic() + 10
        while httpx.get(process.url + "/healthz").status_code != 200:  # served again once they left
            assert time.monotonic() < deadline
    finally:
        for connection in idle:
            connection.close()
        process.stop()
