"""What ``meneur energy check`` prints: the verdict, the broken rules and the two budgets, as plain text.

It imports neither Typer nor Rich, so that the quick path (:mod:`meneur.systems.energy.check_line`) and the
full command (:func:`meneur.systems.energy.cli.characters.check_command`) print the same lines from
the same code.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from meneur.i18n import N_, P_, Translator, get_language
from meneur.streams import print_json
from meneur.systems.energy.files import read_character
from meneur.systems.energy.names import DOMAIN
from meneur.systems.energy.validation import validate

if TYPE_CHECKING:
    from meneur.systems.energy.validation import Budget, CharacterCheck, Problem

_ = Translator(DOMAIN)


def _singular(count: int) -> bool:
    """Whether ``count`` takes the singular: 0 and 1 in French ("0 point restant"), only 1 in English."""
    return abs(count) <= 1 if get_language() == "fr" else abs(count) == 1


def plural(count: int, one: str, many: str, /, **params: object) -> str:
    """``one`` or ``many`` translated, as ``count`` requires; ``count`` is passed as ``{count}``."""
    return _(one if _singular(count) else many, count=count, **params)


def budget_line(label: str, budget: Budget) -> str:
    """ "Points de héros : 39 dépensés sur 24 (15 de trop)": what is left, or how far over."""
    if budget.left < 0:
        rest = plural(-budget.left, N_("{count} too many"), N_("{count} too many (plural)"))
    else:
        rest = plural(budget.left, N_("{count} left"), N_("{count} left (plural)"))
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


def say(line: str) -> None:
    """One line of plain text on standard output: what the console prints with markup, emoji and
    wrapping off, without loading Rich (``check`` is the quickest command, and prints nothing else)."""
    sys.stdout.write(line + "\n")


def print_budgets(check: CharacterCheck) -> None:
    say(budget_line(_("Hero points"), check.hero_points))
    say(budget_line(_("Aptitude points"), check.aptitude_points))


def run_check(file: str, as_json: bool, earned_hero: int, earned_aptitude: int) -> bool:
    """Read ``file``, check it against every creation rule and print the verdict; True if it is valid.

    Raises:
        MeneurError: the file cannot be read as a character.
    """
    character = read_character(file)
    check = validate(character, earned_hero_points=earned_hero, earned_aptitude_points=earned_aptitude)
    if as_json:
        print_json(check.to_json())
        return check.is_valid
    if check.is_valid:
        say(_("{name} follows every creation rule.", name=character.name))
    else:
        say(
            plural(
                len(check.problems),
                N_("{name} breaks {count} rule:"),
                N_("{name} breaks {count} rules:"),
                name=character.name,
            )
        )
        for problem in check.problems:
            say("- " + problem_line(problem))
    print_budgets(check)
    return check.is_valid
