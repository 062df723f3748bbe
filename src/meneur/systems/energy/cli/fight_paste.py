"""A fight command as the command line a GM pastes: ``meneur energy fight attack FILE kitsune npc1
--tokens 2 --power "Frappes instinctives"``.

The line is the one :mod:`.fight_commands` reads back: ``actor`` and ``target`` as arguments, every
other field set away from its default as an option named after it, powers by name, combatants by id,
positions as ``X,Y``, lists joined by commas. A command with a field the options cannot hold (an
arrival's whole character) is written as ``fight do FILE '<fight-file form>'`` instead.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

from meneur.systems.energy.cli.fight_commands import ARGUMENTS
from meneur.systems.energy.combat.commands import Command
from meneur.systems.energy.combat.fight_words import NAMES, command_json
from meneur.systems.energy.combat.files import owner
from meneur.systems.energy.combat.state import FightState

PREFIX = "meneur energy fight"
_PLAIN = re.compile(r"[\w@%+=:,./-][\w@%+=:,./#-]*")
"""A word the shell reads as it is (no quote needed)."""


def shell_word(text: str) -> str:
    """``text`` as one shell word: bare when it can be, else in double quotes."""
    if _PLAIN.fullmatch(text):
        return text
    return '"' + re.sub(r'(["\\$`])', r"\\\1", text) + '"'


def _power_name(state: FightState, actor: Any, index: Any) -> str:
    """A power by its name (what a GM reads on the sheet); its number if the name cannot be found."""
    who = owner(state, actor)
    if who is None or not isinstance(index, int):
        return str(index)
    combatant = state.get(who)
    if 0 <= index < len(combatant.powers) + len(combatant.borrowed):
        return combatant.power(index).name
    return str(index)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def _value(state: FightState, command: Command, key: str, value: Any) -> str | None:
    """An option's text, or None when the options cannot hold it."""
    if key == "power":
        return _power_name(state, getattr(command, "actor", None), value)
    if key == "target_power":
        return _power_name(state, getattr(command, "target", None), value)
    if key == "joined":
        return ",".join(f"{copy}={tokens}" for copy, tokens in value)
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, float | int) for v in value):
        return f"{_number(value[0])},{_number(value[1])}"
    if isinstance(value, tuple):
        return ",".join(str(item) for item in value)
    if isinstance(value, dict):
        return None
    if isinstance(value, float):
        return _number(value)
    return str(value)


def _option(key: str, value: Any, text: str) -> list[str]:
    flag = "--" + key.replace("_", "-")
    if value is True:
        return [flag]
    if value is False:
        return [f"--not-{key.replace('_', '-')}"]
    return [f"{flag}={shell_word(text)}" if text.startswith("-") else f"{flag} {shell_word(text)}"]


def _words(state: FightState, command: Command) -> list[str] | None:
    """The arguments and options of ``command``, or None when one cannot be written as an option."""
    fields = sorted(dataclasses.fields(command), key=lambda f: f.name not in ARGUMENTS)
    words: list[str] = []
    for field in fields:
        value = getattr(command, field.name)
        if field.name not in ARGUMENTS and value == field.default:
            continue
        text = _value(state, command, field.name, value)
        if text is None:
            return None
        words += [shell_word(text)] if field.name in ARGUMENTS else _option(field.name, value, text)
    return words


def paste_line(file: Path | str, state: FightState, command: Command) -> str:
    """The command line that carries out ``command`` on the session file ``file``."""
    words = _words(state, command)
    where = shell_word(str(file))
    if words is None:
        wire = json.dumps(command_json(command), ensure_ascii=False)
        return f"{PREFIX} do {where} '{wire}'"
    name = NAMES[type(command)].replace("_", "-")
    return " ".join([PREFIX, name, where, *words])
