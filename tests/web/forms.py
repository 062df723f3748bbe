"""The home and join forms as a browser sends them: a page is read first (it carries the CSRF token,
an HMAC of one of the browser's HttpOnly secrets), then the form goes with that token."""

from __future__ import annotations

import html
import re
from typing import Any

from tests.inprocess import TestClient

_TOKEN = re.compile(r'<meta name="csrf-token" content="([0-9a-f]+)">')


def token_in(text: str) -> str:
    """The CSRF token a page's HTML carries."""
    found = _TOKEN.search(text)
    assert found is not None, "no CSRF token on the page"
    return found.group(1)


def csrf(client: Any, page: str = "/") -> str:
    """The CSRF token of ``page`` for this browser (a ``TestClient`` or an ``httpx.Client``): valid
    while the browser holds the secret it is made of (its own secret, on the home page)."""
    found = _TOKEN.search(client.get(page).text)
    assert found is not None, f"no CSRF token on {page}"
    return found.group(1)


def create_table(client: TestClient, name: str, system: str, **fields: str) -> Any:
    data = {"name": name, "system": system, "csrf": csrf(client), **fields}
    return client.post("/tables", data=data, follow_redirects=False)


def join(client: TestClient, table_id: str, code: str, name: str, **options: Any) -> Any:
    data = {"code": code, "name": name, "csrf": csrf(client)}
    return client.post(f"/join/{table_id}", data=data, **options)


def pct(value: float) -> str:
    """A chance in per cent as a French page writes it (``77,78 %``, a non-breaking space before the sign)."""
    return f"{value:.2f}".replace(".", ",") + "\u00a0%"


def offered_commands(page: str) -> list[str]:
    """The commands a session page offers, as their wire text: each button's hidden ``command``, and
    each entry of a card's list of variants (a ``select`` named ``command``)."""
    found = re.findall(r'<input type="hidden" name="command" value="([^"]*)"', page)
    for select in re.findall(r'<select[^>]*name="command"[^>]*>(.*?)</select>', page, re.S):
        found += re.findall(r'<option value="([^"]*)"', select)
    return [html.unescape(wire) for wire in found]
