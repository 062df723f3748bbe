"""The command lines a game answers without building the command tree (its plugin's
:attr:`~meneur.engine.plugin.Game.quick`: checking a character file after each edit of a sheet).

Typer converts every option through its pydantic adapters, which costs more than the work of such a
command; so :func:`run` finds the game by its group's name through the registry, asks the game's
quick command whether the rest is a plain command line it answers, and runs it. Anything else
(help, a mistake) goes to the full tree. The exit status is the full command's: 0 done, 1 a rule
broken, 2 unreadable input.
"""

from __future__ import annotations

import sys

from meneur.engine.plugin import QuickCall, load


def run(args: list[str]) -> bool:
    """Answer ``args`` when a game's quick command takes them; False to let the full tree answer.

    Raises:
        SystemExit: with the command's exit status once it has answered.
    """
    if len(args) < 2:
        return False
    from meneur.engine.registry import games

    game = next((g for g in games() if args[0] in (g.key, *g.cli_names)), None)
    if game is None or args[1] not in game.quick:
        return False
    call = load(game.quick[args[1]])(args[2:])
    if call is None:
        return False
    raise SystemExit(_answer(call))


def _answer(call: QuickCall) -> int:
    """The command's work and exit status."""
    from meneur.errors import BadInputError, MeneurError

    try:
        return 0 if call.run() else 1
    except MeneurError as error:
        from meneur.cli.output import err_console, print_json
        from meneur.i18n import Translator

        if call.as_json:
            print_json(error.to_json())
        err_console().print(Translator("core")("Error: {message}", message=error.render()), markup=False)
        sys.stdout.flush()
        return 2 if isinstance(error, BadInputError) else 1
