"""Fight files (YAML or JSON): the combatants, then the commands in order.

Shape::

    options: {contact_reach: 5}            # optional table options
    combatants:
      - {id: kitsune, hero: KITSUNE, side: heroes, position: [0, 0]}
      - {id: agent1, npc: 3, name: Agent 1, side: foes, pc: false, position: [3, 0]}
      - {id: me, file: characters/me.yaml, side: heroes}   # relative to the fight file
      - {id: ayla, character: {name: Ayla, rank: 5, ...}, side: heroes}   # the file's contents
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

import math
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from meneur.engine.problems import explain
from meneur.errors import BadInputError, MeneurError
from meneur.i18n import N_, Message, translate
from meneur.i18n.words import fold
from meneur.storage import read_data
from meneur.systems.energy.combat.bounds import (
    MAX_ATTRIBUTE,
    MAX_COMBATANTS,
    MAX_ID,
    MAX_NAME,
    PLAN,
    is_safe_id,
)
from meneur.systems.energy.combat.commands import COMMAND_TYPES
from meneur.systems.energy.combat.options import TableOptions
from meneur.systems.energy.combat.profile import Combatant, combatant_from_character
from meneur.systems.energy.combat.state import FightState
from meneur.systems.energy.costs import MAX_RANK
from meneur.systems.energy.model import Attributes, Character, Power

DOMAIN = "energy_combat"
LANGUAGES = ("fr", "en")
POINT_FIELDS = ("to", "at", "exit", "destination", "position")
ID_FIELDS = ("actor", "target", "area_targets", "allies", "carry", "targets", "also", "wounded", "exhausted")
"""Arguments naming combatants: read without regard to case and accents (``KITSUNE`` is ``kitsune``)."""
TUPLE_FIELDS = ("area_targets", "allies", "carry", "targets", "crossing", "wounded", "exhausted", "also")


def bad(msgid: str, **params: Any) -> BadInputError:
    """A bad-input error in this domain."""
    return BadInputError(Message(DOMAIN, msgid, params))


class InvalidValueError(ValueError):
    """A value a field refuses, with the reason in the user's language (read by ``problems.explain``)."""

    def __init__(self, message: Message) -> None:
        super().__init__(message.msgid)
        self.message = message


def is_number(value: Any) -> bool:
    """Whether ``value`` is a finite number (a boolean is not a number, nor NaN or infinity, nor a
    whole number too large to be one: ``10**400``)."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:
        return False


def on_plan(value: Any) -> bool:
    """Whether ``value`` is a position ``[x, y]`` of finite numbers within :data:`.bounds.PLAN` metres."""
    return (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(is_number(v) and abs(v) <= PLAN for v in value)
    )


def shown(value: Any) -> str:
    """``value`` as a message shows it: cut when it is long (a 400-digit number, a huge text)."""
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."


class CombatantEntry(BaseModel):
    """One combatant line of a fight file."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    side: Literal["heroes", "foes"]
    hero: str | None = None
    file: str | None = None
    character: dict[str, Any] | None = None
    """The character itself, as a character file holds it (a fight that reads no file: a table's)."""
    npc: int | None = Field(None, ge=1, le=MAX_RANK, strict=True)
    name: str | None = Field(None, max_length=MAX_NAME)
    pc: bool | None = Field(None, strict=True)
    position: tuple[float, float] = (0.0, 0.0)
    energy: int | None = Field(None, ge=0, le=MAX_ATTRIBUTE, strict=True)
    vigor: int | None = Field(None, ge=1, le=MAX_ATTRIBUTE, strict=True)
    powers: tuple[Power, ...] | None = None
    attributes: Attributes | None = None

    @field_validator("side", mode="before")
    @classmethod
    def _side(cls, value: Any) -> Any:
        """``heroes`` or ``foes``, or the book's words (``héros``, ``adversaires``)."""
        return SIDE_WORDS.get(fold(value), value) if isinstance(value, str) else value

    @field_validator("position", mode="before")
    @classmethod
    def _position(cls, value: Any) -> Any:
        """A position is two finite numbers of metres (NaN would pass every distance check)."""
        if on_plan(value):
            return value
        raise InvalidValueError(
            Message(
                DOMAIN,
                N_("a position is [x, y] in metres, each from -{plan} to {plan}, not {value}"),
                {"value": shown(value), "plan": int(PLAN)},
            )
        )

    @field_validator("id")
    @classmethod
    def _id(cls, value: str) -> str:
        """A new combatant's id is short and made of letters, digits, ``-``, ``_`` or ``.``."""
        if is_safe_id(value):
            return value
        raise InvalidValueError(
            Message(
                DOMAIN,
                N_("an id is 1 to {most} letters, digits, '-', '_' or '.', not {value}"),
                {"most": MAX_ID, "value": shown(value)},
            )
        )

    @field_validator("attributes", mode="before")
    @classmethod
    def _attributes(cls, value: Any) -> Any:
        """Attributes are whole numbers, none negative, and a Vigueur of at least 1 to start a fight."""
        if isinstance(value, dict):
            for key, number in value.items():
                if isinstance(number, bool) or (isinstance(number, int) and not 0 <= number <= MAX_ATTRIBUTE):
                    raise InvalidValueError(
                        Message(
                            DOMAIN,
                            N_("{key} must be a whole number from 0 to {most}, not {value}"),
                            {"key": key, "value": shown(number), "most": MAX_ATTRIBUTE},
                        )
                    )
            if isinstance(value.get("vigor"), int) and value["vigor"] < 1:
                raise InvalidValueError(
                    Message(DOMAIN, N_("a character starts a fight with a Vigueur of at least 1"))
                )
        return value


