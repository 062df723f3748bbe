"""The table Unique Multiple (table UM), read from the CSV shipped in ``data/table_um.csv``.

Conventions: columns are numbered 1 (leftmost, hardest) to 18 (rightmost, easiest); a value V
starts in the column labelled V. The numbers are data copied from ``../shared/data``, never retyped.
The table is immutable and loaded once.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib.resources import files

from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.i18n.words import member
from meneur.systems.insmv.words import DIFFICULTY_SHOWN, DIFFICULTY_WORDS

DATA_FILE = "table_um.csv"


class Difficulty(StrEnum):
    """The rows of the table UM, hardest first (glossary keys)."""

    TRES_DIFFICILE = "tres_difficile"
    DIFFICILE = "difficile"
    MOYENNE = "moyenne"
    FACILE = "facile"

    @property
    def label(self) -> Message:
        """The book's name of the row, translated at render time."""
        return Message("insmv", _DIFFICULTY_LABELS[self])

    @classmethod
    def _missing_(cls, value: object) -> Difficulty | None:
        return member(cls, value, DIFFICULTY_WORDS)

    @classmethod
    def parse(cls, text: str) -> Difficulty:
        """Read a difficulty: its key (``facile``, ``moyenne``, ``difficile``, ``tres_difficile``,
        accents optional) or its English word (``easy``, ``average``, ``hard``, ``very_hard``).

        Raises:
            BadInputError: for any other word, listing the accepted ones.
        """
        try:
            return cls(text)
        except ValueError:
            raise BadInputError(
                Message(
                    "insmv",
                    N_("Unknown difficulty '{value}': choose one of {choices}."),
                    {"value": text, "choices": ", ".join(DIFFICULTY_SHOWN.values())},
                )
            ) from None


_DIFFICULTY_LABELS = {
    Difficulty.TRES_DIFFICILE: N_("very hard"),
    Difficulty.DIFFICILE: N_("hard"),
    Difficulty.MOYENNE: N_("average"),
    Difficulty.FACILE: N_("easy"),
}


@dataclass(frozen=True)
class TableUM:
    """The numbers of the table UM: ``cells[difficulty][column - 1]`` is the highest d66 that succeeds.

    Attributes:
        labels: the label printed above each column (``None`` for unlabelled columns).
        cells: for each difficulty row, one threshold per column.
    """

    labels: tuple[int | None, ...]
    cells: dict[Difficulty, tuple[int, ...]]

    @property
    def width(self) -> int:
        """The number of columns (18)."""
        return len(self.labels)

    @property
    def values(self) -> tuple[int, ...]:
        """The values that have a column of their own (the labels, 1 to 6)."""
        return tuple(label for label in self.labels if label is not None)

    def column_of(self, value: int) -> int:
        """The starting column of a characteristic, talent or power of ``value``.

        "le joueur repère la valeur dudit talent ou pouvoir sur la table UM (en haut)"
        (000_008acb24c72771e3.txt).

        Raises:
            BadInputError: when no column is labelled ``value``.
        """
        if value not in self.labels:
            raise BadInputError(
                Message(
                    "insmv",
                    N_("The value {value} has no column on the table UM: give a value from {low} to {high}."),
                    {"value": value, "low": min(self.values), "high": max(self.values)},
                )
            )
        return self.labels.index(value) + 1

    def threshold(self, difficulty: Difficulty, column: int) -> int:
        """The highest d66 that succeeds at ``column`` (1..width) on the ``difficulty`` row."""
        return self.cells[difficulty][column - 1]


def parse_table(text: str) -> TableUM:
    """Read the CSV text of the table UM (``#`` lines are comments)."""
    rows = list(csv.reader(io.StringIO(text)))
    rows = [row for row in rows if row and not row[0].startswith("#")]
    body = {row[0]: row[1:] for row in rows[1:]}
    labels = tuple(int(cell) if cell else None for cell in body.pop("label"))
    cells = {Difficulty(key): tuple(int(cell) for cell in row) for key, row in body.items()}
    return TableUM(labels=labels, cells=cells)


@cache
def table_um() -> TableUM:
    """The table UM shipped with meneur."""
    return parse_table(files("meneur.systems.insmv").joinpath("data", DATA_FILE).read_text(encoding="utf-8"))
