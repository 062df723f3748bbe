"""Names in a command read as the chronicle knows them, without regard to case and accents.

A game master types ``--pc ioana`` for « Ioana » or ``--sacred-object croix`` for « Croix »; the
command is rewritten with the known spelling before any rule reads it, so events and the state
always hold one spelling. A name that matches nothing is left as typed: the rule that needs it
refuses it with the list of known names.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from meneur.i18n.words import match
from meneur.systems.carpathes.commands import Command
from meneur.systems.carpathes.state import ChronicleState

BEINGS = ("pc", "teacher", "attacker", "target")
"""Fields that name a PC or an NPC."""


def _known(typed: str, names: Iterable[str]) -> str:
    found = match(typed, names)
    return typed if found is None else found


def with_known_names(state: ChronicleState, command: Command) -> Command:
    """``command`` with its PCs, NPCs, talents and sacred objects spelled as the chronicle does."""
    beings = [*state.characters, *state.npcs]
    extra = [entry.name for entry in getattr(command, "npcs", ()) if hasattr(entry, "name")]
    update: dict[str, Any] = {}
    for field in BEINGS:
        value = getattr(command, field, None)
        if isinstance(value, str):
            update[field] = _known(value, beings)
    entries = getattr(command, "npcs", None)
    if isinstance(entries, tuple):  # an NPC of the chronicle, named without its Physique
        update["npcs"] = tuple(
            entry.model_copy(update={"name": _known(entry.name, state.npcs)})
            if entry.physical is None
            else entry
            for entry in entries
        )
    for field in ("surprise", "off_guard"):
        value = getattr(command, field, None)
        if isinstance(value, tuple):
            update[field] = tuple(_known(name, [*beings, *extra]) for name in value)
    pc = state.characters.get(update.get("pc", ""))
    if pc is not None:
        talent = getattr(command, "talent", None)
        if isinstance(talent, str):
            update["talent"] = _known(talent, pc.talents)
        sacred = getattr(command, "sacred_object", None)
        if isinstance(sacred, str):
            update["sacred_object"] = _known(sacred, pc.sacred_objects)
    return command.model_copy(update=update) if update else command
