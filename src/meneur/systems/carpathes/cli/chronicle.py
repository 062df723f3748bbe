"""``meneur carpathes chronicle new|add-pc|session|scene|...``: the chronicle's cast and scenes.

Each command reads its options, builds a command and hands it to :func:`.present.run`; the shared
runner adds ``legal``, ``undo``, ``redo``, ``log`` and ``show``. The chronicle file comes first.
"""

from pathlib import Path
from typing import Annotated

import typer
from pydantic import ValidationError

from meneur.cli.sessions import create, fail
from meneur.errors import MeneurError
from meneur.i18n import N_, Message, Translator
from meneur.systems.carpathes.cli.options import file_argument, json_option, pc_option
from meneur.systems.carpathes.cli.present import KEY, presenter, run
from meneur.systems.carpathes.cli.words import bad, parse_talents
from meneur.systems.carpathes.combat import Wound
from meneur.systems.carpathes.commands import (
    AddCharacter,
    BeginConfrontation,
    Command,
    DoPenance,
    EndConfrontation,
    EstablishSacredObject,
    GiveClue,
    GiveMedicalCare,
    InflictWound,
    Recollect,
    StartScene,
    StartSession,
    Teach,
)
from meneur.systems.carpathes.model import (
    BONUS_MAX,
    TRAIT_MAX,
    TRAIT_MIN,
    Character,
    CreatureKind,
    Faith,
    TableOptions,
    check_range,
    parse_enum,
)
from meneur.systems.carpathes.words import shown

_ = Translator("carpathes")
CLUES_MAX = 99


def _register_new(app: typer.Typer) -> None:
    @app.command("new", help=_("Create an empty chronicle file."))
    def new_cmd(
        path: Annotated[Path, file_argument()],
        until_penance: Annotated[
            bool,
            typer.Option(
                "--until-penance",
                help=_(
                    "Table option: shaken faith gives disadvantage in every supernatural confrontation"
                    " until penance, not only the next one (also --cracked-until-penance)."
                ),
            ),
        ] = False,
        until_penance_long: Annotated[bool, typer.Option("--cracked-until-penance", hidden=True)] = False,
        any_object: Annotated[
            bool,
            typer.Option(
                "--any-object",
                help=_(
                    "Table option: accept a Talisman object never established as sacred (also"
                    " --allow-unestablished-objects)."
                ),
            ),
        ] = False,
        any_object_long: Annotated[bool, typer.Option("--allow-unestablished-objects", hidden=True)] = False,
        disadvantage_wins: Annotated[
            bool,
            typer.Option(
                "--disadvantage-wins",
                help=_(
                    "Table option: when advantage and disadvantage both apply, disadvantage wins instead of"
                    " cancelling out."
                ),
            ),
        ] = False,
        serious_only: Annotated[
            bool,
            typer.Option(
                "--serious-only",
                help=_(
                    "Table option: only a serious wound gives disadvantage until medical care, not a critical"
                    " one (also --critical-wound-no-disadvantage)."
                ),
            ),
        ] = False,
        serious_only_long: Annotated[
            bool, typer.Option("--critical-wound-no-disadvantage", hidden=True)
        ] = False,
        clues: Annotated[
            int,
            typer.Option(
                "--clues-per-scene",
                help=_("Table option: the most supernatural clues in a scene (0: no limit)."),
            ),
        ] = 3,
        force: Annotated[bool, typer.Option("--force", help=_("Overwrite an existing file."))] = False,
        as_json: Annotated[bool, json_option()] = False,
    ) -> None:
        def options() -> TableOptions:
            check_range(Message("carpathes", N_("The number of clues per scene")), clues, 0, CLUES_MAX)
            return TableOptions(
                cracked_disadvantage_until_penance=until_penance or until_penance_long,
                require_established_object=not (any_object or any_object_long),
                supernatural_clues_per_scene=clues or None,
                advantage_cancels_disadvantage=not disadvantage_wins,
                critical_wound_disadvantage=not (serious_only or serious_only_long),
            )

        try:
            setup = {"options": options().model_dump(mode="json")}
        except MeneurError as error:
            fail(error, as_json)
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
            talents=parse_talents(talents),
            trade=trade,
            hobby=hobby,
            faith=Faith.ATHEIST if atheist else Faith.BELIEVER,
            sacred_objects=tuple(objects),
            equipment_bonus=equipment,
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
            list[str] | None, typer.Option("--talent", help=_("NAME=BONUS, repeatable."))
        ] = None,
        trade: Annotated[str, typer.Option("--trade", help=_("Trade (métier)."))] = "",
        hobby: Annotated[str, typer.Option("--hobby", help=_("Hobby."))] = "",
        atheist: Annotated[bool, typer.Option("--atheist", help=_("Declared atheist at creation."))] = False,
        objects: Annotated[
            list[str] | None,
            typer.Option(
                "--sacred-object", help=_("A sacred object established in the fiction, repeatable.")
            ),
        ] = None,
        equipment: Annotated[int, typer.Option("--equipment", help=_("Equipment bonus to Défense."))] = 0,
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
                )
            )

        run(path, build, as_json)


