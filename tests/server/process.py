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

import httpx2 as httpx

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class ServerProcess:
    """``meneur serve`` (with the test system) on a free loopback port."""

    def __init__(self, db: str, workers: int = 1, port: int | None = None) -> None:
        self.db = db
        self.workers = workers
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.log: Any = None

    def start(self) -> ServerProcess:
        args = [sys.executable, "-m", "tests.server.run_server", "--db", self.db, "--port", str(self.port)]
        if self.workers > 1:
            args += ["--workers", str(self.workers)]
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
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
