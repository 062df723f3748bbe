"""Every system package has the same shape: the same modules and the same exported names."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

import pytest

from meneur.engine import System
from meneur.engine.registry import SYSTEMS

ENGINE_NAMES = ("SYSTEM", "Command", "Event", "decide", "evolve", "legal", "start")
MODULES = ("commands.py", "events.py", "engine.py")
KEYS = sorted(key for key, module in SYSTEMS.items() if module.startswith("meneur.systems."))


@pytest.mark.parametrize("key", KEYS)
def test_the_package_exports_the_engine_names(key: str) -> None:
    package = import_module(SYSTEMS[key].rsplit(".", 1)[0])
    assert set(ENGINE_NAMES) <= set(package.__all__)
    assert all(getattr(package, name) is not None for name in ENGINE_NAMES)
    assert isinstance(package.SYSTEM, System) and package.SYSTEM.key == key


@pytest.mark.parametrize("key", KEYS)
def test_the_package_has_the_same_modules(key: str) -> None:
    package = import_module(SYSTEMS[key].rsplit(".", 1)[0])
    folder = Path(package.__file__ or "").parent
    assert [name for name in MODULES if not (folder / name).exists()] == []
