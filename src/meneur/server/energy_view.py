"""An Energy fight (``energy-fight``) as a player or an observer sees it.

The table option ``npc_vigueur`` says how an NPC's Vigueur shows: ``hidden`` (the default, and any
unknown value), ``bar`` (a gauge in tenths, rounded up so that a standing NPC never shows empty) or
``shown``. Energy and defence tokens stay public, as chips on a real table. An NPC whose id or name
is a hidden character of the table is not shown at all: it leaves the combatants, its events are
left out, and its id is blanked wherever the state or another event names it. A viewer always sees
the actors they control in full. No rule is decided here: this only hides.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from meneur.server import projection
from meneur.server.projection import HIDDEN, Viewer

KIND = "energy-fight"
MODES = ("hidden", "bar", "shown")
NPCS = "npcs"
HIDDEN_IDS = "hidden_ids"
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
    """The fight's NPCs and the ids of its hidden ones (matched by id or name, case folded)."""
    hidden = set(options.get(HIDDEN, ()))
    combatants = session.state.combatants
    npcs = [c for c in combatants if not c.pc]
    return {
        NPCS: sorted(c.id for c in npcs),
        HIDDEN_IDS: sorted(c.id for c in npcs if c.id.casefold() in hidden or c.name.casefold() in hidden),
    }


def _mode(options: Mapping[str, Any]) -> str:
    mode = options.get("npc_vigueur", "hidden")
    return mode if mode in MODES else "hidden"


def _hidden(viewer: Viewer, options: Mapping[str, Any]) -> frozenset[str]:
    return frozenset(options.get(HIDDEN_IDS, ())) - viewer.actors


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
        combatants.append(combatant)
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
    if name in AMOUNT_EVENTS and mode != "shown":
        whose, number = AMOUNT_EVENTS[name]
        if fields.get(whose) in npcs and fields.get(whose) not in viewer.actors and number in fields:
            fields[number] = None
    if hidden:
        fields = _blank(fields, hidden)
    return {name: fields}


def project_events(events: list[Any], viewer: Viewer, options: Mapping[str, Any]) -> list[Any]:
    """The fight's events without those about hidden NPCs, with NPC Vigueur numbers as the table
    shows them (a bar shows no number)."""
    hidden, mode = _hidden(viewer, options), _mode(options)
    npcs = set(options.get(NPCS, ()))
    found = []
    for event in events:
        shown = _event(event, viewer, npcs, hidden, mode)
        if shown is not None:
            found.append(shown)
    return found


def register() -> None:
    projection.register(KIND, state=project_state, events=project_events, context=context)
