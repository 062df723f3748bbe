"""The table server under load (a script, not a test).

    .venv/bin/python benchmarks/table_load.py [--tables 50] [--clients 6] [--commands 30]
        [--pace 1.0] [--postgresql postgresql+psycopg://USER@HOST:PORT/DB]

Starts ``meneur serve`` on loopback (a SQLite file in a temporary folder; then, with
``--postgresql``, PostgreSQL with 2 workers), opens ``--tables`` tables with ``--clients`` WebSocket
clients each, and plays the demo Energy fight (``energy-fight``, again from the start when it ends)
on every table at once through the API, twice:

- **at a table's pace**: each table gives a command, waits until its last client has the event,
  then waits about ``--pace`` seconds (drawn between half and one and a half times it, so the
  tables do not move in step) before the next. One command a second per table is far busier than a
  real table, where a turn takes tens of seconds; this run is the latency goal's.
- **flat out**: each table gives its next command as soon as every client has the last one: the
  server's throughput, and its CPU time per command.

Each run prints p50 and p99 of command-to-broadcast latency (from the command's POST until the last
client of its table has the event), of the POST alone, commands per second, the server's CPU time
per command (its processes' user + system time over the run, from ``/proc``, less what the server
spends in the same time with only the floor's probe running), and, measured in the
same run, p50 and p99 of a no-op route (``GET /healthz``) as the floor. Goal: p99 under 100 ms at 50
tables, within 3x the floor. The load generator's own CPU use is printed too: near 100% of a core, it
is the bottleneck and the latencies include its own delays (as the floor's do).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2 as httpx
import websockets

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.server.process import ServerProcess  # noqa: E402

PROBE_EVERY = 0.05
"""Seconds between two no-op requests of the floor's probe."""
DEMO = ROOT / "src/meneur/systems/energy/combat/examples/demo.yaml"


def scripted_fight() -> tuple[dict[str, Any], list[Any]]:
    """The demo fight's setup and commands."""
    import yaml

    data = yaml.safe_load(DEMO.read_text(encoding="utf-8"))
    commands = data.pop("commands")
    return data, commands


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def cpu_seconds(root: int) -> tuple[float, float]:
    """User and system CPU time of process ``root`` and every process below it (from ``/proc``)."""
    parents: dict[int, int] = {}
    times: dict[int, tuple[float, float]] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        pid = int(entry.name)
        parents[pid] = int(fields[1])
        times[pid] = (int(fields[11]) / tick, int(fields[12]) / tick)
    user = system = 0.0
    for pid, (spent_user, spent_system) in times.items():
        walker = pid
        while walker not in (root, 0, 1) and walker in parents:
            walker = parents[walker]
        if walker == root:
            user, system = user + spent_user, system + spent_system
    return user, system


@dataclass
class Run:
    latencies: list[float] = field(default_factory=list)
    posts: list[float] = field(default_factory=list)
    noop: list[float] = field(default_factory=list)


@dataclass
class Table:
    http: httpx.AsyncClient
    table_id: str
    headers: dict[str, str]
    sockets: list[Any]
    session_id: str = ""
    version: int = 0


async def open_table(base: str, clients: int) -> Table:
    http = httpx.AsyncClient(base_url=base, timeout=120)
    created = (await http.post("/api/v1/tables", json={"name": "bench", "system": "energy"})).json()
    headers = {"Authorization": f"Bearer {created['gm_token']}"}
    after = (await http.get(f"/api/v1/tables/{created['id']}", headers=headers)).json()["seq"]
    url = (
        base.replace("http", "ws")
        + f"/api/v1/tables/{created['id']}/live?token={created['gm_token']}&after={after}"
    )
    sockets = [await websockets.connect(url, open_timeout=120, max_queue=None) for _ in range(clients)]
    return Table(http, created["id"], headers, sockets)


async def new_fight(table: Table, setup: dict[str, Any]) -> None:
    answer = await table.http.post(
        f"/api/v1/tables/{table.table_id}/sessions",
        json={"kind": "energy-fight", "setup": setup},
        headers=table.headers,
    )
    table.session_id, table.version = answer.json()["id"], 0
    for socket in table.sockets:  # each client sees the new session before the first command
        while json.loads(await socket.recv()).get("kind") != "session":
            pass


