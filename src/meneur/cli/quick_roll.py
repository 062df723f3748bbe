"""``meneur roll EXPRESSION [--seed N] [--dice V] [--json]`` answered without building the command tree.

Rolling dice is the command a table types most, and it should answer as fast as rolling a die.
The command tree (Typer) converts every option through pydantic, which costs more than the roll;
so :func:`run` reads this one command's options with the standard library's ``argparse`` from the
same table of options (:data:`OPTIONS`) that ``meneur.cli.dice`` gives Typer for ``roll --help``,
and hands anything else (help, a mistake in the options) back to the full tree, whose messages
and help are the usual ones. The result and the errors are printed exactly as the full command
prints them.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, NamedTuple

from meneur.i18n import N_, P_

if TYPE_CHECKING:
    from meneur.dice.result import Roll


class Option(NamedTuple):
    """One option of ``roll``: its flag, the keyword it fills, its type (None: a switch), its help."""

    flag: str
    dest: str
    kind: type | None
    help: str


OPTIONS: tuple[Option, ...] = (
    Option("--seed", "seed", int, N_("Seed for a reproducible roll.")),
    Option("--dice", "dice", str, N_("Values of dice rolled by hand, in order, e.g. 3,5,1.")),
    Option("--json", "as_json", None, N_("Print one JSON object.")),
)
"""The options of ``roll``, read here and declared to Typer from the same table."""


class _NotForUsError(Exception):
    """argparse met something it should not answer: the full command tree will."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise _NotForUsError(message)


def _parser() -> _Parser:
    parser = _Parser(add_help=False, allow_abbrev=False)
    parser.add_argument("expression")
    for option in OPTIONS:
        if option.kind is None:
            parser.add_argument(option.flag, dest=option.dest, action="store_true")
        else:
            parser.add_argument(option.flag, dest=option.dest, type=option.kind, default=None)
    return parser


def run(args: list[str]) -> bool:
    """Roll when ``args`` is a plain ``roll`` command line; False to let the full tree answer.

    Raises:
        SystemExit: with the command's exit status once it has answered.
    """
    if len(args) < 2 or args[0] != "roll" or any(a in ("--help", "-h", "--") for a in args[1:]):
        return False
    if args[1].startswith("-") and not args[1][1:2].isdecimal():
        return False
    try:
        options = _parser().parse_args(args[1:])
    except _NotForUsError:
        return False
    _roll(options.expression, options.seed, options.dice, options.as_json)
    raise SystemExit(0)


def _roll(expression: str, seed: int | None, dice: str | None, as_json: bool) -> None:
    from meneur.dice.roller import roll
    from meneur.dice.source import finish, source_from
    from meneur.errors import BadInputError, MeneurError

    try:
        source = source_from(seed, dice)
        result = roll(expression, source)
        finish(source)
    except MeneurError as error:
        _fail(error, as_json, 2 if isinstance(error, BadInputError) else 1)
    if as_json:
        from meneur.cli.output import print_json
        from meneur.dice.render import to_json

        print_json(to_json(result))
        return
    print_roll(result)


def print_roll(result: Roll) -> None:
    """The breakdown (kept dice bold, dropped struck through on a terminal), digits, successes, then
    the total."""
    from meneur.cli.output import console
    from meneur.dice.render import to_markup, to_text
    from meneur.i18n import Translator

    _ = Translator("core")
    out = console()
    if out.color_system is None:
        out.print(to_text(result), markup=False)
    else:
        out.print(to_markup(result), markup=True)
    for group in result.groups():
        for die in group.dice:
            if die.digits is not None:
                out.print(
                    _(
                        "{notation}: digits {digits} (units {units})",
                        notation=group.notation,
                        digits=" ".join(str(d) for d in die.digits),
                        units=die.digits[-1],
                    )
                )
    for count in result.successes():
        out.print(
            _(
                P_(
                    "{notation} {op} {target}: {count} success",
                    "{notation} {op} {target}: {count} successes",
                ),
                notation=count.group.notation,
                op=count.op,
                target=count.target.total,
                count=count.total,
            ),
            markup=False,
        )
    total = f"[bold]{result.total}[/bold]"
    out.print(_("Total: {total}", total=total), markup=True)


def _fail(error: object, as_json: bool, status: int) -> None:
    from meneur.cli.output import err_console, print_json
    from meneur.errors import MeneurError
    from meneur.i18n import Translator

    assert isinstance(error, MeneurError)
    if as_json:
        print_json(error.to_json())
    err_console().print(Translator("core")("Error: {message}", message=error.render()), markup=False)
    sys.stdout.flush()
    raise SystemExit(status)
