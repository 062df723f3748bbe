"""The real server as a subprocess, for the tests that kill it or race it."""

from __future__ import annotations

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
        self.process: subprocess.Popen[bytes] | None = None
        self.log: Any = None

    def start(self) -> ServerProcess:
        args = [sys.executable, "-m", "tests.server.run_server", "--db", self.db, "--port", str(self.port)]
        if self.workers > 1:
            args += ["--workers", str(self.workers)]
        # the tests' own sources first (a worktree's), then what the caller's path had
        path = os.pathsep.join([str(ROOT / "src"), str(ROOT), os.environ.get("PYTHONPATH", "")])
        env = {**os.environ, "PYTHONPATH": path, **self.env}
        self.log = tempfile.NamedTemporaryFile(prefix="meneur-server-", suffix=".log", delete=False)  # noqa: SIM115
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
