"""``meneur energy new``: build a character step by step, the hero and aptitude points shown as they go."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, TypeVar

import typer

from meneur.cli.output import console
from meneur.errors import BadInputError
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


def _ask(question: str, parse: Callable[[str], T], default: str | None = None) -> T:
    """Ask until ``parse`` accepts the answer; its BadInputError explains what is wrong."""
    while True:
        # An empty answer reaches ``parse`` (which says what is missing) instead of a silent re-prompt;
        # the suffix is the reader's punctuation ("Nom : ", "Name: ").
        answer = typer.prompt(question, default="" if default is None else default,
                              show_default=bool(default), prompt_suffix=_(": (prompt suffix)"))
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


def _show_left(label: str, left: int) -> None:
    console().print(_("{label} left: {left}", label=label, left=left), markup=False)


def _ask_powers(left: int) -> tuple[list[Power], int]:
    """Powers until the player stops or the hero points run out; the points left."""
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
        power = Power(name=power_name, category=category, modifier=modifier)
        powers.append(power)
        left -= costs.power_cost(power)
    return powers, left


def _ask_aptitudes(left: int) -> tuple[dict[Aptitude, int], int]:
    """A rank in each aptitude, within the aptitude points; the points left."""
    aptitudes: dict[Aptitude, int] = {}
    for aptitude in Aptitude:
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


def new_command(
    output: Annotated[Path, typer.Option("--output", "-o", help=_("File to write (.yaml or .json)."))],
    force: Annotated[bool, typer.Option("--force", help=_("Replace an existing file."))] = False,
) -> None:
    """Build a character step by step, with the budget shown as you go."""
    from meneur.systems.energy.validation import validate

    if output.exists() and not force:
        raise BadInputError(Message(DOMAIN, N_("{path}: the file exists; use --force to replace it."),
                                    {"path": str(output)}))
    name = _ask(_("Name"), _text(True, N_("the character's name")))
    rank = _ask(_("Rank"), _integer_in(builder.Range(1, costs.MAX_RANK)), "5")
    hero_budget = costs.hero_point_budget(rank)
    _show_left(_("Hero points"), hero_budget)
    maturity = _ask(_("Maturity ({choices})", choices=", ".join(_(MATURITY_NAMES[m]) for m in Maturity)),
                    _choice(list(Maturity), lambda m: (_(MATURITY_NAMES[m]), m.value)),
                    _(MATURITY_NAMES[Maturity.ADULT]))
    attributes = _ask_attributes(hero_budget)
    powers, _left = _ask_powers(hero_budget - costs.attributes_cost(
        attributes.energy, attributes.recovery, attributes.vigor))
    aptitudes, aptitude_left = _ask_aptitudes(costs.MATURITY_BUDGETS[maturity])
    traits, aptitude_left = _ask_traits(aptitude_left)
    standards = builder.affordable_living_standards(aptitude_left)
    standard = _ask(_("Living standard ({choices})", choices=", ".join(
                        _(LIVING_STANDARD_NAMES[s]) for s in standards)),
                    _choice(list(standards), lambda s: (_(LIVING_STANDARD_NAMES[s]), s.value)),
                    _(LIVING_STANDARD_NAMES[LivingStandard.PRECARIOUS]))
    complications = _ask(_("Complications (separated by ';')"), _text(False), "")
    specialties = _ask(_("Specialties (separated by ';')"), _text(False), "")
    particularities = _ask(_("Particularities (separated by ';')"), _text(False), "")
    character = Character(
        name=name, rank=rank, maturity=maturity, attributes=attributes, powers=tuple(powers),
        aptitudes=aptitudes, traits=tuple(traits), living_standard=standard,
        complications=_items(complications), specialties=_items(specialties),
        particularities=_items(particularities),
    )
    check = validate(character)
    write_atomically(output, dump_character(character, format_for(output)))
    console().print(_("Written to {path}.", path=str(output)), markup=False)
    print_budgets(check)
