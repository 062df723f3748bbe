"""The test-only games are registered for each test that asks for them, and taken back after."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from meneur.engine import registry
from meneur.engine.plugin import Game
from tests import cli_helpers
from tests.games.pig.plugin import PLUGIN


@pytest.fixture(scope="module")
def pig() -> Iterator[Game]:
    """Pig listed by the registry beside the built-in games, for the tests of one module. The root
    command that ``run_cli`` keeps is built afresh, so its groups include pig (and, after the
    module, no longer do)."""
    cli_helpers._APPS.clear()
    cli_helpers._COMMANDS.clear()
    registry.register(PLUGIN)
    try:
        yield PLUGIN
    finally:
        registry.unregister(PLUGIN.key)
        cli_helpers._APPS.clear()
        cli_helpers._COMMANDS.clear()
