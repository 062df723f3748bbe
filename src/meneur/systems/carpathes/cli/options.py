"""The options every ``meneur carpathes`` command shares, built in the current language."""

from __future__ import annotations

from typing import Any

import typer

from meneur.i18n import Translator

_ = Translator("carpathes")


def dice_option() -> Any:
    """``--dice 3,5,1``: the dice rolled at the table, in order."""
    return typer.Option("--dice", help=_("The physical dice, in order, e.g. 3,5,1."))


def seed_option() -> Any:
    """``--seed N``: a reproducible roll."""
    return typer.Option("--seed", help=_("Seed of the random dice."))


def json_option() -> Any:
    """``--json``."""
    return typer.Option("--json", help=_("Print JSON."))


def advantage_option() -> Any:
    """``--advantage``: 3D6 keep the 2 best."""
    return typer.Option("--advantage", help=_("3D6 keep the 2 best."))


def disadvantage_option() -> Any:
    """``--disadvantage``: 3D6 keep the 2 worst."""
    return typer.Option("--disadvantage", help=_("3D6 keep the 2 worst."))


def pc_option() -> Any:
    """``--pc NAME``: a PC of the chronicle."""
    return typer.Option("--pc", help=_("The PC's name, as given to add-pc --name."))


def file_argument() -> Any:
    """The chronicle's file, first on every chronicle command."""
    return typer.Argument(help=_("The chronicle's JSON file."), metavar=_("FILE"))
