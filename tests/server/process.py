"""The real server as a subprocess, for the tests that kill it or race it."""

from __future__ import annotations

import atexit
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tests import loopback as httpx

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class ServerProcess:
    """``meneur serve`` (with the test system) on a free loopback port."""

    def __init__(
        self, db: str, workers: int = 1, port: int | None = None, env: dict[str, str] | None = None
    ) -> None:
        self.db = db
        self.env = env or {}
        self.workers = workers
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | Forked | None = None
        self.log: Any = None

    def start(self) -> ServerProcess:
        options = ["--db", self.db, "--port", str(self.port)]
        env = {**os.environ, "PYTHONPATH": _path(), **self.env}
        self.log = tempfile.NamedTemporaryFile(prefix="meneur-server-", suffix=".log", delete=False)  # noqa: SIM115
        if self.workers == 1 and env["PYTHONPATH"] == _path():
            self.process = _fork(options, env, self.log.name)
        else:  # uvicorn's workers are spawned, not forked: nothing to gain
            args = [sys.executable, "-m", "tests.server.run_server", *options]
            if self.workers > 1:
                args += ["--workers", str(self.workers)]
            self.process = subprocess.Popen(
                args, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=self.log, start_new_session=True
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(Path(self.log.name).read_text(encoding="utf-8", errors="replace"))
            try:
                if httpx.get(self.url + "/healthz", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        """kill -9 the whole process group (every worker)."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
        if self.log is not None:
            self.log.close()
            Path(self.log.name).unlink(missing_ok=True)


def _path() -> str:
    """The tests' own sources first (a worktree's), then what the caller's path had."""
    return os.pathsep.join([str(ROOT / "src"), str(ROOT), os.environ.get("PYTHONPATH", "")])


class Forked:
    """A server forked by the warm parent (:mod:`tests.server.forks`), which reaps it: what the
    tests ask of a :class:`subprocess.Popen` (its exit status is not known here)."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None:
            try:
                state = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
            except (OSError, IndexError):
                state = "gone"
            if state in ("Z", "X", "gone"):
                self.returncode = -1
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if deadline is not None and time.monotonic() > deadline:
                raise subprocess.TimeoutExpired(str(self.pid), timeout or 0)
            time.sleep(0.02)
        assert self.returncode is not None
        return self.returncode


_parent: subprocess.Popen[str] | None = None


def _fork(options: list[str], env: dict[str, str], log: str) -> Forked:
    """A server forked from this test process's warm parent (started at its first server)."""
    global _parent
    if _parent is None or _parent.poll() is not None:
        _parent = subprocess.Popen(
            [sys.executable, "-m", "tests.server.forks"],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": _path()},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert _parent.stdout is not None
        atexit.register(_close_parent, _parent)
        if _parent.stdout.readline() != "ready\n":
            raise RuntimeError("the tests' server parent did not start")
    assert _parent.stdin is not None and _parent.stdout is not None
    _parent.stdin.write(json.dumps({"args": options, "env": env, "log": log, "cwd": str(ROOT)}) + "\n")
    _parent.stdin.flush()
    return Forked(int(_parent.stdout.readline()))


def _close_parent(parent: subprocess.Popen[str]) -> None:
    """At the test process's exit: the parent reads the end of its input and exits, and is waited
    for (so its children's CPU counts in this process's)."""
    if parent.stdin is not None:
        parent.stdin.close()
    try:
        parent.wait(timeout=10)
    except subprocess.TimeoutExpired:
        parent.kill()


def worker_pids(server: ServerProcess) -> list[int]:
    """The uvicorn workers of ``server``, once each of them serves."""
    deadline = time.monotonic() + 60
    while True:
        pids = _workers(server)
        if len(pids) == server.workers and all(_serves(server, pid) for pid in pids):
            return pids
        assert time.monotonic() < deadline, f"{len(pids)} of {server.workers} workers serving"
        time.sleep(0.2)


def _workers(server: ServerProcess) -> list[int]:
    """The processes that ``server`` spawned to serve (uvicorn's workers)."""
    assert server.process is not None
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdecimal():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        if parent == server.process.pid and b"spawn_main" in command:
            pids.append(int(entry.name))
    return sorted(pids)


def _serves(server: ServerProcess, pid: int) -> bool:
    """Whether worker ``pid`` answers ``/_test/process`` while the others are stopped."""
    try:
        with only_worker(server, pid), httpx.Client(base_url=server.url, timeout=2) as fresh:
            return bool(fresh.get("/_test/process").json()["process"] == pid)
    except httpx.HTTPError:
        return False


class only_worker:  # noqa: N801 (a context manager, read as a phrase)
    """Stop (SIGSTOP) every worker but ``pid``, so that the kernel gives every new connection to
    ``pid``; continue them on leaving. Keep the block short: uvicorn's supervisor restarts a worker
    that does not answer its health check within 5 s."""

    def __init__(self, server: ServerProcess, pid: int) -> None:
        self.others = [other for other in _workers(server) if other != pid]

    def __enter__(self) -> None:
        for other in self.others:
            os.kill(other, signal.SIGSTOP)

    def __exit__(self, *exc: object) -> None:
        for other in self.others:
            os.kill(other, signal.SIGCONT)
