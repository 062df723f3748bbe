"""Commands in the fight-file form (``{name: {arguments}}``), to write a fight played by a policy, and the
fight file moved to another folder."""

from __future__ import annotations

import os
from dataclasses import fields
from pathlib import Path, PurePath
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


def moved(data: dict[str, Any], source: Path, target: Path) -> dict[str, Any]:
    """The fight file ``data`` read from ``source``, to be written at ``target``: the relative ``file:``
    paths of its combatants are rewritten so that they still name the same character files (relative
    to the new file's folder when it can be, absolute otherwise); absolute paths are kept."""
    here, there = source.absolute().parent, target.absolute().parent
    if here == there or not isinstance(data.get("combatants"), list):
        return data
    combatants = []
    for entry in data["combatants"]:
        path = entry.get("file") if isinstance(entry, dict) else None
        if isinstance(path, str) and not PurePath(path).is_absolute():
            try:
                path = os.path.relpath(here / path, there)
            except ValueError:  # another drive (Windows): no relative path
                path = str(here / path)
            entry = {**entry, "file": Path(path).as_posix()}
        combatants.append(entry)
    return {**data, "combatants": combatants}
