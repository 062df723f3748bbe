"""A warm parent for the tests' servers: ``python -m tests.server.forks`` imports the server, builds
one throwaway app (so every module a start needs is imported), then forks a ``meneur serve`` for
each request it reads on its standard input.

A server's start is about 3 seconds of CPU, nearly all of it importing Python modules and building
FastAPI's routes' models; forked from this parent it is a fraction of that. The child is the real
server all the same: it sets the test's environment, enters ``meneur serve`` through the command
line as ``tests/server/run_server.py`` does, migrates or checks its database, and runs uvicorn on
its own port in its own session, like a server gunicorn's ``--preload`` forks. The parent holds no
thread when it forks (checked before each fork), and reaps its children.

One request a line, JSON: ``{"args": [...], "env": {...}, "log": PATH, "cwd": PATH}``; the answer, a
line: the child's process id.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import tempfile
import threading
from typing import Any


def _reap(*_: object) -> None:
    while True:
        try:
            pid, _status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _warm() -> None:
    """Import what a server's start imports, by building an app once (no thread is started before
    the app's lifespan)."""
    from tests.server import toy_system

    toy_system.register()
    import uvicorn  # noqa: F401

    import meneur.cli.main  # noqa: F401
    from meneur.server.app import build_app
    from meneur.server.config import Settings

    with tempfile.TemporaryDirectory(prefix="meneur-warm-") as folder:
        app = build_app(Settings(db=f"sqlite:///{folder}/warm.sqlite3"))
        app.state.store.close()


def _serve(request: dict[str, Any]) -> None:
    """In the child: become the server the request asks for, and never return."""
    code = 1
    try:
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        os.setsid()
        null = os.open(os.devnull, os.O_RDWR)
        log = os.open(request["log"], os.O_WRONLY | os.O_APPEND)
        os.dup2(null, 0)
        os.dup2(null, 1)
        os.dup2(log, 2)
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        from meneur.cli.main import main as meneur

        sys.argv = ["meneur", "serve", *request["args"]]
        meneur()
        code = 0
    except SystemExit as stopped:
        code = stopped.code if isinstance(stopped.code, int) else 1
    except BaseException:  # the child must not return into the parent's loop
        import traceback

        traceback.print_exc()
    finally:
        sys.stderr.flush()
        os._exit(code)


def main() -> None:
    _warm()
    signal.signal(signal.SIGCHLD, _reap)
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    while line := sys.stdin.readline():
        request = json.loads(line)
        assert threading.active_count() == 1, "a thread would not survive the fork"
        pid = os.fork()
        if pid == 0:
            _serve(request)
        sys.stdout.write(f"{pid}\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
