"""The options the INS/MV commands share, built in the current language."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import typer

from meneur.i18n import N_, Translator
from meneur.systems.insmv.model import MAX_NUMBER, MAX_SHIFT

_ = Translator("insmv")


def within(low: int, high: int) -> Callable[[int | None], int | None]:
    """A Typer callback refusing a number outside ``low``..``high``, naming the range."""

    def check(value: int | None) -> int | None:
        if value is not None and not low <= value <= high:
            raise typer.BadParameter(
                _("give a number from {low} to {high}, not {value}.", low=low, high=high, value=value)
            )
        return value

    return check


def file_argument(required: bool = True) -> Any:
    """The table file, first argument of every command of a table."""
    return typer.Argument(
        ... if required else None,
        metavar=_("FILE"),
        help=_("The table file (JSON, or YAML if its name ends in .yaml); see 'insmv new'."),
    )


def value(required: bool = True) -> Any:
    return typer.Option(
        ... if required else None,
        "--value",
        callback=within(0, MAX_NUMBER),
        help=_("Value of the characteristic, talent or power (1 to 6)."),
    )


def difficulty(flag: str = "--difficulty") -> Any:
    return typer.Option(
        None,
        flag,
        help=_("Row: facile, moyenne (default), difficile, « très difficile » (or tres_difficile)."),
    )


def shift(flag: str = "--shift") -> Any:
    return typer.Option(
        0,
        flag,
        callback=within(-MAX_SHIFT, MAX_SHIFT),
        help=_("Game master's column shift: positive right (easier), negative left (harder)."),
    )


def voluntary(flag: str = "--voluntary") -> Any:
    return typer.Option(
        0,
        flag,
        callback=within(0, MAX_SHIFT),
        help=_("Columns shifted left by choice, added to the units on a success."),
    )


def kind(flag: str = "--kind", default: str | None = "human") -> Any:
    return typer.Option(
        default,
        flag,
        help=_(
            "Kind of being (limits voluntary shifts): humain, ange, démon, avatar-archange,"
            " avatar-prince-démon… (see 'insmv kinds'; the English keys work too)."
        ),
    )


def max_shift(flag: str = "--max-shift") -> Any:
    return typer.Option(
        None,
        flag,
        callback=within(0, MAX_SHIFT),
        help=_("The game master's voluntary-shift limit for this being, instead of its kind's."),
    )


def untrained(flag: str = "--untrained-malus") -> Any:
    return typer.Option(
        None,
        flag,
        callback=within(1, 4),
        help=_("Talent not possessed: its malus (1 to 4); --value is then the characteristic."),
    )


def not_possessed(flag: str = "--power-not-possessed") -> Any:
    return typer.Option(False, flag, help=_("The power is not possessed: no chance, no roll."))


def being() -> Any:
    return typer.Option(..., "--being", help=_("The being's name."))


def dice() -> Any:
    return typer.Option(None, "--dice", help=_("The dice rolled, in reading order (e.g. 3,5,1)."))


def seed() -> Any:
    return typer.Option(None, "--seed", help=_("Seed of the random dice, for a reproducible roll."))


def as_json() -> Any:
    return typer.Option(False, "--json", help=_("Print JSON."))


def odds() -> Any:
    return typer.Option(False, "--odds", help=_("Print the exact odds instead of rolling."))


SHEET_HELP = {
    "--characteristic": N_("Characteristics, NAME=N, separated by commas (e.g. Force=3,Agilité=2)."),
    "--talent": N_(
        "Talents, NAME:CHARACTERISTIC:MALUS[=VALUE] (no VALUE: not possessed), separated by commas."
    ),
    "--power": N_("Powers, NAME=N, separated by commas."),
}


def sheet(flag: str) -> Any:
    """A list option of a being's sheet (commas, or the option repeated): ``--characteristic``,
    ``--talent`` or ``--power``."""
    return typer.Option(None, flag, help=_(SHEET_HELP[flag]))
