"""Energy System CLI: campaign commands."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add the campaign commands to the ``energy`` group."""
