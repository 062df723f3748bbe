"""``meneur carpathes chronicle roll|talisman|joker|initiative|round``: what happens in a scene.

Rolls take ``--dice a,b,c`` (the dice rolled at the table) or ``--seed N``; entered dice that do
not fit the roll are refused with the number it uses. The rules are the core's.
"""

from pathlib import Path
from typing import Annotated, Literal, cast

import typer

from meneur.i18n import N_, Message, Translator
from meneur.i18n.words import items
from meneur.systems.carpathes.catalogue import WeaponKey
from meneur.systems.carpathes.cli.options import (
    ATTACK_OPTIONS,
    advantage_option,
    dice_option,
    disadvantage_option,
    file_argument,
    json_option,
    pc_option,
    seed_option,
    weapon_option,
)
from meneur.systems.carpathes.cli.present import run
from meneur.systems.carpathes.cli.words import bad, parse_npc
from meneur.systems.carpathes.commands import (
    InvokeTalisman,
    MakeAttack,
    MakeRoll,
    NextRound,
    RollInitiative,
    UseJoker,
)
from meneur.systems.carpathes.events import PURPOSES, Purpose
from meneur.systems.carpathes.model import BONUS_MAX, BONUS_MIN, Trait, check_range, parse_enum
from meneur.systems.carpathes.words import key_for

_ = Translator("carpathes")


def _roll_command(
    pc: str,
    trait: str,
    talent: str | None,
    modes: tuple[bool, bool],
    purpose: str,
    peril: bool,
    background: tuple[bool, bool],
) -> MakeRoll:
    aim = key_for("Purpose", purpose, list(PURPOSES))
    if aim is None:
        raise bad(
            N_("Unknown purpose '{value}'; choose action, protection or attaque (attack)."), value=purpose
        )
    trade, hobby = background
    chosen: Literal["trade", "hobby"] | None = "trade" if trade else "hobby" if hobby else None
    return MakeRoll(
        pc=pc,
        trait=parse_enum(Trait, trait, _("trait")),
        talent=talent,
        advantage=modes[0],
        disadvantage=modes[1],
        purpose=cast(Purpose, aim),
        peril=peril,
        background=chosen,
    )


def _register_roll(app: typer.Typer) -> None:
    @app.command("roll", help=_("A PC rolls 2D6 + Trait."))
    def roll_cmd(
        path: Annotated[Path, file_argument()],
        pc: Annotated[str, pc_option()],
        trait: Annotated[
            str,
            typer.Option(
                "--trait", help=_("The trait's name: mental, physique or social (the PC's value is used).")
            ),
        ],
        talent: Annotated[str | None, typer.Option("--talent", help=_("A talent of the PC."))] = None,
        advantage: Annotated[bool, advantage_option()] = False,
        disadvantage: Annotated[bool, disadvantage_option()] = False,
        purpose: Annotated[
            str, typer.Option("--purpose", help=_("action, protection or attaque (attack)."))
        ] = "action",
        peril: Annotated[
            bool, typer.Option("--peril", help=_("The roll puts the PC in direct peril."))
        ] = False,
        trade: Annotated[
            bool, typer.Option("--trade", help=_("The PC's trade is relevant: advantage."))
        ] = False,
        hobby: Annotated[
            bool, typer.Option("--hobby", help=_("The PC's hobby is relevant: advantage."))
        ] = False,
        dice: Annotated[str | None, dice_option()] = None,
        seed: Annotated[int | None, seed_option()] = None,
        as_json: Annotated[bool, json_option()] = False,
    ) -> None:
        modes, background = (advantage, disadvantage), (trade, hobby)
        run(
            path,
            lambda session: _roll_command(pc, trait, talent, modes, purpose, peril, background),
            as_json,
            seed,
            dice,
        )


