"""A table's links as a GM hands them out: the join link stays the same when shown (renewing it is a
separate, confirmed form), its code is easy to type, the join page names the table and keeps the
code across a change of language; the operator's one-time GM sign-in link; the table's sessions with
their name, day, state and players; the site's icon.

Every check runs on a real SQLite file (or PostgreSQL under MENEUR_TEST_DB), through the pages as a
browser sends them; permissions are checked as the player, the observer and the stranger.
"""

from __future__ import annotations

import html
import io
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from meneur.server.accounts import LOCAL_GM, new_sign_in_code
from meneur.server.app import build_app
from meneur.server.auth import JOIN_ALPHABET, SIGN_IN_SECONDS, digest, new_join_code
from meneur.server.config import Settings
from meneur.server.models import Account, GameSession, GameTable, SignInCode
from meneur.web.demo import announce_sign_in, create_demo
from tests.inprocess import TestClient
from tests.server.conftest import database_url, ready_database_url
from tests.web.forms import create_table, csrf, join

PUBLIC = "http://192.168.1.20:8000"


def _client(tmp_path: Path, **settings: Any) -> Iterator[TestClient]:
    app = build_app(Settings(db=ready_database_url(tmp_path), **settings))
    with TestClient(app) as client:
        yield client
    app.state.store.close()


@pytest.fixture
def web(tmp_path: Path) -> Iterator[TestClient]:
    """A loopback server whose printed address is a LAN one (as ``meneur serve`` sets it)."""
    yield from _client(tmp_path, public_url=PUBLIC)


@pytest.fixture
def public(tmp_path: Path) -> Iterator[TestClient]:
    """A server listening beyond loopback: creating a table needs a GM account."""
    yield from _client(tmp_path, host="192.0.2.10", join_attempts_per_minute=3)


def _text(answer: Any) -> str:
    return html.unescape(answer.text)


def _new_table(client: TestClient, name: str = "Mardi") -> str:
    answer = create_table(client, name, "energy")
    assert answer.status_code == 303, answer.text
    return str(answer.headers["location"]).rsplit("/", 1)[-1]


def _shown_code(page: str) -> str:
    found = re.search(r'class="code">([^<]+)<', page)
    assert found is not None, "no join code on the page"
    return found.group(1)


def _other_browser(client: TestClient) -> TestClient:
    return TestClient(client.app)


def _rows(client: TestClient, model: Any) -> list[Any]:
    with client.app.state.store.reader() as db:  # type: ignore[attr-defined]
        rows = db.query(model).all()
        db.expunge_all()
        return list(rows)


# -- the join code ----------------------------------------------------------------------------------


def test_a_join_code_has_no_look_alike_letters() -> None:
    codes = [new_join_code() for _ in range(200)]
    assert all(re.fullmatch(r"[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}", code) for code in codes)
    assert not set("".join(codes)) & set("0oO1lIi")
    assert set(JOIN_ALPHABET) == set("23456789abcdefghjkmnpqrstuvwxyz")
    assert len(set(codes)) == len(codes)


def test_a_code_typed_in_capitals_with_spaces_joins(web: TestClient) -> None:
    table_id = _new_table(web)
    code = _shown_code(web.get(f"/t/{table_id}").text)
    player = _other_browser(web)
    typed = code.upper().replace("-", " ")
    assert join(player, table_id, typed, "Ayla", follow_redirects=False).status_code == 303


def test_a_code_of_an_older_version_still_joins(web: TestClient) -> None:
    """A table made before today's codes keeps its code (only its digest is stored); its page says
    the link cannot be shown and offers a new one."""
    table_id = _new_table(web)
    old = "Zq0_l1Ix-9Ab"  # secrets.token_urlsafe(9)'s kind: case and look-alikes matter
    with web.app.state.store.writer() as writer:  # type: ignore[attr-defined]
        table = writer.get(GameTable, table_id)
        table.join_code_hash, table.join_code = digest(old), None
    page = _text(web.get(f"/t/{table_id}"))
    assert 'class="code"' not in page and "renouvelez-le pour voir le lien" in page
    player = _other_browser(web)
    assert join(player, table_id, old.lower(), "Ayla").status_code == 400  # exactly as it was made
    assert join(player, table_id, old, "Ayla", follow_redirects=False).status_code == 303


