"""``meneur carpathes chronicle new|add-pc``: a chronicle's table options and its cast.

``new`` writes the file (the table options become the session's setup); ``add-pc`` adds a player
character. Each number is checked against its range at the edge, with the range in the message.
"""

from pathlib import Path
from typing import Annotated

import typer
from pydantic import ValidationError

from meneur.cli.option_table import Declared, OptionTable
from meneur.cli.sessions import create, fail
from meneur.errors import MeneurError
from meneur.i18n import N_, Message, Translator
from meneur.i18n.words import items
from meneur.systems.carpathes.cli.options import file_argument, json_option
from meneur.systems.carpathes.cli.present import KEY, presenter, run
from meneur.systems.carpathes.cli.words import bad, parse_talents
from meneur.systems.carpathes.commands import AddCharacter, AddNpc, Command
from meneur.systems.carpathes.model import (
    BONUS_MAX,
    BONUS_MIN,
    TRAIT_MAX,
    TRAIT_MIN,
    Character,
    CreatureKind,
    Faith,
    Npc,
    TableOptions,
    check_range,
    parse_enum,
)
from meneur.systems.carpathes.words import shown

_ = Translator("carpathes")
CLUES_MAX = 99


def _table_options(
    until_penance: bool, any_object: bool, disadvantage_wins: bool, serious_only: bool, clues: int
) -> TableOptions:
    check_range(Message("carpathes", N_("The number of clues per scene")), clues, 0, CLUES_MAX)
    return TableOptions(
        cracked_disadvantage_until_penance=until_penance,
        require_established_object=not any_object,
        supernatural_clues_per_scene=clues or None,
        advantage_cancels_disadvantage=not disadvantage_wins,
        critical_wound_disadvantage=not serious_only,
    )


# The chronicle's table options (``new``), one home each; the long names are hidden aliases.
TABLE_OPTIONS = OptionTable(
    _,
    {
        "until_penance": Declared(
            ("--until-penance",),
            N_(
                "Table option: shaken faith gives disadvantage in every supernatural confrontation"
                " until penance, not only the next one (also --cracked-until-penance)."
            ),
        ),
        "any_object": Declared(
            ("--any-object",),
            N_(
                "Table option: accept a Talisman object never established as sacred (also"
                " --allow-unestablished-objects)."
            ),
        ),
        "disadvantage_wins": Declared(
            ("--disadvantage-wins",),
            N_(
                "Table option: when advantage and disadvantage both apply, disadvantage wins instead of"
                " cancelling out."
            ),
        ),
        "serious_only": Declared(
            ("--serious-only",),
            N_(
                "Table option: only a serious wound gives disadvantage until medical care, not a critical"
                " one (also --critical-wound-no-disadvantage)."
            ),
        ),
        "until_penance_long": Declared(("--cracked-until-penance",), None, {"hidden": True}),
        "any_object_long": Declared(("--allow-unestablished-objects",), None, {"hidden": True}),
        "serious_long": Declared(("--critical-wound-no-disadvantage",), None, {"hidden": True}),
        "clues": Declared(
            ("--clues-per-scene",), N_("Table option: the most supernatural clues in a scene (0: no limit).")
        ),
    },
)


def _register_new(app: typer.Typer) -> None:
    t = TABLE_OPTIONS

    @app.command("new", help=_("Create an empty chronicle file."))
    def new_cmd(
        path: Annotated[Path, file_argument()],
        until_penance: Annotated[bool, t("until_penance")] = False,
        any_object: Annotated[bool, t("any_object")] = False,
        disadvantage_wins: Annotated[bool, t("disadvantage_wins")] = False,
        serious_only: Annotated[bool, t("serious_only")] = False,
        until_penance_long: Annotated[bool, t("until_penance_long")] = False,
        any_object_long: Annotated[bool, t("any_object_long")] = False,
        serious_long: Annotated[bool, t("serious_long")] = False,
        clues: Annotated[int, t("clues")] = 3,
        force: Annotated[bool, typer.Option("--force", help=_("Overwrite an existing file."))] = False,
        as_json: Annotated[bool, json_option()] = False,
    ) -> None:
        try:
            options = _table_options(
                until_penance or until_penance_long,
                any_object or any_object_long,
                disadvantage_wins,
                serious_only or serious_long,
                clues,
            )
        except MeneurError as error:
            fail(error, as_json)
        setup = {"options": options.model_dump(mode="json")}
        create(path, KEY, setup, force=force, as_json=as_json, presenter=presenter())


