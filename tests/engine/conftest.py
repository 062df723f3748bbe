"""The kernel's tests run on the tally system."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from meneur.engine.registry import SYSTEMS
from tests.engine import tally


@pytest.fixture(autouse=True)
def _tally_registered() -> Iterator[None]:
    tally.register()
    yield
    SYSTEMS.pop("tally", None)
