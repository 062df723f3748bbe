"""Run the real ``meneur`` command tree in-process, in a chosen language.

Building the tree and converting it to Click commands takes a noticeable fraction of a second,
so each language's tree is built once per test session and reused: Click commands keep no state
between invocations.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import typer
import typer.testing
from typer.testing import CliRunner, Result

from meneur.i18n import set_language
from meneur.i18n.framework import install

install()  # as meneur.cli.main does: Typer's and Click's own words in the current language

_APPS: dict[str, typer.Typer] = {}
_COMMANDS: dict[int, Any] = {}
_convert = typer.testing._get_command


def _cached_command(app: typer.Typer) -> Any:
    key = id(app)
    if key not in _COMMANDS:
        _COMMANDS[key] = _convert(app)
    return _COMMANDS[key]


typer.testing._get_command = _cached_command  # the runner converts the app on every call


def run_cli(args: Sequence[str], lang: str = "fr", input: str | None = None) -> Result:
    """Invoke ``meneur ARGS`` with the app built in ``lang``; stdout and stderr stay separate."""
    from meneur.cli.app import build_app

    set_language(lang)
    try:
        if lang not in _APPS:
            _APPS[lang] = build_app()
        return CliRunner().invoke(_APPS[lang], list(args), input=input, catch_exceptions=False)
    finally:
        set_language("fr")
