"""Fight files (YAML or JSON): the combatants, then the commands in order.

Shape::

    options: {contact_reach: 5}            # optional table options
    combatants:
      - {id: kitsune, hero: KITSUNE, side: heroes, position: [0, 0]}
      - {id: agent1, npc: 3, name: Agent 1, side: foes, pc: false, position: [3, 0]}
      - {id: me, file: characters/me.yaml, side: heroes}   # relative to the fight file
    commands:
      - start
      - attack: {actor: kitsune, target: agent1, tokens: 2, power: Frappes instinctives}
      - defend: {actor: agent1, tokens: 0}

A power is named by its name (case-insensitive) or its number in the character's list (own
powers, then stolen ones; a copy ``<owner>#<n>`` names its original's powers). Terrain elements get
the ids ``<owner>-t1``, ``<owner>-t2``...; copies ``<owner>#1``... A combatant may set ``energy`` or
``vigor`` to start with fewer tokens, replace its ``attributes`` (when an example needs other numbers
than the library's) or list its ``powers``. Copies attacking one adversary together:
``attack: {actor: legion#2, target: foe, tokens: 2, power: Copie agressive, joined: {legion#1: 2}}``;
an attack or a forced move through a portal: ``portal: nexus-t1``.
Command names: start, attack, charge, defend, interpose, extended_defense, counter, move, hold,
interrupt, keep_hold, support, give_energy, heal, interact, maintain, stress, pass, end.
Reading never changes anything; any problem is a :class:`~meneur.errors.BadInputError` naming it.
"""

from __future__ import annotations

import json
from dataclasses import MISSING, fields
from functools import cache
from pathlib import Path
from typing import Any, Literal, get_type_hints

import yaml
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from meneur.errors import BadInputError, MeneurError
from meneur.i18n import N_, Message, translate
from meneur.systems.energy.combat.commands import COMMAND_TYPES, Command
from meneur.systems.energy.combat.options import TableOptions
from meneur.systems.energy.combat.profile import Combatant, combatant_from_character
from meneur.systems.energy.combat.state import FightState
from meneur.systems.energy.model import Attributes, Character, Power

DOMAIN = "energy_combat"
LANGUAGES = ("fr", "en")
POINT_FIELDS = ("to", "at", "exit", "destination")
TUPLE_FIELDS = ("area_targets", "allies", "carry", "targets", "crossing", "wounded", "exhausted")


def bad(msgid: str, **params: Any) -> BadInputError:
    """A bad-input error in this domain."""
    return BadInputError(Message(DOMAIN, msgid, params))


class CombatantEntry(BaseModel):
    """One combatant line of a fight file."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1)
    side: Literal["heroes", "foes"]
    hero: str | None = None
    file: str | None = None
    npc: int | None = Field(None, ge=1)
    name: str | None = None
    pc: bool | None = None
    position: tuple[float, float] = (0.0, 0.0)
    energy: int | None = Field(None, ge=0)
    vigor: int | None = Field(None, ge=0)
    powers: tuple[Power, ...] | None = None
    attributes: Attributes | None = None


class FightFile(BaseModel):
    """A whole fight file before its commands are turned into command objects."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    options: TableOptions = TableOptions()
    combatants: tuple[CombatantEntry, ...]
    commands: tuple[Any, ...] = ()


OS_REASONS: dict[type[OSError], str] = {
    FileNotFoundError: N_("no such file"),
    IsADirectoryError: N_("it is a folder"),
    PermissionError: N_("permission denied"),
}
"""The usual reasons a file cannot be read, in words that can be translated."""


