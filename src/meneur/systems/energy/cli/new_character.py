"""``meneur energy new``: build a character step by step, the hero and aptitude points shown as they go."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any, NoReturn, TypeVar

import typer

from meneur.cli.output import EXIT_BAD_INPUT, console
from meneur.errors import BadInputError, MeneurError
from meneur.i18n import N_, Message, Translator
from meneur.systems.energy import builder, costs
from meneur.systems.energy.catalogue import name_key
from meneur.systems.energy.cli.characters import print_budgets
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
T = TypeVar("T")
BACK = "<"
"""The answer that goes back to the previous question."""


class _Back(Exception):  # noqa: N818 (a signal, not an error)
    """The player typed :data:`BACK`: the previous question is asked again."""


def _ask(question: str, parse: Callable[[str], T], default: str | None = None) -> T:
    """Ask until ``parse`` accepts the answer; its BadInputError explains what is wrong."""
    while True:
        # An empty answer reaches ``parse`` (which says what is missing) instead of a silent re-prompt;
        # the suffix is the reader's punctuation ("Nom : ", "Name: ").
        answer = typer.prompt(question, default="" if default is None else default,
                              show_default=bool(default), prompt_suffix=_(": (prompt suffix)"))
        if str(answer).strip() == BACK:
            raise _Back
        try:
            return parse(str(answer).strip())
        except BadInputError as error:
            console().print(_("Invalid: {message}", message=error.render()), markup=False)


def _integer_in(allowed: builder.Range) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or value not in allowed:
            raise BadInputError(Message(DOMAIN, N_("{value!r}: give a whole number from {low} to {high}."),
                                        {"value": text, "low": allowed.low, "high": allowed.high}))
        return value
    return parse


def _choice(options: Sequence[T], names: Callable[[T], Sequence[str]]) -> Callable[[str], T]:
    def parse(text: str) -> T:
        for option in options:
            if name_key(text) in {name_key(n) for n in names(option)}:
                return option
        raise BadInputError(Message(DOMAIN, N_("{value!r}: choose one of {choices}."),
                                    {"value": text, "choices": ", ".join(names(o)[0] for o in options)}))
    return parse


def _text(required: bool, what: str = N_("an answer")) -> Callable[[str], str]:
    def parse(text: str) -> str:
        if required and not text:
            raise BadInputError(Message(DOMAIN, N_("{what} is required: type it, then press Enter."),
                                        {"what": Message(DOMAIN, what)}))
        return text
    return parse


def _items(text: str) -> tuple[str, ...]:
    return tuple(item.strip() for item in text.split(";") if item.strip())


def _ask_attribute(key: str, allowed: builder.Range) -> int:
    """An attribute, the prompt showing what the hero points left allow."""
    return _ask(_("{attribute} ({low} to {high})", attribute=_(ATTRIBUTE_NAMES[key]), low=allowed.low,
                  high=allowed.high), _integer_in(allowed))


def _aptitude_list(text: str) -> tuple[Aptitude, ...]:
    """Aptitudes named by key or by the book's word, separated by ';'."""
    parse = _choice(list(Aptitude), lambda a: (_(APTITUDE_NAMES[a]), a.value))
    return tuple(dict.fromkeys(parse(item) for item in _items(text)))


def _say(text: str) -> None:
    console().print(text, markup=False)


def _show_left(label: str, left: int) -> None:
    _say(_("{label} left: {left}", label=label, left=left))


OFFENSIVE = frozenset({PowerCategory.OFF_C, PowerCategory.OFF_D})


def _advice(powers: Sequence[Power]) -> None:
    """The book's advice on powers: at least one offensive and one defensive ("Un personnage combattant
    possède généralement au moins un pouvoir offensif", "Il est recommandé ... au moins un pouvoir
    défensif"); only advice: a character without them is valid."""
    if not any(p.category in OFFENSIVE for p in powers):
        _say(_("Advice: a fighting character usually has at least one offensive power (Off-C or Off-D)."))
    if not any(p.category is PowerCategory.DEF for p in powers):
        _say(_("Advice: a player character is advised to have at least one defensive power (Def)."))


def _ask_powers(left: int) -> tuple[list[Power], int]:
    """Powers until the player stops or the hero points run out; the points left."""
    _advice(())
    powers: list[Power] = []
    while builder.can_buy_power(left):
        _show_left(_("Hero points"), left)
        power_name = _ask(_("Power name (empty to finish)"), _text(False), "")
        if not power_name:
            break
        category = _ask(_("Category ({choices})", choices=", ".join(CATEGORY_CODES.values())),
                        _choice(list(PowerCategory), lambda c: (CATEGORY_CODES[c], c.value)))
        allowed = builder.modifier_range(left)
        modifier = _ask(_("Reinforcement (+) or weakening (-)"), _integer_in(allowed),
                        "0" if 0 in allowed else str(allowed.high))
        details = _ask(_("Details agreed with the GM (write them down; empty for none)"), _text(False), "")
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
            _say(_("No aptitude points left: the other aptitudes stay at 0."))
            break
        _show_left(_("Aptitude points"), left)
        rank_here = _ask(_(APTITUDE_NAMES[aptitude]), _integer_in(builder.aptitude_rank_range(left)), "0")
        if rank_here:
            aptitudes[aptitude] = rank_here
            left -= costs.aptitude_rank_cost(rank_here)
    return aptitudes, left


