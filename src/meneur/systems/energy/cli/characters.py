"""Energy System CLI: characters commands."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add the characters commands to the ``energy`` group."""
