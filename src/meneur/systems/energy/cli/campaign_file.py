"""The campaign file's shared pieces: its arguments, its words' domain and the runner every campaign
command hands its command to (``campaign.py``, ``campaign_play.py`` and ``campaign_sheet.py`` build on
them)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Annotated, Any

import typer

from meneur.cli.sessions import Presenter, fail, play
from meneur.errors import MeneurError
from meneur.i18n import Translator

DOMAIN = "energy_campaign"
KEY = "energy-campaign"
_ = Translator(DOMAIN)

File = Annotated[Path, typer.Argument(help=_("Campaign file (.json or .yaml)."), metavar=_("FILE"))]
Name = Annotated[str, typer.Argument(help=_("Character name."), metavar=_("NAME"))]
Json = Annotated[bool, typer.Option("--json", help=_("Print JSON."))]

COMMAND = Presenter()
"""After a command: the lines its events give, as the log tells them."""


def guarded_json(func: Callable[..., None]) -> Callable[..., None]:
    """Bad words and refusals before the runner is reached: exit 2 or 1, and under ``--json`` the error
    object on standard output too, as the runner prints it."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> None:
        try:
            func(*args, **kwargs)
        except MeneurError as error:
            fail(error, bool(kwargs.get("as_json", False)))

    return wrapper


def run(path: Path, command: Any, as_json: bool) -> None:
    """Carry out ``command`` on the campaign file (the runner does the rest)."""
    play(path, KEY, command, COMMAND, as_json=as_json)
