"""The table server under load (a script, not a test).

    .venv/bin/python benchmarks/table_load.py [--tables 50] [--clients 6] [--commands 20]
        [--postgresql postgresql+psycopg://USER@HOST:PORT/DB]

Starts ``meneur serve`` on loopback (a SQLite file in a temporary folder; then, with
``--postgresql``, PostgreSQL with 2 workers), opens ``--tables`` tables with ``--clients`` WebSocket
clients each, and plays a scripted fight on every table at once through the API: Energy fights
(``energy-fight``) when the combat engine is on the kernel, else the server tests' small system.
Prints p50 and p99 of command-to-broadcast latency (from the command's POST until the last client of
its table has the event), commands per second, and, measured in the same run, p50 and p99 of a
no-op route (``GET /healthz``) as the floor. Goal: p99 under 100 ms at 50 tables, within 3x the
floor.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
import websockets

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.server.process import ServerProcess  # noqa: E402


def scripted_fight() -> tuple[str, str, dict[str, Any], list[Any]]:
    """The table system, the session kind, its setup and the commands of one fight."""
    try:
        __import__("meneur.systems.energy.combat.engine")
    except ImportError:
        fighters = [{"name": "A", "vigueur": 1_000_000}, {"name": "B", "vigueur": 1_000_000}]
        commands = [
            {"attack": {"actor": "A" if i % 2 else "B", "target": "B" if i % 2 else "A"}} for i in range(1000)
        ]
        return "toy", "toy-fight", {"fighters": fighters}, commands
    import yaml

    demo = ROOT / "src/meneur/systems/energy/combat/examples/demo.yaml"
    data = yaml.safe_load(demo.read_text(encoding="utf-8"))
    commands = data.pop("commands")
    return "energy", "energy-fight", data, commands


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def play_table(base: str, clients: int, count: int, latencies: list[float]) -> int:
    system, kind, setup, commands = scripted_fight()
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        created = (await http.post("/api/v1/tables", json={"name": "bench", "system": system})).json()
        headers = {"Authorization": f"Bearer {created['gm_token']}"}
        sid = (
            await http.post(
                f"/api/v1/tables/{created['id']}/sessions",
                json={"kind": kind, "setup": setup},
                headers=headers,
            )
        ).json()["id"]
        after = (await http.get(f"/api/v1/tables/{created['id']}", headers=headers)).json()["seq"]
        url = (
            base.replace("http", "ws")
            + f"/api/v1/tables/{created['id']}/live?token={created['gm_token']}&after={after}"
        )
        sockets = [await websockets.connect(url, open_timeout=60) for _ in range(clients)]
        played = 0
        try:
            for version, command in enumerate(commands[:count]):
                start = time.perf_counter()
                answer = await http.post(
                    f"/api/v1/sessions/{sid}/commands",
                    json={"command": command, "version": version},
                    headers=headers,
                )
                if answer.status_code != 200:
                    break
                for socket in sockets:
                    while json.loads(await socket.recv()).get("version") != version + 1:
                        pass
                latencies.append(time.perf_counter() - start)
                played += 1
        finally:
            for socket in sockets:
                await socket.close()
        return played


async def floor(base: str, stop: asyncio.Event, samples: list[float]) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        while not stop.is_set():
            start = time.perf_counter()
            await http.get("/healthz")
            samples.append(time.perf_counter() - start)
            await asyncio.sleep(0.01)


async def run(base: str, tables: int, clients: int, commands: int) -> None:
    latencies: list[float] = []
    noop: list[float] = []
    stop = asyncio.Event()
    prober = asyncio.create_task(floor(base, stop, noop))
    start = time.perf_counter()
    played = await asyncio.gather(*(play_table(base, clients, commands, latencies) for _ in range(tables)))
    elapsed = time.perf_counter() - start
    stop.set()
    await prober
    ms = 1000
    print(
        f"  {sum(played)} commands on {tables} tables x {clients} clients in {elapsed:.1f} s: "
        f"{sum(played) / elapsed:.0f} commands/s"
    )
    print(
        f"  command -> last client: p50 {percentile(latencies, 0.5) * ms:.1f} ms, "
        f"p99 {percentile(latencies, 0.99) * ms:.1f} ms (mean {statistics.mean(latencies) * ms:.1f})"
    )
    print(
        f"  no-op floor (GET /healthz): p50 {percentile(noop, 0.5) * ms:.1f} ms, "
        f"p99 {percentile(noop, 0.99) * ms:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--clients", type=int, default=6)
    parser.add_argument("--commands", type=int, default=20)
    parser.add_argument("--postgresql", default="")
    options = parser.parse_args()
    kind = scripted_fight()[1]
    with tempfile.TemporaryDirectory() as folder:
        runs = [("SQLite, 1 process", f"sqlite:///{folder}/bench.sqlite3", 1)]
        if options.postgresql:
            runs.append(("PostgreSQL, 2 workers", options.postgresql, 2))
        for title, db, workers in runs:
            print(f"{title} ({kind}):")
            server = ServerProcess(db, workers=workers).start()
            try:
                asyncio.run(run(server.url, options.tables, options.clients, options.commands))
            finally:
                server.stop()


if __name__ == "__main__":
    main()
