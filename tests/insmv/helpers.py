"""Shared helpers for the INS/MV tests: the rule file's name and an independent reading of the CSV."""

from __future__ import annotations

import csv
import io
from importlib.resources import files

RULES = "000_008acb24c72771e3.txt"


def csv_rows() -> dict[str, list[str]]:
    """The shipped CSV read with the csv module alone (not through the code under test)."""
    text = files("meneur.systems.insmv").joinpath("data", "table_um.csv").read_text(encoding="utf-8")
    rows = [row for row in csv.reader(io.StringIO(text)) if row and not row[0].startswith("#")]
    return {row[0]: row[1:] for row in rows}


def column_of_label(value: int) -> int:
    """The 1-based column whose label is ``value``, from the CSV."""
    return csv_rows()["label"].index(str(value)) + 1


def cell(difficulty: str, column: int) -> int:
    """The CSV's number at ``difficulty`` and ``column``."""
    return int(csv_rows()[difficulty][column - 1])
