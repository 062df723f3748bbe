"""``meneur insmv ...``: a thin Typer group over the `insmv` package.

* :mod:`.rolls`: tests, odds and opposed tests (stateless, or ``test FILE --being NAME`` at a table);
* :mod:`.opposed`: the opposed test, its two sides' options declared once in :mod:`.sides`;
* :mod:`.reference`: the table UM, the kinds of being, the beings a human-only power affects;
* :mod:`.table`: the table file (``new FILE``, ``being add``, ``pp spend``, ``pp recover``) and the
  verbs every session has (``legal``, ``undo``, ``redo``, ``log``, ``show``).

Every roll accepts ``--dice a,b,c`` (the physical dice, in reading order) or ``--seed N``; every
command accepts ``--json``.
"""

from __future__ import annotations

import typer

from meneur.i18n import Translator

_ = Translator("insmv")


def build_app() -> typer.Typer:
    """Build the ``insmv`` command group in the current language."""
    from meneur.i18n.framework import add_book_words
    from meneur.systems.insmv.cli import reference, rolls, table
    from meneur.systems.insmv.words import book_word

    add_book_words(book_word)
    app = typer.Typer(no_args_is_help=True, help=_("INS/MV: the table UM, the d666 and power points."))
    rolls.register(app)
    reference.register(app)
    table.register(app)
    return app