def _register_scenes(app: typer.Typer) -> None:
    @app.command("session", help=_("Start a new session (recharges every Joker)."))
    def session_cmd(
        path: Annotated[Path, file_argument()], as_json: Annotated[bool, json_option()] = False
    ) -> None:
        run(path, StartSession(), as_json)

    @app.command("scene", help=_("Start a new scene."))
    def scene_cmd(
        path: Annotated[Path, file_argument()],
        after_night: Annotated[
            bool, typer.Option("--after-night", help=_("A night has passed since the previous scene."))
        ] = False,
        as_json: Annotated[bool, json_option()] = False,
    ) -> None:
        run(path, StartScene(after_night=after_night), as_json)

    @app.command(
        "clue", help=_("Give a supernatural clue (« Trois indices surnaturels par scène, pas plus »).")
    )
    def clue_cmd(
        path: Annotated[Path, file_argument()],
        text: Annotated[str, typer.Option("--text", help=_("What the players notice."))] = "",
        as_json: Annotated[bool, json_option()] = False,
    ) -> None:
        run(path, GiveClue(text=text), as_json)


def _register_confrontation(app: typer.Typer) -> None:
    kinds = shown("CreatureKind", [k.value for k in CreatureKind])

    @app.command("confront", help=_("Begin a confrontation with a creature."))
    def confront_cmd(
        path: Annotated[Path, file_argument()],
        creature: Annotated[
            str, typer.Option("--creature", help=_("The creature: {choices}.", choices=kinds))
        ],
        unconfirmed: Annotated[
            bool, typer.Option("--unconfirmed", help=_("The supernatural is only suspected, not confirmed."))
        ] = False,
        as_json: Annotated[bool, json_option()] = False,
    ) -> None:
        run(
            path,
            lambda session: BeginConfrontation(
                creature=parse_enum(CreatureKind, creature, _("creature")), confirmed=not unconfirmed
            ),
            as_json,
        )

    @app.command("end-confrontation", help=_("End the confrontation in progress."))
    def end_cmd(
        path: Annotated[Path, file_argument()], as_json: Annotated[bool, json_option()] = False
    ) -> None:
        run(path, EndConfrontation(), as_json)


def _register_faith(app: typer.Typer) -> None:
    @app.command("recollect", help=_("A PC prays or meditates (may recharge the Talisman)."))
    def recollect_cmd(
        path: Annotated[Path, file_argument()],
        pc: Annotated[str, pc_option()],
        as_json: Annotated[bool, json_option()] = False,
    ) -> None:
        run(path, Recollect(pc=pc), as_json)

    @app.command("teach", help=_("A believing PC instructs an atheist PC in play."))
    def teach_cmd(
        path: Annotated[Path, file_argument()],
        pc: Annotated[str, pc_option()],
        teacher: Annotated[str, typer.Option("--teacher")],
        as_json: Annotated[bool, json_option()] = False,
    ) -> None:
        run(path, Teach(pc=pc, teacher=teacher), as_json)

    @app.command("penance", help=_("A scene of sincere penance restores shaken faith."))
    def penance_cmd(
        path: Annotated[Path, file_argument()],
        pc: Annotated[str, pc_option()],
        as_json: Annotated[bool, json_option()] = False,
    ) -> None:
        run(path, DoPenance(pc=pc), as_json)

    @app.command(
        "establish",
        help=_("Establish an object as sacred in the fiction for a PC (outside a confrontation)."),
    )
    def establish_cmd(
        path: Annotated[Path, file_argument()],
        pc: Annotated[str, pc_option()],
        sacred_object: Annotated[str, typer.Option("--object", help=_("The sacred object presented."))],
        as_json: Annotated[bool, json_option()] = False,
    ) -> None:
        run(path, EstablishSacredObject(pc=pc, sacred_object=sacred_object), as_json)


def _register_wounds(app: typer.Typer) -> None:
    @app.command("wound", help=_("A PC suffers a wound (read from an attack's margin)."))
    def wound_cmd(
        path: Annotated[Path, file_argument()],
        pc: Annotated[str, pc_option()],
        wound: Annotated[
            str, typer.Option("--wound", help=_("légère (light), sérieuse (serious) or critique (critical)."))
        ],
        as_json: Annotated[bool, json_option()] = False,
    ) -> None:
        run(path, lambda session: InflictWound(pc=pc, wound=parse_enum(Wound, wound, _("wound"))), as_json)

    @app.command("care", help=_("Medical care: a serious wound no longer gives disadvantage."))
    def care_cmd(
        path: Annotated[Path, file_argument()],
        pc: Annotated[str, pc_option()],
        as_json: Annotated[bool, json_option()] = False,
    ) -> None:
        run(path, GiveMedicalCare(pc=pc), as_json)


def register(app: typer.Typer) -> None:
    """Add the chronicle's cast, session, scene, faith and wound commands to ``app``."""
    for add in (
        _register_new,
        _register_add_pc,
        _register_scenes,
        _register_confrontation,
        _register_faith,
        _register_wounds,
    ):
        add(app)