def _ask_traits(left: int) -> tuple[list[Trait], int]:
    """Traits until the player stops or the aptitude points run out; the points left."""
    traits: list[Trait] = []
    while left >= 1:
        _show_left(_("Aptitude points"), left)
        trait_name = _ask(_("Trait name (empty to finish)"), _text(False), "")
        if not trait_name:
            break
        bonus = _ask(_("Bonus"), _integer_in(builder.trait_bonus_range(left)), "1")
        applies = _ask(_("Aptitudes it applies to (separated by ';', empty for none)"), _aptitude_list, "")
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
        return _ask(_("Living standard ({choices})", choices=", ".join(
                        _(LIVING_STANDARD_NAMES[s]) for s in standards)),
                    _choice(list(standards), lambda s: (_(LIVING_STANDARD_NAMES[s]), s.value)),
                    _(LIVING_STANDARD_NAMES[LivingStandard.PRECARIOUS]))

    return [
        ("name", lambda a: _ask(_("Name"), _text(True, N_("the character's name")))),
        ("rank", lambda a: _ask(_("Rank"), _integer_in(builder.Range(1, costs.MAX_RANK)), "5")),
        ("maturity", lambda a: _ask_maturity(costs.hero_point_budget(a["rank"]))),
        ("attributes", lambda a: _ask_attributes(costs.hero_point_budget(a["rank"]))),
        ("powers", lambda a: _ask_powers(hero_left(a))),
        ("aptitudes", lambda a: _ask_aptitudes(costs.MATURITY_BUDGETS[a["maturity"]])),
        ("traits", lambda a: _ask_traits(a["aptitudes"][1])),
        ("standard", standard),
        ("complications", lambda a: _ask(_("Complications (separated by ';')"), _text(False), "")),
        ("specialties", lambda a: _ask(_("Specialties (separated by ';')"), _text(False), "")),
        ("particularities", lambda a: _ask(_("Particularities (separated by ';')"), _text(False), "")),
    ]


def _ask_maturity(hero_budget: int) -> Maturity:
    _show_left(_("Hero points"), hero_budget)
    return _ask(_("Maturity ({choices})", choices=", ".join(_(MATURITY_NAMES[m]) for m in Maturity)),
                _choice(list(Maturity), lambda m: (_(MATURITY_NAMES[m]), m.value)),
                _(MATURITY_NAMES[Maturity.ADULT]))


def _answer_all(steps: Sequence[Step]) -> Answers:
    """Every step in turn; :data:`BACK` at any question asks the step before again."""
    answers: Answers = {}
    index = 0
    while index < len(steps):
        key, step = steps[index]
        try:
            answers[key] = step(answers)
            index += 1
        except _Back:
            index = max(0, index - 1)
            _say(_("Back to the previous question."))
    return answers


def _character(a: Answers) -> Character:
    return Character(
        name=a["name"], rank=a["rank"], maturity=a["maturity"], attributes=a["attributes"],
        powers=tuple(a["powers"][0]), aptitudes=a["aptitudes"][0], traits=tuple(a["traits"][0]),
        living_standard=a["standard"], complications=_items(a["complications"]),
        specialties=_items(a["specialties"]), particularities=_items(a["particularities"]),
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
        console().print(_("Could not write {path} ({error}); your answers are kept in {kept}.",
                          path=str(output), error=str(error), kept=str(kept)), markup=False)
        raise typer.Exit(EXIT_BAD_INPUT)
    raise BadInputError(Message(DOMAIN, N_("{path}: the file could not be written."), {"path": str(output)}))


def new_command(
    output: Annotated[Path, typer.Option("--output", "-o", help=_("File to write (.yaml or .json)."))],
    force: Annotated[bool, typer.Option("--force", help=_("Replace an existing file."))] = False,
) -> None:
    """Build a character step by step, with the budget shown as you go; ``<`` goes back a question."""
    from meneur.systems.energy.validation import validate

    _check_output(output, force)
    _say(_("Type < to go back to the previous question."))
    character = _character(_answer_all(_steps()))
    check = validate(character)
    try:
        write_atomically(output, dump_character(character, format_for(output)))
    except (OSError, MeneurError) as error:
        _keep(character, output, error)
    console().print(_("Written to {path}.", path=str(output)), markup=False)
    print_budgets(check)
