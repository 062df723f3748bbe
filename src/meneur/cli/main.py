"""Entry point of the ``meneur`` command.

The language is settled before any command is built, because command help is translated when
the Typer app is built: ``--lang`` on the command line, then ``MENEUR_LANG``, then the locale.
The words that Typer and Click print themselves are translated by :mod:`meneur.i18n.framework`.

Ctrl-C, or the end of input at a prompt, anywhere (start-up included) ends the program with exit
status 130 and one translated line on standard error, never a traceback. Output piped into a
reader that stops early (``| head``) ends quietly with status 0 (:func:`meneur.cli.output.reader_gone`).
This module imports only :mod:`sys` at first, so that an interruption while the rest loads is caught too.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

EXIT_INTERRUPTED = 130


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


def _interrupted() -> None:
    """Say in one line that the program was stopped (in French if the language is not known yet)."""
    try:
        from meneur.cli.app import say_interrupted

        say_interrupted()
    except BaseException:  # a second Ctrl-C while saying so: say it plainly
        sys.stderr.write("\nInterrompu.\n")


def main(argv: Sequence[str] | None = None) -> None:
    """Run the CLI with ``argv`` (the process arguments by default).

    The root group turns an interruption while a command runs into exit status 130
    (:class:`meneur.cli.app.LazyGroup`); this catches one while meneur loads.
    """
    try:
        try:
            _run(list(sys.argv[1:] if argv is None else argv))
        except SystemExit as done:
            _flush(done.code)
            raise
        _flush(0)
    except (KeyboardInterrupt, EOFError):
        _interrupted()
        raise SystemExit(EXIT_INTERRUPTED) from None
    except BrokenPipeError:
        _reader_gone(0)


def _flush(status: object) -> None:
    """Write what standard output still holds now, while a closed reader can still be told apart."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _reader_gone(status)


def _reader_gone(status: object) -> None:
    from meneur.cli.output import reader_gone

    reader_gone(status if isinstance(status, int) else 0)


def _run(args: list[str]) -> None:
    if without_lang(args) == ["--version"] and language_from_argv(args) in (None, "fr", "en", "pl"):
        from meneur import __version__  # the answer needs no command tree (nor Typer)

        sys.stdout.write(f"meneur {__version__}\n")
        raise SystemExit(0)
    from meneur.i18n import UnknownLanguageError, resolve_language, set_language

    try:
        lang = resolve_language(language_from_argv(args))
    except UnknownLanguageError as error:
        sys.stderr.write(f"Langue inconnue / unknown language: {error}. Choisissez / choose: fr, en, pl.\n")
        raise SystemExit(2) from None
    set_language(lang)
    from meneur.cli.quick_roll import run as quick_roll

    if quick_roll(without_lang(args)):  # the most frequent command, without building the tree
        return
    from meneur.cli.quick import run as quick

    if quick(without_lang(args)):  # checking a sheet after each edit, likewise
        return
    from meneur.cli.app import build_app
    from meneur.i18n.framework import install

    install()  # Typer's and Click's own words ("Usage:", "No such option") in the chosen language

    build_app()(args=without_lang(args), prog_name="meneur")
