"""``meneur energy check FILE [--json] [--earned-hero-points N] [--earned-aptitude-points N]`` answered
without building the command tree (the plugin's :attr:`~meneur.engine.plugin.Game.quick` command,
run by :mod:`meneur.cli.quick`).

Checking a character is what a player runs after each edit of a sheet, and Typer converts every
option through its pydantic adapters, which costs more than reading and checking the file. So
:func:`check` reads this one command line with :mod:`argparse` and hands anything else (help, an
option out of range or not a number, a mistake) back to the full tree, whose messages and help are
the usual ones. The output and exit statuses are those of the full command: both print through
:func:`meneur.systems.energy.check_report.run_check` (an error, through :mod:`meneur.cli.quick`).
"""

from __future__ import annotations

import argparse
import re

from meneur.engine.plugin import QuickCall

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


def check(args: list[str]) -> QuickCall | None:
    """The check ``args`` (what follows ``energy check``) ask for, when they are a plain command
    line; ``None`` to let the full tree answer."""
    if any(a in ("--help", "-h", "--") for a in args):
        return None
    try:
        options = _parser().parse_args(args)
    except _NotForUsError:
        return None
    if options.file.startswith("-") and options.file != "-":
        return None

    def work() -> bool:
        from meneur.systems.energy.check_report import run_check

        return run_check(options.file, options.as_json, options.earned_hero, options.earned_aptitude)

    return QuickCall(work, as_json=options.as_json)
