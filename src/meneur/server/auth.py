"""Secrets: tokens and join codes (random, stored as SHA-256), GM passwords (argon2), join limits.

A token is 256 random bits: a fast hash is enough to store it (nobody can guess one from its
hash); passwords, chosen by people, get argon2.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections import deque

from argon2 import PasswordHasher
from argon2.exceptions import VerificationError

_HASHER = PasswordHasher()


def new_token() -> str:
    return secrets.token_urlsafe(32)


def new_join_code() -> str:
    return secrets.token_urlsafe(9)


def new_id() -> str:
    return secrets.token_hex(8)


def digest(secret: str) -> str:
    """The stored form of a token or a join code."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def same_digest(secret: str, stored: str) -> bool:
    return hmac.compare_digest(digest(secret), stored)


def hash_password(password: str) -> str:
    return _HASHER.hash(password)


def check_password(password: str, stored: str) -> bool:
    try:
        return _HASHER.verify(stored, password)
    except VerificationError:
        return False


class RateLimiter:
    """At most ``limit`` failures per key in a sliding minute (failed join attempts per address)."""

    def __init__(self, limit: int, window: float = 60.0) -> None:
        self.limit = limit
        self.window = window
        self._failures: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def blocked(self, key: str) -> bool:
        with self._lock:
            recent = self._recent(key)
            return len(recent) >= self.limit

    def fail(self, key: str) -> None:
        with self._lock:
            self._recent(key).append(time.monotonic())

    def _recent(self, key: str) -> deque[float]:
        found = self._failures.setdefault(key, deque())
        cutoff = time.monotonic() - self.window
        while found and found[0] < cutoff:
            found.popleft()
        return found
