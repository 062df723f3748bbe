"""``meneur carpathes ...``: the Carpathian game's command line, one module per concern.

* :mod:`.rolls`: the stateless commands (``roll``, ``odds``, ``defense``, ``attack``,
  ``initiative``, ``effect``);
* :mod:`.cast`, :mod:`.chronicle` and :mod:`.table`: the chronicle's commands (``chronicle new
  FILE``, ``add-pc``, ``session``, ``scene``, ``roll``, ``talisman``, ``joker``...), run by the
  shared session runner,
  which adds ``legal``, ``undo``, ``redo``, ``log`` and ``show``;
* :mod:`.present`: how the chronicle prints; :mod:`.words` and :mod:`.options`: reading options.
"""

from __future__ import annotations

import typer

from meneur.i18n import Translator

_ = Translator("carpathes")


def build_app() -> typer.Typer:
    """Build the ``carpathes`` command group in the current language."""
    from meneur.cli.sessions import add_session_verbs
    from meneur.i18n.framework import add_book_words
    from meneur.systems.carpathes.cli import cast, chronicle, rolls, table
    from meneur.systems.carpathes.cli.present import KEY, presenter
    from meneur.systems.carpathes.words import book_word

    add_book_words(book_word)
    app = typer.Typer(no_args_is_help=True, help=_("The Carpathian horror game: 2D6 + Trait."))
    rolls.register(app)
    state_app = typer.Typer(
        no_args_is_help=True,
        help=_(
            "The chronicle: sessions, scenes, nights, Talisman de Foi and Joker du destin, kept in a"
            " JSON file."
        ),
    )
    cast.register(state_app)
    chronicle.register(state_app)
    table.register(state_app)
    add_session_verbs(state_app, KEY, presenter)
    app.add_typer(state_app, name="chronicle")
    return app
