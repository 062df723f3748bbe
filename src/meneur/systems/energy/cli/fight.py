"""Energy System CLI: fight commands."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add the fight commands to the ``energy`` group."""