def _register_talisman(app: typer.Typer) -> None:
    @app.command("talisman", help=_("Invoke the Talisman de Foi on the PC's last roll."))
    def talisman_cmd(
        path: Annotated[Path, file_argument()],
        pc: Annotated[str, pc_option()],
        sacred_object: Annotated[str, typer.Option("--object", help=_("The sacred object presented."))],
        sincere: Annotated[
            bool, typer.Option("--sincere/--insincere", help=_("The GM's judgement of the word of faith."))
        ],
        as_json: Annotated[bool, json_option()] = False,
    ) -> None:
        run(path, InvokeTalisman(pc=pc, sacred_object=sacred_object, sincere=sincere), as_json)

    @app.command("joker", help=_("Play the Joker du destin: reroll the PC's last roll."))
    def joker_cmd(
        path: Annotated[Path, file_argument()],
        pc: Annotated[str, pc_option()],
        dice: Annotated[str | None, dice_option()] = None,
        seed: Annotated[int | None, seed_option()] = None,
        as_json: Annotated[bool, json_option()] = False,
    ) -> None:
        run(path, UseJoker(pc=pc), as_json, seed, dice)


def _register_initiative(app: typer.Typer) -> None:
    @app.command("initiative", help=_("Roll the scene's initiative for every PC and NPC."))
    def initiative_cmd(
        path: Annotated[Path, file_argument()],
        npcs: Annotated[
            list[str] | None,
            typer.Option(
                "--npc",
                help=_(
                    "NPCs, NAME:PHYSIQUE[:talent=N] or the NAME of an NPC of the chronicle, separated by"
                    " commas."
                ),
            ),
        ] = None,
        surprise: Annotated[
            list[str] | None,
            typer.Option(
                "--surprise", help=_("Combatants who whispered a surprise attack, separated by commas.")
            ),
        ] = None,
        off_guard: Annotated[
            list[str] | None,
            typer.Option("--off-guard", help=_("Combatants caught off guard, separated by commas.")),
        ] = None,
        dice: Annotated[str | None, dice_option()] = None,
        seed: Annotated[int | None, seed_option()] = None,
        as_json: Annotated[bool, json_option()] = False,
    ) -> None:
        def build(session: object) -> RollInitiative:
            return RollInitiative(
                npcs=tuple(parse_npc(spec) for spec in items(npcs)),
                surprise=tuple(items(surprise)),
                off_guard=tuple(items(off_guard)),
            )

        run(path, build, as_json, seed, dice)

    @app.command("round", help=_("Start the next round of the scene's combat."))
    def round_cmd(
        path: Annotated[Path, file_argument()], as_json: Annotated[bool, json_option()] = False
    ) -> None:
        run(path, NextRound(), as_json)


def _register_attack(app: typer.Typer) -> None:
    @app.command(
        "attack",
        help=_(
            "A PC or NPC attacks another: 2D6 + Physique + weapon bonus against the target's Défense;"
            " the wound is recorded on the target."
        ),
    )
    def attack_cmd(
        path: Annotated[Path, file_argument()],
        attacker: Annotated[str, typer.Option("--attacker", help=_("The attacking PC or NPC."))],
        target: Annotated[str, typer.Option("--target", help=_("The PC or NPC attacked."))],
        weapon: Annotated[str, weapon_option()] = "bare_hands",
        weapon_bonus: Annotated[int, ATTACK_OPTIONS("weapon_bonus")] = 0,
        identified: Annotated[bool, ATTACK_OPTIONS("identified")] = False,
        sleeping: Annotated[bool, ATTACK_OPTIONS("sleeping")] = False,
        advantage: Annotated[bool, advantage_option()] = False,
        disadvantage: Annotated[bool, disadvantage_option()] = False,
        dice: Annotated[str | None, dice_option()] = None,
        seed: Annotated[int | None, seed_option()] = None,
        as_json: Annotated[bool, json_option()] = False,
    ) -> None:
        def build(session: object) -> MakeAttack:
            check_range(Message("carpathes", N_("The weapon bonus")), weapon_bonus, BONUS_MIN, BONUS_MAX)
            return MakeAttack(
                attacker=attacker,
                target=target,
                weapon=parse_enum(WeaponKey, weapon, _("weapon")),
                weapon_bonus=weapon_bonus,
                identified=identified,
                sleeping=sleeping,
                advantage=advantage,
                disadvantage=disadvantage,
            )

        run(path, build, as_json, seed, dice)


def register(app: typer.Typer) -> None:
    """Add the scene's rolls, attacks, Talisman, Joker, initiative and rounds to ``app``."""
    for add in (_register_roll, _register_attack, _register_talisman, _register_initiative):
        add(app)
