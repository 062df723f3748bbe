"""Entry point of the ``meneur`` command.

The language is settled before any command is built, because command help is translated when
the Typer app is built: ``--lang`` on the command line, then ``MENEUR_LANG``, then the locale.
The words that Typer and Click print themselves are translated by :mod:`meneur.i18n.framework`.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from meneur.i18n import UnknownLanguageError, resolve_language, set_language


def language_from_argv(argv: Sequence[str]) -> str | None:
    """Find ``--lang X`` or ``--lang=X`` among the arguments."""
    for index, arg in enumerate(argv):
        if arg == "--lang" and index + 1 < len(argv):
            return argv[index + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


def without_lang(argv: Sequence[str]) -> list[str]:
    """The arguments less every ``--lang X``/``--lang=X``, so the option works anywhere on the line."""
    out: list[str] = []
    skip = False
    for index, arg in enumerate(argv):
        if skip:
            skip = False
        elif arg == "--lang" and index + 1 < len(argv):
            skip = True
        elif not arg.startswith("--lang="):
            out.append(arg)
    return out


def main(argv: Sequence[str] | None = None) -> None:
    """Run the CLI with ``argv`` (the process arguments by default)."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        lang = resolve_language(language_from_argv(args))
    except UnknownLanguageError as error:
        sys.stderr.write(
            f"Langue inconnue / unknown language: {error}. Choisissez / choose: fr, en, pl.\n")
        raise SystemExit(2) from None
    set_language(lang)
    from meneur.cli.app import build_app
    from meneur.i18n.framework import install

    install()  # Typer's and Click's own words ("Usage:", "No such option") in the chosen language

    build_app()(args=without_lang(args), prog_name="meneur")
