"""A GM account's own page: its tables, a new password (proven by the current one, each problem
beside its field), and signing out every other browser. Only a browser signed in to the account
opens it; every form carries the CSRF value."""

from __future__ import annotations

import html
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from meneur.server.app import build_app
from meneur.server.config import Settings
from meneur.server.models import Account, AccountSession
from tests.inprocess import TestClient
from tests.server.conftest import ready_database_url
from tests.web.forms import create_table, csrf

ADMIN = "admin-secret-of-the-instance"
PASSWORD = "cor-de-chasse"


@pytest.fixture
def public(tmp_path: Path) -> Iterator[TestClient]:
    """A server beyond loopback with the account Morgane, this browser signed in to it."""
    app = build_app(
        Settings(
            db=ready_database_url(tmp_path), host="192.0.2.10", admin_token=ADMIN, join_attempts_per_minute=3
        )
    )
    with TestClient(app) as client:
        data = {"admin": ADMIN, "new_name": "Morgane", "new_password": PASSWORD, "csrf": csrf(client)}
        assert client.post("/account/new", data=data).status_code == 200
        assert _sign_in(client).status_code == 303
        yield client
    app.state.store.close()


def _text(answer: Any) -> str:
    return html.unescape(answer.text)


def _sign_in(client: TestClient, password: str = PASSWORD) -> Any:
    data = {"account": "Morgane", "password": password, "csrf": csrf(client)}
    return client.post("/account/sign-in", data=data, follow_redirects=False)


def _change(client: TestClient, current: str, new: str, again: str | None = None, **headers: str) -> Any:
    data = {
        "current_password": current,
        "new_password": new,
        "new_password_again": new if again is None else again,
        "csrf": csrf(client),
    }
    return client.post("/account", data=data, headers=headers, follow_redirects=False)


def _hash(client: TestClient) -> str:
    with client.app.state.store.reader() as db:  # type: ignore[attr-defined]
        return str(db.query(Account).filter_by(name="Morgane").one().password_hash)


def _sessions(client: TestClient) -> int:
    with client.app.state.store.reader() as db:  # type: ignore[attr-defined]
        return int(db.query(AccountSession).count())


def _signed_in(client: TestClient, session: str) -> bool:
    """Whether the browser holding this ``meneur_account`` cookie is signed in (its account page)."""
    other = TestClient(client.app)
    other.cookies.set("meneur_account", session)
    return other.get("/account").status_code == 200


def _another_browser(client: TestClient) -> str:
    """A second browser signs in: its session token."""
    other = TestClient(client.app)
    assert _sign_in(other).status_code == 303
    return str(other.cookies["meneur_account"])


def test_the_home_page_links_the_account_page_and_it_lists_the_accounts_tables(public: TestClient) -> None:
    home = public.get("/").text
    assert 'href="/account"' in home
    assert create_table(public, "Mardi", "energy").status_code == 303
    public.cookies.clear()  # the seat cookie gone: the account's session alone
    assert _sign_in(public).status_code == 303
    page = _text(public.get("/account"))
    assert "<h1>Compte de MJ Morgane</h1>" in page
    listed = page.split('class="links my-tables"', 1)[1].split("</section>", 1)[0]
    assert "Mardi</a> (Energy System)" in listed and "vous êtes GM (meneur de jeu)" in listed
    assert "Combat (version 0)" in listed  # the demo fight, linked as home does
    assert "Autres navigateurs connectés à ce compte : 1." in page  # the cookie thrown away, not signed out
    english = public.get("/account", headers={"Accept-Language": "en"})
    assert "Change the password" in english.text and "New password again" in english.text


def test_a_new_password_replaces_the_old_one_and_this_browser_stays(public: TestClient) -> None:
    before = _hash(public)
    mine = public.cookies["meneur_account"]
    changed = _change(public, PASSWORD, "lune-rousse")
    assert changed.status_code == 303 and changed.headers["location"] == "/account?done=password"
    assert "httponly" in changed.headers["set-cookie"].lower()
    renewed = public.cookies["meneur_account"]
    assert renewed != mine and not _signed_in(public, mine)  # a copy of the old cookie is worth nothing
    page = public.get(changed.headers["location"])
    assert page.status_code == 200 and "Votre mot de passe est changé" in _text(page)
    assert _hash(public) != before
    other = TestClient(public.app)
    assert _sign_in(other).status_code == 401  # the old password no longer signs in
    assert _sign_in(other, "lune-rousse").status_code == 303


def test_a_new_password_signs_the_other_browsers_out(public: TestClient) -> None:
    elsewhere = [_another_browser(public), _another_browser(public)]
    assert "Autres navigateurs connectés à ce compte : 2." in _text(public.get("/account"))
    assert all(_signed_in(public, session) for session in elsewhere)
    assert _change(public, PASSWORD, "lune-rousse").status_code == 303
    assert not any(_signed_in(public, session) for session in elsewhere)
    assert public.get("/account").status_code == 200 and _sessions(public) == 1


