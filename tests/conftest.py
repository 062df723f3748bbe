"""Shared test set-up: Hypothesis profiles and the language of each test."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from meneur.i18n import set_language

SUITE_EXAMPLES = 50
"""Examples of a property test in the suite (where the test gives no budget of its own)."""
settings.register_profile(
    "default", deadline=None, max_examples=SUITE_EXAMPLES, suppress_health_check=[HealthCheck.too_slow]
)
# CI replays the same examples every run (a red CI is then always reproducible); developers'
# runs keep exploring new examples.
settings.register_profile(
    "ci",
    deadline=None,
    max_examples=SUITE_EXAMPLES,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
# The long run (docs/CONTRIBUTING.md, "Tests"): HYPOTHESIS_PROFILE=thorough, twenty times the suite's
# examples, new ones every run.
settings.register_profile(
    "thorough",
    deadline=None,
    max_examples=20 * SUITE_EXAMPLES,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "default"))


@pytest.fixture(autouse=True, scope="session")
def _cheap_password_hashes() -> Iterator[None]:
    """Passwords hashed in the tests' own process use argon2 with its library's test profile
    (``argon2.profiles.CHEAPEST``): the same code path, without 64 MiB and three passes per
    sign-in. A real server process keeps the recommended cost (tests/server/test_accounts.py)."""
    from argon2 import PasswordHasher, profiles

    from meneur.server import auth

    kept = auth._HASHER
    auth._HASHER = PasswordHasher.from_parameters(profiles.CHEAPEST)
    yield
    auth._HASHER = kept


@pytest.fixture(autouse=True)
def _french_by_default() -> Iterator[None]:
    """Every test starts in French, the default language; tests switch explicitly."""
    set_language("fr")
    yield
    set_language("fr")


ROOT = Path(__file__).resolve().parents[1]
CACHES = frozenset(
    {".hypothesis", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".coverage", "test-artefacts"}
)
"""What a run may leave at the repository's root (ignored by git)."""


def _root_entries() -> set[str]:
    return {entry.name for entry in ROOT.iterdir()} - CACHES


def pytest_sessionstart(session: pytest.Session) -> None:
    session.config.stash[_ROOT_BEFORE] = _root_entries()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """A test that writes at the repository's root (a database named by a relative path, say) fails
    the run: every file a test makes belongs under its temporary folder."""
    before = session.config.stash.get(_ROOT_BEFORE, None)
    if before is None or hasattr(session.config, "workerinput"):
        return
    made = sorted(_root_entries() - before)
    if made:
        session.config.get_terminal_writer().line(
            f"tests wrote at the repository's root: {', '.join(made)}", red=True
        )
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


_ROOT_BEFORE = pytest.StashKey[set[str]]()
