"""Energy System CLI: character commands (check, npc, library; sheet and archetypes in
:mod:`.sheet`, new in :mod:`.new_character`, the book's encounter guideline in :mod:`.encounter`).

Thin adapters: each command reads its input, calls the pure core and renders the result.
Exit statuses: 0 fine, 1 the character breaks a rule, 2 unreadable input.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from meneur.cli.output import EXIT_RULE, console, print_json
from meneur.errors import BadInputError
from meneur.i18n import N_, Message, Translator
from meneur.systems.energy.check_report import run_check
from meneur.systems.energy.cli.options import MAX_COUNT, bounded
from meneur.systems.energy.costs import MAX_RANK
from meneur.systems.energy.files import FORMATS, dump_character
from meneur.systems.energy.names import CATEGORY_CODES, DOMAIN

if TYPE_CHECKING:
    from meneur.systems.energy.model import Power

_ = Translator(DOMAIN)


def modifier_text(power: Power) -> str:
    """The book's "+1" after a power (nothing for a plain power)."""
    return f"{power.modifier:+d}" if power.modifier else ""


def check_command(
    file: Annotated[
        str,
        typer.Argument(help=_("Character file (YAML or JSON), '-' or a library hero."), metavar=_("FILE")),
    ],
    as_json: Annotated[bool, typer.Option("--json", help=_("Print the result as JSON."))] = False,
    earned_hero: Annotated[
        int,
        typer.Option(
            "--earned-hero-points",
            callback=bounded(0, MAX_COUNT),
            help=_("Hero points gained by experience and spent beyond the rank's budget."),
        ),
    ] = 0,
    earned_aptitude: Annotated[
        int,
        typer.Option(
            "--earned-aptitude-points",
            callback=bounded(0, MAX_COUNT),
            help=_("Aptitude points gained by experience and spent beyond the maturity's budget."),
        ),
    ] = 0,
) -> None:
    """Check a character against every creation rule."""
    if not run_check(file, as_json, earned_hero, earned_aptitude):
        raise typer.Exit(EXIT_RULE)


def npc_command(
    rank: Annotated[
        int, typer.Option("--rank", help=_("Power rank (1 to 100)."), callback=bounded(1, MAX_RANK))
    ],
    name: Annotated[str | None, typer.Option("--name", help=_("The NPC's name."))] = None,
    file_format: Annotated[str, typer.Option("--format", help=_("yaml or json."))] = "yaml",
    as_json: Annotated[bool, typer.Option("--json", help=_("Same as --format json."))] = False,
) -> None:
    """Print an NPC made by the quick formula, as a character file."""
    from meneur.systems.energy.quick import quick_npc

    file_format = _format(file_format, as_json)
    if file_format not in FORMATS:
        raise BadInputError(
            Message(DOMAIN, N_("format: {format!r} is not one of yaml, json."), {"format": file_format})
        )
    sys.stdout.write(dump_character(quick_npc(rank, name), file_format))


def _format(file_format: str, as_json: bool) -> str:
    """``--json`` is a short way to say ``--format json``."""
    return "json" if as_json else file_format


def library_command(
    name: Annotated[
        str | None, typer.Argument(help=_("A hero's name: print its character file."), metavar=_("NAME"))
    ] = None,
    file_format: Annotated[str, typer.Option("--format", help=_("yaml or json."))] = "yaml",
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help=_(
                "JSON: the hero's file, or the list of heroes (name, rank, powers with name, category, "
                "modifier)."
            ),
        ),
    ] = False,
) -> None:
    """List the rulebook's heroes, or print one hero's character file."""
    from meneur.systems.energy.catalogue import library_hero, library_names

    file_format = _format(file_format, as_json)
    if name is not None:
        sys.stdout.write(dump_character(library_hero(name), file_format))
        return
    if as_json or file_format == "json":
        print_json(
            [
                {
                    "name": hero.name,
                    "rank": hero.rank,
                    "powers": [
                        {"name": p.name, "category": p.category.value, "modifier": p.modifier}
                        for p in hero.powers
                    ],
                }
                for hero in map(library_hero, library_names())
            ]
        )
        return
    from rich.table import Table

    table = Table(title=_("Heroes of the rulebook"))
    for title in (_("Name"), _("Rank"), _("Powers")):
        table.add_column(title)
    for hero_name in library_names():
        hero = library_hero(hero_name)
        powers = ", ".join(
            f"{p.name} ({CATEGORY_CODES[p.category]}) {modifier_text(p)}".rstrip() for p in hero.powers
        )
        table.add_row(hero.name, str(hero.rank), powers)
    console().print(table)