def test_a_wrong_current_password_changes_nothing(public: TestClient) -> None:
    other = _another_browser(public)
    before = _hash(public)
    wrong = _change(public, "cor-de-chase", "lune-rousse")
    assert wrong.status_code == 401
    beside = _text(wrong).split('id="current_password-error"', 1)[1].split("</p>", 1)[0]
    assert "Ce n'est pas le mot de passe actuel du compte." in beside
    assert 'aria-describedby="current_password-error" aria-invalid="true"' in wrong.text
    assert _hash(public) == before and _signed_in(public, other) and _sessions(public) == 2


def test_each_problem_is_beside_its_field_in_the_viewers_language(public: TestClient) -> None:
    before = _hash(public)
    differ = _change(public, PASSWORD, "lune-rousse", "lune-rouse")
    assert differ.status_code == 400
    beside = _text(differ).split('id="new_password_again-error"', 1)[1].split("</p>", 1)[0]
    assert "Les deux nouveaux mots de passe diffèrent" in beside
    assert 'id="current_password-error"' not in differ.text and 'id="new_password-error"' not in differ.text
    english = _change(public, "", "", "", **{"Accept-Language": "en"})
    assert english.status_code == 400
    assert 'id="current_password-error" role="alert">Give your current password.' in english.text
    assert 'id="new_password-error" role="alert">Choose a new password.' in english.text
    long = _change(public, PASSWORD, "x" * 201)
    assert long.status_code == 400 and "au plus 200 caractères" in _text(long)
    assert _hash(public) == before
    assert _sign_in(TestClient(public.app)).status_code == 303  # the password is still the old one


def test_other_browsers_are_signed_out_and_this_one_stays(public: TestClient) -> None:
    elsewhere = _another_browser(public)
    mine = public.cookies["meneur_account"]
    out = public.post("/account/sign-out-others", data={"csrf": csrf(public)}, follow_redirects=False)
    assert out.status_code == 303 and out.headers["location"] == "/account?done=others"
    assert not _signed_in(public, elsewhere) and not _signed_in(public, mine)
    page = _text(public.get("/account?done=others"))
    assert "Tous les autres navigateurs sont déconnectés." in page  # and this one is still in
    assert "Aucun autre navigateur n'est connecté" in page and _sessions(public) == 1
    assert _sign_in(TestClient(public.app)).status_code == 303  # the password is unchanged


def test_guessing_the_current_password_is_rate_limited_like_a_sign_in(public: TestClient) -> None:
    before = _hash(public)
    for _attempt in range(3):
        assert _change(public, "wrong", "lune-rousse").status_code == 401
    blocked = _change(public, PASSWORD, "lune-rousse")  # even the right one, for a minute
    assert blocked.status_code == 429
    assert "Trop de tentatives" in _text(blocked).split('id="current_password-error"', 1)[1]
    assert _hash(public) == before
    assert _sign_in(TestClient(public.app)).status_code == 429  # the sign-in shares the limit


def test_without_an_account_the_page_is_the_signed_out_page(public: TestClient) -> None:
    before = _hash(public)
    stranger = TestClient(public.app)
    page = stranger.get("/account")
    assert page.status_code == 401 and "Vous n'êtes connecté à aucun compte de MJ" in _text(page)
    assert "Changer le mot de passe" not in _text(page)
    stranger.cookies.set("meneur_account", "forged")
    assert stranger.get("/account").status_code == 401
    token = {"csrf": csrf(stranger)}
    change = {**token, "current_password": PASSWORD, "new_password": "x", "new_password_again": "x"}
    assert stranger.post("/account", data=change).status_code == 401
    assert stranger.post("/account/sign-out-others", data=token).status_code == 401
    seated = TestClient(public.app)  # a seat at a table is no account either
    assert create_table(seated, "Jeudi", "energy").status_code == 400  # (a public server: no table)
    assert seated.get("/account").status_code == 401
    assert _hash(public) == before and _sessions(public) == 1


def test_both_forms_refuse_a_missing_csrf_value(public: TestClient) -> None:
    before = _hash(public)
    other = _another_browser(public)
    change = {"current_password": PASSWORD, "new_password": "x", "new_password_again": "x"}
    refused = [
        public.post("/account", data=change),
        public.post("/account", data={**change, "csrf": "wrong"}),
        public.post("/account/sign-out-others"),
    ]
    assert [answer.status_code for answer in refused] == [403, 403, 403]
    assert _hash(public) == before and _signed_in(public, other)
