"""The campaign's commands on what a character earns and owns: experience, reputation, relations,
savings, debts and living standard.

Each reads its arguments (the book's words or the keys), builds one command of
:mod:`meneur.systems.energy.campaign.commands` and hands it to the runner; the core decides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from meneur.i18n import N_, Message, Translator
from meneur.i18n.words import items
from meneur.systems.energy.cli.campaign_file import DOMAIN, File, Json, Name, run
from meneur.systems.energy.cli.options import MAX_COUNT, bounded
from meneur.systems.energy.cli.words import K, enum_word, mixed, step

if TYPE_CHECKING:
    from meneur.systems.energy.model import LivingStandard

_ = Translator(DOMAIN)


def _boxes(help_text: str) -> typer.models.ArgumentInfo:
    info: typer.models.ArgumentInfo = typer.Argument(
        help=_(help_text), metavar=_("NUMBER"), callback=bounded(1, MAX_COUNT)
    )
    return info


def xp_award(
    path: File,
    name: Name,
    heroic: Annotated[
        list[str] | None,
        typer.Option(help=_("survived, success, high stakes (keys: survived, success, high_stakes)")),
    ] = None,
    aptitude: Annotated[
        list[str] | None,
        typer.Option(help=_("survived, used aptitudes, learned (keys: survived, used_aptitudes, learned)")),
    ] = None,
    bonus: Annotated[
        list[str] | None,
        typer.Option(help=_("effort outside the game, complication (keys: outside_work, complication)")),
    ] = None,
    as_json: Json = False,
) -> None:
    from meneur.systems.energy.campaign.commands import AwardExperience
    from meneur.systems.energy.campaign.experience import (
        CRITERION_WORDS,
        AptitudeCriterion,
        Bonus,
        HeroicCriterion,
    )

    def read(kind: type[K], values: list[str] | None, what: str) -> tuple[K, ...]:
        words: dict[K, str] = {m: CRITERION_WORDS[m] for m in kind}
        return tuple(enum_word(kind, v, what, words) for v in items(values))

    run(
        path,
        AwardExperience(
            character=name,
            heroic=read(HeroicCriterion, heroic, N_("criterion")),
            aptitude=read(AptitudeCriterion, aptitude, N_("criterion")),
            bonuses=read(Bonus, bonus, N_("bonus")),
        ),
        as_json,
    )


def xp_spend(
    path: File,
    name: Name,
    improved: Annotated[str, typer.Argument(help=_("The improved character file."), metavar=_("FILE"))],
    as_json: Json = False,
) -> None:
    from meneur.systems.energy.campaign.commands import SpendPoints
    from meneur.systems.energy.files import read_character

    run(path, SpendPoints(character=name, improved=read_character(improved)), as_json)


def xp_improve(
    path: File,
    name: Name,
    attribute: Annotated[
        str | None, typer.Option(help=_("An attribute one point more: énergie, récupération, vigueur."))
    ] = None,
    power: Annotated[str | None, typer.Option(help=_("A power reinforced by +1 (its name)."))] = None,
    trait: Annotated[str | None, typer.Option(help=_("A trait's bonus +1 (its name)."))] = None,
    new_power: Annotated[
        str | None, typer.Option(help=_("A new power's name (with --category), bought at its base."))
    ] = None,
    category: Annotated[
        str | None, typer.Option(help=_("The new power's category: Off-C, Off-D, Def, Mov, Sup."))
    ] = None,
    new_trait: Annotated[
        str | None, typer.Option(help=_("A new trait's name (with --aptitude), bought at +1."))
    ] = None,
    aptitude: Annotated[str | None, typer.Option(help=_("The aptitude the new trait helps."))] = None,
    as_json: Json = False,
) -> None:
    from meneur.errors import BadInputError
    from meneur.systems.energy.campaign.commands import Improve
    from meneur.systems.energy.campaign.improvement import Target
    from meneur.systems.energy.cli.words import choice
    from meneur.systems.energy.model import Aptitude, PowerCategory
    from meneur.systems.energy.names import APTITUDE_NAMES, ATTRIBUTE_NAMES, CATEGORY_NAMES
    from meneur.systems.energy.names import DOMAIN as CHARACTERS

    given = {
        "--attribute": attribute,
        "--power": power,
        "--trait": trait,
        "--new-power": new_power,
        "--new-trait": new_trait,
    }
    chosen = [flag for flag, value in given.items() if value is not None]
    if not chosen:
        raise BadInputError(
            Message(
                DOMAIN,
                N_("Name one thing to improve: --attribute, --power, --trait, --new-power or --new-trait."),
            )
        )
    if len(chosen) > 1:
        mixed(chosen, N_("one thing is improved at a time"))
    if category is not None and new_power is None:
        mixed(["--category"], N_("a category goes with --new-power"))
    if aptitude is not None and new_trait is None:
        mixed(["--aptitude"], N_("an aptitude goes with --new-trait"))
    fields: dict[str, object] = {"character": name}
    if attribute is not None:
        words = {k: Message(CHARACTERS, v) for k, v in ATTRIBUTE_NAMES.items()}
        fields.update(
            target=Target.ATTRIBUTE, key=choice(attribute, list(ATTRIBUTE_NAMES), N_("attribute"), words)
        )
    elif power is not None:
        fields.update(target=Target.POWER, key=power)
    elif trait is not None:
        fields.update(target=Target.TRAIT, key=trait)
    elif new_power is not None:
        kind = None
        if category is not None:
            kind = enum_word(
                PowerCategory, category.replace("-", "_"), N_("category"), CATEGORY_NAMES, CHARACTERS
            )
        fields.update(target=Target.NEW_POWER, key=new_power, category=kind)
    else:
        helps = None
        if aptitude is not None:
            helps = enum_word(Aptitude, aptitude, N_("aptitude"), APTITUDE_NAMES, CHARACTERS)
        fields.update(target=Target.NEW_TRAIT, key=new_trait, aptitude=helps)
    run(path, Improve.model_validate(fields), as_json)


def reputation(
    path: File,
    name: Name,
    score: Annotated[
        str,
        typer.Argument(
            help=_(
                "notoriété de super, notoriété civile or moralité (keys: super_notoriety, "
                "civil_notoriety, morality)"
            ),
            metavar=_("SCORE"),
        ),
    ],
    direction: Annotated[
        str, typer.Argument(help=_("up or down (monter, baisser, +, -)"), metavar=_("DIRECTION"))
    ],
    as_json: Json = False,
) -> None:
    from meneur.systems.energy.campaign.commands import ChangeReputation
    from meneur.systems.energy.campaign.reputation import SCORE_NAMES, ReputationScore

    key = enum_word(ReputationScore, score, N_("score"), SCORE_NAMES)
    run(path, ChangeReputation(character=name, score=key, delta=step(direction)), as_json)


def relation(
    path: File,
    name: Name,
    other: Annotated[str, typer.Argument(help=_("Name of the relation."), metavar=_("NAME"))],
    direction: Annotated[
        str | None, typer.Argument(help=_("up or down (monter, baisser, +, -)"), metavar=_("DIRECTION"))
    ] = None,
    new: Annotated[
        int | None,
        typer.Option(
            "--new", help=_("Add the relation at this value."), callback=bounded(-MAX_COUNT, MAX_COUNT)
        ),
    ] = None,
    gm: Annotated[bool, typer.Option("--gm", help=_("One of the GM's three slots."))] = False,
    as_json: Json = False,
) -> None:
    from meneur.errors import BadInputError
    from meneur.systems.energy.campaign.commands import AddRelation, ChangeRelation

    if gm and new is None:
        mixed(["--gm"], N_("a relation is put in one of the GM's slots when it is added with --new"))
    if new is not None:
        run(path, AddRelation(character=name, relation=other, value=new, gm_reserved=gm), as_json)
    elif direction is None:
        raise BadInputError(Message(DOMAIN, N_("Say up or down, or --new VALUE to add the relation.")))
    else:
        run(path, ChangeRelation(character=name, relation=other, delta=step(direction)), as_json)


def _standard(text: str) -> LivingStandard:
    from meneur.systems.energy.campaign.resources import STANDARD_NAMES
    from meneur.systems.energy.model import LivingStandard

    return enum_word(LivingStandard, text, N_("living standard"), STANDARD_NAMES)


def buy(
    path: File,
    name: Name,
    standard: Annotated[
        str, typer.Argument(help=_("Living standard the good needs."), metavar=_("STANDARD"))
    ],
    item: Annotated[str, typer.Option(help=_("What is bought."))] = "",
    as_json: Json = False,
) -> None:
    from meneur.systems.energy.campaign.commands import Buy

    run(path, Buy(character=name, standard=_standard(standard), item=item), as_json)


def savings(
    path: File, name: Name, boxes: Annotated[int, _boxes(N_("Savings boxes gained."))], as_json: Json = False
) -> None:
    from meneur.systems.energy.campaign.commands import GainSavings

    run(path, GainSavings(character=name, boxes=boxes), as_json)


def debt(
    path: File,
    name: Name,
    boxes: Annotated[int, _boxes(N_("Savings boxes borrowed."))],
    as_json: Json = False,
) -> None:
    from meneur.systems.energy.campaign.commands import TakeDebt

    run(path, TakeDebt(character=name, savings=boxes), as_json)


def repay(
    path: File, name: Name, boxes: Annotated[int, _boxes(N_("Debt boxes repaid."))], as_json: Json = False
) -> None:
    from meneur.systems.energy.campaign.commands import RepayDebt

    run(path, RepayDebt(character=name, boxes=boxes), as_json)


def standard(
    path: File,
    name: Name,
    level: Annotated[str, typer.Argument(help=_("New living standard."), metavar=_("STANDARD"))],
    as_json: Json = False,
) -> None:
    from meneur.systems.energy.campaign.commands import SetLivingStandard

    run(path, SetLivingStandard(character=name, standard=_standard(level)), as_json)
