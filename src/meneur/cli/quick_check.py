"""``meneur energy check FILE [--json] [--earned-hero-points N] [--earned-aptitude-points N]`` answered
without building the command tree.

Checking a character is what a player runs after each edit of a sheet, and Typer converts every
option through its pydantic adapters, which costs more than reading and checking the file. So
:func:`run` reads this one command line with :mod:`argparse` and hands anything else (help, an
option out of range or not a number, a mistake) back to the full tree, whose messages and help are
the usual ones. The output and exit statuses are those of the full command: both print through
:func:`meneur.systems.energy.check_report.run_check`.
"""

from __future__ import annotations

import argparse
import re
import sys

GROUPS = ("energy", "es")
"""The names of the Energy System group (``es`` is its alias)."""
MAX_COUNT = 1000
"""The bound of the two ``--earned-…`` options (``meneur.systems.energy.cli.options.MAX_COUNT``)."""
_COUNT = re.compile(r"[0-9]{1,4}")


class _NotForUsError(Exception):
    """argparse met something it should not answer: the full command tree will."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise _NotForUsError(message)


def _count(text: str) -> int:
    """A count the full command would accept (0 to :data:`MAX_COUNT`, plain digits), else not ours."""
    if not _COUNT.fullmatch(text) or int(text) > MAX_COUNT:
        raise ValueError(text)
    return int(text)


def _parser() -> _Parser:
    parser = _Parser(add_help=False, allow_abbrev=False)
    parser.add_argument("file")
    parser.add_argument("--json", dest="as_json", action="store_true")
    parser.add_argument("--earned-hero-points", dest="earned_hero", type=_count, default=0)
    parser.add_argument("--earned-aptitude-points", dest="earned_aptitude", type=_count, default=0)
    return parser


def run(args: list[str]) -> bool:
    """Check when ``args`` is a plain ``energy check`` command line; False to let the full tree answer.

    Raises:
        SystemExit: with the command's exit status once it has answered.
    """
    if len(args) < 3 or args[0] not in GROUPS or args[1] != "check":
        return False
    rest = args[2:]
    if any(a in ("--help", "-h", "--") for a in rest):
        return False
    try:
        options = _parser().parse_args(rest)
    except _NotForUsError:
        return False
    if options.file.startswith("-") and options.file != "-":
        return False
    raise SystemExit(_check(options.file, options.as_json, options.earned_hero, options.earned_aptitude))


def _check(file: str, as_json: bool, earned_hero: int, earned_aptitude: int) -> int:
    """The full command's work and exit status: 0 valid, 1 a rule broken, 2 unreadable input."""
    from meneur.errors import BadInputError, MeneurError
    from meneur.systems.energy.check_report import run_check

    try:
        return 0 if run_check(file, as_json, earned_hero, earned_aptitude) else 1
    except MeneurError as error:
        from meneur.cli.output import err_console, print_json
        from meneur.i18n import Translator

        if as_json:
            print_json(error.to_json())
        err_console().print(Translator("core")("Error: {message}", message=error.render()), markup=False)
        sys.stdout.flush()
        return 2 if isinstance(error, BadInputError) else 1
