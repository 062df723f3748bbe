"""``meneur warzone ...``: a thin Typer group over the `warzone` package.

* :mod:`.rolls`: stateless rolls and odds (``cast``, ``odds``, ``violence``, ``leadership``,
  ``table``);
* :mod:`.play`: a model's game in a session file (``new FILE``, ``activate``, ``declare``...) and
  the verbs every session has (``legal``, ``undo``, ``redo``, ``log``, ``show``), through the
  shared runner; the powers it uses (``technique``, ``spell``, aimed at a target) are :mod:`.powers`.

Every roll takes ``--dice`` or ``--seed``; every command ``--json``.
"""

from __future__ import annotations

import typer

from meneur.i18n import Translator

_ = Translator("warzone")


def build_app() -> typer.Typer:
    """Build the ``warzone`` command group in the current language."""
    from meneur.systems.warzone.cli import play, rolls

    app = typer.Typer(
        no_args_is_help=True, help=_("Warzone supernatural powers: power tests, techniques, violence table.")
    )
    rolls.register(app)
    play.register(app)
    return app
