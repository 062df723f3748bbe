"""An Energy fight (``energy-fight``) as a player or an observer sees it: its :data:`PROJECTION`.

The table option ``npc_vigueur`` says how an NPC's Vigueur shows: ``hidden`` (the default, and any
unknown value), ``bar`` (a gauge in tenths, rounded up so that a standing NPC never shows empty) or
``shown``. Energy and defence tokens stay public, as chips on a real table. An NPC whose id or name
is a hidden character of the table is not shown at all: it leaves the combatants, its events are
left out, and its id is blanked wherever the state or another event names it; a command naming it
is not shown, an entry of the legal-action query naming it is not offered, and a command a player
gives that names it is read as if it named nobody. A command shows what its events show: the
Vigueur the GM sets an NPC to is blanked as in its ``adjusted`` event, an arriving character's file
is reduced to its name. A viewer always sees the actors they control in full. No rule is decided
here: this only hides.

The hidden characters counted are the table's hidden ones that no player owns: only the GM hides,
and a name a player picks hides or unhides nothing.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from meneur.engine.projection import HIDDEN, HIDE, Projection, Viewer, mentions
from meneur.i18n import N_, Message

DOMAIN = "web"

MODES = ("hidden", "bar", "shown")
NPCS = "npcs"
HIDDEN_IDS = "hidden_ids"
HIDDEN_NAMES = "hidden_names"
SHOWN = "shown_words"
VIGOR_FIELDS = ("vigor", "vigor_max")
SUBJECT_FIELDS = ("actor", "attacker", "target", "combatant", "by", "who")
"""Fields naming whom an event is about: an event about a hidden NPC is left out."""
AMOUNT_EVENTS = {
    "vigor_lost": ("target", "amount"),
    "vigor_restored": ("target", "amount"),
    "adjusted": ("target", "vigor"),
}
"""Events that tell an exact Vigueur: the field naming whose, and the number hidden with it."""


def context(session: Any, options: Mapping[str, Any]) -> dict[str, Any]:
    """The fight's NPCs and the ids and names of its hidden ones (matched by id or name, case
    folded)."""
    hidden = set(options.get(HIDDEN, ()))
    combatants = session.state.combatants
    npcs = [c for c in combatants if not c.pc]
    secret = [c for c in npcs if c.id.casefold() in hidden or c.name.casefold() in hidden]
    return {
        NPCS: sorted(c.id for c in npcs),
        HIDDEN_IDS: sorted(c.id for c in secret),
        HIDDEN_NAMES: {c.id: c.name for c in secret},
        SHOWN: sorted({w.casefold() for c in combatants if c not in secret for w in (c.id, c.name)}),
    }


def _mode(options: Mapping[str, Any]) -> str:
    mode = options.get("npc_vigueur", "hidden")
    return mode if mode in MODES else "hidden"


def _hidden(viewer: Viewer, options: Mapping[str, Any]) -> frozenset[str]:
    return frozenset(options.get(HIDDEN_IDS, ())) - viewer.actors


def secrets(viewer: Viewer, options: Mapping[str, Any]) -> frozenset[str]:
    """The hidden NPCs' ids and names, and the table's hidden characters' names (case folded),
    but for the actors ``viewer`` controls."""
    hidden = _hidden(viewer, options)
    names: Mapping[str, str] = options.get(HIDDEN_NAMES, {})
    mine = {names.get(actor, actor).casefold() for actor in viewer.actors} | {
        a.casefold() for a in viewer.actors
    }
    words = {i.casefold() for i in hidden} | {names[i].casefold() for i in hidden if i in names}
    # a hidden character not in the fight (yet, or any more: an arrival taken back) stays unnamed,
    # unless a combatant that is shown bears its name
    words |= set(options.get(HIDDEN, ())) - set(options.get(SHOWN, ()))
    return frozenset(words - mine)


def _vigor(combatant: dict[str, Any], mode: str) -> dict[str, Any]:
    if mode == "shown":
        return combatant
    shown = {**combatant, "vigor": None, "vigor_max": None}
    if mode == "bar":
        vigor, most = combatant.get("vigor") or 0, combatant.get("vigor_max") or 0
        shown["vigor_bar"] = 0.0 if vigor <= 0 or most <= 0 else min(1.0, math.ceil(10 * vigor / most) / 10)
    return shown


def _blank(value: Any, hidden: frozenset[str]) -> Any:
    """``value`` with every mention of a hidden id blanked: ``None`` for a field, left out of a list
    (with the pair it heads: ``[id, number]``)."""
    if isinstance(value, str):
        return None if value in hidden else value
    if isinstance(value, dict):
        return {key: _blank(item, hidden) for key, item in value.items()}
    if isinstance(value, list | tuple):
        kept = []
        for item in value:
            if isinstance(item, str) and item in hidden:
                continue
            if isinstance(item, list | tuple) and item and isinstance(item[0], str) and item[0] in hidden:
                continue
            kept.append(_blank(item, hidden))
        return kept
    return value


def project_state(state: Any, viewer: Viewer, options: Mapping[str, Any]) -> Any:
    """The fight's state without hidden NPCs, with NPC Vigueur as the table shows it."""
    hidden, mode = _hidden(viewer, options), _mode(options)
    combatants = []
    for combatant in state.get("combatants", ()):
        if combatant["id"] in hidden:
            continue
        if not combatant.get("pc", False) and combatant["id"] not in viewer.actors:
            combatant = _vigor(combatant, mode)
        combatants.append(_blank(combatant, hidden) if hidden else combatant)  # whom it protects
    rest = {key: value for key, value in state.items() if key != "combatants"}
    if hidden:
        rest = _blank(rest, hidden)
    return {**rest, "combatants": combatants}


