"""Two hosts behind a proxy, and one of them dies mid-fight (``docs/deploy.md``).

Two real ``meneur serve`` processes share one PostgreSQL database; a small round-robin proxy
(below, asyncio, bytes piped both ways, so a WebSocket's upgrade passes as it is) gives each new
connection to the next host that accepts it: no sticky sessions. A fight is played through it
(REST commands from the GM and two players, an undo now and then) while six sockets (the GM, the
players, the observer) follow the table's live feed. One host is killed with SIGKILL mid-fight:
the clients whose socket it carried reconnect through the proxy with ``after=`` the last ``seq``
they saw and land on the other host; the commands whose answer was lost are settled by reading the
session's version. In the end every acknowledged command is in the log, and every client rebuilt
from its messages the very log the server holds, every ``seq`` once, none missing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from meneur.engine import Session
from tests import loopback as httpx
from tests.server.conftest import database_url
from tests.server.process import ServerProcess

pytestmark = [
    pytest.mark.postgresql,
    pytest.mark.subprocess,
    pytest.mark.skipif(
        not os.environ.get("MENEUR_TEST_DB"),
        reason="needs PostgreSQL: scripts/test_postgres.sh starts one and runs this",
    ),
]

COMMANDS = 60
"""Commands the fight gives (some are taken back again)."""
KILL_AFTER = 20
"""Acknowledged commands before the first host is killed."""
UNDO_EVERY = 7
"""The GM takes back the last command after every this many commands."""
FIGHTERS = [
    {"name": "Ayla", "vigueur": 10_000},
    {"name": "Bren", "vigueur": 10_000},
    {"name": "Ghoul", "vigueur": 10_000, "npc": True},
]
TURNS = [
    ("ayla", "Ayla", "Ghoul"),
    ("gm", "Ghoul", "Ayla"),
    ("bren", "Bren", "Ghoul"),
    ("gm", "Ghoul", "Bren"),
]
"""Who gives the next command: the seat, its fighter and the target, in turn."""


class RoundRobinProxy:
    """A TCP proxy on a loopback port: each new connection goes to the next backend that accepts
    it (a refused one is skipped, as a proxy's passive health check does), and bytes are piped both
    ways until either side closes; then both are closed. It counts the connections it gave each
    backend and those open now."""

    def __init__(self, ports: list[int]) -> None:
        self.ports = ports
        self.turn = 0
        self.given: Counter[int] = Counter()
        self.open: Counter[int] = Counter()
        self.loop = asyncio.new_event_loop()
        self.port = 0
        self._server: asyncio.Server | None = None
        self._thread = threading.Thread(target=self.loop.run_forever, name="proxy", daemon=True)

    def start(self) -> RoundRobinProxy:
        self._thread.start()
        started = asyncio.run_coroutine_threadsafe(self._listen(), self.loop)
        self.port = started.result(timeout=10)
        return self

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def _listen(self) -> int:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        return int(self._server.sockets[0].getsockname()[1])

    async def _serve(self, client_in: asyncio.StreamReader, client_out: asyncio.StreamWriter) -> None:
        try:
            for _ in self.ports:
                port = self.ports[self.turn % len(self.ports)]
                self.turn += 1
                try:
                    host_in, host_out = await asyncio.open_connection("127.0.0.1", port)
                except OSError:  # that host is down: the next one
                    continue
                self.given[port] += 1
                self.open[port] += 1
                try:
                    pipes = [
                        asyncio.ensure_future(_pipe(client_in, host_out)),
                        asyncio.ensure_future(_pipe(host_in, client_out)),
                    ]
                    try:
                        await asyncio.wait(pipes, return_when=asyncio.FIRST_COMPLETED)
                    finally:
                        for task in pipes:
                            task.cancel()
                        await asyncio.gather(*pipes, return_exceptions=True)
                finally:
                    self.open[port] -= 1
                    host_out.close()
                return
        finally:  # either side closed, or no host is up
            client_out.close()

    def stop(self) -> None:
        async def close() -> None:
            if self._server is not None:
                self._server.close()
                await self._server.wait_closed()
            tasks = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(close(), self.loop).result(timeout=10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout=10)
        self.loop.close()


async def _pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
    """Copy ``source`` to ``sink`` until ``source`` ends or either breaks."""
    with contextlib.suppress(OSError):
        while chunk := await source.read(65536):
            sink.write(chunk)
            await sink.drain()


class Follower(threading.Thread):
    """One client of the live feed through the proxy: it reconnects with ``after=`` the last
    ``seq`` it saw whenever its socket drops, until it has seen :attr:`goal`."""

    def __init__(self, proxy: RoundRobinProxy, table_id: str, token: str, after: int) -> None:
        super().__init__(daemon=True)
        self.address = proxy.url.replace("http", "ws") + f"/api/v1/tables/{table_id}/live?token={token}"
        self.last = after
        self.messages: list[dict[str, Any]] = []
        self.connections = 0
        self.goal: int | None = None
        self.give_up = threading.Event()

    def run(self) -> None:
        from websockets.exceptions import ConnectionClosed, InvalidHandshake
        from websockets.sync.client import connect

        while not self.done():
            try:
                with connect(f"{self.address}&after={self.last}", open_timeout=10) as socket:
                    self.connections += 1
                    while not self.done():
                        with contextlib.suppress(TimeoutError):
                            message = json.loads(socket.recv(timeout=0.2))
                            self.messages.append(message)
                            self.last = message["seq"]
            except (ConnectionClosed, InvalidHandshake, OSError, TimeoutError):
                time.sleep(0.05)  # the host went away: through the proxy again, to whichever answers

    def done(self) -> bool:
        return self.give_up.is_set() or (self.goal is not None and self.last >= self.goal)

    def rebuilt_log(self) -> list[dict[str, Any]]:
        """The session's live log as this client's messages tell it (each version in turn)."""
        entries: list[dict[str, Any]] = []
        for message in self.messages:
            if message["kind"] == "command":
                assert message["version"] == len(entries) + 1, message
                entries.append({"command": message["command"], "events": message["events"]})
            elif message["kind"] == "undo":
                assert message["version"] == len(entries) - 1, message
                entries.pop()
        return entries


@dataclass
class Fight:
    """What the clients were told: the acknowledged entries of the live log (``None`` for a
    command whose answer was lost with its host: the log says whether it was written)."""

    live: list[dict[str, Any] | None] = field(default_factory=list)
    acknowledged: int = 0
    unsure: int = 0
    errors: list[str] = field(default_factory=list)
    """The requests whose connection broke (their host died under them)."""
    failure: str = ""
    """What stopped the fight early (an answer no host should give)."""


def play(proxy: RoundRobinProxy, sid: str, seats: dict[str, dict[str, str]], fight: Fight) -> None:
    """Give :data:`COMMANDS` commands through the proxy, each on a connection of its own (so the
    proxy spreads them over the hosts); a request whose host died is settled by the version."""
    fresh = httpx.Limits(max_keepalive_connections=0)  # a connection per request, so the proxy spreads them
    clients = {
        seat: httpx.Client(base_url=proxy.url, headers=h, timeout=10, limits=fresh)
        for seat, h in seats.items()
    }
    try:
        _play(clients, sid, fight)
    except AssertionError as error:  # a thread's failure is the test's
        fight.failure = str(error)
    finally:
        for client in clients.values():
            client.close()


def _play(clients: dict[str, httpx.Client], sid: str, fight: Fight) -> None:
    def send(seat: str, path: str, body: dict[str, Any]) -> httpx.Response | None:
        try:
            return clients[seat].post(path, json=body)
        except httpx.TransportError as error:
            fight.errors.append(type(error).__name__)
            return None

    def version_now() -> int:
        while True:
            with contextlib.suppress(httpx.TransportError):
                found = clients["gm"].get(f"/api/v1/sessions/{sid}")
                if found.status_code == 200:
                    return int(found.json()["version"])
            time.sleep(0.05)

    given = undone = 0
    while given < COMMANDS:
        version = len(fight.live)
        if given % UNDO_EVERY == UNDO_EVERY - 1 and undone <= given // UNDO_EVERY:
            answer = send("gm", f"/api/v1/sessions/{sid}/undo", {"version": version})
            if answer is not None and answer.status_code != 200:
                assert answer.status_code == 503, answer.text  # busy: take it back again
                continue
            if answer is None and version_now() != version - 1:
                continue  # not taken back: again
            fight.live.pop()
            undone += 1
        seat, actor, target = TURNS[given % len(TURNS)]
        command = {"attack": {"actor": actor, "target": target}}
        answer = send(
            seat, f"/api/v1/sessions/{sid}/commands", {"command": command, "version": len(fight.live)}
        )
        if answer is not None and answer.status_code == 200:
            fight.live.append({"command": command, "events": answer.json()["events"]})
            fight.acknowledged += 1
        elif answer is None and version_now() == len(fight.live) + 1:
            fight.live.append(None)  # written, its answer lost with the host
            fight.unsure += 1
        elif answer is not None:
            assert answer.status_code == 503, answer.text  # busy: give it again
            continue
        else:
            continue  # not written: give it again
        given += 1


@pytest.fixture
def hosts(tmp_path: Path) -> Iterator[list[ServerProcess]]:
    url = database_url(tmp_path)
    first = ServerProcess(url).start()
    second = ServerProcess(url).start()  # after the first: it finds the database migrated
    yield [first, second]
    second.stop()
    first.stop()


def _seat_table(proxy: RoundRobinProxy) -> tuple[str, dict[str, dict[str, str]], str]:
    base = proxy.url + "/api/v1"
    created = httpx.post(base + "/tables", json={"name": "T", "system": "toy"}).json()
    seats = {"gm": {"Authorization": f"Bearer {created['gm_token']}"}}
    members = {}
    for name, role in (("Ayla", "player"), ("Bren", "player"), ("Olga", "observer")):
        joined = httpx.post(
            base + f"/tables/{created['id']}/join",
            json={"join_code": created["join_code"], "name": name, "role": role},
        ).json()
        seats[name.lower()] = {"Authorization": f"Bearer {joined['token']}"}
        members[name] = joined["member_id"]
    session = httpx.post(
        base + f"/tables/{created['id']}/sessions",
        json={
            "kind": "toy-fight",
            "setup": {"fighters": FIGHTERS},
            "controllers": {"Ayla": members["Ayla"], "Bren": members["Bren"]},
        },
        headers=seats["gm"],
    )
    assert session.status_code == 201, session.text
    return created["id"], seats, session.json()["id"]


def test_a_host_killed_mid_fight_loses_nothing_its_clients_saw(hosts: list[ServerProcess]) -> None:
    doomed, survivor = hosts
    proxy = RoundRobinProxy([doomed.port, survivor.port]).start()
    try:
        table_id, seats, sid = _seat_table(proxy)
        after = httpx.get(proxy.url + f"/api/v1/tables/{table_id}", headers=seats["gm"]).json()["seq"]
        watching = ("gm", "gm", "ayla", "bren", "olga", "olga")
        followers = [Follower(proxy, table_id, seats[s]["Authorization"].split()[1], after) for s in watching]
        for follower in followers:
            follower.start()
            deadline = time.monotonic() + 30
            while not follower.connections and time.monotonic() < deadline:
                time.sleep(0.02)  # one at a time: the proxy hands them to the hosts in turn
        assert proxy.open[doomed.port] >= 3 and proxy.open[survivor.port] >= 3, proxy.open

        fight = Fight()
        player = threading.Thread(target=play, args=(proxy, sid, seats, fight), daemon=True)
        player.start()
        deadline = time.monotonic() + 60
        while fight.acknowledged < KILL_AFTER and player.is_alive() and time.monotonic() < deadline:
            time.sleep(0.005)
        served_before = dict(proxy.given)
        doomed.kill()  # kill -9, in the middle of the stream of commands
        player.join(timeout=120)
        assert not player.is_alive(), "the fight did not finish on the surviving host"
        assert not fight.failure, fight.failure
        assert served_before[doomed.port] > KILL_AFTER // 2 and served_before[survivor.port] > KILL_AFTER // 2

        table = httpx.get(proxy.url + f"/api/v1/tables/{table_id}", headers=seats["gm"]).json()
        for follower in followers:
            follower.goal = table["seq"]
        for follower in followers:
            follower.join(timeout=60)
            follower.give_up.set()
        logs = {
            seat: httpx.get(proxy.url + f"/api/v1/sessions/{sid}/log", headers=seats[seat]).json()
            for seat in set(watching)
        }
        state = httpx.get(proxy.url + f"/api/v1/sessions/{sid}", headers=seats["gm"]).json()
    finally:
        for follower in locals().get("followers", []):
            follower.give_up.set()
        proxy.stop()

    # every acknowledged command is in the log, at its place, with its events
    seen = {
        seat: [{"command": e["command"], "events": e["events"]} for e in log["log"]]
        for seat, log in logs.items()
    }
    entries = seen["gm"]
    assert logs["gm"]["version"] == len(entries) == len(fight.live)
    for told, stored in zip(fight.live, entries, strict=True):
        assert told is None or told == stored
    replayed = Session.replay(
        "toy-fight", {"fighters": FIGHTERS}, [(e["command"], e["events"]) for e in entries]
    )
    assert replayed.system.state_json(replayed.state) == state["state"]
    # the clients on the dead host reconnected, and every client saw each change once, in order
    assert sum(follower.connections for follower in followers) >= len(followers) + 3
    for seat, follower in zip(watching, followers, strict=True):
        assert [message["seq"] for message in follower.messages] == list(range(after + 1, table["seq"] + 1))
        assert follower.rebuilt_log() == seen[seat]  # as this member may see it (an observer: no commands)
    assert fight.acknowledged + fight.unsure == COMMANDS


def test_a_host_never_plays_on_from_a_session_another_host_took_back_and_played_again(
    hosts: list[ServerProcess],
) -> None:
    """Host B holds the session at version 1 in memory; host A takes that command back and gives
    another one at version 1 (other dice): B must play on from A's, not from its own memory."""
    one, other = hosts
    created = httpx.post(one.url + "/api/v1/tables", json={"name": "T", "system": "toy"}).json()
    gm = {"Authorization": f"Bearer {created['gm_token']}"}
    sid = httpx.post(
        one.url + f"/api/v1/tables/{created['id']}/sessions",
        json={"kind": "toy-fight", "setup": {"fighters": FIGHTERS}},
        headers=gm,
    ).json()["id"]

    def attack(host: ServerProcess, version: int, damage: int) -> None:
        body = {
            "command": {"attack": {"actor": "Ayla", "target": "Ghoul"}},
            "version": version,
            "dice": [damage],
        }
        answer = httpx.post(host.url + f"/api/v1/sessions/{sid}/commands", json=body, headers=gm)
        assert answer.status_code == 200, answer.text

    attack(other, 0, 1)  # B applies it: B holds the session at version 1
    undone = httpx.post(one.url + f"/api/v1/sessions/{sid}/undo", json={"version": 1}, headers=gm)
    assert undone.status_code == 200, undone.text
    attack(one, 0, 6)  # A gives another command at version 1
    attack(other, 1, 2)  # B, at version 1 too, but not its own
    for host in hosts:
        state = httpx.get(host.url + f"/api/v1/sessions/{sid}", headers=gm).json()
        ghoul = next(f for f in state["state"]["fighters"] if f["name"] == "Ghoul")
        assert (state["version"], ghoul["vigueur"]) == (2, 10_000 - 6 - 2)
