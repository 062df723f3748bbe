"""``meneur roll`` and ``meneur odds`` (being written: see the dice engine)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add the dice commands to ``app``."""
