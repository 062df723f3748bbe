"""The line-up of a fight: who fights on which side, under which id, standing where (pure).

One home for the setup of a fight made without writing YAML: the command line's ``fight new``
(heroes of the library, character files, quick NPCs' ranks) and the web table's new fight (the
table's characters given inline, heroes of the library and quick NPCs, on either side) both give
:class:`Recruit` objects to :func:`line_up`, which gives the ``{"combatants": [...]}`` the engine
starts from (see ``docs/fight-files.md``).

Ids: the wanted id if any, else the folded name (« Tempête d’acier » is ``tempete_d_acier``, a
file's name without its extension); a clash gets a suffix (``wink``, ``wink-2``). Heroes stand on a
line at x = 0, 1.5 m apart (:data:`LINE_GAP`); foes face them at x = 4 (:data:`FOE_DISTANCE`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.i18n.words import fold
from meneur.systems.energy.combat.bounds import safe_id

DOMAIN = "energy_combat"
FOE_DISTANCE = 4.0
"""How far the foes of a lined-up fight stand from the heroes: within contact reach, so the first
blows need no move."""
LINE_GAP = 1.5
"""The distance between two combatants of the same side in that line-up."""

Side = Literal["heroes", "foes"]


@dataclass(frozen=True)
class Recruit:
    """One combatant to line up: exactly one of a hero of the library (``hero``: its name), a
    character file (``file``: its path), a character given inline (``character``: the file's data,
    as a table keeps it) or a quick NPC (``npc``: its rank, with its ``name``)."""

    side: Side
    hero: str | None = None
    file: str | None = None
    character: Mapping[str, Any] | None = None
    npc: int | None = None
    name: str | None = None
    id: str | None = None
    """The wanted id; by default the folded name."""
    pc: bool | None = None
    """Whether a player plays it; by default as its character says."""

    def base_id(self) -> str:
        """The id before a clash is settled: the wanted one, else the folded name."""
        if self.id:
            return self.id
        if self.file is not None:
            named = Path(self.file).stem
        elif self.character is not None and isinstance(self.character.get("name"), str):
            named = str(self.character["name"])
        else:
            named = self.hero or self.name or ""
        return safe_id(fold(named))

    def entry(self, combatant_id: str) -> dict[str, Any]:
        """The combatant line (without its position)."""
        line: dict[str, Any] = {"id": combatant_id}
        if self.hero is not None:
            line["hero"] = self.hero
        if self.file is not None:
            line["file"] = self.file
        if self.character is not None:
            line["character"] = dict(self.character)
        if self.npc is not None:
            line["npc"] = self.npc
        line["side"] = self.side
        if self.name is not None:
            line["name"] = self.name
        if self.pc is not None:
            line["pc"] = self.pc
        return line


def quick_npcs(
    ranks: Sequence[int], side: Side = "foes", pattern: str = "NPC {number}", ids: str | None = None
) -> list[Recruit]:
    """Quick NPCs of these ranks, named by ``pattern`` (``"Agent Octopus {number}"``: numbered from
    1); ``ids`` is a pattern of their ids too (``"npc{number}"``), else their folded names."""
    return [
        Recruit(
            side,
            npc=rank,
            name=pattern.replace("{number}", str(number)),
            id=None if ids is None else ids.replace("{number}", str(number)),
        )
        for number, rank in enumerate(ranks, start=1)
    ]


def unique_ids(recruits: Sequence[Recruit]) -> list[str]:
    """Each recruit's id, in order: a clash with an earlier one gets ``-2``, ``-3``... (case and
    accents ignored, as commands name combatants)."""
    taken: set[str] = set()
    found: list[str] = []
    for recruit in recruits:
        base = recruit.base_id()
        wanted, n = base, 1
        while fold(wanted) in taken:
            n += 1
            wanted = f"{base}-{n}"
        taken.add(fold(wanted))
        found.append(wanted)
    return found


def line_up(
    recruits: Sequence[Recruit], positions: Mapping[str, tuple[float, float]] | None = None
) -> dict[str, Any]:
    """The setup of a fight of ``recruits`` (in their order), placed on two facing lines; ``positions``
    (``{id: (x, y)}``, ids as typed, case and accents ignored) places anyone elsewhere.

    Raises:
        BadInputError: no combatant, or a position for an unknown id (listing the known ones).
    """
    if not recruits:
        raise BadInputError(Message(DOMAIN, N_("A fight needs combatants on its sides.")))
    entries: list[dict[str, Any]] = []
    rows = {"heroes": 0, "foes": 0}
    for recruit, combatant_id in zip(recruits, unique_ids(recruits), strict=True):
        entry = recruit.entry(combatant_id)
        x = FOE_DISTANCE if recruit.side == "foes" else 0.0
        entry["position"] = [x, LINE_GAP * rows[recruit.side]]
        rows[recruit.side] += 1
        entries.append(entry)
    by_id = {fold(entry["id"]): entry for entry in entries}
    for key, where in (positions or {}).items():
        placed = by_id.get(fold(key))
        if placed is None:
            raise BadInputError(
                Message(
                    DOMAIN,
                    N_("No combatant is called {name}; known: {known}."),
                    {"name": key, "known": ", ".join(e["id"] for e in entries)},
                )
            )
        placed["position"] = [float(where[0]), float(where[1])]
    return {"combatants": entries}


def table_setup(
    heroes: Sequence[str] = (),
    files: Sequence[str] = (),
    npcs: Sequence[int] = (),
    positions: Mapping[str, tuple[float, float]] | None = None,
    npc_name: str = "NPC {number}",
    foe_files: Sequence[str] = (),
) -> dict[str, Any]:
    """The command line's fight: heroes of the library and character files on the heroes' side,
    quick NPCs of the given ranks (ids ``npc1``, ``npc2``...) and NPC files on the foes'.

    Raises:
        BadInputError: no combatant, or a position for an unknown id (listing the known ones).
    """
    recruits = [Recruit("heroes", hero=hero) for hero in heroes]
    recruits += [Recruit("heroes", file=str(file)) for file in files]
    recruits += quick_npcs(npcs, "foes", npc_name, ids="npc{number}")
    recruits += [Recruit("foes", file=str(file)) for file in foe_files]
    if not recruits:
        raise BadInputError(
            Message(DOMAIN, N_("A fight needs combatants: give heroes, character files or NPC ranks."))
        )
    return line_up(recruits, positions)
