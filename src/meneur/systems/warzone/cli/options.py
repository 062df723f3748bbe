"""Options the Warzone commands share, built in the current language; numbers checked at the edge."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, TypeVar

import typer

from meneur.i18n import N_, Translator

_ = Translator("warzone")
N = TypeVar("N", int, float)

DICE_HELP = N_("Dice rolled at the table, in order (e.g. 20,14).")
SEED_HELP = N_("Seed of the generator, for a reproducible roll.")
JSON_HELP = N_("Print JSON.")


def within(low: float, high: float) -> Callable[[N | None], N | None]:
    """A Typer callback refusing a number outside ``low``..``high`` (and NaN or infinity)."""

    def check(value: N | None) -> N | None:
        if value is not None and not (math.isfinite(value) and low <= value <= high):
            shown = {"low": f"{low:g}", "high": f"{high:g}", "value": f"{value:g}"}
            raise typer.BadParameter(_("give a number from {low} to {high}, not {value}.", **shown))
        return value

    return check


def dice() -> Any:
    return typer.Option(None, "--dice", help=_(DICE_HELP))


def seed() -> Any:
    return typer.Option(None, "--seed", help=_(SEED_HELP))


def as_json() -> Any:
    return typer.Option(False, "--json", help=_(JSON_HELP))


def file_argument() -> Any:
    return typer.Argument(
        ...,
        metavar=_("FILE"),
        help=_("The state file (JSON, or YAML if its name ends in .yaml); see 'warzone new'."),
    )


def model() -> Any:
    return typer.Option(
        None, "--model", help=_("The squad's model the command is for (needed when the squad has several).")
    )
