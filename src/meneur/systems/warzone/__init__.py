"""The `warzone` game system (see ../shared/rules/README.md)."""

from __future__ import annotations

from importlib import import_module
from typing import Any

ENGINE_NAMES = ("SYSTEM", "Command", "Event", "decide", "evolve", "legal", "start")
"""What every system package exports, from its :mod:`.engine` (loaded on first use)."""

__all__ = sorted(ENGINE_NAMES)


def __getattr__(name: str) -> Any:
    if name not in ENGINE_NAMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.engine"), name)
