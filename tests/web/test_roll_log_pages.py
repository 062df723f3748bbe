"""The table's roll log shows the latest page of rolls; « Jets plus anciens » loads the page before
(htmx puts its rows in place of the button's row; without scripts it is a link to that page)."""

from __future__ import annotations

import html
import re

from meneur.server.api.rolls import PAGE
from tests.inprocess import TestClient
from tests.web.test_pages import _csrf, _table


def _totals(fragment: str) -> list[int]:
    return [int(total) for total in re.findall(r"<td><strong>(\d+)</strong></td>", fragment)]


def test_the_roll_log_pages_back_through_older_rolls(web: TestClient) -> None:
    table_id, _session = _table(web)
    count = PAGE + 7
    for die in range(1, count + 1):
        made = web.post(
            f"/t/{table_id}/rolls",
            data={"expression": "1d100", "dice": str(die), "action": "roll"},
            headers=_csrf(web),
        )
        assert made.status_code == 200
    page = web.get(f"/t/{table_id}/rolls").text
    assert _totals(page) == list(range(count, count - PAGE, -1))  # the newest first
    older = re.search(r'hx-get="([^"]+/rolls/older\?before=\d+)"', page)
    assert older is not None and "Jets plus anciens" in page
    link = re.search(r'href="(/t/[^"]+/rolls\?before=\d+)"', page)
    assert link is not None
    rows = web.get(html.unescape(older.group(1))).text
    assert rows.lstrip().startswith("<tr") and _totals(rows) == list(range(7, 0, -1))
    assert "rolls/older" not in rows  # nothing older: no button
    assert _totals(web.get(html.unescape(link.group(1))).text) == list(range(7, 0, -1))
    assert _totals(web.get(f"/t/{table_id}/rolls/list").text) == _totals(page)  # the live fragment


def test_the_roll_log_shows_a_rolls_labels_escaped(web: TestClient) -> None:
    """Avrae players label their dice (``2d6[poison]``): the log's breakdown shows the label after
    what it labels, and a label is text, never markup."""
    table_id, _session = _table(web)
    made = web.post(
        f"/t/{table_id}/rolls",
        data={"expression": "2d6[<b>poison</b>]", "dice": "5,1", "action": "roll"},
        headers=_csrf(web),
    )
    assert made.status_code == 200
    page = web.get(f"/t/{table_id}/rolls").text
    assert "2d6 (5, 1) [&lt;b&gt;poison&lt;/b&gt;] = 6" in page
    assert "<b>poison" not in page
