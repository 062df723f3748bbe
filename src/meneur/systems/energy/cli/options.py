"""Checks of numeric options at the edge: a number outside its range is refused before anything runs.

Each check is a Typer callback raising ``BadParameter`` (exit status 2, the option named and the
allowed range given, in the reader's language), so a rank of 100000000 or a margin of NaN never
reaches the rules.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TypeVar

import typer

from meneur.i18n import Translator

_ = Translator("energy")
N = TypeVar("N", int, float)

MAX_COUNT = 1000
"""The most boxes, points or people an option counts (far above anything a table writes)."""


def bounded(low: int | float | None, high: int | float | None) -> Callable[[N | None], N | None]:
    """A callback accepting ``None`` or a finite number from ``low`` to ``high`` (``None``: open)."""

    def check(value: N | None) -> N | None:
        if value is None:
            return value
        if not math.isfinite(value):
            raise typer.BadParameter(_("{value} is not a number; give a finite number.", value=value))
        if (low is not None and value < low) or (high is not None and value > high):
            if high is None:
                raise typer.BadParameter(_("{value} is too small: give {low} or more.", value=value, low=low))
            raise typer.BadParameter(
                _(
                    "{value} is out of range: give a number from {low} to {high}.",
                    value=value,
                    low=low,
                    high=high,
                )
            )
        return value

    return check
