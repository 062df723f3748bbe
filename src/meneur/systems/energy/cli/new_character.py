"""``meneur energy new``: build a character step by step, the hero and aptitude points shown as they go."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from meneur.cli.output import EXIT_BAD_INPUT, console
from meneur.errors import BadInputError, MeneurError
from meneur.i18n import N_, Message, Translator
from meneur.systems.energy import builder, costs
from meneur.systems.energy.check_report import print_budgets
from meneur.systems.energy.cli.prompts import Back, ask, choice, integer_in, items, say, show_left, text
from meneur.systems.energy.files import dump_character, format_for, write_atomically
from meneur.systems.energy.model import (
    Aptitude,
    Attributes,
    Character,
    LivingStandard,
    Maturity,
    Power,
    PowerCategory,
    Trait,
)
from meneur.systems.energy.names import (
    APTITUDE_NAMES,
    ATTRIBUTE_NAMES,
    CATEGORY_CODES,
    DOMAIN,
    LIVING_STANDARD_NAMES,
    MATURITY_NAMES,
)

_ = Translator(DOMAIN)


def _ask_attribute(key: str, allowed: builder.Range) -> int:
    """An attribute, the prompt showing what the hero points left allow."""
    return ask(
        _(
            "{attribute} ({low} to {high})",
            attribute=_(ATTRIBUTE_NAMES[key]),
            low=allowed.low,
            high=allowed.high,
        ),
        integer_in(allowed),
    )


def _aptitude_list(text: str) -> tuple[Aptitude, ...]:
    """Aptitudes named by key or by the book's word, separated by ';'."""
    parse = choice(list(Aptitude), lambda a: (_(APTITUDE_NAMES[a]), a.value))
    return tuple(dict.fromkeys(parse(item) for item in items(text)))


OFFENSIVE = frozenset({PowerCategory.OFF_C, PowerCategory.OFF_D})


def _advice(powers: Sequence[Power]) -> None:
    """The book's advice on powers: at least one offensive and one defensive ("Un personnage combattant
    possède généralement au moins un pouvoir offensif", "Il est recommandé ... au moins un pouvoir
    défensif"); only advice: a character without them is valid."""
    if not any(p.category in OFFENSIVE for p in powers):
        say(_("Advice: a fighting character usually has at least one offensive power (Off-C or Off-D)."))
    if not any(p.category is PowerCategory.DEF for p in powers):
        say(_("Advice: a player character is advised to have at least one defensive power (Def)."))


def _ask_powers(left: int) -> tuple[list[Power], int]:
    """Powers until the player stops or the hero points run out; the points left."""
    _advice(())
    powers: list[Power] = []
    while builder.can_buy_power(left):
        show_left(_("Hero points"), left)
        power_name = ask(_("Power name (empty to finish)"), text(False), "")
        if not power_name:
            break
        category = ask(
            _("Category ({choices})", choices=", ".join(CATEGORY_CODES.values())),
            choice(list(PowerCategory), lambda c: (CATEGORY_CODES[c], c.value)),
        )
        allowed = builder.modifier_range(left)
        modifier = ask(
            _("Reinforcement (+) or weakening (-)"),
            integer_in(allowed),
            "0" if 0 in allowed else str(allowed.high),
        )
        details = ask(_("Details agreed with the GM (write them down; empty for none)"), text(False), "")
        power = Power(name=power_name, category=category, modifier=modifier, details=details)
        powers.append(power)
        left -= costs.power_cost(power)
    if powers:
        _advice(powers)
    return powers, left


def _ask_aptitudes(left: int) -> tuple[dict[Aptitude, int], int]:
    """A rank in each aptitude, within the aptitude points; the points left."""
    aptitudes: dict[Aptitude, int] = {}
    for aptitude in Aptitude:
        if left <= 0:
            say(_("No aptitude points left: the other aptitudes stay at 0."))
            break
        show_left(_("Aptitude points"), left)
        rank_here = ask(_(APTITUDE_NAMES[aptitude]), integer_in(builder.aptitude_rank_range(left)), "0")
        if rank_here:
            aptitudes[aptitude] = rank_here
            left -= costs.aptitude_rank_cost(rank_here)
    return aptitudes, left


def _ask_traits(left: int) -> tuple[list[Trait], int]:
    """Traits until the player stops or the aptitude points run out; the points left."""
    traits: list[Trait] = []
    while left >= 1:
        show_left(_("Aptitude points"), left)
        trait_name = ask(_("Trait name (empty to finish)"), text(False), "")
        if not trait_name:
            break
        bonus = ask(_("Bonus"), integer_in(builder.trait_bonus_range(left)), "1")
        applies = ask(_("Aptitudes it applies to (separated by ';', empty for none)"), _aptitude_list, "")
        traits.append(Trait(name=trait_name, bonus=bonus, aptitudes=applies))
        left -= costs.trait_cost(bonus)
    return traits, left


def _ask_attributes(hero_budget: int) -> Attributes:
    energy = _ask_attribute("energy", builder.energy_range(hero_budget))
    recovery = _ask_attribute("recovery", builder.recovery_range(hero_budget, energy))
    vigor = _ask_attribute("vigor", builder.vigor_range(hero_budget, energy, recovery))
    return Attributes(energy=energy, recovery=recovery, vigor=vigor)