# -- the join link on the table page ----------------------------------------------------------------


def test_the_table_page_shows_the_same_link_until_the_gm_renews_it(web: TestClient) -> None:
    table_id = _new_table(web)
    first = web.get(f"/t/{table_id}").text
    code = _shown_code(first)
    assert _shown_code(web.get(f"/t/{table_id}").text) == code  # seeing the page changes nothing
    link = f"{PUBLIC}/join/{table_id}?code={code}"
    assert f'href="{link}"' in first and "<svg" in first  # the printed address, with its QR code
    assert "localhost" not in first and "testserver/join" not in first
    player = _other_browser(web)
    assert join(player, table_id, code, "Ayla", follow_redirects=False).status_code == 303
    (table,) = _rows(web, GameTable)
    assert table.join_code == code and table.join_code_hash == digest(code.replace("-", ""))


def test_renewing_needs_the_box_ticked_and_the_old_link_stops(web: TestClient) -> None:
    table_id = _new_table(web)
    code = _shown_code(web.get(f"/t/{table_id}").text)
    refused = web.post(f"/t/{table_id}/join-code", data={"csrf": csrf(web, f"/t/{table_id}")})
    assert refused.status_code == 400 and "Cochez d'abord la case" in _text(refused)
    assert _shown_code(refused.text) == code  # nothing changed
    renewed = web.post(
        f"/t/{table_id}/join-code", data={"csrf": csrf(web, f"/t/{table_id}"), "confirm": "yes"}
    )
    assert renewed.status_code == 200 and "l'ancien ne marche plus" in _text(renewed)
    new = _shown_code(renewed.text)
    assert new != code
    player = _other_browser(web)
    stale = join(player, table_id, code, "Ayla")
    assert stale.status_code == 400 and "Aucune table n" in _text(stale)
    assert join(player, table_id, new, "Ayla", follow_redirects=False).status_code == 303


def test_only_the_gm_sees_or_renews_the_join_link(web: TestClient) -> None:
    table_id = _new_table(web)
    code = _shown_code(web.get(f"/t/{table_id}").text)
    player, observer, stranger = (_other_browser(web) for _ in range(3))
    join(player, table_id, code, "Ayla")
    sat = web.post(
        f"/api/v1/tables/{table_id}/join", json={"join_code": code, "name": "Olga", "role": "observer"}
    )
    observer.cookies.set(f"meneur_token_{table_id}", sat.json()["token"])
    _new_table(stranger, "Jeudi")  # the GM of another table
    for someone in (player, observer):
        page = someone.get(f"/t/{table_id}")
        assert page.status_code == 200 and code not in page.text and 'id="join-link"' not in page.text
        tried = someone.post(
            f"/t/{table_id}/join-code", data={"csrf": csrf(someone, f"/t/{table_id}"), "confirm": "yes"}
        )
        assert tried.status_code == 403
    assert stranger.get(f"/t/{table_id}").status_code == 401
    tried = stranger.post(f"/t/{table_id}/join-code", data={"csrf": csrf(stranger), "confirm": "yes"})
    assert tried.status_code in (401, 403)
    assert _shown_code(web.get(f"/t/{table_id}").text) == code


# -- the join page ----------------------------------------------------------------------------------


