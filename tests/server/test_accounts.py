"""A GM account changes its password through the API: proven by the current one (argon2), rate-limited
with the joins and sign-ins of the same address, and every browser signed in to it is signed out."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from meneur.server.accounts import open_session
from meneur.server.app import build_app
from meneur.server.config import Settings
from meneur.server.models import Account, AccountSession
from tests.inprocess import TestClient
from tests.server.conftest import ready_database_url

ADMIN = "s3cret-of-the-instance"
URL = "/api/v1/accounts/me/password"


@pytest.fixture
def public(tmp_path: Path) -> Iterator[TestClient]:
    """A server beyond loopback, the GM account Morgane made, three failures a minute per address."""
    settings = Settings(
        db=ready_database_url(tmp_path), host="192.0.2.10", admin_token=ADMIN, join_attempts_per_minute=3
    )
    app = build_app(settings)
    with TestClient(app) as client:
        made = client.post(
            "/api/v1/accounts",
            json={"name": "Morgane", "password": "cor-de-chasse"},
            headers={"Authorization": f"Bearer {ADMIN}"},
        )
        assert made.status_code == 201
        yield client
    app.state.store.close()


def _create_table(client: TestClient, password: str) -> Any:
    body = {"name": "Mardi", "system": "carpathes", "account": {"name": "Morgane", "password": password}}
    return client.post("/api/v1/tables", json=body)


def _change(client: TestClient, password: str, new: str, **headers: str) -> Any:
    body = {"name": "Morgane", "password": password, "new_password": new}
    return client.put(URL, json=body, headers=headers)


def _hash(client: TestClient) -> str:
    with client.app.state.store.reader() as db:  # type: ignore[attr-defined]
        account = db.query(Account).filter_by(name="Morgane").one()
        return str(account.password_hash)


def _sessions(client: TestClient) -> int:
    with client.app.state.store.reader() as db:  # type: ignore[attr-defined]
        return int(db.query(AccountSession).count())


def _browsers(client: TestClient, count: int) -> list[str]:
    with client.app.state.store.writer() as writer:  # type: ignore[attr-defined]
        account = writer.query(Account).filter_by(name="Morgane").one()
        return [open_session(writer, account.id) for _ in range(count)]


def test_a_new_password_replaces_the_old_one(public: TestClient) -> None:
    before = _hash(public)
    changed = _change(public, "cor-de-chasse", "lune-rousse")
    assert changed.status_code == 204 and changed.content == b""
    after = _hash(public)
    assert after != before and after.startswith("$argon2") and "lune-rousse" not in after
    assert _create_table(public, "cor-de-chasse").status_code == 401  # the old one proves nothing
    assert _create_table(public, "lune-rousse").status_code == 201


def test_a_new_password_signs_every_browser_out(public: TestClient) -> None:
    tokens = _browsers(public, 2)
    public.cookies.set("meneur_account", tokens[0])
    assert "Connecté au compte Morgane" in public.get("/").text and _sessions(public) == 2
    assert _change(public, "cor-de-chasse", "lune-rousse").status_code == 204
    assert _sessions(public) == 0
    for token in tokens:
        public.cookies.set("meneur_account", token)
        assert "Connecté au compte" not in public.get("/").text  # its cookie names no session now


def test_a_wrong_password_changes_nothing(public: TestClient) -> None:
    _browsers(public, 1)
    before = _hash(public)
    wrong = _change(public, "cor-de-chase", "lune-rousse", **{"Accept-Language": "en"})
    assert wrong.status_code == 401
    assert wrong.json() == {"error": "unauthorized", "message": "No GM account has this name and password."}
    french = _change(public, "nope", "lune-rousse")
    assert french.json()["message"] == "Aucun compte de MJ n'a ce nom et ce mot de passe."
    unknown = public.put(URL, json={"name": "Nobody", "password": "cor-de-chasse", "new_password": "x"})
    assert unknown.status_code == 401
    assert _hash(public) == before and _sessions(public) == 1


def test_an_empty_new_password_is_refused_with_the_rule_of_a_new_account(public: TestClient) -> None:
    """The same rule as ``POST /accounts``: at least one character, at most 200."""
    before = _hash(public)
    empty = _change(public, "cor-de-chasse", "")
    assert empty.status_code == 400 and "new_password" in empty.json()["message"]
    assert "ne doit pas être vide" in empty.json()["message"]  # in French, the default
    made = public.post(
        "/api/v1/accounts",
        json={"name": "Blanche", "password": ""},
        headers={"Authorization": f"Bearer {ADMIN}"},
    )
    assert made.status_code == 400 and "password : ne doit pas être vide" in made.json()["message"]
    long = _change(public, "cor-de-chasse", "x" * 201)
    assert long.status_code == 400 and "200 caractères au plus" in long.json()["message"]
    sneaky = public.put(
        URL, json={"name": "Morgane", "password": "cor-de-chasse", "new_password": "a", "admin": 1}
    )
    assert sneaky.status_code == 400
    assert _hash(public) == before


def test_guessing_the_current_password_is_rate_limited_like_a_sign_in(public: TestClient) -> None:
    for _attempt in range(3):
        assert _change(public, "wrong", "lune-rousse").status_code == 401
    blocked = _change(public, "cor-de-chasse", "lune-rousse")  # even the right one, for a minute
    assert blocked.status_code == 429 and blocked.json()["error"] == "too_many"
    assert _create_table(public, "cor-de-chasse").status_code == 429  # the limit is shared
    assert _create_table(public, "lune-rousse").status_code == 429


def test_wrong_passwords_count_per_account_and_address(public: TestClient) -> None:
    """Issue 17, item 7: one address's mistakes on one account block no other account, and a
    wrong join code blocks no sign-in."""
    made = public.post(
        "/api/v1/accounts",
        json={"name": "Blanche", "password": "neige"},
        headers={"Authorization": f"Bearer {ADMIN}"},
    )
    assert made.status_code == 201
    for _attempt in range(3):
        assert _change(public, "wrong", "lune-rousse").status_code == 401
    assert _change(public, "cor-de-chasse", "lune-rousse").status_code == 429  # Morgane's own pair
    other = public.put(URL, json={"name": "Blanche", "password": "neige", "new_password": "givre"})
    assert other.status_code == 204


def test_the_limit_counts_failures_of_the_table_creation_too(public: TestClient) -> None:
    for _attempt in range(3):
        assert _create_table(public, "wrong").status_code == 401
    assert _change(public, "cor-de-chasse", "lune-rousse").status_code == 429


def test_no_password_no_change(public: TestClient) -> None:
    """A member's token or a signed-in browser's cookie is no proof: the current password is."""
    (token,) = _browsers(public, 1)
    public.cookies.set("meneur_account", token)
    without = public.put(URL, json={"name": "Morgane", "new_password": "lune-rousse"})
    assert without.status_code == 400
    assert public.put(URL, json={}, headers={"Authorization": f"Bearer {ADMIN}"}).status_code == 400
    assert _change(public, "", "lune-rousse").status_code == 400
    assert _sessions(public) == 1


def test_the_route_is_documented(public: TestClient) -> None:
    document = public.get("/openapi.json").json()
    route = document["paths"][URL]["put"]
    assert route["summary"].startswith("Change a GM account's password")
    assert {"204", "400", "401", "429"} <= set(route["responses"])  # (and FastAPI's 422, as every route)
    body = route["requestBody"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]
    schema = document["components"]["schemas"][body]
    assert schema["required"] == ["name", "password", "new_password"]
    assert schema["properties"]["new_password"]["minLength"] == 1
    for code in ("400", "401", "429"):
        error = route["responses"][code]["content"]["application/json"]["schema"]["$ref"]
        assert error.endswith("/ErrorBody")


def test_a_server_process_hashes_passwords_at_argon2s_recommended_cost() -> None:
    """The tests' own process hashes cheaply (tests/conftest.py); the server as run does not:
    argon2id with 64 MiB, three passes and four lanes, argon2-cffi's recommended profile."""
    import subprocess
    import sys

    code = "from meneur.server.auth import hash_password; print(hash_password('secret'))"
    stored = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert stored.startswith("$argon2id$v=19$m=65536,t=3,p=4$")
