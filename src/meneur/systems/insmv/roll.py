"""The command of one test on the table UM, as the table asks it: the being, and what its sheet gives or the
table says (a value, a talent, a characteristic or a power; the difficulty and the shifts).

It sits below the sheet (:mod:`meneur.systems.insmv.sheet` reads the value it names) and the commands
(:mod:`meneur.systems.insmv.commands`, which lists it among the table's commands and exports it).
"""

from __future__ import annotations

from pydantic import Field

from meneur.systems.insmv.model import MAX_NUMBER, MAX_SHIFT, BeingKind, Frozen
from meneur.systems.insmv.table_um import Difficulty


class RollTest(Frozen):
    """A being of the table makes a test on the table UM, spending ``cost`` PP when it uses a power.

    ``value`` is the characteristic, talent or power tested (the characteristic for a talent not
    possessed, whose malus is ``untrained_malus``), or ``None`` when ``talent`` or
    ``characteristic`` (or ``power``) names it on the being's sheet; ``possessed`` is false for a
    power the being lacks (no chance, no roll). ``kind`` and ``max_shift``, when given, must be the
    being's (they are refused, never ignored, when they are not).
    """

    being: str
    value: int | None = Field(default=None, ge=0, le=MAX_NUMBER)
    difficulty: Difficulty | None = None
    shift: int = Field(default=0, ge=-MAX_SHIFT, le=MAX_SHIFT)
    voluntary: int = Field(default=0, ge=0, le=MAX_SHIFT)
    untrained_malus: int | None = Field(default=None, ge=1, le=4)
    possessed: bool = True
    cost: int | None = Field(default=None, ge=1, le=2 * MAX_NUMBER)
    power: str | None = None
    talent: str | None = None
    characteristic: str | None = None
    kind: BeingKind | None = None
    max_shift: int | None = Field(default=None, ge=0, le=MAX_SHIFT)