def read_data(path: Path) -> dict[str, Any]:
    """The raw mapping of a YAML or JSON file."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        reason = OS_REASONS.get(type(error))
        raise bad(N_("{path}: cannot read the file ({reason})."), path=str(path),
                  reason=Message(DOMAIN, reason) if reason is not None else error.strerror) from None
    try:
        data = json.loads(text) if path.suffix.lower() == ".json" else yaml.safe_load(text)
    except json.JSONDecodeError as error:
        raise bad(N_("{path}: not valid JSON (line {line}, column {column})."), path=str(path),
                  line=error.lineno, column=error.colno) from None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        if mark is None:
            raise bad(N_("{path}: not valid YAML."), path=str(path)) from None
        raise bad(N_("{path}: not valid YAML (line {line}, column {column})."), path=str(path),
                  line=mark.line + 1, column=mark.column + 1) from None
    if not isinstance(data, dict):
        raise bad(N_("{path}: a fight file is a mapping with 'combatants' and 'commands'."), path=str(path))
    return data


def character_of(entry: CombatantEntry, folder: Path) -> Character:
    """The character of a combatant line: a built-in hero, a character file or a quick NPC."""
    from meneur.systems.energy import library_hero, load_character, quick_npc

    given = [x for x in (entry.hero, entry.file, entry.npc) if x is not None]
    if len(given) != 1:
        raise bad(N_("combatant {id}: give exactly one of 'hero', 'file' or 'npc'."), id=entry.id)
    if entry.hero is not None:
        return library_hero(entry.hero)
    if entry.file is not None:
        return load_character(folder / entry.file)
    rank = entry.npc or 1
    if entry.powers is not None:
        return Character(name=entry.name or entry.id, rank=rank, pc=False,
                         attributes=Attributes(energy=rank, recovery=rank, vigor=rank), powers=entry.powers)
    return quick_npc(rank, entry.name or entry.id)


def combatant_of(entry: CombatantEntry, folder: Path, options: TableOptions) -> Combatant:
    """The combat profile of a combatant line, with its starting overrides."""
    character = character_of(entry, folder)
    if entry.name is not None:
        character = character.model_copy(update={"name": entry.name})
    if entry.attributes is not None:
        character = character.model_copy(update={"attributes": entry.attributes})
    if entry.powers is not None and entry.npc is None:
        character = character.model_copy(update={"powers": entry.powers})
    who = combatant_from_character(character, entry.id, entry.side, entry.pc, entry.position,
                                   options.wounded_start_half_vigor)
    if entry.energy is not None:
        who = who._replace(energy=min(entry.energy, who.energy_max))
    if entry.vigor is not None:
        who = who._replace(vigor=min(entry.vigor, who.vigor_max))
    return who


def quick_power_name(value: str) -> str:
    """A quick NPC's default power named in any language ("Défense", "Defence"), in the current one:
    a fight file must play the same whatever ``--lang`` is."""
    from meneur.systems.energy.names import DOMAIN as CHARACTERS
    from meneur.systems.energy.quick import _DEFAULT_POWER_NAMES

    for msgid in _DEFAULT_POWER_NAMES.values():
        if any(translate(CHARACTERS, msgid, lang).casefold() == value.casefold() for lang in LANGUAGES):
            return translate(CHARACTERS, msgid)
    return value


def command_where(number: int, key: str | None = None) -> Message:
    """Where a problem is in the file: "command 3" (numbered from 1, as the fight plays them), or
    "command 3, argument power"; bad input and illegal commands number commands the same way."""
    if key is None:
        return Message(DOMAIN, N_("Command {number}"), {"number": number})
    return Message(DOMAIN, N_("Command {number}, argument {key}"), {"number": number, "key": key})


def power_index(who: Combatant, value: Any, where: Message) -> int | None:
    """A power named by number or by name (case-insensitive) in ``who``'s powers."""
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    if isinstance(value, str):
        for name in (value, quick_power_name(value)):
            for i, power in enumerate(who.powers):
                if power.name.casefold() == name.casefold():
                    return i
    known = ", ".join(p.name for p in who.powers)
    raise bad(N_("{where}: {name} has no power {value}; its powers: {known}."),
              where=where, name=who.name, value=value, known=known)