async def play(table: Table, count: int, pace: float, run: Run, seed: int) -> int:
    setup, commands = scripted_fight()
    chance = random.Random(seed)
    played = 0
    while played < count:
        if table.session_id == "" or table.version >= len(commands):
            await new_fight(table, setup)
        if pace:
            await asyncio.sleep(pace * chance.uniform(0.5, 1.5))
        start = time.perf_counter()
        answer = await table.http.post(
            f"/api/v1/sessions/{table.session_id}/commands",
            json={"command": commands[table.version], "version": table.version},
            headers=table.headers,
        )
        posted = time.perf_counter()
        if answer.status_code != 200:
            raise RuntimeError(f"command refused: {answer.status_code} {answer.text}")
        table.version += 1
        for socket in table.sockets:
            while json.loads(await socket.recv()).get("version") != table.version:
                pass
        run.latencies.append(time.perf_counter() - start)
        run.posts.append(posted - start)
        played += 1
    return played


async def floor(base: str, stop: asyncio.Event, samples: list[float]) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        while not stop.is_set():
            start = time.perf_counter()
            await http.get("/healthz")
            samples.append(time.perf_counter() - start)
            await asyncio.sleep(PROBE_EVERY)


def report(title: str, run: Run, played: int, elapsed: float, cpu: tuple[float, float]) -> None:
    ms = 1000
    print(f"  {title}: {played} commands in {elapsed:.1f} s: {played / elapsed:.0f} commands/s")
    print(
        f"    command -> last client: p50 {percentile(run.latencies, 0.5) * ms:.1f} ms, "
        f"p99 {percentile(run.latencies, 0.99) * ms:.1f} ms (mean {statistics.mean(run.latencies) * ms:.1f})"
    )
    print(
        f"    POST alone: p50 {percentile(run.posts, 0.5) * ms:.1f} ms, p99 {percentile(run.posts, 0.99) * ms:.1f} ms"
    )
    print(
        f"    no-op floor (GET /healthz): p50 {percentile(run.noop, 0.5) * ms:.1f} ms, "
        f"p99 {percentile(run.noop, 0.99) * ms:.1f} ms"
    )
    user, system = cpu
    print(
        f"    server CPU: {(user + system) / played * ms:.2f} ms a command with its broadcasts "
        f"(user {user / played * ms:.2f}, system {system / played * ms:.2f}; without the probe's)"
    )


async def idle_cpu(server: ServerProcess, seconds: float = 3.0) -> tuple[float, float]:
    """The server's CPU time a second with the tables' sockets open and only the floor's probe
    running: what a run's CPU time per command leaves out."""
    assert server.process is not None
    stop = asyncio.Event()
    prober = asyncio.create_task(floor(server.url, stop, []))
    before = cpu_seconds(server.process.pid)
    await asyncio.sleep(seconds)
    after = cpu_seconds(server.process.pid)
    stop.set()
    await prober
    return (after[0] - before[0]) / seconds, (after[1] - before[1]) / seconds


async def bench(server: ServerProcess, tables: int, clients: int, commands: int, pace: float) -> None:
    assert server.process is not None
    opened = await asyncio.gather(*(open_table(server.url, clients) for _ in range(tables)))
    try:
        idle = await idle_cpu(server)
        for title, wait in (("at a table's pace", pace), ("flat out", 0.0)):
            run = Run()
            stop = asyncio.Event()
            prober = asyncio.create_task(floor(server.url, stop, run.noop))
            cpu = cpu_seconds(server.process.pid)
            mine = time.process_time()
            start = time.perf_counter()
            played = await asyncio.gather(
                *(play(table, commands, wait, run, seed) for seed, table in enumerate(opened))
            )
            elapsed = time.perf_counter() - start
            mine = time.process_time() - mine
            after = cpu_seconds(server.process.pid)
            cpu = (after[0] - cpu[0] - idle[0] * elapsed, after[1] - cpu[1] - idle[1] * elapsed)
            stop.set()
            await prober
            report(
                title + (f" (about {wait:g} s between a table's commands)" if wait else ""),
                run,
                sum(played),
                elapsed,
                cpu,
            )
            print(f"    load generator (this process): {mine / elapsed:.0%} of a core")
    finally:
        for table in opened:
            for socket in table.sockets:
                await socket.close()
            await table.http.aclose()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--clients", type=int, default=6)
    parser.add_argument("--commands", type=int, default=30, help="commands per table in each run")
    parser.add_argument("--pace", type=float, default=1.0, help="seconds between a table's commands")
    parser.add_argument("--postgresql", default="")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        runs = [("SQLite, 1 process", f"sqlite:///{folder}/bench.sqlite3", 1)]
        if options.postgresql:
            runs.append(("PostgreSQL, 2 workers", options.postgresql, 2))
        for title, db, workers in runs:
            print(f"{title}, {options.tables} tables x {options.clients} clients (energy-fight):")
            server = ServerProcess(db, workers=workers).start()
            try:
                asyncio.run(bench(server, options.tables, options.clients, options.commands, options.pace))
            finally:
                server.stop()


if __name__ == "__main__":
    main()
