"""The table server under load (a script, not a test).

    .venv/bin/python benchmarks/table_load.py [--preset table-pace|flat-out] [--tables 50]
        [--clients 6] [--commands 30] [--pace 1.0] [--py-spy FILE]
        [--postgresql postgresql+psycopg://USER@HOST:PORT/DB]

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

``--preset table-pace`` is the first run alone at 500 tables, a command per table every 5 seconds
(about 100 commands a second: a busy evening of a large server); ``--preset flat-out`` the second
alone. An option given beside a preset wins over it.

Each run prints p50 and p99 of command-to-broadcast latency (from the command's POST until the last
client of its table has the event), of the POST alone, commands per second, the server's CPU time
per command (its processes' user + system time over the run, from ``/proc``, less what the server
spends in the same time with only the floor's probe running) and its ratio to the engine's own cost
of a command (the same fight played through ``Session`` in this process, measured right after the
run: the machine's load changes both alike), and, measured in the same run, p50 and p99 of a no-op
route (``GET /healthz``) as the floor. It prints the server's memory per table too (its processes'
resident memory over the tables open), and the idle server's CPU a second with every socket open
(with no request at all: what quiet sockets cost; and with the floor's probe alone). Goal: p99
under 100 ms at 50 tables, within 3x the floor.
The load generator's own CPU use is printed too: near 100% of a core, it is the bottleneck and the
latencies include its own delays (as the floor's do). Its 3,000 sockets at 500 tables are a large
heap too: it freezes what it holds every 2 seconds, as the server does (``meneur.server.collector``),
so that its own full collections (170 to 320 ms each, nine in a run of 80 s, before) do not count in
the server's latencies, and it prints how often and how long its collector paused it in each run.

Errors are counted, not fatal: a dropped connection (``httpx.ReadError``, a socket closed), an answer
5xx or refused, a client that waits more than :data:`TIMEOUT` seconds. The table it happened at
stops playing; the others go on, and the errors are printed by kind with the first few's details.
A run with any error is a failed run: the script exits with status 1.

``--py-spy FILE`` samples the server during each run with py-spy (on ``PATH``: ``pip install
py-spy``) and prints the functions the server's CPU went to (by their own samples, and with what
they call); the raw stacks are kept in ``FILE.<run>.txt`` (py-spy's collapsed format, which flame
graph tools read).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import gc
import json
import os
import random
import shutil
import signal
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2 as httpx
import websockets

from meneur.server import collector

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.server.process import ServerProcess  # noqa: E402

FREEZE_EVERY = 2.0
"""Seconds between two freezes of the load generator's heap (``gc.freeze``)."""
PROBE_EVERY = 0.05
"""Seconds between two no-op requests of the floor's probe."""
DEMO = ROOT / "src/meneur/systems/energy/combat/examples/demo.yaml"
TIMEOUT = 60.0
"""Seconds a client waits for an answer or a broadcast before it counts an error."""
KEEP_IDLE = 4.0
"""Seconds the load generator keeps an idle HTTP connection (``--keep-idle``): less than the
server's keep-alive (5 s, ``MENEUR_KEEP_ALIVE``). At the same 5 s (httpx's default), a table whose
next command comes about 5 seconds after its last one sends it on the connection the server is
closing at that moment, and lose it (``httpx.RemoteProtocolError``: the server disconnected without
an answer, or ``httpx.ReadError``), as any HTTP/1.1 client that keeps a connection as long as the
server does (a race a short run may not meet)."""
PRESETS: dict[str, dict[str, Any]] = {
    "table-pace": {"tables": 500, "pace": 5.0, "commands": 6, "runs": ("pace",)},
    "flat-out": {"tables": 50, "runs": ("flat",)},
}
OPEN_AT_ONCE = 25
"""Tables opening at the same time (a new table, its read, its sockets): a server's tables arrive over
an evening, not 500 in the same second (which the server answers with 503 ``busy`` once its
database's pool has kept requests waiting ``MENEUR_DB_POOL_TIMEOUT`` seconds). The opening is not
measured."""
DEFAULTS: dict[str, Any] = {"tables": 50, "clients": 6, "commands": 30, "pace": 1.0, "runs": ("pace", "flat")}


