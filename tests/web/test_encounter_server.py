"""The encounter page's simulation on the real server (uvicorn in its own process): it runs in a
worker process, so ``/healthz`` answers while it plays; a second one from the same address waits
its turn (429), one over the page's bound is refused with a message, and a GET never simulates."""

from __future__ import annotations

import html
import threading
import time
from pathlib import Path
from typing import Any

from meneur.systems.energy.view.simulation import MAX_COST
from tests import loopback as httpx
from tests.server.process import ServerProcess
from tests.web.forms import token_in

RANKS = ",".join(["30"] * 5)
"""Ten rank-30 combatants over 24 fights: the most the page plays (24 × 10 = MAX_COST)."""


def _children(pid: int) -> list[str]:
    """The command lines of ``pid``'s child processes."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            cmdline = Path(f"/proc/{child}/cmdline").read_bytes().replace(b"\0", b" ")
            found.append(cmdline.decode(errors="replace"))
    return found


def _until(check: Any, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "never happened"
        time.sleep(0.05)


def test_a_simulation_runs_off_the_request_threads_and_is_bounded(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'tables.sqlite3'}").start()
    assert server.process is not None
    try:
        page = httpx.get(server.url + "/encounter", params={"heroes": RANKS, "foes": RANKS, "simulate": "on"})
        assert page.status_code == 200 and "data-verdict" in page.text and "data-simulated" not in page.text
        cookies = dict(page.cookies)
        form = {"heroes": RANKS, "foes": RANKS, "fights": "24", "csrf": token_in(page.text)}
        assert MAX_COST == 24 * 10
        answers: dict[str, httpx.Response] = {}

        def simulate() -> None:
            answers["first"] = httpx.post(server.url + "/encounter", data=form, cookies=cookies, timeout=600)

        running = threading.Thread(target=simulate)
        running.start()
        _until(lambda: any("spawn_main" in line for line in _children(server.process.pid)))
        healthy = second = None
        while running.is_alive() and (healthy is None or second is None):
            healthy = httpx.get(server.url + "/healthz", timeout=60).status_code
            if second is None:
                answer = httpx.post(server.url + "/encounter", data=form, cookies=cookies, timeout=600)
                if running.is_alive():  # the first one was running all along
                    second = answer
        running.join()
        assert healthy == 200, "the server did not answer while the simulation ran"
        assert second is not None and second.status_code == 429 and second.headers["Retry-After"]
        assert "Une de vos simulations est en cours" in html.unescape(second.text)
        first = answers["first"]
        assert first.status_code == 200 and 'data-simulated="24"' in first.text

        over = httpx.post(server.url + "/encounter", data={**form, "fights": "25"}, cookies=cookies)
        assert over.status_code == 400 and "25 × 10 = 250" in html.unescape(over.text)
        forged = httpx.post(server.url + "/encounter", data={**form, "csrf": "forged"}, cookies=cookies)
        assert forged.status_code == 403
    finally:
        server.stop()
