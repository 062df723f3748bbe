"""``meneur carpathes chronicle session|scene|clue|confront|...``: sessions, scenes and faith.

Each command reads its options, builds a command and hands it to :func:`.present.run`; the shared
runner adds ``legal``, ``undo``, ``redo``, ``log`` and ``show``. The chronicle file comes first.
"""

from pathlib import Path
from typing import Annotated

import typer

from meneur.i18n import Translator
from meneur.systems.carpathes.cli.options import file_argument, json_option, pc_option
from meneur.systems.carpathes.cli.present import run
from meneur.systems.carpathes.combat import Wound
from meneur.systems.carpathes.commands import (
    BeginConfrontation,
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
    CreatureKind,
    parse_enum,
)
from meneur.systems.carpathes.words import shown

_ = Translator("carpathes")


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
    @app.command("wound", help=_("A PC or NPC suffers a wound (read from an attack's margin)."))
    def wound_cmd(
        path: Annotated[Path, file_argument()],
        pc: Annotated[str, typer.Option("--pc", "--npc", help=_("The PC's or NPC's name."))],
        wound: Annotated[
            str, typer.Option("--wound", help=_("légère (light), sérieuse (serious) or critique (critical)."))
        ],
        as_json: Annotated[bool, json_option()] = False,
    ) -> None:
        run(
            path, lambda session: InflictWound(target=pc, wound=parse_enum(Wound, wound, _("wound"))), as_json
        )

    @app.command("care", help=_("Medical care: a serious wound no longer gives disadvantage."))
    def care_cmd(
        path: Annotated[Path, file_argument()],
        pc: Annotated[str, typer.Option("--pc", "--npc", help=_("The PC's or NPC's name."))],
        as_json: Annotated[bool, json_option()] = False,
    ) -> None:
        run(path, GiveMedicalCare(pc=pc), as_json)


def register(app: typer.Typer) -> None:
    """Add the chronicle's session, scene, confrontation, faith and wound commands to ``app``."""
    for add in (
        _register_scenes,
        _register_confrontation,
        _register_faith,
        _register_wounds,
    ):
        add(app)