def scripted_fight() -> tuple[dict[str, Any], list[Any]]:
    """The demo fight's setup and commands."""
    import yaml

    data = yaml.safe_load(DEMO.read_text(encoding="utf-8"))
    commands = data.pop("commands")
    return data, commands


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def _processes(root: int) -> list[int]:
    """Process ``root`` and every process below it (from ``/proc``)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        parents[int(entry.name)] = int(stat[stat.rindex(")") + 2 :].split()[1])
    found = []
    for pid in parents:
        walker = pid
        while walker not in (root, 0, 1) and walker in parents:
            walker = parents[walker]
        if walker == root:
            found.append(pid)
    return found


def cpu_seconds(root: int) -> tuple[float, float]:
    """User and system CPU time of process ``root`` and every process below it (from ``/proc``)."""
    tick = os.sysconf("SC_CLK_TCK")
    user = system = 0.0
    for pid in _processes(root):
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        user, system = user + int(fields[11]) / tick, system + int(fields[12]) / tick
    return user, system


def rss_bytes(root: int) -> int:
    """The resident memory of process ``root`` and every process below it."""
    total = 0
    for pid in _processes(root):
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1]) * 1024
    return total


def engine_cost(commands: int) -> float:
    """CPU seconds the engine alone spends on one command of the demo fight (``Session.new`` once a
    fight, ``Session.do`` for each of its commands), over about ``commands`` commands."""
    from meneur.engine.session import Session

    setup, script = scripted_fight()
    done = 0
    start = time.process_time()
    while done < commands:
        session = Session.new("energy-fight", setup)
        for command in script:
            session.do(command)
            done += 1
    return (time.process_time() - start) / done


@dataclass
class Errors:
    """The errors of a run, by kind, with the first few's details."""

    counts: collections.Counter[str] = field(default_factory=collections.Counter)
    details: list[str] = field(default_factory=list)

    def add(self, kind: str, detail: str) -> None:
        self.counts[kind] += 1
        if len(self.details) < 5:
            self.details.append(f"{kind}: {detail}")

    @property
    def total(self) -> int:
        return sum(self.counts.values())