def test_the_join_page_names_the_table_for_the_right_code(web: TestClient) -> None:
    table_id = _new_table(web, "Les Octopus du mardi")
    code = _shown_code(web.get(f"/t/{table_id}").text)
    player = _other_browser(web)
    page = _text(player.get(f"/join/{table_id}", params={"code": code}))
    assert "<h1>Rejoindre Les Octopus du mardi</h1>" in page
    wrong = player.get(f"/join/{table_id}", params={"code": "abcd-efgh-jkmn"})
    assert wrong.status_code == 404 and "Les Octopus" not in wrong.text
    assert "demandez le lien actuel au meneur de jeu" in _text(wrong)
    plain = _text(player.get(f"/join/{table_id}"))
    assert "<h1>Rejoindre une table</h1>" in plain and "Les Octopus" not in plain


def test_the_join_page_counts_wrong_codes_as_wrong_joins(public: TestClient) -> None:
    """A wrong code in the link counts as a wrong join: the page is no way around the limit."""
    with public.app.state.store.writer() as writer:  # type: ignore[attr-defined]
        writer.add(GameTable(id="t1", name="Mardi", system="energy", options={}, join_code_hash="x", seq=0))
    for _ in range(3):
        assert public.get("/join/t1", params={"code": "wrong-code"}).status_code == 404
    assert public.get("/join/t1", params={"code": "wrong-code"}).status_code == 429


def test_a_new_language_keeps_the_join_code(web: TestClient) -> None:
    table_id = _new_table(web)
    code = _shown_code(web.get(f"/t/{table_id}").text)
    player = _other_browser(web)
    page = player.get(f"/join/{table_id}", params={"code": code})
    assert f'name="next" value="/join/{table_id}?code={code}"' in page.text
    moved = player.post(
        "/language",
        data={"lang": "en", "next": f"/join/{table_id}?code={code}", "csrf": csrf(player)},
        follow_redirects=False,
    )
    assert moved.status_code == 303 and moved.headers["location"] == f"/join/{table_id}?code={code}"
    again = player.get(moved.headers["location"])
    assert "<h1>Join Mardi</h1>" in again.text and f'value="{code}"' in again.text
    for elsewhere in ("//example.org/x", "/\\example.org/x", "https://example.org/"):
        sent = player.post("/language", data={"lang": "fr", "next": elsewhere}, follow_redirects=False)
        assert sent.headers["location"] == "/"


def test_other_pages_do_not_echo_their_query_in_the_language_form(web: TestClient) -> None:
    """The seat link's page never writes a token it was given in its address."""
    page = web.get("/enter/t1", params={"token": "secret-token"})
    assert "secret-token" not in page.text


# -- the operator's GM sign-in link -----------------------------------------------------------------


def _printed_code(client: TestClient) -> str:
    with client.app.state.store.writer() as writer:  # type: ignore[attr-defined]
        code = new_sign_in_code(writer, time.time())
    out = io.StringIO()
    announce_sign_in(code, "http://testserver", out)
    (link,) = re.findall(r"http://testserver\S+", out.getvalue())
    assert link == f"http://testserver/account/code#{code}"  # after the #: no server log holds it
    assert "█" in out.getvalue() or "▀" in out.getvalue() or "▄" in out.getvalue()  # its QR code
    return code


def _use(client: TestClient, code: str) -> Any:
    data = {"token": code, "csrf": csrf(client, "/account/code")}
    return client.post("/account/code", data=data, follow_redirects=False)


def test_the_sign_in_link_signs_the_operator_in_and_a_table_can_be_made(public: TestClient) -> None:
    code = _printed_code(public)
    refused = create_table(public, "Jeudi", "energy")
    assert refused.status_code == 400  # beyond loopback, a table needs a GM account
    assert public.get("/account/code").status_code == 200
    used = _use(public, code)
    assert used.status_code == 303 and used.headers["location"] == "/"
    assert f"Connecté au compte {LOCAL_GM}" in _text(public.get("/"))
    made = create_table(public, "Jeudi", "energy")
    assert made.status_code == 303
    (table,) = _rows(public, GameTable)
    (account,) = _rows(public, Account)
    assert table.account_id == account.id and account.name == LOCAL_GM


