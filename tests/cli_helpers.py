"""Run the real ``meneur`` command tree in-process, in a chosen language."""

from __future__ import annotations

from collections.abc import Sequence

from typer.testing import CliRunner, Result

from meneur.i18n import set_language


def run_cli(args: Sequence[str], lang: str = "fr", input: str | None = None) -> Result:
    """Invoke ``meneur ARGS`` with the app built in ``lang``; stdout and stderr stay separate."""
    from meneur.cli.app import build_app

    set_language(lang)
    try:
        return CliRunner().invoke(build_app(), list(args), input=input, catch_exceptions=False)
    finally:
        set_language("fr")
