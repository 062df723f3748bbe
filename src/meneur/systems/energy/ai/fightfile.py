"""Commands in the fight-file form (``{name: {arguments}}``), to write a fight played by a policy."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from meneur.systems.energy.combat.commands import COMMAND_TYPES, Command

NAMES = {kind: name for name, kind in reversed(COMMAND_TYPES.items())}
POINTS = ("to", "at", "exit", "destination")


def wire(command: Command) -> Any:
    """One command as a fight file writes it: a bare name, or ``{name: {arguments that are set}}``;
    powers by number, positions as ``[x, y]``, joined copies as ``{copy: tokens}``."""
    args: dict[str, Any] = {}
    for field in fields(command):
        value = getattr(command, field.name)
        if value == field.default:
            continue
        if field.name == "joined":
            value = dict(value)
        elif field.name in POINTS and value is not None:
            value = [float(value[0]), float(value[1])]
        elif isinstance(value, tuple):
            value = list(value)
        args[field.name] = value
    name = NAMES[type(command)]
    return {name: args} if args else name
