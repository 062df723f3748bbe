"""docs/ARCHITECTURE.md stays true: every module it names exists, every system key is registered."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from meneur.engine.registry import SYSTEMS

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
PATHS = sorted(set(re.findall(r"`(src/meneur/[\w/.]+)`", PAGE)))
MODULES = sorted(set(re.findall(r"\b(meneur(?:\.\w+)+)\b", PAGE)) - {"meneur.cli.sessions.play"})


def test_the_page_names_the_kernel_and_the_adapters() -> None:
    assert "src/meneur/engine/session.py" in PATHS
    assert "src/meneur/cli/sessions.py" in PATHS


@pytest.mark.parametrize("path", PATHS)
def test_every_named_path_exists(path: str) -> None:
    assert (ROOT / path).exists(), f"docs/ARCHITECTURE.md names {path}, which does not exist"


@pytest.mark.parametrize("module", MODULES)
def test_every_named_module_exists(module: str) -> None:
    relative = Path("src", *module.split("."))
    assert (ROOT / relative).is_dir() or (ROOT / relative).with_suffix(".py").exists(), module


@pytest.mark.parametrize("key", sorted(k for k, m in SYSTEMS.items() if m.startswith("meneur.systems.")))
def test_every_registered_system_is_on_the_page(key: str) -> None:
    assert f"`{key}`" in PAGE


@pytest.mark.parametrize("key", sorted(k for k, m in SYSTEMS.items() if m.startswith("meneur.systems.")))
def test_every_registered_system_module_exists(key: str) -> None:
    relative = Path("src", *SYSTEMS[key].split(".")).with_suffix(".py")
    assert (ROOT / relative).exists(), f"{key} is registered as {SYSTEMS[key]}, which does not exist"
