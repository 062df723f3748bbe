"""``meneur demo``: a short tour of the engine, run by the README's first command."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add the demo command to ``app``."""
