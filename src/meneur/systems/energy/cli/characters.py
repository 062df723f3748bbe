"""Energy System CLI: character commands (check, sheet, new, npc, balance, library, archetypes).

Thin adapters: each command reads its input, calls the pure core and renders the result.
Exit statuses: 0 fine, 1 the character breaks a rule, 2 unreadable input.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, TypeVar

import typer
from rich.table import Table
from rich.text import Text

from meneur.cli.output import EXIT_RULE, console, guarded, print_json
from meneur.errors import BadInputError
from meneur.i18n import N_, Message, Translator, get_language
from meneur.systems.energy import builder, costs
from meneur.systems.energy.balance import balance as weigh
from meneur.systems.energy.catalogue import is_library_name, library_hero, library_names, name_key
from meneur.systems.energy.catalogue.archetypes import ARCHETYPES, Archetype, archetype
from meneur.systems.energy.files import (
    FORMATS,
    character_data,
    dump_character,
    format_for,
    load_character,
    parse_character,
    write_atomically,
)
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
    CONDITION_NAMES,
    DOMAIN,
    EFFECT_NAMES,
    INFERRED_NAMES,
    LIVING_STANDARD_NAMES,
    MATURITY_NAMES,
    STATE_NAMES,
)
from meneur.systems.energy.quick import quick_npc
from meneur.systems.energy.validation import Budget, CharacterCheck, Problem, validate

_ = Translator(DOMAIN)
T = TypeVar("T")


def read_character(source: str) -> Character:
    """A character from a file path, ``-`` (standard input) or a built-in hero's name.

    Raises:
        BadInputError: when the source cannot be read or is not a character file.
    """
    if source == "-":
        return parse_character(sys.stdin.read(), "-")
    if not Path(source).exists() and is_library_name(source):
        return library_hero(source)
    return load_character(source)


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
    return _("{label}: {spent} spent of {budget} ({rest})",
             label=label, spent=budget.spent, budget=budget.budget, rest=rest)


def _problem_line(problem: Problem) -> str:
    """The book's words first, then where and which rule, discreetly: the message loses its field prefix."""
    text = problem.message.render()
    for separator in (": ", " : "):
        if text.startswith(problem.field + separator):
            text = text[len(problem.field + separator):]
            break
    return _("{message} (field {field}, rule {rule})", message=text, field=problem.field, rule=problem.rule)


def _print_budgets(check: CharacterCheck) -> None:
    out = console()
    out.print(_budget_line(_("Hero points"), check.hero_points), markup=False)
    out.print(_budget_line(_("Aptitude points"), check.aptitude_points), markup=False)


def check_command(
    file: Annotated[str, typer.Argument(help=_("Character file (YAML or JSON), '-' or a library hero."))],
    as_json: Annotated[bool, typer.Option("--json", help=_("Print the result as JSON."))] = False,
    earned_hero: Annotated[int, typer.Option(
        "--earned-hero-points", min=0,
        help=_("Hero points gained by experience and spent beyond the rank's budget."))] = 0,
    earned_aptitude: Annotated[int, typer.Option(
        "--earned-aptitude-points", min=0,
        help=_("Aptitude points gained by experience and spent beyond the maturity's budget."))] = 0,
) -> None:
    """Check a character against every creation rule."""
    character = read_character(file)
    check = validate(character, earned_hero_points=earned_hero, earned_aptitude_points=earned_aptitude)
    if as_json:
        print_json(check.to_json())
    else:
        out = console()
        if check.is_valid:
            out.print(_("{name} follows every creation rule.", name=character.name), markup=False)
        else:
            out.print(_plural(len(check.problems), N_("{name} breaks {count} rule:"),
                              N_("{name} breaks {count} rules:"), name=character.name), markup=False)
            for problem in check.problems:
                out.print("- " + _problem_line(problem), markup=False)
        _print_budgets(check)
    if not check.is_valid:
        raise typer.Exit(EXIT_RULE)


def _modifier(power: Power) -> str:
    return f"{power.modifier:+d}" if power.modifier else ""


def _effect(power: Power) -> str:
    """The power's combat effect in the reader's words, with its condition and area."""
    kind = power.effective_effect
    if kind is None:
        return "—"
    text = _(EFFECT_NAMES[kind])
    if power.condition is not None:
        text += f" ({_(CONDITION_NAMES[power.condition]).lower()})"
    if power.area:
        text += ", " + _("area")
    return text


def _trait(trait: Trait) -> str:
    applies = ", ".join(_(APTITUDE_NAMES[a]) for a in trait.aptitudes)
    return f"{trait.name} +{trait.bonus}" + (f" ({applies})" if applies else "")


def _inferred(keys: Sequence[str]) -> str:
    return ", ".join(_(INFERRED_NAMES[k]) if k in INFERRED_NAMES else k for k in keys)