def command_of(raw: Any, state: FightState, number: int) -> Command:
    """One command of the file (a name, or ``{name: {arguments}}``)."""
    where = command_where(number)
    args: dict[str, Any]
    if isinstance(raw, str):
        name, args = raw, {}
    elif isinstance(raw, dict) and len(raw) == 1:
        name, given = next(iter(raw.items()))
        if given is not None and not isinstance(given, dict):
            raise bad(N_("{where}: the arguments of {command} are a mapping {{field: value}}, not {value}."),
                      where=where, command=name, value=given)
        args = dict(given or {})
    else:
        raise bad(N_("{where}: a command is a name or a mapping {{name: arguments}}."), where=where)
    kind = COMMAND_TYPES.get(str(name))
    if kind is None:
        raise bad(N_("{where}: unknown command {name}; known: {known}."), where=where, name=name,
                  known=", ".join(COMMAND_TYPES))
    allowed = {f.name for f in fields(kind)}
    unknown = set(args) - allowed
    if unknown:
        raise bad(N_("{where}: {command} takes {allowed}, not {unknown}."), where=where, command=name,
                  allowed=", ".join(sorted(allowed)) or "-", unknown=", ".join(sorted(unknown)))
    for key in POINT_FIELDS:
        if key in args:
            args[key] = point(args[key], command_where(number, key))
    for key in TUPLE_FIELDS:
        if key in args:
            args[key] = tuple(args[key] if isinstance(args[key], list) else [args[key]])
    if "joined" in args:
        args["joined"] = joined(args["joined"], command_where(number, "joined"))
    actor = owner(state, args.get("actor"))
    if "power" in args and actor is not None:
        args["power"] = power_index(state.get(actor), args["power"], command_where(number, "power"))
    target = args.get("target")
    if "target_power" in args and isinstance(target, str) and state.has(target):
        args["target_power"] = power_index(state.get(target), args["target_power"],
                                           command_where(number, "target_power"))
    missing = sorted(f.name for f in fields(kind) if f.name not in args and f.default is MISSING)
    if missing:
        raise bad(N_("{where}: {command} needs {missing}."), where=where, command=name,
                  missing=", ".join(missing))
    for key, value in args.items():
        check_type(kind, key, value, command_where(number, key))
    command: Command = kind(**args)
    return command


TYPE_WORDS: dict[str, Message] = {
    "bool": Message(DOMAIN, N_("true or false")),
    "int": Message(DOMAIN, N_("a whole number")),
    "int | None": Message(DOMAIN, N_("a whole number")),
    "float": Message(DOMAIN, N_("a number of metres")),
    "str": Message(DOMAIN, N_("a name")),
    "str | None": Message(DOMAIN, N_("a name")),
    "tuple": Message(DOMAIN, N_("a list")),
    "tuple[float, float] | None": Message(DOMAIN, N_("a position [x, y]")),
}
"""The expected type of a command argument, in words."""


@cache
def _adapter(kind: type, key: str) -> tuple[TypeAdapter[Any], str]:
    hint = get_type_hints(kind)[key]
    return TypeAdapter(hint), getattr(hint, "__name__", str(hint)).replace("typing.", "")


def check_type(kind: type, key: str, value: Any, where: Message) -> None:
    """Refuse an argument of the wrong type (``tokens: two``) with the type it should have."""
    adapter, expected = _adapter(kind, key)
    try:
        adapter.validate_python(value, strict=True)
    except ValidationError:
        raise bad(N_("{where}: {value} is not of the expected type ({expected})."),
                  where=where, value=value, expected=TYPE_WORDS.get(expected) or expected) from None


def owner(state: FightState, actor: Any) -> str | None:
    """The combatant whose powers ``actor`` has: itself, or for a copy made during the fight
    (``<original>#<n>``) its original ("Les copies possèdent les même pouvoirs que leur original")."""
    if not isinstance(actor, str):
        return None
    if state.has(actor):
        return actor
    original = actor.rpartition("#")[0]
    return original if original and state.has(original) else None


