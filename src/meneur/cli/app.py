"""The root Typer app: global options, the dice commands and one group per game system."""

from __future__ import annotations

import typer

from meneur import __version__
from meneur.cli import demo, dice
from meneur.i18n import Translator

_ = Translator("core")


def build_app() -> typer.Typer:
    """Build the whole command tree in the current language."""
    app = typer.Typer(
        name="meneur",
        help=_("meneur: rules engine and game-master companion for tabletop role-playing games."),
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        rich_markup_mode="rich",
    )

    def show_version(value: bool) -> None:
        if value:
            typer.echo(f"meneur {__version__}")
            raise typer.Exit()

    @app.callback()
    def root(
        lang: str = typer.Option(
            None, "--lang", help=_("Language of the output: fr (default), en or pl.")),
        version: bool = typer.Option(False, "--version", is_eager=True, callback=show_version,
                                     help=_("Show the version and exit.")),
    ) -> None:
        # --lang was already applied by meneur.cli.main before the app was built;
        # --version is eager: it answers before any command is needed.
        del lang, version

    dice.register(app)
    demo.register(app)
    from meneur.server.cli import register as server_commands  # Typer only; the server loads when run

    server_commands(app)

    from meneur.systems.carpathes.cli import build_app as carpathes_app
    from meneur.systems.energy.cli import build_app as energy_app
    from meneur.systems.insmv.cli import build_app as insmv_app
    from meneur.systems.warzone.cli import build_app as warzone_app

    app.add_typer(energy_app(), name="energy")
    app.add_typer(energy_app(), name="es", hidden=True)
    app.add_typer(insmv_app(), name="insmv")
    app.add_typer(warzone_app(), name="warzone")
    app.add_typer(carpathes_app(), name="carpathes")
    return app