def _print_campaign_values(character: Character) -> None:
    """Experience, reputation, relations and notes, when the file has any."""
    out = console()
    xp = character.experience
    if xp != type(xp)():
        out.print(_("Experience: {heroic} heroic XP, {aptitude} aptitude XP; points not spent yet: {hero} "
                    "hero, {apt} aptitude", heroic=xp.heroic_xp, aptitude=xp.aptitude_xp,
                    hero=xp.heroic_points, apt=xp.aptitude_points), markup=False)
    rep = character.reputation
    if rep != type(rep)():
        out.print(_("Notoriety: super {super}, civil {civil}; morality {morality:+d}",
                    super=rep.super_notoriety, civil=rep.civil_notoriety, morality=rep.morality),
                  markup=False)
    if character.relations:
        out.print(_("Relations: {relations}", relations=", ".join(
            f"{r.name} {r.value:+d}" + (" (" + _("GM") + ")" if r.gm_reserved else "")
            for r in character.relations)), markup=False)
    if character.notes:
        out.print(_("Notes: {notes}", notes=character.notes), markup=False)


def sheet_command(
    file: Annotated[str, typer.Argument(help=_("Character file (YAML or JSON), '-' or a library hero."))],
    as_json: Annotated[bool, typer.Option("--json", help=_(
        "Print JSON: the file's fields under 'character', what check --json prints under 'check'."))] = False,
) -> None:
    """Show a character sheet."""
    character = read_character(file)
    check = validate(character)
    if as_json:
        print_json({"character": character_data(character), "check": check.to_json()})
        return
    out = console()
    kind = _("PC") if character.pc else _("NPC")
    out.print(Text.assemble((character.name, "bold"), " — " + _("rank {rank}", rank=character.rank)
                            + f" ({kind}, " + _(MATURITY_NAMES[character.maturity]).lower() + ")"))
    attributes = Table(title=_("Attributes"), show_header=True)
    for label in ATTRIBUTE_NAMES.values():
        attributes.add_column(_(label), justify="right")
    a = character.attributes
    attributes.add_row(str(a.energy), str(a.recovery), str(a.vigor))
    out.print(attributes)
    powers = Table(title=_("Powers"))
    # The book's notation, "Frappes instinctives (Off-C) +1": the code and the modifier together.
    powers.add_column(_("Power"), no_wrap=True)
    powers.add_column(_("Category"), no_wrap=True)
    powers.add_column(_("Cost"), justify="right")
    powers.add_column(_("Effect"), overflow="fold")
    powers.add_column(_("Details"), overflow="fold")
    for power in character.powers:
        powers.add_row(power.name, f"{CATEGORY_CODES[power.category]} {_modifier(power)}".rstrip(),
                       str(costs.power_cost(power)), _effect(power), power.details)
    out.print(powers)
    if character.aptitudes:
        aptitudes = Table(title=_("Aptitudes"))
        aptitudes.add_column(_("Aptitude"))
        aptitudes.add_column(_("Rank"), justify="right")
        for aptitude in Aptitude:
            if aptitude in character.aptitudes:
                aptitudes.add_row(_(APTITUDE_NAMES[aptitude]), str(character.aptitudes[aptitude]))
        out.print(aptitudes)
    for title, items in ((_("Traits"), [_trait(t) for t in character.traits]),
                         (_("Specialties"), list(character.specialties)),
                         (_("Particularities"), list(character.particularities)),
                         (_("Complications"), list(character.complications))):
        if items:  # user text is never read as Rich markup
            line = _("{label}: {items}", label="\0", items=", ".join(items))
            head, tail = line.split("\0", 1)
            out.print(Text.assemble(head, (title, "bold"), tail), highlight=False)
    out.print(_("Living standard: {standard}; savings {savings}, debts {debts}",
                standard=_(LIVING_STANDARD_NAMES[character.living_standard]),
                savings=character.savings, debts=character.debts), markup=False)
    states = ", ".join(_(STATE_NAMES[s]) for s in sorted(character.states)) or _("none (states)")
    out.print(_("Stress: {stress}/10; states: {states}", stress=character.stress, states=states),
              markup=False)
    _print_campaign_values(character)
    _print_budgets(check)
    if character.inferred:
        out.print(_("Completed by the rules (not given by the book): {fields}",
                    fields=_inferred(character.inferred)), markup=False)
    for problem in check.problems:
        out.print("! " + _problem_line(problem), markup=False)


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


