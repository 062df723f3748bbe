"""The campaign's commands on stress and states, and the registration of every character command.

Each reads its arguments (the book's words or the keys), builds one command of
:mod:`meneur.systems.energy.campaign.commands` and hands it to the runner; the core decides.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer

from meneur.errors import BadInputError
from meneur.i18n import N_, Message, Translator
from meneur.systems.energy.cli.campaign_fight import hand_back
from meneur.systems.energy.cli.campaign_file import DOMAIN, File, Json, Name, guarded_json, run
from meneur.systems.energy.cli.campaign_sheet import (
    buy,
    debt,
    relation,
    repay,
    reputation,
    savings,
    standard,
    xp_award,
    xp_improve,
    xp_spend,
)
from meneur.systems.energy.cli.options import bounded
from meneur.systems.energy.cli.words import enum_word

_ = Translator(DOMAIN)


def flow_command(wire: str) -> Callable[..., None]:
    """``session start`` and the others: a command with nothing to say but the file."""

    def command(path: File, as_json: Json = False) -> None:
        run(path, wire, as_json)

    return guarded_json(command)


def scene_command() -> Callable[..., None]:
    """``scene FILE``: start a scene (a scene only starts: it ends when the next one starts, or with
    the session); ``scene start FILE``, the form of ``session start``, is read the same way."""

    def command(
        words: Annotated[
            list[str], typer.Argument(help=_("Campaign file (.json or .yaml)."), metavar=_("FILE"))
        ],
        as_json: Json = False,
    ) -> None:
        if len(words) == 2 and words[0] == "start":
            words = words[1:]
        if len(words) != 1:
            raise BadInputError(Message(DOMAIN, N_("scene takes the campaign file: scene FILE.")))
        run(Path(words[0]), "start_scene", as_json)

    return guarded_json(command)


def stress_add(
    path: File,
    name: Name,
    as_json: Json = False,
    boxes: Annotated[int, typer.Option(help=_("Stress boxes (1 or 2)."), callback=bounded(1, 2))] = 1,
) -> None:
    from meneur.systems.energy.campaign.commands import AddStress

    run(path, AddStress(character=name, boxes=boxes), as_json)


def stress_relieve(
    path: File,
    name: Name,
    reason: Annotated[
        str,
        typer.Argument(help=_("exutoire or scène d'équipe (keys: outlet, team_scene)"), metavar=_("REASON")),
    ],
    as_json: Json = False,
) -> None:
    from meneur.systems.energy.campaign.commands import RelieveStress
    from meneur.systems.energy.campaign.narration import RELIEF_NAMES
    from meneur.systems.energy.campaign.stress import Relief

    key = enum_word(Relief, reason, N_("reason"), RELIEF_NAMES, keys=(Relief.OUTLET, Relief.TEAM_SCENE))
    run(path, RelieveStress(character=name, reason=key), as_json)


def stress_spend(
    path: File,
    name: Name,
    use: Annotated[
        str,
        typer.Argument(
            help=_("action d'éclat, détermination or se dépasser (keys: feat, determination, surpass)"),
            metavar=_("USE"),
        ),
    ],
    power: Annotated[str | None, typer.Option(help=_("Power (feat)."))] = None,
    category: Annotated[str | None, typer.Option(help=_("Extra category (feat)."))] = None,
    as_json: Json = False,
) -> None:
    from meneur.systems.energy.campaign.commands import SpendStress
    from meneur.systems.energy.campaign.stress import USE_NAMES, StressUse
    from meneur.systems.energy.model import PowerCategory
    from meneur.systems.energy.names import CATEGORY_NAMES

    kind = enum_word(StressUse, use, N_("use"), USE_NAMES)
    extra = enum_word(PowerCategory, category, N_("category"), CATEGORY_NAMES, "energy") if category else None
    run(path, SpendStress(character=name, use=kind, power=power, category=extra), as_json)


def stress_return(path: File, name: Name, as_json: Json = False) -> None:
    from meneur.systems.energy.campaign.commands import BringBack

    run(path, BringBack(character=name), as_json)


def state_add(
    path: File,
    name: Name,
    which: Annotated[
        str, typer.Argument(help=_("épuisé or blessé (or the keys exhausted, wounded)"), metavar=_("STATE"))
    ],
    as_json: Json = False,
) -> None:
    from meneur.systems.energy.campaign.commands import InflictState
    from meneur.systems.energy.campaign.states import STATE_NAMES
    from meneur.systems.energy.model import State

    key = enum_word(State, which, N_("state"), STATE_NAMES, keys=(State.EXHAUSTED, State.WOUNDED))
    run(path, InflictState(character=name, state=key), as_json)


def state_recover(
    path: File,
    name: Name,
    how: Annotated[
        str,
        typer.Argument(
            help=_("sommeil, pouvoir de soin or infirmerie (keys: sleep, healing_power, infirmary)"),
            metavar=_("MEANS"),
        ),
    ],
    as_json: Json = False,
) -> None:
    from meneur.i18n.words import fold
    from meneur.systems.energy.campaign.commands import RecoverState
    from meneur.systems.energy.campaign.narration import RECOVERY_NAMES
    from meneur.systems.energy.cli.words import choice

    how = {"infirmerie": "infirmary", "soin": "healing_power"}.get(fold(how), how)  # the short words
    words = {k: Message(DOMAIN, v) for k, v in RECOVERY_NAMES.items()}
    key = choice(how, list(RECOVERY_NAMES), N_("recovery"), words)
    run(path, RecoverState.model_validate({"character": name, "how": key}), as_json)


Verbs = tuple[tuple[str, Callable[..., None], str], ...]
_GROUPS: dict[str, tuple[str, Verbs]] = {
    "stress": (
        N_("Stress: add, relieve, spend, bring back."),
        (
            ("add", stress_add, N_("The GM gives stress boxes (at most 2 per scene).")),
            (
                "relieve",
                stress_relieve,
                N_("Erase a box: outlet or team scene (each once per session); French words or keys."),
            ),
            ("spend", stress_spend, N_("Check a box: feat, determination or surpass; French words or keys.")),
            ("return", stress_return, N_("Bring a broken character back.")),
        ),
    ),
    "state": (
        N_("States: add exhausted or wounded, recover."),
        (
            (
                "add",
                state_add,
                N_("Give exhausted (épuisé) or wounded (blessé); wounded twice: incapacitated."),
            ),
            (
                "recover",
                state_recover,
                N_("Recover: sleep, healing power or infirmary; French words or keys."),
            ),
        ),
    ),
    "xp": (
        N_("Experience: award at the end of a session, spend points."),
        (
            ("award", xp_award, N_("End-of-session experience for one character.")),
            ("spend", xp_spend, N_("Spend points: give the improved character file.")),
            (
                "improve",
                xp_improve,
                N_("Spend points on one step: an attribute, a power, a trait, a new power or trait."),
            ),
        ),
    ),
}
_SINGLE: Verbs = (
    (
        "reputation",
        reputation,
        N_("Move notoriété de super, notoriété civile or moralité up or down by 1 (keys accepted too)."),
    ),
    ("relation", relation, N_("Move a relation up or down by 1, or add one with --new VALUE.")),
    ("buy", buy, N_("Buy a good of a living standard with savings boxes.")),
    ("savings", savings, N_("Gain savings boxes.")),
    ("debt", debt, N_("Borrow savings boxes (two debt boxes each).")),
    ("repay", repay, N_("Repay debt boxes with savings boxes.")),
    ("standard", standard, N_("The GM changes a living standard.")),
    (
        "hand-back",
        hand_back,
        N_("Hand an ended fight's file back to the campaign: wounded, stress boxes checked in it."),
    ),
)


def register(campaign: typer.Typer) -> None:
    """Add the character commands to the ``campaign`` group."""
    for group, (group_help, verbs) in _GROUPS.items():
        sub = typer.Typer(no_args_is_help=True, help=_(group_help))
        for verb, function, verb_help in verbs:
            sub.command(verb, help=_(verb_help))(guarded_json(function))
        campaign.add_typer(sub, name=group)
    for verb, function, verb_help in _SINGLE:
        campaign.command(verb, help=_(verb_help))(guarded_json(function))
