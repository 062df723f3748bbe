"""What the browser tests share: ``meneur serve --demo`` as a process, Debian's chromium through
Playwright, axe-core (vendored) on a page, screenshots as test artefacts."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests import loopback as httpx
from tests.server.process import free_port

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTEFACTS = Path(os.environ.get("MENEUR_ARTEFACTS", ROOT / "test-artefacts")) / "web"
KEEP = os.environ.get("MENEUR_SCREENSHOTS")
"""A folder (``docs/screenshots``) where the README's screenshots are written again, when set."""
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}
LAPTOP = {"viewport": {"width": 1366, "height": 900}}


@dataclass
class Demo:
    url: str
    gm_link: str
    join_link: str
    process: subprocess.Popen[bytes]
    log: Any
    sign_in_link: str = ""
    """The operator's one-time GM sign-in link (printed after the table's two)."""

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGINT)  # as Ctrl-C does
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()
        self.log.close()

    def local(self, link: str) -> str:
        """A printed link on the loopback (the demo prints the address it listens on)."""
        return self.url + "/" + link.split("/", 3)[3]


TABLE_PAGE = re.compile(r"/t/[0-9a-f]+$")
"""A table's page (where a seat's link lands once its page posted the token)."""


def playwright() -> Any:
    """Playwright's sync API for a browser test module, called at the module's top: the module is
    skipped where Playwright or Debian's chromium is missing (scripts/test installs both)."""
    import pytest

    api = pytest.importorskip("playwright.sync_api")
    if shutil.which("chromium") is None and not Path("/usr/bin/chromium").exists():
        pytest.skip("Debian's chromium is not installed (scripts/test installs it)", allow_module_level=True)
    return api


def start_demo(folder: Path, port: int | None = None, host: str = "127.0.0.1") -> Demo:
    """``meneur serve --demo`` on a free loopback port (or ``port``); its links read from what it
    prints (the GM's screen, the join link, the operator's sign-in link). ``127.0.0.2`` is a
    loopback address meneur does not count as one: the server asks for GM accounts."""
    port = port or free_port()
    command = [
        str(Path(sys.executable).parent / "meneur"),
        "serve",
        "--demo",
        "--host",
        host,
        "--port",
        str(port),
        "--db",
        f"sqlite:///{folder / 'tables.sqlite3'}",
    ]
    log = tempfile.NamedTemporaryFile(prefix="meneur-web-", suffix=".log", delete=False)  # noqa: SIM115
    env = {**os.environ, "MENEUR_LANG": "fr", "PYTHONPATH": os.pathsep.join((str(ROOT / "src"), str(ROOT)))}
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=log, start_new_session=True
    )
    assert process.stdout is not None
    links: list[str] = []
    while len(links) < 3:
        line = process.stdout.readline().decode("utf-8", "replace")
        if not line:
            raise RuntimeError(Path(log.name).read_text(encoding="utf-8", errors="replace"))
        links += re.findall(r"http://\S+", line)
    url = f"http://{host}:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/healthz", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.1)
    return Demo(url, links[0], links[1], process, log, links[2])


def launch(playwright: Any) -> Any:
    return playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)


def clean(page: Any, name: str, fits: bool = False, keep: bool = False) -> None:
    """The page passes axe (no violation of any impact) and, with ``fits``, needs no sideways
    scrolling; its screenshot is kept as a test artefact (and, with ``keep``, for the README)."""
    problems = axe_problems(page)
    assert not problems, (name, problems)
    if fits:
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), name
    shoot(page, name, keep=keep)


def shoot(page: Any, name: str, keep: bool = False) -> None:
    """A screenshot of the whole page, kept as a test artefact (and in docs/screenshots if asked)."""
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / f"{name}.png"), full_page=True)
    size = page.evaluate("[window.innerWidth, window.innerHeight, document.documentElement.scrollHeight]")
    with (ARTEFACTS / "heights.tsv").open("a", encoding="utf-8") as heights:  # the pages' lengths, in screens
        heights.write(f"{name}\t{size[0]}x{size[1]}\t{size[2]}\t{size[2] / size[1]:.1f}\n")
    if keep and KEEP:
        Path(KEEP).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(KEEP) / f"{name}.png"), full_page=False)


AXE = (ROOT / "src" / "meneur" / "web" / "static" / "vendor" / "axe-core-4.14.1.min.js").read_text(
    encoding="utf-8"
)


def axe_problems(page: Any) -> list[str]:
    """The WCAG 2 A/AA violations axe-core finds on the page, of any impact, in the light and
    the dark colour scheme (``prefers-color-scheme``); the page is left in the scheme it was in."""
    dark = bool(page.evaluate("() => matchMedia('(prefers-color-scheme: dark)').matches"))
    found = []
    for scheme in ("dark", "light") if dark else ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        found += [f"{scheme}: {problem}" for problem in _axe(page)]
    page.emulate_media(color_scheme="dark" if dark else "light")
    return found


def _axe(page: Any) -> list[str]:
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=AXE)
    result = page.evaluate(
        "async () => await axe.run(document,"
        " {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa']}})"
    )
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in result["violations"]
    ]


def choose(form: Any, text: str) -> None:
    """In a card of several variants of a command, choose the last variant whose words hold ``text``
    (the card's list of legal entries, see ``web/game_view.merged``)."""
    option = form.locator("select[name=command] option", has_text=text).last
    form.locator("select[name=command]").select_option(value=option.get_attribute("value"))
