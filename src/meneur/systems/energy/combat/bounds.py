"""Bounds on what a fight holds that are no rule of the book: the size of the plan, of an id, of a
fight (``docs/rulings/energy-combat.md``, « Bounds that are no rule »).

The command classes and the fight file's models carry them as pydantic constraints, so the wire
form's reader (:mod:`meneur.engine.codec`) and the fight file's reader refuse the same values, each
with a message naming the field. A rank is bounded as the character wizard and the quick NPCs bound
it: 1 to :data:`meneur.systems.energy.costs.MAX_RANK`.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from meneur.systems.energy.costs import MAX_RANK

PLAN = 10_000
"""Metres from the centre of the plan a position may be, on either axis."""
MAX_ID = 64
"""Characters of an id (a combatant, a terrain element, a scene's key)."""
MAX_NAME = 100
"""Characters of a combatant's name."""
MAX_TEXT = 500
"""Characters of the GM's reason."""
MAX_COMBATANTS = 64
"""Combatants in one fight (arrivals included)."""
MAX_ATTRIBUTE = 1_000
"""The most Énergie, Récupération or Vigueur a combatant may be given (a rank-100 character has far less)."""
ID_MARKS = "-_."
"""What an id may hold besides letters and digits (``#`` names copies, ``/`` lasting effects)."""

Coordinate = Annotated[float, Field(ge=-PLAN, le=PLAN)]
Place = tuple[Coordinate, Coordinate]
"""A position ``(x, y)`` in metres, on the plan."""
Name = Annotated[str, Field(max_length=2 * MAX_ID)]
"""An id a command names (a combatant, a copy ``<original>#<n>``, a terrain element ``<owner>-t<n>``,
a door)."""
Names = Annotated[tuple[Name, ...], Field(max_length=MAX_COMBATANTS)]
Text = Annotated[str, Field(max_length=MAX_TEXT)]
Rank = Annotated[int, Field(ge=1, le=MAX_RANK)]
TerrainRank = Annotated[int, Field(le=MAX_RANK)]
"""A terrain element's rank (below 1 is the rule's refusal, :func:`.gm.place_terrain`)."""
Amount = Annotated[int, Field(ge=0, le=MAX_ATTRIBUTE)]
"""Energy or Vigueur the GM gives."""
LastingId = Annotated[str, Field(max_length=4 * MAX_ID)]
"""A lasting effect's id, ``owner/kind/target/power``."""


def is_safe_id(text: str) -> bool:
    """Whether ``text`` may be a new combatant's id: 1 to :data:`MAX_ID` letters, digits or
    :data:`ID_MARKS`."""
    return 0 < len(text) <= MAX_ID and all(c.isalnum() or c in ID_MARKS for c in text)


def safe_id(text: str) -> str:
    """``text`` made a safe id: other characters become ``_``, cut to leave room for a suffix."""
    made = "".join(c if c.isalnum() or c in ID_MARKS else "_" for c in text).strip("_")
    return made[: MAX_ID - 4] or "combatant"
