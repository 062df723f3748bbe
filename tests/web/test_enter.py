"""A seat's link (issue 17, item 12): ``/enter/{table}?token=`` seated the browser with whatever
token it carried, so an attacker could drop a victim into the attacker's own seat, and the token
sat in the URL (server logs, ``Referer``). The token is now after the ``#`` and the page posts it;
a browser already seated at the table as someone else is asked before its seat is replaced."""

from __future__ import annotations

import html
import io
from pathlib import Path
from typing import Any

from meneur.server.store import Store
from tests.inprocess import TestClient
from tests.web.forms import csrf, join


def _table(web: TestClient) -> tuple[str, str, str]:
    created = web.post("/api/v1/tables", json={"name": "Mardi", "system": "energy"}).json()
    return created["id"], created["gm_token"], created["join_code"]


def _enter(web: TestClient, table_id: str, token: str, **fields: str) -> Any:
    data = {"token": token, "csrf": csrf(web, f"/enter/{table_id}"), **fields}
    return web.post(f"/enter/{table_id}", data=data, follow_redirects=False)


def test_a_token_in_the_address_seats_nobody(web: TestClient) -> None:
    table_id, gm_token, _code = _table(web)
    page = web.get(f"/enter/{table_id}", params={"token": gm_token}, follow_redirects=False)
    assert page.status_code == 200
    assert not any(name.startswith("meneur_token") for name in web.cookies)
    assert web.get(f"/t/{table_id}").status_code == 401
    assert gm_token not in page.text  # the page does not echo it either


def test_the_page_posts_the_token_and_the_browser_is_seated(web: TestClient) -> None:
    table_id, gm_token, _code = _table(web)
    entered = _enter(web, table_id, gm_token)
    assert entered.status_code == 303 and entered.headers["location"] == f"/t/{table_id}"
    assert web.get(f"/t/{table_id}").status_code == 200
    forged = web.post(f"/enter/{table_id}", data={"token": gm_token, "csrf": "x"})
    assert forged.status_code == 403


def test_a_seated_browser_is_asked_before_its_seat_is_replaced(web: TestClient) -> None:
    table_id, gm_token, code = _table(web)
    joined = join(web, table_id, code, "Ayla", follow_redirects=False)
    assert joined.status_code == 303
    asked = _enter(web, table_id, gm_token)
    assert asked.status_code == 200
    text = html.unescape(asked.text)
    assert "vous êtes Ayla (joueur)" in text and "GM (meneur de jeu)" in text
    assert 'name="replace" value="yes"' in text
    me = web.get(f"/api/v1/tables/{table_id}").json()["me"]
    assert me["name"] == "Ayla"  # nothing changed yet
    replaced = _enter(web, table_id, gm_token, replace="yes")
    assert replaced.status_code == 303
    assert web.get(f"/api/v1/tables/{table_id}").json()["me"]["role"] == "gm"


def test_the_same_seat_again_is_not_asked(web: TestClient) -> None:
    table_id, gm_token, _code = _table(web)
    assert _enter(web, table_id, gm_token).status_code == 303
    assert _enter(web, table_id, gm_token).status_code == 303


def test_a_token_of_another_table_seats_nobody(web: TestClient) -> None:
    table_id, _gm_token, _code = _table(web)
    _other_id, other_token, _other_code = _table(web)
    assert _enter(web, table_id, other_token).status_code == 401


def test_the_demos_printed_links_work(web: TestClient, tmp_path: Path) -> None:
    """``meneur serve --demo`` prints the GM's link (token after the ``#``) and the join link."""
    import re

    from meneur.web.demo import announce, create_demo

    store: Store = web.app.state.store  # type: ignore[attr-defined]
    made = create_demo(store, "Démo")
    out = io.StringIO()
    announce(made, "http://testserver", out)
    gm_link, join_link = re.findall(r"http://testserver\S+", out.getvalue())
    assert "?token=" not in gm_link and gm_link.endswith(f"#{made.gm_token}")
    path, token = gm_link.removeprefix("http://testserver").split("#", 1)
    assert web.get(path).status_code == 200
    entered = web.post(path, data={"token": token, "csrf": csrf(web, path)}, follow_redirects=False)
    assert entered.status_code == 303
    assert web.get(f"/api/v1/tables/{made.table_id}").json()["me"]["role"] == "gm"
    player = TestClient(web.app)
    page = player.get(join_link.removeprefix("http://testserver"))
    assert page.status_code == 200 and made.join_code in page.text
    joined = join(player, made.table_id, made.join_code, "Ayla", follow_redirects=False)
    assert joined.status_code == 303
