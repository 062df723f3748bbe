"""Option tables: each option of a group of commands declared once (flags, help, range), built when used.

A command names its options in its annotations, ``Annotated[int, OPTIONS("seed")]``. With
``from __future__ import annotations`` those are evaluated when Typer registers the command, after
the language is settled, so the help is translated in the reader's language every time the command
tree is built (the table itself holds message ids, marked with ``N_``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import typer


@dataclass(frozen=True)
class Declared:
    """One option: its flags, its help (a message id) and Typer's other settings (``min``, ``metavar``...)."""

    flags: tuple[str, ...]
    help: str | None
    """None for an option without help (a hidden alias)."""
    settings: Mapping[str, Any] = field(default_factory=dict)


class OptionTable:
    """Options by name, each built with its help translated by ``translate`` (the domain's ``_``)."""

    def __init__(self, translate: Callable[[str], str], options: Mapping[str, Declared]) -> None:
        self.translate = translate
        self.options = dict(options)

    def __call__(self, name: str) -> Any:
        """The Typer option ``name``, its help in the current language."""
        declared = self.options[name]
        shown = None if declared.help is None else self.translate(declared.help)
        return typer.Option(*declared.flags, help=shown, **declared.settings)

    def declared(self, name: str) -> Declared:
        """The declaration of ``name``, for a table that shares it."""
        return self.options[name]
