"""``meneur carpathes ...``: a thin Typer group over the `carpathes` core."""

from __future__ import annotations

import typer

from meneur.i18n import Translator

_ = Translator("carpathes")


def build_app() -> typer.Typer:
    """Build the ``carpathes`` command group in the current language."""
    app = typer.Typer(no_args_is_help=True, help=_("carpathes"))
    return app
