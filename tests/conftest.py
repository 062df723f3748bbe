"""Shared test set-up: Hypothesis profiles and the language of each test."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from meneur.i18n import set_language

settings.register_profile(
    "default", deadline=None, max_examples=100, suppress_health_check=[HealthCheck.too_slow]
)
# CI replays the same examples every run (a red CI is then always reproducible); developers'
# runs keep exploring new examples.
settings.register_profile(
    "ci", deadline=None, max_examples=100, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "default"))


@pytest.fixture(autouse=True)
def _french_by_default() -> Iterator[None]:
    """Every test starts in French, the default language; tests switch explicitly."""
    set_language("fr")
    yield
    set_language("fr")