def _character(
    name: str,
    traits: tuple[int, int, int],
    talents: list[str],
    trade: str,
    hobby: str,
    atheist: bool,
    objects: list[str],
    equipment: int,
    initiative_talent: str | None = None,
) -> Character:
    from meneur.engine.problems import explain

    if not name.strip():
        raise bad(N_("The character's name is empty; give a name with --name."))
    for label, value in zip((N_("Mental"), N_("Physique"), N_("Social")), traits, strict=True):
        check_range(Message("carpathes", label), value, TRAIT_MIN, TRAIT_MAX)
    check_range(Message("carpathes", N_("The equipment bonus")), equipment, 0, BONUS_MAX)
    mental, physical, social = traits
    try:
        return Character(
            name=name,
            mental=mental,
            physical=physical,
            social=social,
            talents=parse_talents(items(talents)),
            trade=trade,
            hobby=hobby,
            faith=Faith.ATHEIST if atheist else Faith.BELIEVER,
            sacred_objects=tuple(items(objects)),
            equipment_bonus=equipment,
            initiative_talent=initiative_talent,
        )
    except ValidationError as error:
        raise explain(error, "add-pc") from None


def _register_add_pc(app: typer.Typer) -> None:
    @app.command("add-pc", help=_("Add a player character."))
    def add_pc_cmd(
        path: Annotated[Path, file_argument()],
        name: Annotated[str, typer.Option("--name", help=_("The PC's name (used by --pc afterwards)."))],
        mental: Annotated[int, typer.Option("--mental", help=_("The Mental trait."))],
        physical: Annotated[int, typer.Option("--physical", help=_("The Physique trait."))],
        social: Annotated[int, typer.Option("--social", help=_("The Social trait."))],
        talents: Annotated[
            list[str] | None, typer.Option("--talent", help=_("Talents, NAME=BONUS, separated by commas."))
        ] = None,
        trade: Annotated[str, typer.Option("--trade", help=_("Trade (métier)."))] = "",
        hobby: Annotated[str, typer.Option("--hobby", help=_("Hobby."))] = "",
        atheist: Annotated[bool, typer.Option("--atheist", help=_("Declared atheist at creation."))] = False,
        objects: Annotated[
            list[str] | None,
            typer.Option(
                "--sacred-object", help=_("Sacred objects established in the fiction, separated by commas.")
            ),
        ] = None,
        equipment: Annotated[int, typer.Option("--equipment", help=_("Equipment bonus to Défense."))] = 0,
        initiative_talent: Annotated[
            str | None,
            typer.Option(
                "--initiative-talent", help=_("One of the PC's talents whose bonus adds to initiative.")
            ),
        ] = None,
        as_json: Annotated[bool, json_option()] = False,
    ) -> None:
        def build(session: object) -> Command:
            return AddCharacter(
                character=_character(
                    name,
                    (mental, physical, social),
                    talents or [],
                    trade,
                    hobby,
                    atheist,
                    objects or [],
                    equipment,
                    initiative_talent,
                )
            )

        run(path, build, as_json)


def _npc(name: str, kind: str, traits: tuple[int, int, int], equipment: int, bonus: int) -> Npc:
    from meneur.engine.problems import explain

    if not name.strip():
        raise bad(N_("The character's name is empty; give a name with --name."))
    for label, value in zip((N_("Mental"), N_("Physique"), N_("Social")), traits, strict=True):
        check_range(Message("carpathes", label), value, TRAIT_MIN, TRAIT_MAX)
    check_range(Message("carpathes", N_("The equipment bonus")), equipment, 0, BONUS_MAX)
    check_range(Message("carpathes", N_("The talent bonus")), bonus, BONUS_MIN, BONUS_MAX)
    mental, physical, social = traits
    try:
        return Npc(
            name=name,
            kind=parse_enum(CreatureKind, kind, _("creature")),
            mental=mental,
            physical=physical,
            social=social,
            equipment_bonus=equipment,
            initiative_bonus=bonus,
        )
    except ValidationError as error:
        raise explain(error, "add-npc") from None


def _register_add_npc(app: typer.Typer) -> None:
    kinds = shown("CreatureKind", [k.value for k in CreatureKind])

    @app.command("add-npc", help=_("Add an NPC whose wounds the chronicle remembers."))
    def add_npc_cmd(
        path: Annotated[Path, file_argument()],
        name: Annotated[str, typer.Option("--name", help=_("The NPC's name."))],
        mental: Annotated[int, typer.Option("--mental", help=_("The Mental trait."))],
        physical: Annotated[int, typer.Option("--physical", help=_("The Physique trait."))],
        social: Annotated[int, typer.Option("--social", help=_("The Social trait."))],
        kind: Annotated[
            str, typer.Option("--kind", help=_("What it is: {choices}.", choices=kinds))
        ] = "human",
        equipment: Annotated[int, typer.Option("--equipment", help=_("Equipment bonus to Défense."))] = 0,
        bonus: Annotated[int, typer.Option("--initiative-bonus", help=_("Talent bonus to initiative."))] = 0,
        as_json: Annotated[bool, json_option()] = False,
    ) -> None:
        run(
            path,
            lambda session: AddNpc(npc=_npc(name, kind, (mental, physical, social), equipment, bonus)),
            as_json,
        )


def register(app: typer.Typer) -> None:
    """Add ``new``, ``add-pc`` and ``add-npc`` to the chronicle group."""
    _register_new(app)
    _register_add_pc(app)
    _register_add_npc(app)
