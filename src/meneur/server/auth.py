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
from collections import OrderedDict, deque
from collections.abc import Callable

from argon2 import PasswordHasher
from argon2.exceptions import VerificationError

_HASHER = PasswordHasher()


def new_token() -> str:
    return secrets.token_urlsafe(32)


JOIN_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
"""A join code's letters: no look-alikes (no 0 or o, no 1, l or i), one case."""
JOIN_GROUPS = 3
JOIN_GROUP = 4


def new_join_code() -> str:
    """A code a player types from a screen: three groups of four letters (``k7mp-3xqa-9hfd``), 12
    symbols of 31, some 59 random bits (wrong codes are limited per address)."""
    symbols = [secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_GROUPS * JOIN_GROUP)]
    groups = ["".join(symbols[at : at + JOIN_GROUP]) for at in range(0, len(symbols), JOIN_GROUP)]
    return "-".join(groups)


def join_code_key(code: str) -> str:
    """The form of a join code that is hashed: what was typed without case, spaces or dashes (so
    ``K7MP 3XQA-9hfd`` is ``k7mp3xqa9hfd``)."""
    return "".join(code.split()).replace("-", "").lower()


def join_code_digest(code: str) -> str:
    """The stored form of a join code made by :func:`new_join_code`."""
    return digest(join_code_key(code))


def is_join_code(typed: str, stored: str) -> bool:
    """Whether ``typed`` is the code whose digest is ``stored``: a code of today's alphabet as
    typed in any case, with or without its dashes, or a code of an older version exactly."""
    return same_digest(join_code_key(typed), stored) or same_digest(typed.strip(), stored)


SIGN_IN_SECONDS = 3600
"""How long a GM sign-in link works after the server printed it (once)."""


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


Key = tuple[str, ...]
"""What a limit counts failures of: ``("join", table id, address)``, ``("account", name, address)``,
``("admin", address)``."""


class RateLimiter:
    """At most ``limit`` failures per key in a sliding ``window`` (seconds), in bounded memory.

    Keys are kept in the order of their last failure, so the expired ones are at the front: each
    failure drops them, and the oldest keys beyond ``most_keys`` (their failures dropped with them).
    A key keeps at most ``limit`` failure times. ``clock`` is injectable for tests.
    """

    def __init__(
        self,
        limit: int,
        window: float = 60.0,
        most_keys: int = 10_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limit = limit
        self.window = window
        self.most_keys = most_keys
        self.clock = clock
        self._failures: OrderedDict[Key, deque[float]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._failures)

    def blocked(self, key: Key) -> bool:
        with self._lock:
            found = self._failures.get(key)
            if found is None:
                return False
            cutoff = self.clock() - self.window
            return sum(1 for at in found if at >= cutoff) >= self.limit

    def fail(self, key: Key) -> None:
        with self._lock:
            now = self.clock()
            found = self._failures.pop(key, None) or deque(maxlen=max(1, self.limit))
            found.append(now)
            self._failures[key] = found  # at the end: the newest failure
            self._prune(now)

    def _prune(self, now: float) -> None:
        cutoff = now - self.window
        while self._failures:
            oldest_key, oldest = next(iter(self._failures.items()))
            if oldest[-1] >= cutoff and len(self._failures) <= self.most_keys:
                return
            del self._failures[oldest_key]
