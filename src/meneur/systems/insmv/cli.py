"""``meneur insmv ...``: a thin Typer group over the `insmv` core."""

from __future__ import annotations

import typer

from meneur.i18n import Translator

_ = Translator("insmv")


def build_app() -> typer.Typer:
    """Build the ``insmv`` command group in the current language."""
    app = typer.Typer(no_args_is_help=True, help=_("insmv"))
    return app