def joined(value: Any, where: Message) -> tuple[tuple[str, int], ...]:
    """Copies joining an attack: a mapping ``{copy id: tokens}``."""
    if isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool)
                                       for k, v in value.items()):
        return tuple(value.items())
    raise bad(N_("{where}: joined copies are a mapping {{copy id: tokens}}, not {value}."),
              where=where, value=value)


def point(value: Any, where: Message) -> tuple[float, float]:
    """A position ``[x, y]`` in metres."""
    if isinstance(value, list | tuple) and len(value) == 2 and all(
            isinstance(v, int | float) and not isinstance(v, bool) for v in value):
        return (float(value[0]), float(value[1]))
    raise bad(N_("{where}: a position is [x, y] in metres, not {value}."), where=where, value=value)


REASONS = {
    "literal_error": N_("expected one of {expected}"),
    "missing": N_("this field is required"),
    "extra_forbidden": N_("unknown field"),
    "int_parsing": N_("a whole number is expected"),
    "int_type": N_("a whole number is expected"),
    "int_from_float": N_("a whole number is expected"),
    "greater_than_equal": N_("must be at least {ge}"),
    "greater_than": N_("must be more than {gt}"),
    "float_parsing": N_("a number is expected"),
    "float_type": N_("a number is expected"),
    "bool_parsing": N_("true or false is expected"),
    "bool_type": N_("true or false is expected"),
    "string_type": N_("a text is expected"),
    "list_type": N_("a list is expected"),
    "dict_type": N_("a mapping is expected"),
    "string_too_short": N_("must not be empty"),
}
"""Translated explanations of the usual validation errors of a fight file."""


def reason_of(error: Any) -> Message | str:
    """A validation error in the user's language when it is a usual one, pydantic's words otherwise."""
    msgid = REASONS.get(str(error.get("type")))
    if msgid is None:
        return str(error.get("msg", ""))
    context = dict(error.get("ctx") or {})
    expected = str(context.get("expected", "")).replace(" or ", ", ")  # pydantic joins in English
    return Message(DOMAIN, msgid, {"expected": expected, "ge": context.get("ge", ""),
                                   "gt": context.get("gt", "")})


def field_of(loc: tuple[Any, ...]) -> Message | str:
    """Where a validation error is: "combatant 2, field side" rather than ``combatants.1.side``."""
    if len(loc) >= 2 and loc[0] == "combatants" and isinstance(loc[1], int):
        rest = ".".join(str(p) for p in loc[2:])
        if rest:
            return Message(DOMAIN, N_("combatant {number}, field {field}"),
                           {"number": loc[1] + 1, "field": rest})
        return Message(DOMAIN, N_("combatant {number}"), {"number": loc[1] + 1})
    return ".".join(str(p) for p in loc)


def load_fight(path: str | Path) -> tuple[FightState, list[Command]]:
    """Read a fight file: the initial state (set-up phase) and its commands.

    Raises:
        BadInputError: unreadable file, unknown hero or power, malformed command.
    """
    path = Path(path)
    data = read_data(path)
    try:
        parsed = FightFile.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        raise bad(N_("{path}: {field}: {reason}"), path=str(path),
                  field=field_of(tuple(first["loc"])), reason=reason_of(first)) from None
    ids = [entry.id for entry in parsed.combatants]
    if len(set(ids)) != len(ids):
        raise bad(N_("{path}: combatant ids must be unique."), path=str(path))
    try:
        combatants = tuple(combatant_of(e, path.parent, parsed.options) for e in parsed.combatants)
    except BadInputError:
        raise
    except MeneurError as error:
        raise BadInputError(error.message) from None
    state = FightState(combatants, options=parsed.options)
    commands = [command_of(raw, state, i + 1) for i, raw in enumerate(parsed.commands)]
    return state, commands
