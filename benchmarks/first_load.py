"""The fight page's first load, uncompressed (a script, not a test): the HTML, CSS and JavaScript a
browser fetches to open the demo fight once started, on the GM's screen and on the phone of the
player who plays KITSUNE, against the goal of 150 KB (later updates are fragments over the socket).

    .venv/bin/python benchmarks/first_load.py
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from fastapi.testclient import TestClient

from meneur.server.app import build_app
from meneur.server.config import Settings

GOAL = 150 * 1024


def first_load(client: TestClient, url: str) -> dict[str, int]:
    """The bytes of the page and of each stylesheet and script it names."""
    page = client.get(url)
    sizes = {"html": len(page.content)}
    for src in re.findall(r'(?:src|href)="(/static/[^"]+)"', page.text):
        sizes[src.split("?")[0].rsplit("/", 1)[-1]] = len(client.get(src).content)
    return sizes


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="meneur-first-load-"))
    app = build_app(Settings(db=f"sqlite:///{folder / 'tables.sqlite3'}"))
    with TestClient(app) as client:
        client.get("/")  # the CSRF cookie
        form = {"name": "Mardi", "system": "energy", "csrf": client.cookies["meneur_csrf"]}
        created = client.post("/tables", data=form, follow_redirects=False)
        table = created.headers["location"].rsplit("/", 1)[-1]
        found = re.search(rf"/t/{table}/s/([0-9a-f]+)", client.get(f"/t/{table}").text)
        assert found is not None
        fight = f"/t/{table}/s/{found.group(1)}"
        csrf = {"X-CSRF-Token": client.cookies["meneur_csrf"]}
        client.post(f"{fight}/do", data={"command": '"start"', "version": "0"}, headers=csrf)
        loads = {"GM": first_load(client, fight)}
        code = re.search(r'class="code">([^<]+)<', client.post(f"/t/{table}/join-code", headers=csrf).text)
        assert code is not None
        client.cookies.clear()
        client.get("/")
        csrf = {"X-CSRF-Token": client.cookies["meneur_csrf"]}
        joined = {"code": code.group(1), "name": "Ayla", "csrf": client.cookies["meneur_csrf"]}
        client.post(f"/join/{table}", data=joined, follow_redirects=False)
        client.post(f"{fight}/claim", data={"actor": "kitsune"}, headers=csrf)
        loads["player"] = first_load(client, fight)
    app.state.store.close()
    for who, sizes in loads.items():
        total = sum(sizes.values())
        parts = ", ".join(f"{name} {size:,}" for name, size in sizes.items())
        print(f"{who}: {total:,} bytes ({total / GOAL:.0%} of 150 KB): {parts}")


if __name__ == "__main__":
    main()
