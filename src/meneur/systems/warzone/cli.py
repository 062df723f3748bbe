"""``meneur warzone ...``: a thin Typer group over the `warzone` core."""

from __future__ import annotations

import typer

from meneur.i18n import Translator

_ = Translator("warzone")


def build_app() -> typer.Typer:
    """Build the ``warzone`` command group in the current language."""
    app = typer.Typer(no_args_is_help=True, help=_("warzone"))
    return app