def new_command(
    output: Annotated[Path, typer.Option("--output", "-o", help=_("File to write (.yaml or .json)."))],
    force: Annotated[bool, typer.Option("--force", help=_("Replace an existing file."))] = False,
) -> None:
    """Build a character step by step, with the budget shown as you go."""
    if output.exists() and not force:
        raise BadInputError(Message(DOMAIN, N_("{path}: the file exists; use --force to replace it."),
                                    {"path": str(output)}))
    name = _ask(_("Name"), _text(True, N_("the character's name")))
    rank = _ask(_("Rank"), _integer_in(builder.Range(1, 100)), "5")
    hero_budget = costs.hero_point_budget(rank)
    _show_left(_("Hero points"), hero_budget)
    maturity = _ask(_("Maturity ({choices})", choices=", ".join(_(MATURITY_NAMES[m]) for m in Maturity)),
                    _choice(list(Maturity), lambda m: (_(MATURITY_NAMES[m]), m.value)),
                    _(MATURITY_NAMES[Maturity.ADULT]))
    energy = _ask_attribute("energy", builder.energy_range(hero_budget))
    recovery = _ask_attribute("recovery", builder.recovery_range(hero_budget, energy))
    vigor = _ask_attribute("vigor", builder.vigor_range(hero_budget, energy, recovery))
    left = hero_budget - costs.attributes_cost(energy, recovery, vigor)
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
    aptitude_left = costs.MATURITY_BUDGETS[maturity]
    aptitudes: dict[Aptitude, int] = {}
    for aptitude in Aptitude:
        _show_left(_("Aptitude points"), aptitude_left)
        rank_here = _ask(_(APTITUDE_NAMES[aptitude]),
                         _integer_in(builder.aptitude_rank_range(aptitude_left)), "0")
        if rank_here:
            aptitudes[aptitude] = rank_here
            aptitude_left -= costs.aptitude_rank_cost(rank_here)
    traits: list[Trait] = []
    while aptitude_left >= 1:
        _show_left(_("Aptitude points"), aptitude_left)
        trait_name = _ask(_("Trait name (empty to finish)"), _text(False), "")
        if not trait_name:
            break
        bonus = _ask(_("Bonus"), _integer_in(builder.trait_bonus_range(aptitude_left)), "1")
        applies = _ask(_("Aptitudes it applies to (separated by ';', empty for none)"), _aptitude_list, "")
        traits.append(Trait(name=trait_name, bonus=bonus, aptitudes=applies))
        aptitude_left -= costs.trait_cost(bonus)
    standards = builder.affordable_living_standards(aptitude_left)
    standard = _ask(_("Living standard ({choices})", choices=", ".join(
                        _(LIVING_STANDARD_NAMES[s]) for s in standards)),
                    _choice(list(standards), lambda s: (_(LIVING_STANDARD_NAMES[s]), s.value)),
                    _(LIVING_STANDARD_NAMES[LivingStandard.PRECARIOUS]))
    complications = _ask(_("Complications (separated by ';')"), _text(False), "")
    specialties = _ask(_("Specialties (separated by ';')"), _text(False), "")
    particularities = _ask(_("Particularities (separated by ';')"), _text(False), "")
    character = Character(
        name=name, rank=rank, maturity=maturity,
        attributes=Attributes(energy=energy, recovery=recovery, vigor=vigor),
        powers=tuple(powers), aptitudes=aptitudes, traits=tuple(traits), living_standard=standard,
        complications=_items(complications), specialties=_items(specialties),
        particularities=_items(particularities),
    )
    check = validate(character)
    write_atomically(output, dump_character(character, format_for(output)))
    console().print(_("Written to {path}.", path=str(output)), markup=False)
    _print_budgets(check)


def npc_command(
    rank: Annotated[int, typer.Option("--rank", help=_("Power rank (1 or more)."))],
    name: Annotated[str | None, typer.Option("--name", help=_("The NPC's name."))] = None,
    file_format: Annotated[str, typer.Option("--format", help=_("yaml or json."))] = "yaml",
    as_json: Annotated[bool, typer.Option("--json", help=_("Same as --format json."))] = False,
) -> None:
    """Print an NPC made by the quick formula, as a character file."""
    file_format = _format(file_format, as_json)
    if file_format not in FORMATS:
        raise BadInputError(Message(DOMAIN, N_("format: {format!r} is not one of yaml, json."),
                                    {"format": file_format}))
    sys.stdout.write(dump_character(quick_npc(rank, name), file_format))


def _ranks(side: str, text: str) -> list[int]:
    ranks = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        if item.lstrip("-").isdigit():
            ranks.append(int(item))
        elif Path(item).exists() or is_library_name(item):
            ranks.append(read_character(item).rank)
        else:
            raise BadInputError(Message(DOMAIN, N_(
                "{side}: {item!r} is neither a rank, a character file nor a library hero; give ranks "
                "(5,5,4), file paths or hero names, separated by commas."),
                {"side": side, "item": item}))
    return ranks


