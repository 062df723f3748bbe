"""The violence table ("Tabela Gwałtowności Nadnaturalnych Mocy", 001_0209eda46e4737a1.txt).

Rolled with a second d20 after a critical failure ("gracz musi rzucić ponownie K20 i sprawdzić wynik
w tabeli"). The table itself is data in :mod:`meneur.systems.warzone.catalogue`.
"""

from __future__ import annotations

from dataclasses import dataclass

from meneur.dice.source import DiceSource
from meneur.i18n import N_, Message
from meneur.systems.warzone.catalogue import VIOLENCE_TABLE, ViolenceEffect, ViolenceRow

D = "warzone"


def row_for(roll: int) -> ViolenceRow:
    """The row of the violence table covering a d20 result (1-20)."""
    for row in VIOLENCE_TABLE:
        if row.low <= roll <= row.high:
            return row
    raise ValueError(roll)


@dataclass(frozen=True)
class ViolenceRoll:
    """One roll on the violence table."""

    roll: int

    @property
    def row(self) -> ViolenceRow:
        """The table row the die falls in."""
        return row_for(self.roll)

    @property
    def effect(self) -> ViolenceEffect:
        """What happens to the model."""
        return self.row.effect

    def explain(self) -> list[Message]:
        """The die, its row and the row's text."""
        return [
            Message(
                D,
                N_("Violence table: d20 rolled {roll} ({rows}): {effect}"),
                {"roll": self.roll, "rows": self.row.label, "effect": Message(D, self.row.text)},
            )
        ]


def roll_violence(source: DiceSource) -> ViolenceRoll:
    """Roll the d20 of the violence table."""
    return ViolenceRoll(source.roll(20))