class FightSetup(BaseModel):
    """What a fight starts from: the table options and the combatants (a fight file without commands)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    options: TableOptions = TableOptions()
    combatants: tuple[CombatantEntry, ...] = Field(max_length=MAX_COMBATANTS)
    campaign: str | None = Field(default=None, max_length=64)
    """The campaign session this fight was started from (the web's new fight), to hand its outcome
    back to; the fight's rules do not read it."""


class FightFile(FightSetup):
    """A whole fight file before its commands are turned into command objects."""

    commands: tuple[Any, ...] = ()


def character_of(entry: CombatantEntry, folder: Path) -> Character:
    """The character of a combatant line: a built-in hero, a character file, a character given in
    the line itself or a quick NPC."""
    from meneur.systems.energy import library_hero, load_character, quick_npc
    from meneur.systems.energy.files import character_from_data

    given = [x for x in (entry.hero, entry.file, entry.character, entry.npc) if x is not None]
    if len(given) != 1:
        raise bad(
            N_("combatant {id}: give exactly one of 'hero', 'file', 'character' or 'npc'."), id=entry.id
        )
    if entry.hero is not None:
        return library_hero(entry.hero)
    if entry.file is not None:
        return load_character(folder / entry.file)
    if entry.character is not None:
        return character_from_data(entry.character, entry.id)
    rank = entry.npc or 1
    if entry.powers is not None:
        return Character(
            name=entry.name or entry.id,
            rank=rank,
            pc=False,
            attributes=Attributes(energy=rank, recovery=rank, vigor=rank),
            powers=entry.powers,
        )
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
    within_bounds(entry.id, character)
    from meneur.systems.energy.combat.rules import may_fight

    attributes_allowed(entry.id, character)
    if not may_fight(frozenset(str(s) for s in character.states)):
        raise bad(
            N_(
                'combatant {id}: {name} is {gender:brisé} and cannot fight ("ne sera plus jouable tant '
                "qu'il n'aura pas été ramené\")."
            ),
            id=entry.id,
            name=character.name,
            gender=None if character.gender is None else str(character.gender),
        )
    who = combatant_from_character(
        character, entry.id, entry.side, entry.pc, entry.position, options.wounded_start_half_vigor
    )
    if entry.energy is not None:
        who = who._replace(energy=min(entry.energy, who.energy_max))
    if entry.vigor is not None:
        who = who._replace(vigor=min(entry.vigor, who.vigor_max))
    return who


def attributes_allowed(id: str, character: Character) -> None:
    """Refuse the attributes the creation rules forbid ("Un attribut ne peut jamais être inférieur à 1";
    "La récupération ne peut pas être supérieure à l'énergie", 002_58e889a1abff3456.txt), as
    ``meneur energy check`` does (:func:`meneur.systems.energy.validation.validate`), naming each field.

    Raises:
        BadInputError: listing every attribute problem of combatant ``id``.
    """
    from meneur.systems.energy.validation import validate

    problems = [p for p in validate(character).problems if p.rule.startswith("attribute.")]
    if problems:
        # An untranslated template joining the problems, each already a translated message.
        joined = Message(
            DOMAIN,
            " ".join(f"{{p{i}}}" for i in range(len(problems))),
            {f"p{i}": p.message for i, p in enumerate(problems)},
        )
        raise bad(N_("combatant {id}: {problems}"), id=id, problems=joined)


def within_bounds(id: str, character: Character) -> None:
    """Refuse a character whose rank the wizard would not build or with absurd attributes."""
    if not 1 <= character.rank <= MAX_RANK:
        raise bad(
            N_("combatant {id}: rank {rank} is not a rank meneur builds; give 1 to {high}."),
            id=id,
            rank=shown(character.rank),
            high=MAX_RANK,
        )
    from meneur.systems.energy.names import ATTRIBUTE_NAMES, word

    for key, number in character.attributes.model_dump().items():
        if not 0 <= number <= MAX_ATTRIBUTE:
            raise bad(
                N_("combatant {id}: {key} must be a whole number from 0 to {most}, not {value}."),
                id=id,
                key=word(ATTRIBUTE_NAMES[key]),
                most=MAX_ATTRIBUTE,
                value=shown(number),
            )


def quick_power_name(value: str) -> str:
    """A quick NPC's default power named in any language ("Défense", "Defence"), in the current one:
    a fight file must play the same whatever ``--lang`` is."""
    from meneur.systems.energy.names import DOMAIN as CHARACTERS
    from meneur.systems.energy.quick import DEFAULT_POWER_NAMES

    for msgid in DEFAULT_POWER_NAMES.values():
        if any(fold(translate(CHARACTERS, msgid, lang)) == fold(value) for lang in LANGUAGES):
            return translate(CHARACTERS, msgid)
    return value


def command_where(number: int | None, key: str | None = None) -> Message:
    """Where a problem is in the file: "command 3" (numbered from 1, as the fight plays them), or
    "command 3, argument power"; bad input and illegal commands number commands the same way. A
    command given alone (not from a file) has no number."""
    if number is None:
        if key is None:
            return Message(DOMAIN, N_("Command"))
        return Message(DOMAIN, N_("Command, argument {key}"), {"key": key})
    if key is None:
        return Message(DOMAIN, N_("Command {number}"), {"number": number})
    return Message(DOMAIN, N_("Command {number}, argument {key}"), {"number": number, "key": key})


def power_index(who: Combatant, value: Any, where: Message) -> int | None:
    """A power named by number or by name in ``who``'s powers: case, accents and the book's typographic
    apostrophes do not matter (``Rayon d'energie`` is « Rayon d’énergie »)."""
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    # Own and stolen ("mettre à disposition du personnage") powers; usable ones first, then those taken
    # from ``who``, which the engine refuses by their name.
    ordered = sorted(range(len(who.powers) + len(who.borrowed)), key=lambda i: not who.has_power(i))
    if isinstance(value, str):
        for name in (value, quick_power_name(value)):
            for i in ordered:
                if fold(who.power(i).name) == fold(name):
                    return i
    known = ", ".join(who.power(i).name for i in ordered if who.has_power(i))
    raise bad(
        N_("{where}: {name} has no power {value}; its powers: {known}."),
        where=where,
        name=who.name,
        value=value,
        known=known,
    )


def with_names(raw: Any, state: FightState, number: int | None = None, known_only: bool = True) -> Any:
    """One command in the fight-file form (a name, or ``{name: {arguments}}``) with the names it holds
    resolved against ``state``, for the codec to read: powers by name or index, combatants by id or
    name (case and accents ignored), the book's words by their glossary key, a lone id where a list is
    wanted as that list, joined copies as ``{copy id: tokens}``. ``number`` is its place in a file, if
    any; ``known_only=False`` lets through names of combatants not in ``state`` yet (copies,
    arrivals: a whole file is read before it is played). Types and bounds are the codec's to check.

    Raises:
        BadInputError: not a command's shape, an unknown command, a name that names nothing.
    """
    where = command_where(number)
    args: dict[str, Any]
    if isinstance(raw, str):
        name, args = raw, {}
    elif isinstance(raw, dict) and len(raw) == 1:
        name, given = next(iter(raw.items()))
        if given is not None and not isinstance(given, dict):
            raise bad(
                N_("{where}: the arguments of {command} are a mapping {{field: value}}, not {value}."),
                where=where,
                command=name,
                value=given,
            )
        args = dict(given or {})
    else:
        raise bad(N_("{where}: a command is a name or a mapping {{name: arguments}}."), where=where)
    if str(name) not in COMMAND_TYPES:
        raise bad(
            N_("{where}: unknown command {name}; known: {known}."),
            where=where,
            name=name,
            known=", ".join(COMMAND_TYPES),
        )
    name = SPELLINGS.get(str(name), str(name))
    resolve_names(args, state, number, known_only)
    return {name: args} if args else name


SPELLINGS = {"end_phase": "pass"}
"""Other spellings of a command's name: the name the wire form writes for it."""


def resolve_names(args: dict[str, Any], state: FightState, number: int | None, known_only: bool) -> None:
    """Resolve in place the names the arguments ``args`` of one command hold (see :func:`with_names`)."""
    for key in TUPLE_FIELDS:
        if key in args and not isinstance(args[key], list | tuple):
            args[key] = [args[key]]
    if "joined" in args:
        args["joined"] = [list(pair) for pair in joined(args["joined"], command_where(number, "joined"))]
    for key in BOOK_WORD_FIELDS:
        if isinstance(args.get(key), str):
            args[key] = book_key(args[key])
    for key in ID_FIELDS:
        if key in args:
            args[key] = combatant_ids(state, args[key], command_where(number, key), known_only)
    actor = owner(state, args.get("actor"))
    if isinstance(args.get("power"), str) and actor is None:
        # a power named by its name needs its owner in the fight, even in a file read before it is
        # played: the unknown actor is what to name
        combatant_id(state, args.get("actor"), command_where(number, "actor"))
    if "power" in args and actor is not None:
        args["power"] = power_index(state.get(actor), args["power"], command_where(number, "power"))
    target = args.get("target")
    if "target_power" in args and isinstance(target, str) and state.has(target):
        args["target_power"] = power_index(
            state.get(target), args["target_power"], command_where(number, "target_power")
        )


def owner(state: FightState, actor: Any) -> str | None:
    """The combatant whose powers ``actor`` has: itself, or for a copy made during the fight
    (``<original>#<n>``) its original ("Les copies possèdent les même pouvoirs que leur original")."""
    if not isinstance(actor, str):
        return None
    if state.has(actor):
        return actor
    original = actor.rpartition("#")[0]
    return original if original and state.has(original) else None


BOOK_WORD_FIELDS = ("use", "category", "terrain_kind", "kind", "add_condition", "remove_condition", "side")
"""Arguments holding a glossary key, also read as the book's word in either language (``action
d'éclat`` is ``feat``, ``danger`` is ``hazard``, ``héros`` is ``heroes``)."""
SIDE_WORDS = {"heros": "heroes", "heroes": "heroes", "adversaires": "foes", "ennemis": "foes", "foes": "foes"}


def book_key(value: str) -> str:
    """The glossary key a word stands for (the key itself, or its book's word in French or English);
    anything else is given back unchanged, for the rules to refuse with their own message."""
    from meneur.systems.energy.combat.words import WORDS

    wanted = fold(value)
    if wanted in SIDE_WORDS:
        return SIDE_WORDS[wanted]
    for key, msgid in WORDS.items():
        if wanted == fold(key) or any(wanted == fold(translate(DOMAIN, msgid, lang)) for lang in LANGUAGES):
            return key
    return value


def combatant_id(state: FightState, value: Any, where: Message, known_only: bool = True) -> Any:
    """The id of the combatant ``value`` names, case and accents ignored (``Déjà-Vu`` is ``deja_vu``,
    ``KITSUNE`` is ``kitsune``), or its name; a copy ``<original>#<n>`` is read the same way.

    Raises:
        BadInputError: no combatant is called so, with the known ids.
    """
    if not isinstance(value, str) or state.has(value):
        return value
    wanted = fold(value)
    for combatant in state.combatants:
        if wanted in (fold(combatant.id), fold(combatant.name)):
            return combatant.id
    if not known_only:
        return value
    raise bad(
        N_("{where}: no combatant is called {name}; known: {known}."),
        where=where,
        name=value,
        known=", ".join(c.id for c in state.combatants),
    )


def combatant_ids(state: FightState, value: Any, where: Message, known_only: bool = True) -> Any:
    """:func:`combatant_id` of one id or of each id of a list."""
    if isinstance(value, list | tuple):
        return [combatant_id(state, item, where, known_only) for item in value]
    return combatant_id(state, value, where, known_only)


def joined(value: Any, where: Message) -> tuple[tuple[str, int], ...]:
    """Copies joining an attack: a mapping ``{copy id: tokens}``."""
    pairs = list(value.items()) if isinstance(value, dict) else value
    if isinstance(pairs, list | tuple) and all(
        isinstance(p, list | tuple)
        and len(p) == 2
        and isinstance(p[0], str)
        and isinstance(p[1], int)
        and not isinstance(p[1], bool)
        for p in pairs
    ):
        return tuple((str(k), int(v)) for k, v in pairs)
    raise bad(
        N_("{where}: joined copies are a mapping {{copy id: tokens}}, not {value}."), where=where, value=value
    )


def setup_state(setup: Any, folder: Path | None = None, where: str = "") -> FightState:
    """The state before the start of a fight set up by ``setup``: ``{"options": ..., "combatants": [...]}``
    (a fight file without its commands). A ``file`` entry is relative to ``folder`` (the fight file's
    folder; the current directory when there is none).

    Raises:
        BadInputError: a field is wrong (named, with what to write), an id repeats, a hero, a character
            file or a power is unknown.
    """
    model = FightFile if isinstance(setup, dict) and "commands" in setup else FightSetup
    if not isinstance(setup, dict):
        raise bad(
            N_("{path}: a fight file is a mapping with 'combatants' and 'commands'."), path=where or "-"
        )
    try:
        parsed = model.model_validate(setup)
    except ValidationError as error:
        problem = explain(error).message
        raise (
            bad(N_("{path}: {problem}"), path=where, problem=problem) if where else BadInputError(problem)
        ) from None
    ids = [entry.id for entry in parsed.combatants]
    if len(set(ids)) != len(ids):
        raise bad(N_("{path}: combatant ids must be unique."), path=where or "-")
    base = Path(".") if folder is None else folder
    try:
        combatants = tuple(combatant_of(e, base, parsed.options) for e in parsed.combatants)
    except BadInputError:
        raise
    except MeneurError as error:
        raise BadInputError(error.message) from None
    return FightState(combatants, options=parsed.options)


def read_fight_file(path: str | Path) -> tuple[dict[str, Any], list[Any]]:
    """The setup of a fight file, self-contained (character files made relative to where meneur runs),
    and its commands in the fight-file form, not yet read.

    Raises:
        BadInputError: unreadable file, not a mapping.
    """
    path = Path(path)
    data = read_data(path)
    if not isinstance(data, dict):
        raise bad(N_("{path}: a fight file is a mapping with 'combatants' and 'commands'."), path=str(path))
    setup = {key: value for key, value in data.items() if key != "commands"}
    combatants = setup.get("combatants")
    if isinstance(combatants, list):
        setup["combatants"] = [
            {**entry, "file": str(path.parent / entry["file"])}
            if isinstance(entry, dict) and isinstance(entry.get("file"), str)
            else entry
            for entry in combatants
        ]
    commands = data.get("commands", [])
    if commands is None:
        commands = []
    if not isinstance(commands, list):
        raise bad(N_("{path}: 'commands' is a list of commands."), path=str(path))
    return setup, commands


def snapshot(setup: Any, folder: Path | None = None) -> Any:
    """``setup`` with each ``file:`` combatant replaced by the character the file holds now
    (``character:``, the file's contents): a fight keeps its characters as they were when it was set
    up, whatever happens to the files, wherever it is run from (a table's fight does the same). A
    ``file`` is relative to ``folder`` (the current directory when there is none).

    Raises:
        BadInputError: a character file cannot be read or is not a valid character (naming the file).
    """
    from meneur.systems.energy.files import load_character

    combatants = setup.get("combatants") if isinstance(setup, dict) else None
    if not isinstance(combatants, list):
        return setup
    kept = []
    for entry in combatants:
        if isinstance(entry, dict) and isinstance(entry.get("file"), str):
            path = (folder or Path(".")) / entry["file"]
            load_character(path)  # refused here, naming the file, rather than later by the combatant's id
            entry = {**{k: v for k, v in entry.items() if k != "file"}, "character": read_data(path)}
        kept.append(entry)
    return {**setup, "combatants": kept}
