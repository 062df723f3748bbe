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
from meneur.i18n import N_, P_, Message, Translator, get_language
from meneur.systems.energy.cli.options import MAX_COUNT, bounded
from meneur.systems.energy.costs import MAX_RANK
from meneur.systems.energy.files import FORMATS, dump_character, read_character
from meneur.systems.energy.names import CATEGORY_CODES, DOMAIN

if TYPE_CHECKING:
    from meneur.systems.energy.model import Power
    from meneur.systems.energy.validation import Budget, CharacterCheck, Problem

_ = Translator(DOMAIN)


def _singular(count: int) -> bool:
    """Whether ``count`` takes the singular: 0 and 1 in French ("0 point restant"), only 1 in English."""
    return abs(count) <= 1 if get_language() == "fr" else abs(count) == 1


def _plural(count: int, one: str, many: str, /, **params: object) -> str:
    """``one`` or ``many`` translated, as ``count`` requires; ``count`` is passed as ``{count}``."""
    return _(one if _singular(count) else many, count=count, **params)


def _budget_line(label: str, budget: Budget) -> str:
    """ "Points de héros : 39 dépensés sur 24 (15 de trop)": what is left, or how far over."""
    if budget.left < 0:
        rest = _plural(-budget.left, N_("{count} too many"), N_("{count} too many (plural)"))
    else:
        rest = _plural(budget.left, N_("{count} left"), N_("{count} left (plural)"))
    line = _(
        P_("{label}: {count} spent of {budget} ({rest})", "{label}: {count} spent of {budget} ({rest})"),
        label=label,
        count=budget.spent,
        budget=budget.budget,
        rest=rest,
    )
    if budget.earned:
        line += _(", of which {earned} earned by experience", earned=budget.earned)
    return line


def problem_line(problem: Problem) -> str:
    """The book's words first, then where and which rule, discreetly: the message loses its field prefix."""
    text = problem.message.render()
    for separator in (": ", " : ", "\u00a0: "):
        if text.startswith(problem.field + separator):
            text = text[len(problem.field + separator) :]
            break
    return _("{message} (field {field}, rule {rule})", message=text, field=problem.field, rule=problem.rule)


def _say(line: str) -> None:
    """One line of plain text on standard output: what the console prints with markup, emoji and
    wrapping off, without loading Rich (``check`` is the quickest command, and prints nothing else)."""
    sys.stdout.write(line + "\n")


def print_budgets(check: CharacterCheck) -> None:
    _say(_budget_line(_("Hero points"), check.hero_points))
    _say(_budget_line(_("Aptitude points"), check.aptitude_points))


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
    from meneur.systems.energy.validation import validate

    character = read_character(file)
    check = validate(character, earned_hero_points=earned_hero, earned_aptitude_points=earned_aptitude)
    if as_json:
        print_json(check.to_json())
    else:
        if check.is_valid:
            _say(_("{name} follows every creation rule.", name=character.name))
        else:
            _say(
                _plural(
                    len(check.problems),
                    N_("{name} breaks {count} rule:"),
                    N_("{name} breaks {count} rules:"),
                    name=character.name,
                )
            )
            for problem in check.problems:
                _say("- " + problem_line(problem))
        print_budgets(check)
    if not check.is_valid:
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