def _check_output(output: Path, force: bool) -> None:
    """Before the first question: the file may be written (its folder exists and is writable, it does
    not exist or ``--force`` replaces it and it is writable)."""
    problem = None
    if output.exists() and not force:
        problem = N_("{path}: the file exists; use --force to replace it.")
    elif output.is_dir() or (output.exists() and not os.access(output, os.W_OK)):
        problem = N_("{path}: this file cannot be written.")
    elif not output.parent.is_dir():
        problem = N_("{path}: the folder does not exist.")
    elif not os.access(output.parent, os.W_OK):
        problem = N_("{path}: the folder cannot be written to.")
    if problem is not None:
        raise BadInputError(Message(DOMAIN, problem, {"path": str(output)}))


Answers = dict[str, Any]
Step = tuple[str, Callable[[Answers], Any]]


def _steps() -> list[Step]:
    """The questions in order; each step reads the answers before it."""

    def hero_left(a: Answers) -> int:
        spent = costs.attributes_cost(a["attributes"].energy, a["attributes"].recovery, a["attributes"].vigor)
        return costs.hero_point_budget(a["rank"]) - int(spent)

    def standard(a: Answers) -> LivingStandard:
        standards = builder.affordable_living_standards(a["traits"][1])
        return ask(
            _(
                "Living standard ({choices})",
                choices=", ".join(_(LIVING_STANDARD_NAMES[s]) for s in standards),
            ),
            choice(list(standards), lambda s: (_(LIVING_STANDARD_NAMES[s]), s.value)),
            _(LIVING_STANDARD_NAMES[LivingStandard.PRECARIOUS]),
        )

    return [
        ("name", lambda a: ask(_("Name"), text(True, N_("the character's name")))),
        ("rank", lambda a: ask(_("Rank"), integer_in(builder.Range(1, costs.MAX_RANK)), "5")),
        ("maturity", lambda a: _ask_maturity(costs.hero_point_budget(a["rank"]))),
        ("attributes", lambda a: _ask_attributes(costs.hero_point_budget(a["rank"]))),
        ("powers", lambda a: _ask_powers(hero_left(a))),
        ("aptitudes", lambda a: _ask_aptitudes(costs.MATURITY_BUDGETS[a["maturity"]])),
        ("traits", lambda a: _ask_traits(a["aptitudes"][1])),
        ("standard", standard),
        ("complications", lambda a: ask(_("Complications (separated by ';')"), text(False), "")),
        ("specialties", lambda a: ask(_("Specialties (separated by ';')"), text(False), "")),
        ("particularities", lambda a: ask(_("Particularities (separated by ';')"), text(False), "")),
    ]


def _ask_maturity(hero_budget: int) -> Maturity:
    show_left(_("Hero points"), hero_budget)
    return ask(
        _("Maturity ({choices})", choices=", ".join(_(MATURITY_NAMES[m]) for m in Maturity)),
        choice(list(Maturity), lambda m: (_(MATURITY_NAMES[m]), m.value)),
        _(MATURITY_NAMES[Maturity.ADULT]),
    )


def _answer_all(steps: Sequence[Step]) -> Answers:
    """Every step in turn; :data:`BACK` at any question asks the step before again."""
    answers: Answers = {}
    index = 0
    while index < len(steps):
        key, step = steps[index]
        try:
            answers[key] = step(answers)
            index += 1
        except Back:
            index = max(0, index - 1)
            say(_("Back to the previous question."))
    return answers


def _character(a: Answers) -> Character:
    return Character(
        name=a["name"],
        rank=a["rank"],
        maturity=a["maturity"],
        attributes=a["attributes"],
        powers=tuple(a["powers"][0]),
        aptitudes=a["aptitudes"][0],
        traits=tuple(a["traits"][0]),
        living_standard=a["standard"],
        complications=items(a["complications"]),
        specialties=items(a["specialties"]),
        particularities=items(a["particularities"]),
    )


def _keep(character: Character, output: Path, error: Exception) -> NoReturn:
    """Writing ``output`` failed: the answers are written next to it (or here, or in the temporary
    folder), the path printed, and the command exits 2."""
    text = dump_character(character, format_for(output))
    name = f"{output.stem}.unsaved{output.suffix}"
    for folder in (output.parent, Path.cwd(), Path(tempfile.gettempdir())):
        kept = folder / name
        try:
            write_atomically(kept, text)
        except (OSError, MeneurError):
            continue
        console().print(
            _(
                "Could not write {path} ({error}); your answers are kept in {kept}.",
                path=str(output),
                error=str(error),
                kept=str(kept),
            ),
            markup=False,
        )
        raise typer.Exit(EXIT_BAD_INPUT)
    raise BadInputError(Message(DOMAIN, N_("{path}: the file could not be written."), {"path": str(output)}))


def new_command(
    output: Annotated[Path, typer.Option("--output", "-o", help=_("File to write (.yaml or .json)."))],
    force: Annotated[bool, typer.Option("--force", help=_("Replace an existing file."))] = False,
) -> None:
    """Build a character step by step, with the budget shown as you go; ``<`` goes back a question."""
    from meneur.systems.energy.validation import validate

    _check_output(output, force)
    say(_("Type < to go back to the previous question."))
    character = _character(_answer_all(_steps()))
    check = validate(character)
    try:
        write_atomically(output, dump_character(character, format_for(output)))
    except (OSError, MeneurError) as error:
        _keep(character, output, error)
    console().print(_("Written to {path}.", path=str(output)), markup=False)
    print_budgets(check)
