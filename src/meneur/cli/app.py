"""The root command: global options and a lazy group of the dice commands and the game systems.

The root knows each command by name, one-line help and the import path of its builder (the
:data:`COMMANDS` table), and imports a command's module only when that command runs: ``meneur
--version`` and ``meneur --help`` build no system, and ``meneur roll`` loads the dice engine only.
It is Click's lazy-loading group pattern on Typer's group: the listing (help, suggestions) sees light
:class:`LazyCommand` placeholders, and :meth:`LazyGroup.resolve_command` swaps in the real command.
A game's other names (its plugin's ``cli_names``) are aliases: the same builder, so the same group,
built once and hidden in help.
"""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass
from typing import Any

import typer
from typer._click.core import Command, Context
from typer._click.exceptions import UsageError
from typer.core import TyperGroup
from typer.exceptions import Abort

from meneur import __version__
from meneur.errors import Interruption
from meneur.i18n import N_, Translator

_ = Translator("core")


@dataclass(frozen=True)
class Entry:
    """A command of the root: its name, one-line help (a message id) and ``module:builder``.

    The builder returns a :class:`typer.Typer` (a group, or an app of one command).
    """

    name: str
    help: str
    builder: str
    hidden: bool = False
    domain: str = "core"
    """The translation domain of ``help``."""


TOOLS: tuple[Entry, ...] = (
    Entry(
        "roll",
        N_("Roll dice written in standard notation (4d6kh3, 2d6+3, d666...)."),
        "meneur.cli.dice:build_roll",
    ),
    Entry(
        "odds",
        N_("Show the exact odds of a roll: table, bar chart, mean and deviation."),
        "meneur.cli.dice:build_odds",
    ),
    Entry(
        "demo", N_("A short tour of meneur: dice, odds, the four game systems."), "meneur.cli.demo:build_demo"
    ),
)
SERVER: tuple[Entry, ...] = (
    Entry("serve", N_("Run the table server (REST and WebSocket API)."), "meneur.server.cli:build_serve"),
    Entry("table", N_("Move a table between servers: export and import."), "meneur.server.cli:build_table"),
    Entry("backup", N_("Write a consistent copy of the whole database."), "meneur.server.cli:build_backup"),
    Entry("restore", N_("Bring a backup back into the database."), "meneur.server.cli:build_restore"),
)


def game_entries() -> tuple[Entry, ...]:
    """A command group per game the registry lists (its key, and its other names hidden)."""
    from meneur.engine.registry import games

    found: list[Entry] = []
    for game in games():
        if game.cli is None:
            continue
        summary = game.summary
        found.append(Entry(game.key, summary.msgid, game.cli, domain=summary.domain))
        found.extend(
            Entry(name, summary.msgid, game.cli, hidden=True, domain=summary.domain)
            for name in game.cli_names
        )
    return tuple(found)


def commands() -> tuple[Entry, ...]:
    """Every command of the root: the dice tools, the games, the server."""
    return TOOLS + game_entries() + SERVER


EXIT_INTERRUPTED = 130


def say_interrupted() -> None:
    """One line on standard error: the program was stopped (Ctrl-C, or no more input at a prompt)."""
    sys.stderr.write("\n" + _("Interrupted.") + "\n")


class LazyCommand(Command):
    """A root command not imported yet: enough to be listed in help and suggested after a typo."""

    rich_help_panel: str | None = None

    def __init__(self, entry: Entry) -> None:
        super().__init__(entry.name, help=Translator(entry.domain)(entry.help), hidden=entry.hidden)
        self.builder = entry.builder

    # A placeholder is listed, never run: the group resolves its name to the real command.
    def main(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError(self.builder)

    def format_options(self, ctx: Context, formatter: Any) -> None:
        raise NotImplementedError(self.builder)

    def _main_shell_completion(self, *args: Any, **kwargs: Any) -> None:
        raise NotImplementedError(self.builder)


def load(builder: str) -> Command:
    """Import ``module:function`` and turn the Typer app it builds into a Click command."""
    module, _sep, function = builder.partition(":")
    app = getattr(importlib.import_module(module), function)()
    app._add_completion = False  # a subcommand here: shell completion belongs to no system group
    return typer.main.get_command(app)


class LazyGroup(TyperGroup):
    """Typer's group whose subcommands are :attr:`entries` (the root's :func:`commands`; a system's
    group may subclass it with its own), each built the first time it runs.

    Ctrl-C and the end of input at a prompt, anywhere below, end the program with exit status 130 and
    one translated line on standard error (:func:`say_interrupted`), never a traceback.
    """

    entries: tuple[Entry, ...] | None = None
    """The subcommands (``None``: the root's, :func:`commands`)."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self._loaded: dict[str, Command] = {}
        for entry in self.entries if self.entries is not None else commands():
            self.add_command(LazyCommand(entry))

    def command_for(self, name: str) -> Command | None:
        """The real command ``name`` (built now if it was not), or None for an unknown name."""
        found = self.commands.get(name)
        if not isinstance(found, LazyCommand):
            return found
        if found.builder not in self._loaded:
            self._loaded[found.builder] = load(found.builder)
        return self._loaded[found.builder]

    def resolve_command(self, ctx: Context, args: list[str]) -> tuple[str | None, Command | None, list[str]]:
        name, command, rest = super().resolve_command(ctx, args)
        if name is not None and isinstance(command, LazyCommand):
            command = self.command_for(name)
        return name, command, rest

    def invoke(self, ctx: Context) -> Any:
        # Read before Click clears them for the subcommand.
        wants_json = "--json" in (*getattr(ctx, "protected_args", ()), *ctx.args)
        try:
            return super().invoke(ctx)
        except UsageError as error:
            # An option Click itself refuses (out of range, not a number): a --json caller still
            # gets the error as JSON on stdout, as for every other bad input.
            if wants_json:
                from meneur.cli.output import print_json
                from meneur.i18n.framework import translate_error

                print_json({"error": "bad_input", "message": translate_error(error.format_message())})
            raise
        except (KeyboardInterrupt, EOFError, Abort, Interruption):
            say_interrupted()
            raise typer.Exit(EXIT_INTERRUPTED) from None
        except BrokenPipeError:  # before Click's own handler, which exits with 1
            from meneur.cli.output import reader_gone

            reader_gone()


def show_version(value: bool) -> None:
    if value:
        typer.echo(f"meneur {__version__}")
        raise typer.Exit()


def build_app() -> typer.Typer:
    """The root command in the current language (the systems are built when they run)."""
    app = typer.Typer(
        name="meneur",
        cls=LazyGroup,
        help=_("meneur: rules engine and game-master companion for tabletop role-playing games."),
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        rich_markup_mode="rich",
    )

    @app.callback()
    def root(
        lang: str = typer.Option(None, "--lang", help=_("Language of the output: fr (default), en or pl.")),
        version: bool = typer.Option(
            False, "--version", is_eager=True, callback=show_version, help=_("Show the version and exit.")
        ),
    ) -> None:
        # --lang was already applied by meneur.cli.main before the app was built;
        # --version is eager: it answers before any command is needed.
        del lang, version

    return app