def test_a_sign_in_code_works_once_and_is_stored_hashed(public: TestClient) -> None:
    code = _printed_code(public)
    (row,) = _rows(public, SignInCode)
    assert row.code_hash == digest(code) and code not in repr(vars(row))
    assert _use(public, code).status_code == 303
    again = _other_browser(public)
    spent = _use(again, code)
    assert spent.status_code == 401 and "déjà utilisé ou expiré" in _text(spent)
    assert "meneur_account" not in again.cookies


def test_an_expired_or_wrong_code_signs_nobody_in(public: TestClient) -> None:
    with public.app.state.store.writer() as writer:  # type: ignore[attr-defined]
        old = new_sign_in_code(writer, time.time() - SIGN_IN_SECONDS - 1)
    expired = _use(public, old)
    assert expired.status_code == 401 and "meneur_account" not in public.cookies
    (row,) = _rows(public, SignInCode)
    assert not row.used  # nothing changed
    assert _use(public, "not-a-code").status_code == 401
    assert _use(public, "").status_code == 401
    assert _use(public, "still-not").status_code == 429  # three failures a minute, then a wait
    assert "meneur_account" not in public.cookies


def test_the_demo_belongs_to_the_operators_account(public: TestClient) -> None:
    """``serve --demo`` makes the demo table the local account's: signing in lists it."""
    with public.app.state.store.writer() as writer:  # type: ignore[attr-defined]
        code = new_sign_in_code(writer, time.time())
        from meneur.server.accounts import local_account

        account_id = local_account(writer).id
    made = create_demo(public.app.state.store, "Démo", account_id=account_id)  # type: ignore[attr-defined]
    _use(public, code)
    assert f'href="/t/{made.table_id}">Démo</a>' in public.get("/").text
    assert public.get(f"/t/{made.table_id}").status_code == 200


# -- the table's sessions ---------------------------------------------------------------------------


def _sessions(page: str) -> dict[str, str]:
    """Each session's line of the table page, as its words read, by session id."""
    found = re.findall(r'<li class="session" data-session="([0-9a-f]+)">(.*?)</li>', page, re.S)
    return {sid: " ".join(html.unescape(re.sub(r"<[^>]+>", " ", item)).split()) for sid, item in found}


def test_the_sessions_have_a_name_a_day_a_state_and_their_players(web: TestClient) -> None:
    table_id = _new_table(web)
    code = _shown_code(web.get(f"/t/{table_id}").text)
    player = _other_browser(web)
    join(player, table_id, code, "Ayla")
    (demo,) = _rows(web, GameSession)
    day = time.strftime("%d/%m/%Y", time.localtime(demo.created_at))
    (line,) = _sessions(web.get(f"/t/{table_id}").text).values()
    assert line.startswith(f"Combat — {day} en cours")
    assert "version" not in line
    members = web.get(f"/api/v1/tables/{table_id}").json()["members"]
    ayla = next(m["id"] for m in members if m["name"] == "Ayla")
    with web.app.state.store.writer() as writer:  # type: ignore[attr-defined]
        writer.get(GameSession, demo.id).controllers = {"kitsune": ayla}
    (line,) = _sessions(player.get(f"/t/{table_id}").text).values()
    assert "avec Ayla" in line and "Renommer" not in line  # the player sees, the GM renames


def test_a_fight_that_ended_is_finished(web: TestClient) -> None:
    table_id = _new_table(web)
    (demo,) = _rows(web, GameSession)
    headers = {"X-CSRF-Token": csrf(web, f"/t/{table_id}")}
    for version, command in enumerate(("start", "end")):
        done = web.post(
            f"/api/v1/sessions/{demo.id}/commands",
            json={"command": command, "version": version},
            headers=headers,
        )
        assert done.status_code == 200, done.text
    (line,) = _sessions(web.get(f"/t/{table_id}").text).values()
    assert " terminé" in line and "en cours" not in line
    assert web.get(f"/api/v1/tables/{table_id}").json()["sessions"][0]["over"] is True