def balance_command(
    heroes: Annotated[str, typer.Option("--heroes", help=_("Heroes: ranks, files or library names, "
                                                            "separated by commas (5,5,wink.yaml,KITSUNE)."))],
    foes: Annotated[str, typer.Option("--foes", help=_("Foes, the same way (8,6,6)."))],
    margin: Annotated[float, typer.Option("--margin", help=_("Players' margin (0.2 = 20%)."))] = 0.2,
    as_json: Annotated[bool, typer.Option("--json", help=_(
        "Print JSON: heroes, foes (ranks), heroes_total, foes_total, advised_foes (the most the foes' "
        "total should be), player_margin (a fraction: 0.2 = 20%), verdict (advised, no_margin, above), "
        "few_foes."))] = False,
) -> None:
    """Weigh an encounter: the sum of ranks on each side against the book's guideline."""
    result = weigh(_ranks("--heroes", heroes), _ranks("--foes", foes), margin)
    if as_json:
        print_json(result.to_json())
        return
    out = console()
    out.print(_("Heroes: {ranks} = {total}", ranks=" + ".join(map(str, result.heroes)),
                total=result.heroes_total), markup=False)
    out.print(_("Foes: {ranks} = {total}", ranks=" + ".join(map(str, result.foes)),
                total=result.foes_total), markup=False)
    for line in result.explain():
        out.print(line.render(), markup=False)


def _format(file_format: str, as_json: bool) -> str:
    """``--json`` is a short way to say ``--format json``."""
    return "json" if as_json else file_format


def library_command(
    name: Annotated[str | None, typer.Argument(help=_("A hero's name: print its character file."))] = None,
    file_format: Annotated[str, typer.Option("--format", help=_("yaml or json."))] = "yaml",
    as_json: Annotated[bool, typer.Option("--json", help=_(
        "JSON: the hero's file, or the list of heroes (name, rank, powers with name, category, "
        "modifier)."))] = False,
) -> None:
    """List the rulebook's heroes, or print one hero's character file."""
    file_format = _format(file_format, as_json)
    if name is not None:
        sys.stdout.write(dump_character(library_hero(name), file_format))
        return
    if as_json or file_format == "json":
        print_json([{"name": hero.name, "rank": hero.rank,
                     "powers": [{"name": p.name, "category": p.category.value, "modifier": p.modifier}
                                for p in hero.powers]}
                    for hero in map(library_hero, library_names())])
        return
    table = Table(title=_("Heroes of the rulebook"))
    for title in (_("Name"), _("Rank"), _("Powers")):
        table.add_column(title)
    for hero_name in library_names():
        hero = library_hero(hero_name)
        powers = ", ".join(f"{p.name} ({CATEGORY_CODES[p.category]}) {_modifier(p)}".rstrip()
                           for p in hero.powers)
        table.add_row(hero.name, str(hero.rank), powers)
    console().print(table)


def _show_archetype(item: Archetype) -> None:
    out = console()
    out.print(Text.assemble((item.title.render(), "bold"), f" ({item.key})"))
    out.print(item.description.render(), markup=False)
    codes = ", ".join(CATEGORY_CODES[c] for c in item.categories) or "—"
    out.print(_("Categories: {codes}", codes=codes), markup=False)
    out.print(_("Effects: {effects}", effects=", ".join(_(EFFECT_NAMES[e]) for e in item.effects) or "—"),
              markup=False)
    out.print(_("Example: {hero}", hero=item.hero or "—"), markup=False)


def archetypes_command(
    name: Annotated[str | None, typer.Argument(help=_("An archetype's key or name."))] = None,
) -> None:
    """Browse the power archetypes of the last chapter."""
    if name is not None:
        _show_archetype(archetype(name))
        return
    table = Table(title=_("Power archetypes"))
    for title in (_("Key"), _("Name"), _("Categories"), _("Example")):
        table.add_column(title)
    for item in ARCHETYPES:
        table.add_row(item.key, item.title.render(), ", ".join(CATEGORY_CODES[c] for c in item.categories),
                      item.hero or "—")
    console().print(table)


def register(app: typer.Typer) -> None:
    """Add the characters commands to the ``energy`` group."""
    from meneur.systems.energy.cli.ai import balance_command  # the book's verdict, and simulated fights

    commands: tuple[tuple[str, Callable[..., None], str], ...] = (
        ("check", check_command, _("Check a character against every creation rule.")),
        ("sheet", sheet_command, _("Show a character sheet.")),
        ("new", new_command, _("Build a character step by step, with the budget shown as you go.")),
        ("npc", npc_command, _("Print an NPC made by the quick formula, as a character file.")),
        ("balance", balance_command, _("Weigh an encounter against the book's guideline.")),
        ("library", library_command, _("List the rulebook's heroes, or print one hero's character file.")),
        ("archetypes", archetypes_command, _("Browse the power archetypes of the last chapter.")),
    )
    for name, command, help_text in commands:
        app.command(name, help=help_text)(guarded(command))
