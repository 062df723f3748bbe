"""``GET /tables/{id}/rolls`` answers a page: the ``limit`` latest rolls the member may see (50 by
default, 200 at most), oldest first, and ``before``, the cursor of the older page."""

from __future__ import annotations

import pytest

from meneur.server.api.rolls import MOST, PAGE
from tests.inprocess import TestClient
from tests.server.conftest import Table

VISIBILITIES = ("public", "gm", "blind", "self")


def _roll(client: TestClient, table: Table, headers: dict[str, str], visibility: str, die: int) -> int:
    answer = client.post(
        f"/api/v1/tables/{table.id}/rolls",
        json={"expression": "1d100", "visibility": visibility, "dice": [die]},
        headers=headers,
    )
    assert answer.status_code == 201, answer.text
    return int(answer.json()["id"])


def _pages(client: TestClient, table: Table, headers: dict[str, str], limit: int) -> list[list[int]]:
    pages: list[list[int]] = []
    before: int | None = None
    while True:
        params = {"limit": limit} if before is None else {"limit": limit, "before": before}
        body = client.get(f"/api/v1/tables/{table.id}/rolls", params=params, headers=headers).json()
        pages.append([roll["total"] for roll in body["rolls"]])
        before = body["before"]
        if before is None:
            return pages


def test_the_pages_cover_what_the_member_sees_newest_first_each_oldest_first(
    client: TestClient, table: Table
) -> None:
    rollers = (table.gm, table.ayla, table.bren)
    for n in range(1, 24):
        _roll(client, table, rollers[n % 3].headers, VISIBILITIES[n % 4], n)
    for seat in (table.gm, table.ayla, table.olga):
        whole = client.get(f"/api/v1/tables/{table.id}/rolls", params={"limit": MOST}, headers=seat.headers)
        seen = [roll["total"] for roll in whole.json()["rolls"]]
        assert seen == sorted(seen) and whole.json()["before"] is None
        pages = _pages(client, table, seat.headers, 4)
        assert all(len(page) == 4 for page in pages[:-1]) and 1 <= len(pages[-1]) <= 4
        assert [total for page in reversed(pages) for total in page] == seen
    olga = client.get(f"/api/v1/tables/{table.id}/rolls", headers=table.olga.headers).json()["rolls"]
    assert {roll["visibility"] for roll in olga} == {"public"}  # an observer sees only the public rolls


def test_a_page_holds_fifty_rolls_by_default(client: TestClient, table: Table) -> None:
    for n in range(PAGE + 3):
        _roll(client, table, table.gm.headers, "public", n % 100 + 1)
    body = client.get(f"/api/v1/tables/{table.id}/rolls", headers=table.gm.headers).json()
    assert len(body["rolls"]) == PAGE and body["before"] == body["rolls"][0]["id"]
    older = client.get(
        f"/api/v1/tables/{table.id}/rolls", params={"before": body["before"]}, headers=table.gm.headers
    ).json()
    assert len(older["rolls"]) == 3 and older["before"] is None


@pytest.mark.parametrize(
    "params", [{"limit": 0}, {"limit": MOST + 1}, {"limit": "all"}, {"before": 0}, {"before": 2**31}]
)
def test_a_bad_limit_or_cursor_is_a_400_with_a_message(
    client: TestClient, table: Table, params: dict[str, object]
) -> None:
    answer = client.get(f"/api/v1/tables/{table.id}/rolls", params=params, headers=table.gm.headers)
    assert answer.status_code == 400 and next(iter(params)) in answer.json()["message"]


def test_the_openapi_document_names_the_parameters(client: TestClient) -> None:
    operation = client.get("/openapi.json").json()["paths"]["/api/v1/tables/{table_id}/rolls"]["get"]
    found = {p["name"]: p["schema"] for p in operation["parameters"] if p["in"] == "query"}
    assert found["limit"]["maximum"] == MOST and found["limit"]["default"] == PAGE
    assert "before" in found
