"""The forms' CSRF tokens: an HMAC, under the server's key, of a secret the browser holds.

A browser's secrets are its HttpOnly cookies: its seat at each table (``meneur_token_<table id>``,
or the API's single ``meneur_token``), its GM account's session (``meneur_account``), and, for the
pages it sees before any seat, a random secret of its own (``meneur_browser``). A page carries
the token of the secret it is about (its table's seat, else the account's session, else the
browser's secret) in a meta tag, htmx's ``X-CSRF-Token`` header and its forms' ``csrf`` field. A
change made with cookies is accepted when its token is the HMAC of a secret the browser still
sends: no script reads a secret (every cookie is HttpOnly), and no one computes a token without
the server's key, so a page of another origin that makes the browser send its cookies cannot send
a token with them. A seat's token dies with the seat (a new seat cookie, a new token).

The key is 256 random bits stored in the database (``server_secrets``), made at first use: every
worker and every restart signs the same tokens.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from meneur.server.accounts import ACCOUNT_COOKIE, LEGACY_COOKIE, MOST_SEATS, SEAT_PREFIX, seat_cookie
from meneur.server.models import ServerSecret

BROWSER_COOKIE = "meneur_browser"
"""A browser's own random secret (HttpOnly): the CSRF token's secret on pages before any seat."""
KEY_NAME = "csrf"


def server_key(app: Any) -> bytes:
    """The server's CSRF key (read once per process; made and stored at first use)."""
    found: bytes | None = getattr(app.state, "csrf_key", None)
    if found is None:
        found = app.state.csrf_key = _stored_key(app.state.store)
    return found


def _stored_key(store: Any) -> bytes:
    query = select(ServerSecret.value).where(ServerSecret.name == KEY_NAME)
    with store.reader() as db:
        value = db.scalar(query)
    if value is None:
        try:
            with store.writer() as writer:
                writer.add(ServerSecret(name=KEY_NAME, value=secrets.token_hex(32)))
        except IntegrityError:  # another worker made it first: theirs is the key
            pass
        with store.reader() as db:
            value = db.scalar(query)
    return bytes.fromhex(str(value))


def token(key: bytes, secret: str) -> str:
    """The CSRF token of ``secret``."""
    return hmac.new(key, b"csrf\0" + secret.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()


def browser_secrets(cookies: Mapping[str, str]) -> list[str]:
    """Every secret the browser sends (its seats, at most :data:`MOST_SEATS`, its account's session,
    its own secret)."""
    seats = [value for name, value in cookies.items() if name.startswith(SEAT_PREFIX)][:MOST_SEATS]
    others = [cookies.get(name, "") for name in (LEGACY_COOKIE, ACCOUNT_COOKIE, BROWSER_COOKIE)]
    return [value for value in (*seats, *others) if value]


def is_valid(key: bytes, cookies: Mapping[str, str], sent: str) -> bool:
    """Whether ``sent`` is the token of a secret the browser sends."""
    if not sent:
        return False
    found = False
    for secret in browser_secrets(cookies):
        found = hmac.compare_digest(sent, token(key, secret)) or found
    return found


def page_secret(cookies: Mapping[str, str], table_id: str | None) -> str | None:
    """The secret a page's token is made of: its table's seat, else the GM account's session, else
    the browser's own secret, else any secret it holds (``None``: the browser has none yet)."""
    seat = cookies.get(seat_cookie(table_id), "") if table_id else ""
    held = browser_secrets(cookies)
    return seat or cookies.get(ACCOUNT_COOKIE) or cookies.get(BROWSER_COOKIE) or (held[0] if held else None)