def _about_hidden(fields: Mapping[str, Any], hidden: frozenset[str]) -> bool:
    for name in SUBJECT_FIELDS:
        value = fields.get(name)
        if isinstance(value, dict):
            value = value.get("id")
        if isinstance(value, str) and value in hidden:
            return True
    return False


def _event(event: Any, viewer: Viewer, npcs: set[str], hidden: frozenset[str], mode: str) -> Any | None:
    if not isinstance(event, dict) or len(event) != 1:
        return event
    name, fields = next(iter(event.items()))
    if not isinstance(fields, dict):
        return event
    if hidden and _about_hidden(fields, hidden):
        return None
    fields = dict(fields)
    arrived = fields.get("combatant")
    if name == "combatant_arrived" and isinstance(arrived, dict) and not arrived.get("pc", False):
        npcs.add(arrived.get("id", ""))
        if arrived.get("id") not in viewer.actors:
            fields["combatant"] = _vigor(arrived, "hidden" if mode == "bar" else mode)
    if name == "fight_ended" and mode != "shown" and isinstance(fields.get("restored"), list):
        fields["restored"] = [
            pair
            for pair in fields["restored"]
            if not (
                isinstance(pair, list | tuple) and pair and pair[0] in npcs and pair[0] not in viewer.actors
            )
        ]
    if name in AMOUNT_EVENTS and mode != "shown":
        whose, number = AMOUNT_EVENTS[name]
        if fields.get(whose) in npcs and fields.get(whose) not in viewer.actors and number in fields:
            fields[number] = None
    if hidden:
        fields = _blank(fields, hidden)
    return {name: fields}


def _arrival(event: Any) -> tuple[str, str] | None:
    """The id and name of the combatant a ``combatant_arrived`` event brings in."""
    fields = event.get("combatant_arrived") if isinstance(event, dict) else None
    combatant = fields.get("combatant") if isinstance(fields, dict) else None
    if not isinstance(combatant, dict):
        return None
    return str(combatant.get("id", "")), str(combatant.get("name", ""))


def project_events(events: list[Any], viewer: Viewer, options: Mapping[str, Any]) -> list[Any]:
    """The fight's events without those about hidden NPCs, with NPC Vigueur numbers as the table
    shows them (a bar shows no number)."""
    hidden, mode = set(_hidden(viewer, options)), _mode(options)
    npcs = set(options.get(NPCS, ()))
    gone = set(options.get(HIDDEN, ())) - set(options.get(SHOWN, ()))
    found = []
    for event in events:
        arrived = _arrival(event)
        if arrived is not None and arrived[0] not in viewer.actors and gone & {w.casefold() for w in arrived}:
            hidden.add(arrived[0])  # a hidden character's arrival taken back since: still hidden
        shown = _event(event, viewer, npcs, frozenset(hidden), mode)
        if shown is not None:
            found.append(shown)
    return found