def test_the_gm_renames_a_session_and_an_empty_name_gives_the_default(web: TestClient) -> None:
    table_id = _new_table(web)
    (demo,) = _rows(web, GameSession)
    where = f"/t/{table_id}/sessions/{demo.id}/name"
    renamed = web.post(where, data={"name": " L'entrepôt ", "csrf": csrf(web, f"/t/{table_id}")})
    assert renamed.status_code == 200
    (line,) = _sessions(renamed.text).values()
    assert line.startswith("L'entrepôt en cours commencée le ")
    too_long = web.post(where, data={"name": "x" * 201, "csrf": csrf(web, f"/t/{table_id}")})
    assert too_long.status_code == 400 and "au plus 200 caractères" in _text(too_long)
    for control in ("nul\x00", "two\nlines"):
        refused = web.post(where, data={"name": control, "csrf": csrf(web, f"/t/{table_id}")})
        assert refused.status_code == 400 and "sans caractère de contrôle" in _text(refused)
    assert _rows(web, GameSession)[0].name == "L'entrepôt"
    web.post(where, data={"name": "", "csrf": csrf(web, f"/t/{table_id}")})
    (line,) = _sessions(web.get(f"/t/{table_id}").text).values()
    assert line.startswith("Combat — ")
    elsewhere = web.post(
        f"/t/{table_id}/sessions/nope/name", data={"name": "x", "csrf": csrf(web, f"/t/{table_id}")}
    )
    assert elsewhere.status_code == 404 and "Cette table n'a pas cette séance" in _text(elsewhere)


def test_a_player_renames_nothing(web: TestClient) -> None:
    table_id = _new_table(web)
    code = _shown_code(web.get(f"/t/{table_id}").text)
    player = _other_browser(web)
    join(player, table_id, code, "Ayla")
    (demo,) = _rows(web, GameSession)
    tried = player.post(
        f"/t/{table_id}/sessions/{demo.id}/name",
        data={"name": "À moi", "csrf": csrf(player, f"/t/{table_id}")},
    )
    assert tried.status_code == 403 and _rows(web, GameSession)[0].name is None


def test_a_session_started_with_a_name_keeps_it(web: TestClient) -> None:
    table_id = _new_table(web)
    page = web.get(f"/t/{table_id}/new-fight")
    assert 'name="session_name"' in page.text
    members = web.get(f"/api/v1/tables/{table_id}").json()["members"]
    assert members  # the GM
    headers = {"X-CSRF-Token": csrf(web, f"/t/{table_id}")}
    (demo,) = _rows(web, GameSession)
    created = web.post(
        f"/api/v1/tables/{table_id}/sessions",
        json={"kind": "energy-fight", "setup": demo.setup, "name": "La revanche"},
        headers=headers,
    )
    assert created.status_code == 201, created.text
    lines = _sessions(web.get(f"/t/{table_id}").text)
    assert lines[demo.id].startswith("Combat — ") and lines[created.json()["id"]].startswith(
        "La revanche en cours"
    )


# -- the site's icon --------------------------------------------------------------------------------


def test_the_site_has_an_icon(web: TestClient) -> None:
    icon = web.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"] == "image/x-icon"
    assert icon.content[:4] == b"\0\0\1\0" and b"PNG" in icon.content[:40]
    assert '<link rel="icon" href="/favicon.ico">' in web.get("/").text


