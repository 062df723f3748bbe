"""``meneur energy sheet`` and ``archetypes``: a character sheet and the power archetypes, as the book
words them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated

import typer

from meneur.cli.output import console, print_json
from meneur.i18n import Translator
from meneur.systems.energy.check_report import print_budgets, problem_line
from meneur.systems.energy.cli.characters import modifier_text
from meneur.systems.energy.costs import power_cost
from meneur.systems.energy.model import Aptitude, Character, Power, Trait
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

if TYPE_CHECKING:
    from rich.console import Console

    from meneur.systems.energy.catalogue.archetypes import Archetype
    from meneur.systems.energy.validation import CharacterCheck

_ = Translator(DOMAIN)


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
        out.print(
            _(
                "Experience: {heroic} heroic XP, {aptitude} aptitude XP; points not spent yet: {hero} "
                "hero, {apt} aptitude",
                heroic=xp.heroic_xp,
                aptitude=xp.aptitude_xp,
                hero=xp.heroic_points,
                apt=xp.aptitude_points,
            ),
            markup=False,
        )
    rep = character.reputation
    if rep != type(rep)():
        out.print(
            _(
                "Notoriety: super {super}, civil {civil}; morality {morality:+d}",
                super=rep.super_notoriety,
                civil=rep.civil_notoriety,
                morality=rep.morality,
            ),
            markup=False,
        )
    if character.relations:
        out.print(
            _(
                "Relations: {relations}",
                relations=", ".join(
                    f"{r.name} {r.value:+d}" + (" (" + _("GM") + ")" if r.gm_reserved else "")
                    for r in character.relations
                ),
            ),
            markup=False,
        )
    if character.notes:
        out.print(_("Notes: {notes}", notes=character.notes), markup=False)


def _print_tables(out: Console, character: Character) -> None:
    """The powers and aptitudes tables, in the book's notation."""
    from rich.table import Table

    powers = Table(title=_("Powers"))
    # The book's notation, "Frappes instinctives (Off-C) +1": the code and the modifier together.
    powers.add_column(_("Power"), no_wrap=True)
    powers.add_column(_("Category"), no_wrap=True)
    powers.add_column(_("Cost"), justify="right")
    powers.add_column(_("Effect"), overflow="fold")
    powers.add_column(_("Details"), overflow="fold")
    for power in character.powers:
        powers.add_row(
            power.name,
            f"{CATEGORY_CODES[power.category]} {modifier_text(power)}".rstrip(),
            str(power_cost(power)),
            _effect(power),
            power.details,
        )
    out.print(powers)
    if character.aptitudes:
        aptitudes = Table(title=_("Aptitudes"))
        aptitudes.add_column(_("Aptitude"))
        aptitudes.add_column(_("Rank"), justify="right")
        for aptitude in Aptitude:
            if aptitude in character.aptitudes:
                aptitudes.add_row(_(APTITUDE_NAMES[aptitude]), str(character.aptitudes[aptitude]))
        out.print(aptitudes)


def sheet_command(
    file: Annotated[
        str,
        typer.Argument(help=_("Character file (YAML or JSON), '-' or a library hero."), metavar=_("FILE")),
    ],
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help=_(
                "Print JSON: the file's fields under 'character', what check --json prints under 'check'."
            ),
        ),
    ] = False,
) -> None:
    """Show a character sheet."""
    from meneur.systems.energy.files import character_data, read_character
    from meneur.systems.energy.validation import validate

    character = read_character(file)
    check = validate(character)
    if as_json:
        print_json({"character": character_data(character), "check": check.to_json()})
        return
    out = console()
    _print_heading(out, character)
    _print_tables(out, character)
    _print_lists(out, character)
    _print_means(out, character)
    _print_campaign_values(character)
    print_budgets(check)
    _print_findings(out, character, check)


def _print_heading(out: Console, character: Character) -> None:
    """The name, rank, PC or NPC and maturity, then the attributes."""
    from rich.table import Table
    from rich.text import Text

    kind = _("PC") if character.pc else _("NPC")
    out.print(
        Text.assemble(
            (character.name, "bold"),
            " — "
            + _("rank {rank}", rank=character.rank)
            + f" ({kind}, "
            + _(MATURITY_NAMES[character.maturity]).lower()
            + ")",
        )
    )
    attributes = Table(title=_("Attributes"), show_header=True)
    for label in ATTRIBUTE_NAMES.values():
        attributes.add_column(_(label), justify="right")
    a = character.attributes
    attributes.add_row(str(a.energy), str(a.recovery), str(a.vigor))
    out.print(attributes)


def _print_lists(out: Console, character: Character) -> None:
    """Traits, specialties, particularities and complications, each on a line when there are any."""
    from rich.text import Text

    for title, items in (
        (_("Traits"), [_trait(t) for t in character.traits]),
        (_("Specialties"), list(character.specialties)),
        (_("Particularities"), list(character.particularities)),
        (_("Complications"), list(character.complications)),
    ):
        if items:  # user text is never read as Rich markup
            line = _("{label}: {items}", label="\0", items=", ".join(items))
            head, tail = line.split("\0", 1)
            out.print(Text.assemble(head, (title, "bold"), tail), highlight=False)


def _print_means(out: Console, character: Character) -> None:
    """Living standard, savings and debts; stress and states."""
    out.print(
        _(
            "Living standard: {standard}; savings {savings}, debts {debts}",
            standard=_(LIVING_STANDARD_NAMES[character.living_standard]),
            savings=character.savings,
            debts=character.debts,
        ),
        markup=False,
    )
    states = ", ".join(_(STATE_NAMES[s]) for s in sorted(character.states)) or _("none (states)")
    out.print(
        _("Stress: {stress}/10; states: {states}", stress=character.stress, states=states), markup=False
    )


def _print_findings(out: Console, character: Character, check: CharacterCheck) -> None:
    """What the rules completed, then every rule the character breaks."""
    if character.inferred:
        out.print(
            _(
                "Completed by the rules (not given by the book): {fields}",
                fields=_inferred(character.inferred),
            ),
            markup=False,
        )
    for problem in check.problems:
        out.print("! " + problem_line(problem), markup=False)


def _show_archetype(item: Archetype) -> None:
    from rich.text import Text

    out = console()
    out.print(Text.assemble((item.title.render(), "bold"), f" ({item.key})"))
    out.print(item.description.render(), markup=False)
    codes = ", ".join(CATEGORY_CODES[c] for c in item.categories) or "—"
    out.print(_("Categories: {codes}", codes=codes), markup=False)
    out.print(
        _("Effects: {effects}", effects=", ".join(_(EFFECT_NAMES[e]) for e in item.effects) or "—"),
        markup=False,
    )
    out.print(_("Example: {hero}", hero=item.hero or "—"), markup=False)


def archetypes_command(
    name: Annotated[
        str | None, typer.Argument(help=_("An archetype's key or name."), metavar=_("NAME"))
    ] = None,
) -> None:
    """Browse the power archetypes of the last chapter."""
    from rich.table import Table

    from meneur.systems.energy.catalogue.archetypes import ARCHETYPES, archetype

    if name is not None:
        _show_archetype(archetype(name))
        return
    table = Table(title=_("Power archetypes"))
    for title in (_("Key"), _("Name"), _("Categories"), _("Example")):
        table.add_column(title)
    for item in ARCHETYPES:
        table.add_row(
            item.key,
            item.title.render(),
            ", ".join(CATEGORY_CODES[c] for c in item.categories),
            item.hero or "—",
        )
    console().print(table)
