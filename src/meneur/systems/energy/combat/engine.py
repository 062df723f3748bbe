"""The Energy System tactical combat as the engine kernel drives it: ``SYSTEM`` (key ``energy-fight``).

Conventions:
    * The setup is a fight file without its commands: ``{"options": {...}, "combatants": [...]}``
      (:func:`.files.setup_state`); a ``file`` entry is relative to the current directory, and
      :func:`session_from_file` makes a fight file's entries so.
    * Commands and events travel in the fight-file form (``{"attack": {"actor": ..., ...}}``, a bare
      ``"start"``); events are named after their class in snake_case (``attack_declared``).
      :func:`read_command` reads a command against the state (powers by name or index).
    * ``legal`` maps :func:`.legal.legal_actions` to :class:`~meneur.engine.Legal` entries whose
      ``details`` hold the bonus, the halvings, the stress cost and the effective value of each token
      count from ``cost_min`` to ``cost_max``: a UI never computes a rule.
    * The state snapshot (:func:`state_json`) is the whole :class:`~.state.FightState`, named tuples as
      mappings, sets and tuples as lists; :func:`state_from_json` reads it back exactly.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import Any, get_args

from pydantic import TypeAdapter, ValidationError

from meneur.dice.source import DiceSource
from meneur.engine.codec import Codec, plain
from meneur.engine.problems import explain
from meneur.engine.session import Session
from meneur.engine.system import Legal, System
from meneur.errors import BadInputError, MeneurError, Refused
from meneur.i18n import N_, Message
from meneur.systems.energy.combat import events as ev
from meneur.systems.energy.combat.commands import COMMAND_TYPES, Attack, Command
from meneur.systems.energy.combat.decide import decide as decide_command
from meneur.systems.energy.combat.events import Event as Event
from meneur.systems.energy.combat.evolve import evolve, evolve_all
from meneur.systems.energy.combat.files import command_where, read_fight_file, setup_state, with_names
from meneur.systems.energy.combat.legal import LegalAction, legal_actions
from meneur.systems.energy.combat.render import explain as describe
from meneur.systems.energy.combat.state import FightState

DOMAIN = "energy_combat"
KEY = "energy-fight"
FORMAT = 1
"""Version of the state snapshot and of the session files of a fight."""

COMMANDS: dict[str, type] = {name: kind for name, kind in COMMAND_TYPES.items() if name != "end_phase"}
"""Wire names of the commands: the fight-file names (``end_phase`` is only another spelling of ``pass``)."""


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


EVENTS: dict[str, type] = {_snake(kind.__name__): kind for kind in get_args(ev.Event)}
"""Wire names of the events: their class names in snake_case."""


@cache
def _adapter(kind: Any) -> TypeAdapter[Any]:
    return TypeAdapter(kind)


CODEC: Codec[Command, ev.Event] = Codec(COMMANDS, EVENTS)
"""Commands as in fight files, events as mappings of their fields (the kernel's codec)."""


def start(setup: Any) -> FightState:
    """The state before the start of the fight ``setup`` describes (see :func:`.files.setup_state`)."""
    return setup_state(setup)


def decide(state: FightState, command: Command, dice: DiceSource | None = None) -> list[ev.Event]:
    """The events of ``command`` (the fight rolls no dice: ``dice`` is not used)."""
    return decide_command(state, command)


def details(action: LegalAction) -> dict[str, Any]:
    """What a UI shows beside an action: bonus, halvings, stress boxes and the effective value of each
    token count from ``cost_min`` to ``cost_max``; an area attack's ``in_zone`` lists every combatant
    inside its zone (centred on its first target), for a page to preselect."""
    shown: dict[str, Any] = {
        "bonus": action.bonus,
        "halving": action.halving,
        "stress_cost": action.stress_cost,
        "effective": list(action.effectives()),
    }
    if isinstance(action.command, Attack) and action.command.area_targets:
        shown["in_zone"] = list(action.in_zone)
    return shown


_LEGAL: dict[LegalAction, Legal[Command]] = {}
"""The entry made for each legal action seen lately: the query finds the same actions state after state
(the same template, cost range and values: four in five in the benchmark's fights), and a
:class:`~meneur.engine.Legal` with its ``details`` costs more to make than to find again. Entries
are immutable and shared (their ``details`` are read, never written)."""


def as_legal(action: LegalAction) -> Legal[Command]:
    """One action of the legality query as the engine's :class:`~meneur.engine.Legal` entry."""
    found = _LEGAL.get(action) if action.rule is None else None
    if found is None:
        found = _as_legal(action)
        if action.rule is None:
            if len(_LEGAL) > 16384:
                _LEGAL.clear()
            _LEGAL[action] = found
    return found


def _as_legal(action: LegalAction) -> Legal[Command]:
    if action.rule is not None:
        return Legal(
            action.actor,
            action.kind,
            action.command,
            action.cost_min,
            action.cost_max,
            {},
            action.rule,
            action.reason,
        )
    return Legal(action.actor, action.kind, action.command, action.cost_min, action.cost_max, details(action))


def legal(state: FightState, include_refused: bool = False) -> list[Legal[Command]]:
    """What may be done now (and what may not, with the rule and the reason, if asked)."""
    return [as_legal(action) for action in legal_actions(state, include_refused)]


def state_json(state: FightState) -> dict[str, Any]:
    """The whole state as JSON (positions as lists)."""
    data: dict[str, Any] = plain(state)
    return data


def state_from_json(data: Any) -> FightState:
    """The state of a snapshot written by :func:`state_json`.

    Raises:
        BadInputError: the snapshot is not a fight state (naming the field).
    """
    try:
        state: FightState = _adapter(FightState).validate_python(data)
    except ValidationError as error:
        raise explain(error, "state") from None
    return state


def read_command(state: FightState, wire: Any, number: int | None = None, known_only: bool = True) -> Command:
    """A command in the fight-file form read against ``state``: its names resolved
    (:func:`.files.with_names`: powers by name or index, combatants by id or name), then read by the
    kernel's codec. ``number`` is its place in a file, named in a message; ``known_only=False`` lets
    through combatants not in the fight yet.

    Raises:
        BadInputError: naming the command, the field and what to write instead.
    """
    resolved = with_names(wire, state, number, known_only)
    try:
        return CODEC.command_from_json(resolved)
    except BadInputError as error:
        if number is None:
            raise
        raise BadInputError(
            Message(
                DOMAIN, N_("{where}, {problem}"), {"where": command_where(number), "problem": error.message}
            )
        ) from None


SYSTEM: System[FightState, Command, ev.Event] = System(
    key=KEY,
    domain=DOMAIN,
    codec=CODEC,
    start=start,
    decide=decide,
    evolve=evolve,
    legal=legal,
    state_json=state_json,
    state_from_json=state_from_json,
    format=FORMAT,
    describe=describe,
    read_command=read_command,
)


def new_session(state: FightState, setup: Any = None) -> Session[FightState, Command, ev.Event]:
    """A session starting from ``state`` (built by hand, as rule tests do); ``setup`` is kept for files."""
    return Session(SYSTEM, setup, state)


def session_from_file(path: str | Path) -> tuple[Session[FightState, Command, ev.Event], list[Any]]:
    """A session set up by the fight file ``path`` (nothing played yet) and its commands in the
    fight-file form, to give one by one to :func:`play`.

    Raises:
        BadInputError: unreadable file, bad combatant, unknown hero or character file.
    """
    setup, commands = read_fight_file(path)
    return new_session(setup_state(setup, None, str(path)), setup), commands


def play(
    session: Session[FightState, Command, ev.Event],
    commands: Sequence[Any],
    each: Callable[[FightState, list[ev.Event]], None] | None = None,
) -> None:
    """Carry out ``commands`` (fight-file form) in order; ``each(state_before, events)`` after each one.

    Raises:
        BadInputError: a command is malformed ("Command 3, argument power: ...").
        Refused: a command breaks a rule ("Command 3 (attack): ..."); the commands before it stay done.
    """
    for number, raw in enumerate(commands, start=1):
        command = read_command(session.state, raw, number)
        before = session.state
        try:
            events = session.do(command, NO_DICE)
        except Refused as error:
            raise Refused(
                Message(
                    DOMAIN,
                    N_("{where} ({command}): {reason}"),
                    {
                        "where": command_where(number),
                        "command": CODEC.command_name(command),
                        "reason": error.message,
                    },
                ),
                rule=error.rule,
            ) from None
        if each is not None:
            each(before, events)


def lines(state: FightState, events: Sequence[ev.Event]) -> Iterator[Message]:
    """The log lines of ``events`` happening one after another from ``state`` (the renderer's words)."""
    for event in events:
        message = describe(state, event)
        if message is not None:
            yield message
        state = evolve(state, event)


class _NoDice:
    """The dice a fight never rolls (``decide`` takes no die; making a random source costs time)."""


NO_DICE: Any = _NoDice()
"""Given to ``Session.do`` for a fight."""


def load_fight(path: str | Path) -> tuple[FightState, list[Command]]:
    """Read a fight file: the initial state (set-up phase) and its commands, read against that state.

    Raises:
        BadInputError: unreadable file, unknown hero or power, malformed command.
    """
    setup, raw = read_fight_file(path)
    state = setup_state(setup, None, str(path))
    commands, now = [], state
    for i, item in enumerate(raw):
        # Read against the fight as played so far: a power stolen by an earlier command is named by its
        # name ("le mettre à disposition du personnage"), like any other.
        command = read_command(now, item, i + 1, known_only=False)
        commands.append(command)
        now = _played(now, command)
    return state, commands


def _played(state: FightState, command: Command) -> FightState:
    """``state`` after ``command``, or ``state`` itself when the rules refuse it (play will say why)."""
    try:
        return evolve_all(state, decide_command(state, command))
    except MeneurError:  # refused or bad input: reported with its number when the file is played
        return state