class Pauses:
    """The load generator's own collector pauses (``gc.callbacks``): how many, the longest."""

    def __init__(self) -> None:
        self.seconds: list[float] = []
        self._start = 0.0

    def __enter__(self) -> Pauses:
        gc.callbacks.append(self._told)
        return self

    def __exit__(self, *_: object) -> None:
        gc.callbacks.remove(self._told)

    def _told(self, phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            self._start = time.perf_counter()
        else:
            self.seconds.append(time.perf_counter() - self._start)

    def report(self) -> str:
        longest = max(self.seconds, default=0.0)
        return (
            f"its collector paused it {len(self.seconds)} times, {sum(self.seconds) * 1000:.0f} ms in all, "
            f"the longest {longest * 1000:.1f} ms"
        )


@dataclass
class Run:
    latencies: list[float] = field(default_factory=list)
    posts: list[float] = field(default_factory=list)
    noop: list[float] = field(default_factory=list)
    errors: Errors = field(default_factory=Errors)


class BrokenError(Exception):
    """A table's client met an error (counted): the table stops playing."""


@dataclass
class Table:
    http: httpx.AsyncClient
    table_id: str
    headers: dict[str, str]
    sockets: list[Any]
    session_id: str = ""
    version: int = 0
    broken: bool = False


_TLS = ssl.create_default_context()
"""One TLS context for every table's client: httpx makes one for each client otherwise (about 70 ms
of CPU each, the system's certificates loaded), 35 CPU-s for 500 tables on the server's two cores."""


def _client(base: str) -> httpx.AsyncClient:
    return httpx.AsyncClient(
        base_url=base, timeout=TIMEOUT, limits=httpx.Limits(keepalive_expiry=keep_idle), verify=_TLS
    )


keep_idle = KEEP_IDLE


async def _call(errors: Errors, what: str, work: Any) -> Any:
    """``work`` (a request, or a client's wait for a broadcast), its errors counted."""
    try:
        answer = await asyncio.wait_for(work, TIMEOUT)
    except TimeoutError:
        errors.add("timeout", f"{what}: nothing after {TIMEOUT:g} s")
        raise BrokenError from None
    except httpx.HTTPError as error:
        errors.add(type(error).__name__, f"{what}: {error!r}")
        raise BrokenError from None
    except websockets.InvalidStatus as error:  # a handshake refused: the server's cap answers 503
        errors.add(f"socket refused (HTTP {error.response.status_code})", f"{what}: {error}")
        raise BrokenError from None
    except websockets.InvalidHandshake as error:
        errors.add("socket handshake", f"{what}: {error!r}")
        raise BrokenError from None
    except websockets.ConnectionClosed as error:
        errors.add("socket closed", f"{what}: code {error.rcvd.code if error.rcvd else 'none'}")
        raise BrokenError from None
    except OSError as error:
        errors.add(type(error).__name__, f"{what}: {error!r}")
        raise BrokenError from None
    if isinstance(answer, httpx.Response) and answer.status_code >= 300:
        kind = "HTTP 5xx" if answer.status_code >= 500 else f"HTTP {answer.status_code}"
        errors.add(kind, f"{what}: {answer.status_code} {answer.text[:200]}")
        raise BrokenError
    return answer


async def open_table(base: str, clients: int, errors: Errors) -> Table | None:
    http = _client(base)
    try:
        created = (
            await _call(
                errors, "new table", http.post("/api/v1/tables", json={"name": "bench", "system": "energy"})
            )
        ).json()
        headers = {"Authorization": f"Bearer {created['gm_token']}"}
        answer = await _call(errors, "table", http.get(f"/api/v1/tables/{created['id']}", headers=headers))
        url = (
            base.replace("http", "ws")
            + f"/api/v1/tables/{created['id']}/live?token={created['gm_token']}&after={answer.json()['seq']}"
        )
        sockets = [
            await _call(errors, "socket", websockets.connect(url, open_timeout=TIMEOUT, max_queue=None))
            for _ in range(clients)
        ]
    except BrokenError:
        await http.aclose()
        return None
    return Table(http, created["id"], headers, sockets)


async def _until(socket: Any, done: Any) -> None:
    while not done(json.loads(await socket.recv())):
        pass


async def new_fight(table: Table, setup: dict[str, Any], errors: Errors) -> None:
    answer = await _call(
        errors,
        "new fight",
        table.http.post(
            f"/api/v1/tables/{table.table_id}/sessions",
            json={"kind": "energy-fight", "setup": setup},
            headers=table.headers,
        ),
    )
    table.session_id, table.version = answer.json()["id"], 0
    for socket in table.sockets:  # each client sees the new session before the first command
        await _call(errors, "socket (session)", _until(socket, lambda m: m.get("kind") == "session"))


async def play(table: Table, count: int, pace: float, run: Run, seed: int) -> int:
    setup, commands = scripted_fight()
    chance = random.Random(seed)
    played = 0
    if table.broken:
        return played
    try:
        while played < count:
            if table.session_id == "" or table.version >= len(commands):
                await new_fight(table, setup, run.errors)
            if pace:
                await asyncio.sleep(pace * chance.uniform(0.5, 1.5))
            start = time.perf_counter()
            await _call(
                run.errors,
                "command",
                table.http.post(
                    f"/api/v1/sessions/{table.session_id}/commands",
                    json={"command": commands[table.version], "version": table.version},
                    headers=table.headers,
                ),
            )
            posted = time.perf_counter()
            table.version += 1
            for socket in table.sockets:
                version = table.version
                await _call(
                    run.errors, "socket (command)", _until(socket, lambda m, v=version: m.get("version") == v)
                )
            run.latencies.append(time.perf_counter() - start)
            run.posts.append(posted - start)
            played += 1
    except BrokenError:
        table.broken = True
    return played


async def floor(base: str, stop: asyncio.Event, samples: list[float], errors: Errors) -> None:
    async with _client(base) as http:
        while not stop.is_set():
            start = time.perf_counter()
            try:
                await _call(errors, "GET /healthz", http.get("/healthz"))
            except BrokenError:
                pass
            else:
                samples.append(time.perf_counter() - start)
            await asyncio.sleep(PROBE_EVERY)


def report(
    title: str, run: Run, played: int, elapsed: float, cpu: tuple[float, float], engine: float
) -> None:
    ms = 1000
    print(f"  {title}: {played} commands in {elapsed:.1f} s: {played / elapsed:.0f} commands/s")
    if not played:
        return
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
    per = (user + system) / played
    print(
        f"    server CPU: {per * ms:.2f} ms a command with its broadcasts "
        f"(user {user / played * ms:.2f}, system {system / played * ms:.2f}; without the probe's)"
    )
    print(
        f"    engine alone (Session, this process, after the run): {engine * ms:.3f} ms a command; "
        f"server / engine: {per / engine:.1f}x"
    )


def report_errors(title: str, errors: Errors) -> None:
    if not errors.total:
        print(f"    errors: none ({title})")
        return
    kinds = ", ".join(f"{count} {kind}" for kind, count in errors.counts.most_common())
    print(f"    ERRORS: {errors.total} ({kinds})")
    for detail in errors.details:
        print(f"      {detail}")


async def idle_cpu(server: ServerProcess, seconds: float = 10.0, probe: bool = True) -> tuple[float, float]:
    """The server's CPU time a second with the tables' sockets open and only the floor's probe
    running (or nothing at all, without ``probe``: what the quiet sockets cost): what a run's CPU
    time per command leaves out."""
    assert server.process is not None
    stop = asyncio.Event()
    prober = asyncio.create_task(floor(server.url, stop, [], Errors())) if probe else None
    before = cpu_seconds(server.process.pid)
    await asyncio.sleep(seconds)
    after = cpu_seconds(server.process.pid)
    stop.set()
    if prober is not None:
        await prober
    return (after[0] - before[0]) / seconds, (after[1] - before[1]) / seconds


class Sampler:
    """py-spy recording the server's processes during a run (``None`` path: nothing)."""

    def __init__(self, path: str, pid: int, name: str) -> None:
        self.process: subprocess.Popen[bytes] | None = None
        self.output = f"{path}.{name}.txt" if path else ""
        if not path:
            return
        spy = shutil.which("py-spy")
        if spy is None:
            raise SystemExit("--py-spy: py-spy is not on PATH (pip install py-spy)")
        self.process = subprocess.Popen(
            [
                spy,
                "record",
                "--pid",
                str(pid),
                "--subprocesses",
                "--rate",
                "200",
                "--gil",
                "--format",
                "raw",
                "--output",
                self.output,
                "--nonblocking",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.send_signal(signal.SIGINT)
        self.process.wait(timeout=60)
        summarize(self.output)


def summarize(path: str, top: int = 20) -> None:
    """Where the samples of ``path`` (py-spy's raw stacks, the thread holding the GIL) went: the
    functions by their own samples, the packages by their functions' own samples, and meneur's
    functions with what they call (the server's start-up frames, under every sample, left out)."""
    own: collections.Counter[str] = collections.Counter()
    packages: collections.Counter[str] = collections.Counter()
    within: collections.Counter[str] = collections.Counter()
    total = 0
    for line in Path(path).read_text(encoding="utf-8", errors="replace").splitlines():
        stack, _, count = line.rpartition(" ")
        if not count.isdigit():
            continue
        frames = [
            _short(frame) for frame in stack.split(";") if not frame.startswith(("process ", "thread "))
        ]
        samples = int(count)
        total += samples
        if frames:
            own[frames[-1]] += samples
            packages[_package(frames[-1])] += samples
        for name in {frame for frame in frames if _package(frame) == "meneur" and "/cli" not in frame}:
            within[name] += samples
    print(f"    py-spy: {total} samples of the server holding the GIL ({path})")
    for title, counter in (
        ("own time", own),
        ("package (own time)", packages),
        ("meneur's functions, with what they call", within),
    ):
        print(f"    top by {title}:")
        for name, samples in counter.most_common(top):
            print(f"      {samples / max(total, 1):6.1%}  {name}")


def _short(frame: str) -> str:
    """``function (path/to/module.py:12)`` as ``function (module.py)``."""
    name, _, where = frame.partition(" (")
    file = where.rsplit(":", 1)[0]
    for marker in ("site-packages/", "/src/", "lib/python3.11/"):
        if marker in file:
            file = file.split(marker, 1)[1]
            break
    return f"{name} ({file})"


def _package(frame: str) -> str:
    """The package of a :func:`_short` frame (``sqlalchemy``, ``meneur``, ``asyncio``...)."""
    file = frame.rpartition(" (")[2].rstrip(")")
    return file.split("/", 1)[0].removesuffix(".py") if "/" in file or file.endswith(".py") else file


async def bench(server: ServerProcess, options: argparse.Namespace) -> int:
    """The runs; the number of errors they met."""
    assert server.process is not None
    empty = rss_bytes(server.process.pid)
    opening = Errors()
    at_once = asyncio.Semaphore(OPEN_AT_ONCE)

    async def open_one() -> Table | None:
        async with at_once:
            return await open_table(server.url, options.clients, opening)

    found = await asyncio.gather(*(open_one() for _ in range(options.tables)))
    opened = [table for table in found if table is not None]
    print(f"  {len(opened)} tables open ({options.tables * options.clients} sockets asked)")
    report_errors("opening the tables", opening)
    failures = opening.total
    gc.freeze()  # the tables' clients and sockets, then every 2 s what came since (as the server does)
    clock = collector.schedule(FREEZE_EVERY, 0.0)
    try:
        quiet = await idle_cpu(server, probe=False)
        idle = await idle_cpu(server)
        print(
            f"  idle server ({len(opened) * options.clients} sockets open): {sum(quiet) * 1000:.0f} ms of "
            f"CPU a second with no request, {sum(idle) * 1000:.0f} ms with the floor's probe"
        )
        runs = {"pace": ("at a table's pace", options.pace), "flat": ("flat out", 0.0)}
        for name in options.runs:
            title, wait = runs[name]
            run = Run()
            stop = asyncio.Event()
            prober = asyncio.create_task(floor(server.url, stop, run.noop, run.errors))
            sampler = Sampler(options.py_spy, server.process.pid, name)
            cpu = cpu_seconds(server.process.pid)
            mine = time.process_time()
            start = time.perf_counter()
            with Pauses() as pauses:
                played = await asyncio.gather(
                    *(play(table, options.commands, wait, run, seed) for seed, table in enumerate(opened))
                )
            elapsed = time.perf_counter() - start
            mine = time.process_time() - mine
            after = cpu_seconds(server.process.pid)
            cpu = (after[0] - cpu[0] - idle[0] * elapsed, after[1] - cpu[1] - idle[1] * elapsed)
            stop.set()
            await prober
            engine = engine_cost(max(200, sum(played)))
            report(
                title + (f" (about {wait:g} s between a table's commands)" if wait else ""),
                run,
                sum(played),
                elapsed,
                cpu,
                engine,
            )
            print(f"    load generator (this process): {mine / elapsed:.0%} of a core; {pauses.report()}")
            stopped = sum(table.broken for table in opened)
            if stopped:
                print(f"    tables stopped by an error: {stopped} of {len(opened)}")
            report_errors(title, run.errors)
            failures += run.errors.total
            sampler.stop()
        rss = rss_bytes(server.process.pid)
        mib = 1024 * 1024
        print(
            f"  server memory: {rss / mib:.0f} MiB resident for {len(opened)} tables: "
            f"{rss / max(len(opened), 1) / mib:.2f} MiB a table; "
            f"{(rss - empty) / max(len(opened), 1) / 1024:.0f} KiB a table over the empty server's "
            f"{empty / mib:.0f} MiB"
        )
    finally:
        if clock is not None:
            clock.cancel()
        for table in opened:
            for socket in table.sockets:
                await socket.close()
            await table.http.aclose()
    return failures


def server_log(server: ServerProcess, lines: int = 15) -> None:
    """The server's last warnings and errors (what it said about the connections it dropped)."""
    if server.log is None:
        return
    said = Path(server.log.name).read_text(encoding="utf-8", errors="replace").splitlines()
    found = [line for line in said if any(word in line for word in ("WARNING", "ERROR", "Traceback"))]
    print(f"  the server's log: {len(found)} warnings and errors; the last ones:")
    for line in found[-lines:]:
        print(f"    {line[:300]}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--preset", choices=sorted(PRESETS), default="")
    parser.add_argument("--tables", type=int, default=None, help=f"default {DEFAULTS['tables']}")
    parser.add_argument("--clients", type=int, default=None, help=f"default {DEFAULTS['clients']}")
    parser.add_argument(
        "--commands",
        type=int,
        default=None,
        help=f"commands per table in each run (default {DEFAULTS['commands']})",
    )
    parser.add_argument(
        "--pace",
        type=float,
        default=None,
        help=f"seconds between a table's commands (default {DEFAULTS['pace']:g})",
    )
    parser.add_argument("--py-spy", default="", metavar="FILE", help="sample the server with py-spy")
    parser.add_argument(
        "--keep-idle",
        type=float,
        default=KEEP_IDLE,
        help=f"seconds a client keeps an idle HTTP connection (default {KEEP_IDLE:g}; the server keeps one 5 s)",
    )
    parser.add_argument(
        "--max-connections",
        type=int,
        default=0,
        help="the server's connection cap (MENEUR_MAX_CONNECTIONS; default: enough for every socket)",
    )
    parser.add_argument("--postgresql", default="")
    options = parser.parse_args()
    for name, value in {**DEFAULTS, **PRESETS.get(options.preset, {})}.items():
        if getattr(options, name, None) is None:
            setattr(options, name, value)
    # every socket a connection: the server's cap (1000 a worker by default) is raised to fit
    global keep_idle
    keep_idle = options.keep_idle
    # every socket is a connection: the server's cap (1000 a worker by default) is raised to fit them
    cap = options.max_connections or max(1000, options.tables * (options.clients + 2) + 100)
    env = {"MENEUR_MAX_CONNECTIONS": str(cap)}
    failures = 0
    with tempfile.TemporaryDirectory() as folder:
        runs = [("SQLite, 1 process", f"sqlite:///{folder}/bench.sqlite3", 1)]
        if options.postgresql:
            runs.append(("PostgreSQL, 2 workers", options.postgresql, 2))
        for title, db, workers in runs:
            print(f"{title}, {options.tables} tables x {options.clients} clients (energy-fight):")
            server = ServerProcess(db, workers=workers, env=env).start()
            try:
                found = asyncio.run(bench(server, options))
                if found:
                    server_log(server)
                failures += found
            finally:
                server.stop()
    if failures:
        print(f"FAILED: {failures} errors (see above)")
        sys.exit(1)


if __name__ == "__main__":
    main()