def project_command(command: Any, viewer: Viewer, options: Mapping[str, Any]) -> Any:
    """The command as a player or an observer sees it: not at all when it names a hidden NPC; the
    Vigueur the GM sets an NPC to blanked (as its ``adjusted`` event); an arriving character's file
    reduced to its name, and an arriving NPC's Vigueur blanked."""
    if mentions(command, secrets(viewer, options)):
        return HIDE
    if not isinstance(command, dict) or len(command) != 1:
        return command
    name, fields = next(iter(command.items()))
    if not isinstance(fields, dict):
        return command
    fields, mode = dict(fields), _mode(options)
    npcs = set(options.get(NPCS, ()))
    if name == "adjust" and mode != "shown" and "vigor" in fields:
        target = fields.get("target")
        if target in npcs and target not in viewer.actors:
            fields["vigor"] = None
    if name == "arrive":
        character = fields.get("character")
        if isinstance(character, dict):
            fields["character"] = {"name": character.get("name")}
        npc = fields.get("npc") is not None or fields.get("pc") is False
        if npc and mode != "shown" and fields.get("id") not in viewer.actors and "vigor" in fields:
            fields["vigor"] = None
    return {name: fields}


def project_engine(state: Any, viewer: Viewer, options: Mapping[str, Any]) -> Any:
    """The engine's fight as the viewer may know it, to name things from: without the hidden NPCs
    (out of the combatants, the order, the pending attack and the lasting effects)."""
    hidden = _hidden(viewer, options)
    if not hidden:
        return state
    acting = state.acting
    order = tuple(i for i in state.order if i not in hidden)
    active = order.index(acting) if acting in order else len(order) if acting is not None else state.active
    pending = state.pending
    if pending is not None and (pending.attacker in hidden or pending.target in hidden):
        pending = None
    interruption = state.interruption
    if interruption is not None and interruption.actor in hidden:
        interruption = None
    return state._replace(
        combatants=tuple(c for c in state.combatants if c.id not in hidden),
        order=order,
        active=min(active, len(order)),
        pending=pending,
        interruption=interruption,
        targeted=frozenset(state.targeted - hidden),
        lasting=tuple(x for x in state.lasting if x.owner not in hidden and x.target not in hidden),
        maintainable=tuple(x for x in state.maintainable if x.owner not in hidden and x.target not in hidden),
    )


def read_command(session: Any, wire: Any, viewer: Viewer, options: Mapping[str, Any]) -> Any:
    """A player's command read against the fight as they may know it: a hidden NPC named anywhere
    is a combatant that is not there (the same answer as a name nobody has)."""
    from meneur.systems.energy.combat.files import combatant_id, command_where

    visible = project_engine(session.state, viewer, options)
    typed = session.system.read_command(visible, wire)
    hidden = _hidden(viewer, options)
    for key, value in _named(typed):
        if value in hidden:
            combatant_id(visible, value, command_where(None, key))
    return typed


def _named(command: Any) -> list[tuple[str, str]]:
    """Every ``(field, id)`` a typed command's fields hold, lists and pairs included."""
    import dataclasses

    found: list[tuple[str, str]] = []
    if not dataclasses.is_dataclass(command):
        return found
    for field in dataclasses.fields(command):
        stack = [getattr(command, field.name)]
        while stack:
            value = stack.pop()
            if isinstance(value, str):
                found.append((field.name, value))
            elif isinstance(value, list | tuple):
                stack.extend(value)
    return found


def setup_problem(setup: Any) -> Message | None:
    """Why ``setup`` may not start a fight at a table: a combatant that names a character file (the
    server reads no file of its own disk for a client, and a session must replay from what is
    stored). ``None`` when it may."""
    combatants = setup.get("combatants") if isinstance(setup, dict) else None
    if not isinstance(combatants, list):
        return None
    for entry in combatants:
        if isinstance(entry, dict) and "file" in entry:
            return Message(
                DOMAIN,
                N_(
                    "Combatant {id}: a fight at a table reads no file of the server. Give the character"
                    " itself ('character': the file's contents), a hero of the library ('hero') or an"
                    " NPC's rank ('npc')."
                ),
                {"id": str(entry.get("id", "?"))[:50]},
            )
    return None


PROJECTION = Projection(
    state=project_state,
    events=project_events,
    commands=project_command,
    secrets=secrets,
    engine=project_engine,
    reader=read_command,
    context=context,
    setup=setup_problem,
)
"""An Energy fight as a viewer who is not the GM sees it (:attr:`SessionKind.projection`)."""
