"""The options every ``meneur carpathes`` command shares, built in the current language."""

from __future__ import annotations

from typing import Any

import typer

from meneur.cli.option_table import Declared, OptionTable
from meneur.i18n import N_, Translator

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


def weapon_option() -> Any:
    """``--weapon KEY``: one of the book's weapons, listed in the reader's words."""
    from meneur.systems.carpathes.catalogue import WeaponKey
    from meneur.systems.carpathes.words import shown

    weapons = shown("WeaponKey", [k.value for k in WeaponKey])
    return typer.Option("--weapon", help=_("The weapon: {choices}.", choices=weapons))


# The options of an attack, stateless (``attack``) or in a chronicle (``chronicle attack``).
ATTACK_OPTIONS = OptionTable(
    _,
    {
        "weapon_bonus": Declared(("--weapon-bonus",), N_("Weapon bonus to attack.")),
        "identified": Declared(("--identified",), N_("The target is identified as undead.")),
        "sleeping": Declared(
            ("--sleeping",), N_("The target sleeps (ash stake in the heart of a sleeping vampire).")
        ),
        "damage_step": Declared(
            ("--damage-step",),
            N_("Table option: a +1 damage weapon adds to the margin (marge) or a wound band (tranche)."),
        ),
        "silver_wounds": Declared(
            ("--silver-wounds",),
            N_("Table option: wounds a silver blade's hit counts against a creature (1 to 3)."),
        ),
    },
)
