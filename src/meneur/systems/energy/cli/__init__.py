"""``meneur energy ...`` (alias ``es``): characters, campaign and fight commands.

Each area registers its own commands: :mod:`.characters`, :mod:`.campaign`, :mod:`.fight`. The
command modules import their rules (the campaign's, the combat engine) only when one of their
commands runs: the campaign's commands import them in their bodies, and the ``fight`` group is
built on first use, so ``meneur energy check`` loads the character side alone.
"""

from __future__ import annotations

from typing import Any

import typer
from typer.core import TyperGroup

from meneur.i18n import N_, Translator

_ = Translator("energy")
_FIGHT_HELP = N_("Tactical combat: play fight files.")


class _FightGroup(TyperGroup):
    """The ``fight`` group, whose commands (and the combat engine) load when first asked for."""

    _real: Any = None

    def _group(self) -> Any:
        if self._real is None:
            from meneur.systems.energy.cli import fight

            holder = typer.Typer()
            fight.register(holder)
            self._real = typer.main.get_group(holder).commands["fight"]
        return self._real

    def list_commands(self, ctx: Any) -> list[str]:
        names: list[str] = self._group().list_commands(ctx)
        return names

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        return self._group().get_command(ctx, cmd_name)


def build_app() -> typer.Typer:
    """Build the ``energy`` command group in the current language."""
    from meneur.systems.energy.cli import campaign, characters

    app = typer.Typer(no_args_is_help=True, help=_("Energy System: characters, campaign, fights."))
    characters.register(app)
    campaign.register(app)
    app.add_typer(
        typer.Typer(cls=_FightGroup, no_args_is_help=True, help=_(_FIGHT_HELP)),
        name="fight",
    )
    return app
