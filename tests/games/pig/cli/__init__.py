"""``meneur pig ...``: a thin Typer group over the ``pig`` package (:mod:`.table`)."""

from __future__ import annotations

import typer

from meneur.i18n import Translator

_ = Translator("pig")


def build_app() -> typer.Typer:
    """Build the ``pig`` command group in the current language."""
    from tests.games.pig.cli import table

    app = typer.Typer(no_args_is_help=True, help=_("Pig: a one-die push-your-luck game (a test-only game)."))
    table.register(app)
    return app
