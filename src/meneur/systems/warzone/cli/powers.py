"""The powers used in a session file: ``technique`` (the next declared technique) and ``spell``,
each aimed at a target the table describes (self, a model or a point; its distance, contact, line of
sight, field of fire and the target priority rules).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from meneur.cli.sessions import fail, play
from meneur.errors import BadInputError, MeneurError
from meneur.i18n import N_, Message, Translator
from meneur.i18n.words import fold, member
from meneur.systems.warzone.cli import options as o
from meneur.systems.warzone.cli.present import KEY, presenter
from meneur.systems.warzone.model import SELF_WORDS, TARGET_WORDS, TargetKind
from meneur.systems.warzone.reach import MAX_DISTANCE

_ = Translator("warzone")
D = "warzone"
TARGET_HELP = N_("Check the target against the range: self, model or point.")


def _target(
    kind: str | None,
    distance: float | None,
    contact: bool,
    no_sight: bool,
    outside: bool,
    priority: tuple[bool, bool] = (False, False),
) -> dict[str, Any] | None:
    friendly, against = priority
    if kind is None and distance is None and not (contact or no_sight or outside or friendly or against):
        return None
    is_self = kind is not None and fold(kind) in SELF_WORDS
    read = None if kind is None or is_self else member(TargetKind, kind, TARGET_WORDS)
    if kind is not None and not is_self and read is None:
        raise BadInputError(
            Message(D, N_("Unknown target '{value}': give self, model or point."), {"value": kind})
        )
    return {
        "kind": "point" if read is TargetKind.POINT else "model",
        "is_self": is_self,
        "in_contact": contact,
        "distance": distance,
        "in_line_of_sight": not no_sight,
        "in_field_of_fire": not outside,
        "friendly": friendly,
        "priority_respected": not against,
    }


def _aimed(name: str, fields: dict[str, Any], target: tuple[Any, ...], as_json: bool) -> dict[str, Any]:
    try:
        aim = _target(*target)
    except MeneurError as error:
        fail(error, as_json)
    return {name: {**{k: v for k, v in fields.items() if v is not None}, "target": aim}}


def _target_options() -> dict[str, Any]:
    """The options saying what the table sees of the target, for techniques and spells."""
    return {
        "target": typer.Option(None, "--target", help=_(TARGET_HELP)),
        "distance": typer.Option(
            None,
            "--distance",
            callback=o.within(0, MAX_DISTANCE),
            help=_("Distance to the target in inches."),
        ),
        "contact": typer.Option(False, "--contact", help=_("The target model is in base contact.")),
        "no_sight": typer.Option(
            False, "--no-sight", help=_("The target is out of the user's line of sight.")
        ),
        "outside": typer.Option(
            False, "--outside-fire", help=_("The target model is outside the user's field of fire.")
        ),
        "friendly": typer.Option(
            False,
            "--friendly",
            help=_("The target is a friendly model (target priority binds powers aimed at enemy models)."),
        ),
        "against": typer.Option(
            False, "--against-priority", help=_("The target priority rules do not allow this enemy model.")
        ),
    }


def register_powers(app: typer.Typer) -> None:
    """Add ``technique`` and ``spell``."""
    t = _target_options()

    @app.command("technique", help=_("Test the next declared technique."))
    def technique_command(
        state: Path = o.file_argument(),  # noqa: B008
        target: str | None = t["target"],
        distance: float | None = t["distance"],
        contact: bool = t["contact"],
        no_sight: bool = t["no_sight"],
        outside: bool = t["outside"],
        friendly: bool = t["friendly"],
        against: bool = t["against"],
        model: str | None = o.model(),
        dice: str | None = o.dice(),
        seed: int | None = o.seed(),
        as_json: bool = o.as_json(),
    ) -> None:
        aim = (target, distance, contact, no_sight, outside, (friendly, against))
        wire = _aimed("technique", {"model": model}, aim, as_json)
        play(state, KEY, wire, presenter(), as_json=as_json, seed=seed, dice=dice)

    @app.command("spell", help=_("Use a spell with the actions it costs."))
    def spell_command(
        state: Path = o.file_argument(),  # noqa: B008
        name: str = typer.Argument(..., metavar=_("NAME"), help=_("The spell's name.")),
        close_combat: bool = typer.Option(False, "--close-combat", help=_("The model is in close combat.")),
        target: str | None = t["target"],
        distance: float | None = t["distance"],
        contact: bool = t["contact"],
        no_sight: bool = t["no_sight"],
        outside: bool = t["outside"],
        friendly: bool = t["friendly"],
        against: bool = t["against"],
        model: str | None = o.model(),
        dice: str | None = o.dice(),
        seed: int | None = o.seed(),
        as_json: bool = o.as_json(),
    ) -> None:
        fields = {"name": name, "in_close_combat": close_combat, "model": model}
        aim = (target, distance, contact, no_sight, outside, (friendly, against))
        wire = _aimed("spell", fields, aim, as_json)
        play(state, KEY, wire, presenter(), as_json=as_json, seed=seed, dice=dice)
