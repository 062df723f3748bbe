"""A Carpathian chronicle as a player or an observer sees it: its :data:`PROJECTION`.

« Une attaque par surprise déclarée à voix basse donne +2 à l'initiative du round »
(``003_87a535c5e428c5d3.txt``): the surprise is whispered to the GM. A player sees the scene's
initiative in the order the engine gives it (whose turn it is must be the same on every screen),
but the line of a combatant who attacks by surprise tells its first round's total only, without its
dice or the reason (its player, who whispered it, sees it whole); the command's list of who attacks
by surprise keeps only the viewer's own. Everything else of the chronicle lies open, as the table's
sheets do; an observer sees no command. This only hides: no rule is decided here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meneur.engine.projection import HIDE, Projection, Viewer
from meneur.systems.carpathes.events import InitiativeEntry
from meneur.systems.carpathes.initiative import Combatant, InitiativeRoll


def _told(entry: InitiativeEntry, viewer: Viewer) -> InitiativeEntry:
    """``entry`` as ``viewer`` is told it: a surprise not theirs becomes a first round's total."""
    if not entry.surprise or entry.name in viewer.actors:
        return entry
    fighter = Combatant(
        entry.name,
        entry.physical,
        entry.is_pc,
        entry.talent_bonus,
        entry.surprise,
        entry.off_guard,
        entry.disadvantage,
    )
    total = InitiativeRoll(fighter, entry.dice).round_total(1)
    return entry.model_copy(update={"surprise": False, "first_round": total})


def _entries(entries: Any, viewer: Viewer) -> Any:
    if not isinstance(entries, list | tuple):
        return entries
    found = []
    for entry in entries:
        try:
            read = InitiativeEntry.model_validate(entry) if isinstance(entry, dict) else entry
        except ValueError:
            found.append(entry)  # left as it is: reading it will say what is wrong
            continue
        told = _told(read, viewer) if isinstance(read, InitiativeEntry) else read
        found.append(told.model_dump(mode="json") if isinstance(entry, dict) else told)
    return found


def state(data: Any, viewer: Viewer, options: Mapping[str, Any]) -> Any:
    """The state's JSON with the scene's initiative as ``viewer`` is told it."""
    if not isinstance(data, dict) or "initiative" not in data:
        return data
    return {**data, "initiative": _entries(data["initiative"], viewer)}


def engine(found: Any, viewer: Viewer, options: Mapping[str, Any]) -> Any:
    """The engine's state with the scene's initiative as ``viewer`` is told it."""
    if not hasattr(found, "initiative"):
        return found
    return found.model_copy(update={"initiative": tuple(_entries(found.initiative, viewer))})


def events(found: list[Any], viewer: Viewer, options: Mapping[str, Any]) -> list[Any]:
    """The events' wire forms, each initiative rolled as ``viewer`` is told it."""
    shown = []
    for event in found:
        fields = event.get("initiative_rolled") if isinstance(event, dict) else None
        if isinstance(fields, dict) and "entries" in fields:
            event = {"initiative_rolled": {**fields, "entries": _entries(fields["entries"], viewer)}}
        shown.append(event)
    return shown


def commands(command: Any, viewer: Viewer, options: Mapping[str, Any]) -> Any:
    """A command as a player sees it (an initiative's surprise: only their own); none to an
    observer."""
    if viewer.role != "player":
        return HIDE
    fields = command.get("roll_initiative") if isinstance(command, dict) else None
    if isinstance(fields, dict) and isinstance(fields.get("surprise"), list):
        mine = [name for name in fields["surprise"] if name in viewer.actors]
        fields = {key: value for key, value in fields.items() if key != "surprise"}
        return {"roll_initiative": {**fields, "surprise": mine} if mine else fields}
    return command


PROJECTION = Projection(state=state, events=events, commands=commands, engine=engine)
"""What a player or an observer may see of a chronicle (:attr:`meneur.engine.plugin.SessionKind.projection`)."""
