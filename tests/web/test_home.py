"""The home page's "my tables", GM accounts in the pages, and choosing a character when joining.

One browser sits at several tables (a seat cookie per table); a removed member's table leaves the
list; a GM account's tables are listed in any browser signed in to it; a joining player picks a free
character of the table or imports a file checked by the system's rules (nothing stored when
refused). Every form's refusal is shown beside its field; a form without the CSRF value, or a
stranger, gets nothing.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from meneur.server.app import build_app
from meneur.server.config import Settings
from meneur.server.models import Account, Character, GameTable, Member
from tests.inprocess import TestClient
from tests.server.conftest import ready_database_url
from tests.web.forms import create_table, csrf, join

HEROES = Path(__file__).resolve().parents[2] / "src/meneur/systems/energy/catalogue/heroes"
ADMIN = "admin-secret-of-the-instance"


def _client(tmp_path: Path, **settings: Any) -> Iterator[TestClient]:
    app = build_app(Settings(db=ready_database_url(tmp_path), **settings))
    with TestClient(app) as client:
        yield client
    app.state.store.close()


@pytest.fixture
def web(tmp_path: Path) -> Iterator[TestClient]:
    yield from _client(tmp_path)


@pytest.fixture
def public(tmp_path: Path) -> Iterator[TestClient]:
    """A server listening beyond loopback: a GM signs in to create a table."""
    yield from _client(tmp_path, host="192.0.2.10", admin_token=ADMIN, join_attempts_per_minute=3)


def _text(answer: Any) -> str:
    return html.unescape(answer.text)


def _new_table(client: TestClient, name: str, system: str = "energy") -> str:
    answer = create_table(client, name, system)
    assert answer.status_code == 303, answer.text
    location: str = answer.headers["location"]
    return location.rsplit("/", 1)[-1]


def _code(client: TestClient, table_id: str) -> str:
    page = client.get(f"/t/{table_id}")
    found = re.search(r'class="code">([^<]+)<', page.text)
    assert found is not None
    return found.group(1)


def _rows(client: TestClient, model: Any, **where: Any) -> list[Any]:
    with client.app.state.store.reader() as db:  # type: ignore[attr-defined]
        rows = db.query(model).filter_by(**where).all()
        db.expunge_all()
        return list(rows)


def _upload(client: TestClient, table_id: str, name: str, text: str, **fields: str) -> Any:
    return client.post(
        f"/t/{table_id}/character/import",
        data={"csrf": csrf(client), **fields},
        files={"file": (name, text.encode("utf-8"), "application/octet-stream")},
        follow_redirects=False,
    )


def _hero(name: str) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((HEROES / f"{name}.yaml").read_text(encoding="utf-8"))
    return data


# -- my tables --------------------------------------------------------------------------------------


def test_one_browser_sits_at_two_tables_and_the_home_lists_both(web: TestClient) -> None:
    other = _new_table(web, "Jeudi", "carpathes")
    code = _code(web, other)
    web.cookies.clear()
    mine = _new_table(web, "Mardi")
    joined = join(web, other, code, "Ayla", follow_redirects=False)
    assert joined.status_code == 303 and joined.headers["location"] == f"/t/{other}/character"
    assert "httponly" in joined.headers["set-cookie"].lower()  # the token stays out of scripts
    home = _text(web.get("/"))
    listed = home.split('class="links my-tables"', 1)[1].split("</section>", 1)[0]
    assert "Mardi</a> (Energy System)" in listed and "vous êtes GM (meneur de jeu)" in listed
    assert "Jeudi</a> (Carpathes)" in listed and "vous êtes Ayla (joueur)" in listed
    assert f"/t/{mine}/s/" in listed and "Combat (version 0)" in listed  # the demo fight
    assert web.get(f"/t/{mine}").status_code == 200 and web.get(f"/t/{other}").status_code == 200
    assert "Renouveler le lien pour rejoindre" in web.get(f"/t/{mine}").text  # the GM's, at the GM's table
    assert "Afficher un nouveau lien" not in web.get(f"/t/{other}").text  # a player's at the other


def test_a_removed_member_loses_the_table_from_the_list(web: TestClient) -> None:
    table_id = _new_table(web, "Mardi")
    gm = dict(web.cookies)
    code = _code(web, table_id)
    web.cookies.clear()
    join(web, table_id, code, "Ayla")
    player = dict(web.cookies)
    assert "Mardi</a>" in web.get("/").text
    (ayla,) = _rows(web, Member, table_id=table_id, name="Ayla")
    web.cookies.clear()
    web.cookies.update(gm)
    removed = web.delete(f"/api/v1/tables/{table_id}/members/{ayla.id}", headers={"X-CSRF-Token": csrf(web)})
    assert removed.status_code == 204  # the page's cookie reaches the API, with the CSRF value
    web.cookies.clear()
    web.cookies.update(player)
    home = web.get("/")
    assert "Mardi</a>" not in home.text and "aucune table" in _text(home)
    assert f'meneur_token_{table_id}=""' in home.headers["set-cookie"]  # the dead seat is forgotten
    assert web.get(f"/t/{table_id}").status_code == 401


def test_a_stranger_gets_nothing(web: TestClient) -> None:
    first = _new_table(web, "Mardi")
    token = web.cookies[f"meneur_token_{first}"]
    web.cookies.clear()
    second = _new_table(web, "Jeudi")
    web.cookies.clear()
    web.cookies.set(f"meneur_token_{second}", token)  # a seat of one table under another's name
    web.cookies.set(f"meneur_token_{first}", "forged")
    home = web.get("/").text
    assert "Mardi" not in home and "Jeudi" not in home
    assert web.get(f"/t/{second}").status_code == 401 and web.get(f"/t/{first}").status_code == 401
    assert web.get(f"/t/{second}/character").status_code == 401
    token_csrf = {"csrf": csrf(web)}
    assert web.post(f"/t/{second}/character/pick", data={**token_csrf, "character": "x"}).status_code == 401
    assert _upload(web, second, "a.yaml", "name: X").status_code == 401
    assert web.post(f"/t/{second}/join-code", data=token_csrf).status_code == 401
    assert _rows(web, Character) == []


def test_every_form_refuses_a_missing_csrf_value(web: TestClient) -> None:
    table_id = _new_table(web, "Mardi")
    code = _code(web, table_id)
    refused = [
        web.post("/tables", data={"name": "Jeudi", "system": "energy"}),
        web.post(f"/join/{table_id}", data={"code": code, "name": "Ayla"}),
        web.post("/account/sign-in", data={"account": "x", "password": "y"}),
        web.post("/account/sign-out"),
        web.post("/account/new", data={"admin": ADMIN, "new_name": "x", "new_password": "y"}),
        web.post(f"/t/{table_id}/join-code"),
        web.post(f"/t/{table_id}/character/pick", data={"character": "x"}),
        web.post(f"/t/{table_id}/character/import", files={"file": ("a.yaml", b"name: X")}),
        web.post(f"/join/{table_id}", data={"code": code, "name": "Ayla", "csrf": "wrong"}),
    ]
    assert [answer.status_code for answer in refused] == [403] * len(refused)
    assert len(_rows(web, GameTable)) == 1 and len(_rows(web, Member)) == 1
    assert _rows(web, Character) == [] and _rows(web, Account) == []


# -- GM accounts --------------------------------------------------------------------------------------


def _make_account(client: TestClient, name: str = "Morgane", password: str = "cor-de-chasse") -> Any:
    data = {"admin": ADMIN, "new_name": name, "new_password": password, "csrf": csrf(client)}
    return client.post("/account/new", data=data)


def _sign_in(
    client: TestClient, name: str = "Morgane", password: str = "cor-de-chasse", **headers: str
) -> Any:
    data = {"account": name, "password": password, "csrf": csrf(client)}
    return client.post("/account/sign-in", data=data, headers=headers, follow_redirects=False)


def test_a_public_server_asks_the_gm_to_sign_in_before_creating_a_table(public: TestClient) -> None:
    home = _text(public.get("/"))
    assert "Se connecter" in home and "Créer la table" not in home
    refused = create_table(public, "Mardi", "energy")
    assert refused.status_code == 400 and 'id="create-error"' in refused.text
    assert "Connectez-vous à votre compte de MJ" in _text(refused)
    assert _rows(public, GameTable) == []


def test_an_account_is_made_with_the_admin_token_and_its_problems_are_beside_the_fields(
    public: TestClient,
) -> None:
    wrong = public.post(
        "/account/new",
        data={"admin": "guess", "new_name": "Morgane", "new_password": "x", "csrf": csrf(public)},
    )
    assert wrong.status_code == 401 and 'id="admin-error"' in wrong.text
    assert "jeton d'administration" in _text(wrong).split('id="admin-error"', 1)[1]
    empty = public.post(
        "/account/new", data={"admin": ADMIN, "new_name": " ", "new_password": "", "csrf": csrf(public)}
    )
    assert empty.status_code == 400 and 'id="new_name-error"' in empty.text
    assert 'id="new_password-error"' in empty.text and "Choisissez un mot de passe." in _text(empty)
    made = _make_account(public)
    assert made.status_code == 200 and "Le compte de MJ Morgane est créé" in _text(made)
    again = _make_account(public)
    assert again.status_code == 409 and 'id="new_name-error"' in again.text
    (account,) = _rows(public, Account)
    assert account.name == "Morgane" and "cor-de-chasse" not in account.password_hash  # argon2


def test_a_signed_in_gm_finds_the_accounts_tables_from_any_browser(public: TestClient) -> None:
    _make_account(public)
    bad = _sign_in(public, password="wrong")
    assert bad.status_code == 401 and 'id="password-error"' in bad.text
    assert "Aucun compte de MJ n'a ce nom et ce mot de passe." in _text(bad)
    english = _sign_in(public, password="wrong", **{"Accept-Language": "en"})
    assert "No GM account has this name and password." in english.text
    signed = _sign_in(public)
    assert signed.status_code == 303 and "httponly" in signed.headers["set-cookie"].lower()
    assert "Connecté au compte Morgane" in _text(public.get("/"))
    table_id = _new_table(public, "Mardi")
    (table,) = _rows(public, GameTable)
    assert table.account_id == _rows(public, Account)[0].id
    # another browser: nothing until it signs in, then the account's table, as its GM
    public.cookies.clear()
    assert "Mardi" not in public.get("/").text and public.get(f"/t/{table_id}").status_code == 401
    _sign_in(public)
    assert f'href="/t/{table_id}">Mardi</a>' in public.get("/").text
    page = public.get(f"/t/{table_id}")
    assert page.status_code == 200 and "Renouveler le lien pour rejoindre" in page.text
    with public.websocket_connect(f"/api/v1/tables/{table_id}/live") as live:
        assert live.receive_json()["seq"] >= 1  # the live feed knows the account's GM too
    # a table the account creates through the API (name and password) is listed too
    api = public.post(
        "/api/v1/tables",
        json={
            "name": "Jeudi",
            "system": "carpathes",
            "account": {"name": "Morgane", "password": "cor-de-chasse"},
        },
    )
    assert api.status_code == 201 and ">Jeudi</a>" in public.get("/").text
    session = public.cookies["meneur_account"]
    out = public.post("/account/sign-out", data={"csrf": csrf(public)}, follow_redirects=False)
    assert out.status_code == 303
    assert "Mardi" not in public.get("/").text and public.get(f"/t/{table_id}").status_code == 401
    public.cookies.set("meneur_account", session)  # the session is gone from the server as well
    assert public.get(f"/t/{table_id}").status_code == 401


def test_signing_in_is_rate_limited_like_joining(public: TestClient) -> None:
    _make_account(public)
    for _attempt in range(3):
        assert _sign_in(public, password="wrong").status_code == 401
    blocked = _sign_in(public)  # even the right password, for a minute
    assert blocked.status_code == 429 and "Trop de tentatives" in _text(blocked)
    assert "meneur_account" not in public.cookies
    api = public.post(  # the API's name and password share the limit
        "/api/v1/tables",
        json={
            "name": "Jeudi",
            "system": "carpathes",
            "account": {"name": "Morgane", "password": "cor-de-chasse"},
        },
    )
    assert api.status_code == 429 and _rows(public, GameTable) == []


# -- joining and the character --------------------------------------------------------------------------


def test_the_join_form_shows_its_problems_beside_the_fields(web: TestClient) -> None:
    table_id = _new_table(web, "Mardi")
    web.cookies.clear()
    bad = join(web, table_id, "nope", "Ayla")
    assert bad.status_code == 400 and 'id="code-error"' in bad.text
    assert "Aucune table n'a ce code" in _text(bad).split('id="code-error"', 1)[1]
    nameless = join(web, table_id, "nope", "  ", headers={"Accept-Language": "en"})
    assert nameless.status_code == 400 and 'id="name-error"' in nameless.text
    assert "Give your name (as the table calls you)." in nameless.text
    assert _rows(web, Member, table_id=table_id, role="player") == []


def test_a_player_picks_a_free_character_never_a_hidden_one(web: TestClient) -> None:
    table_id = _new_table(web, "Mardi")
    assert _upload(web, table_id, "wink.yaml", yaml.safe_dump(_hero("wink"))).status_code == 303
    npc = _upload(web, table_id, "fold.yaml", yaml.safe_dump(_hero("fold")), hidden="on")
    assert npc.status_code == 303
    wink, fold = sorted(_rows(web, Character), key=lambda c: c.name != "WINK")
    assert (wink.owner_id, wink.hidden, fold.owner_id, fold.hidden) == (None, False, None, True)
    code = _code(web, table_id)
    web.cookies.clear()
    join(web, table_id, code, "Ayla")
    page = _text(web.get(f"/t/{table_id}/character"))
    assert f'value="{wink.id}"' in page and "FOLD" not in page and fold.id not in page
    assert 'class="builder-link" href="/builder"' in page  # an Energy table offers the builder
    assert f'class="continue" href="/t/{table_id}"' in page  # or no character for now
    hidden = web.post(f"/t/{table_id}/character/pick", data={"character": fold.id, "csrf": csrf(web)})
    assert hidden.status_code == 404 and 'id="pick-error"' in hidden.text
    assert _rows(web, Character, id=fold.id)[0].owner_id is None
    none = web.post(f"/t/{table_id}/character/pick", data={"csrf": csrf(web)})
    assert none.status_code == 400 and "Choisissez un personnage de la liste." in _text(none)
    picked = web.post(
        f"/t/{table_id}/character/pick",
        data={"character": wink.id, "csrf": csrf(web)},
        follow_redirects=False,
    )
    assert picked.status_code == 303
    (ayla,) = _rows(web, Member, table_id=table_id, name="Ayla")
    assert _rows(web, Character, id=wink.id)[0].owner_id == ayla.id
    assert "WINK — le vôtre" in _text(web.get(f"/t/{table_id}"))
    web.cookies.clear()
    join(web, table_id, code, "Bren")
    taken = web.post(f"/t/{table_id}/character/pick", data={"character": wink.id, "csrf": csrf(web)})
    assert taken.status_code == 409 and "Un autre joueur joue déjà ce personnage." in _text(taken)
    assert _rows(web, Character, id=wink.id)[0].owner_id == ayla.id


def test_rejoining_under_the_same_name_from_the_same_browser_keeps_one_member(web: TestClient) -> None:
    table_id = _new_table(web, "Mardi", "carpathes")
    code = _code(web, table_id)
    web.cookies.clear()
    first = join(web, table_id, code, "Ayla", follow_redirects=False)
    again = join(web, table_id, code, " ayla ", follow_redirects=False)
    assert again.status_code == 303 and again.headers["location"] == f"/t/{table_id}/character"
    assert len(_rows(web, Member, table_id=table_id, role="player")) == 1
    assert first.status_code == 303
    other = join(web, table_id, code, "Bren", follow_redirects=False)  # another name: another player
    assert other.status_code == 303 and len(_rows(web, Member, table_id=table_id, role="player")) == 2


def test_an_imported_file_is_checked_by_the_rules_and_nothing_is_stored_when_refused(web: TestClient) -> None:
    table_id = _new_table(web, "Mardi")
    code = _code(web, table_id)
    web.cookies.clear()
    join(web, table_id, code, "Ayla")
    broken = _hero("wink") | {"attributes": dict.fromkeys(_hero("wink")["attributes"], 9)}
    answers = {
        "unreadable": _upload(web, table_id, "a.yaml", "name: [WINK"),
        "not a mapping": _upload(web, table_id, "a.yaml", "- WINK\n- KITSUNE\n"),
        "empty": _upload(web, table_id, "a.yaml", ""),
        "rules": _upload(web, table_id, "wink.yaml", yaml.safe_dump(broken)),
    }
    for why, answer in answers.items():
        assert answer.status_code == 400, why
        assert 'id="import-error"' in answer.text and 'aria-describedby="import-error"' in answer.text, why
    assert _rows(web, Character) == []
    rules = _text(answers["rules"])
    assert "Le personnage enfreint les règles de son système :" in rules
    assert "66 points de héros dépensés pour un budget de 39" in rules  # each broken rule, in French
    json_file = _upload(web, table_id, "kitsune.json", json.dumps(_hero("kitsune"), ensure_ascii=False))
    assert json_file.status_code == 303
    (kitsune,) = _rows(web, Character)
    (ayla,) = _rows(web, Member, table_id=table_id, name="Ayla")
    assert kitsune.name == "KITSUNE" and kitsune.owner_id == ayla.id and not kitsune.hidden
    hidden = _upload(web, table_id, "wink.yaml", yaml.safe_dump(_hero("wink")), hidden="on")
    assert hidden.status_code == 303 and not _rows(web, Character, name="WINK")[0].hidden  # the GM's alone


def test_a_carpathes_character_needs_a_name(web: TestClient) -> None:
    table_id = _new_table(web, "Jeudi", "carpathes")
    nameless = _upload(web, table_id, "a.yaml", "traits: {}\n")
    assert nameless.status_code == 400 and "Une fiche de personnage doit avoir un nom." in _text(nameless)
    page = _text(web.get(f"/t/{table_id}/character"))
    assert "builder-link" not in page and "Caché aux joueurs" in page
    assert _upload(web, table_id, "a.yaml", "name: Ilona\n").status_code == 303
    assert "Ilona — personne ne le joue encore" in _text(web.get(f"/t/{table_id}"))
