"""``meneur energy ...`` (alias ``es``): characters, campaign and fight commands.

Each area registers its own commands: :mod:`.characters`, :mod:`.campaign`, :mod:`.fight`.
"""

from __future__ import annotations

import typer

from meneur.i18n import Translator
from meneur.systems.energy.cli import campaign, characters, fight

_ = Translator("energy")


def build_app() -> typer.Typer:
    """Build the ``energy`` command group in the current language."""
    app = typer.Typer(no_args_is_help=True, help=_("Energy System: characters, campaign, fights."))
    characters.register(app)
    campaign.register(app)
    fight.register(app)
    return app