def test_serve_prints_the_sign_in_link_and_with_demo_the_tables_links_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``meneur serve`` beyond loopback prints the operator's link; ``--demo`` prints the GM's
    screen and the join link first, each with its QR code."""
    from meneur.server.cli import _announce
    from meneur.server.store import Store

    url = database_url(tmp_path)
    store = Store(url)
    store.migrate()
    store.close()
    _announce(url, "http://192.168.1.20:8000", demo=False)
    alone = re.findall(r"http://\S+", capsys.readouterr().out)
    assert len(alone) == 1 and alone[0].startswith("http://192.168.1.20:8000/account/code#")
    _announce(url, "http://192.168.1.20:8000", demo=True)
    printed = capsys.readouterr().out
    gm, joining, sign_in = re.findall(r"http://\S+", printed)
    assert "/enter/" in gm and "/join/" in joining and "/account/code#" in sign_in
    assert "Ctrl-C" in printed.rsplit(sign_in, 1)[1]
    assert Settings(host="0.0.0.0").announces_sign_in and not Settings(host="127.0.0.1").announces_sign_in


# -- a fight the GM replaces by a new one -----------------------------------------------------------


def test_a_new_fight_gives_back_the_library_heroes_and_takes_their_players_to_it(tmp_path: Path) -> None:
    """Ayla played KITSUNE (a hero of the library) in the demo fight: the GM's new fight puts
    KITSUNE with the heroes, played by Ayla again, and Ayla's page of the old fight goes to it."""
    from tests.web.test_live import Seats

    for client in _client(tmp_path):
        seats = Seats(client)
        seats.be(seats.gm)
        page = _text(client.get(f"/t/{seats.table_id}/new-fight"))
        line = page.split('<label for="h-kitsune">', 1)[1].split("</div>", 1)[0]
        assert "joué par Ayla" in line and '<option value="heroes" selected>' in line
        other = page.split('<label for="h-wink">', 1)[1].split("</div>", 1)[0]
        assert "joué par" not in other and '<option value="out" selected>' in other
        with seats.socket(seats.ayla, page="fight") as ayla, seats.socket(seats.olga, page="fight") as olga:
            seats.be(seats.gm)
            form = {"csrf": csrf(client, f"/t/{seats.table_id}"), "h-kitsune": "heroes", "npc_ranks": "3"}
            made = client.post(f"/t/{seats.table_id}/new-fight", data=form, follow_redirects=False)
            assert made.status_code == 303, made.text
            new_id = made.headers["location"].rsplit("/", 1)[-1]
            message = ayla.receive_text()
            assert f'data-moved-to="/t/{seats.table_id}/s/{new_id}"' in message
            assert "Un nouveau combat commence" in html.unescape(message)
            seats.be(seats.gm)
            seats.do("start", 0)  # a change of the old fight: the observer's page shows it
            assert "data-moved-to" not in olga.receive_text()  # the observer plays in nothing: not taken
        (new,) = [row for row in _rows(client, GameSession) if row.id == new_id]
        assert new.controllers == {"kitsune": seats.ids["Ayla"]}


def test_the_new_forms_refuse_a_missing_csrf_value(web: TestClient, public: TestClient) -> None:
    table_id = _new_table(web)
    (demo,) = _rows(web, GameSession)
    refused = [
        web.post(f"/t/{table_id}/join-code", data={"confirm": "yes"}),
        web.post(f"/t/{table_id}/sessions/{demo.id}/name", data={"name": "x"}),
        public.post("/account/code", data={"token": _printed_code(public)}),
    ]
    assert [answer.status_code for answer in refused] == [403, 403, 403]
    assert _rows(web, GameSession)[0].name is None and "meneur_account" not in public.cookies


def test_a_join_without_a_name_still_names_the_table_and_keeps_the_code(web: TestClient) -> None:
    table_id = _new_table(web, "Jeudi soir")
    code = _shown_code(web.get(f"/t/{table_id}").text)
    player = _other_browser(web)
    answer = join(player, table_id, code, "  ")
    page = _text(answer)
    assert answer.status_code == 400 and "<h1>Rejoindre Jeudi soir</h1>" in page
    assert f'value="{code}"' in page and "Donnez votre nom" in page
    wrong = _text(join(player, table_id, "abcd-efgh-jkmn", ""))
    assert "Jeudi soir" not in wrong
