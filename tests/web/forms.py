"""The home and join forms as a browser sends them: the page is read first (it sets the CSRF cookie),
then the form goes with the CSRF value."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient


def csrf(client: TestClient) -> str:
    """The browser's CSRF value (a page read first when it has none yet)."""
    if "meneur_csrf" not in client.cookies:
        client.get("/")
    return str(client.cookies["meneur_csrf"])


def create_table(client: TestClient, name: str, system: str, **fields: str) -> Any:
    data = {"name": name, "system": system, "csrf": csrf(client), **fields}
    return client.post("/tables", data=data, follow_redirects=False)


def join(client: TestClient, table_id: str, code: str, name: str, **options: Any) -> Any:
    data = {"code": code, "name": name, "csrf": csrf(client)}
    return client.post(f"/join/{table_id}", data=data, **options)
