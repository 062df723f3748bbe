"""The INS/MV table file: ``new FILE``, ``being add``, ``pp spend``, ``pp recover``, and the verbs of
every session (``legal``, ``undo``, ``redo``, ``log``, ``show``), all through the shared runner."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import typer

from meneur.cli.sessions import AnySession, Lines, Presenter, add_session_verbs, create, play
from meneur.i18n import Message, Translator
from meneur.i18n.words import items
from meneur.systems.insmv.catalogue import parse_kind, rules_for
from meneur.systems.insmv.cli import options as o
from meneur.systems.insmv.cli.common import parse_talent, parse_values
from meneur.systems.insmv.commands import MAX_DAYS
from meneur.systems.insmv.events import evolve
from meneur.systems.insmv.model import MAX_NUMBER
from meneur.systems.insmv.narration import event_lines, table_lines
from meneur.systems.insmv.render import being_json

_ = Translator("insmv")
KEY = "insmv"


def _events(session: AnySession, events: Sequence[Any]) -> Lines:
    """The lines of the last command's events, each told against the table before it."""
    entries = session.entries()
    told = entries[-1].before if entries else session.state
    lines: list[Message | str] = []
    for event in events:
        lines.extend(event_lines(told, event))
        told = evolve(told, event)
    return lines


def _state_json(session: AnySession) -> dict[str, Any]:
    beings = session.state.beings
    return {
        "beings": {name: being_json(beings[name]) for name in sorted(beings)},
        "options": session.state.options.model_dump(),
    }


def presenter() -> Presenter:
    """How the INS/MV table prints: what changed, then every being's PP."""
    return Presenter(events=_events, state=lambda session: table_lines(session.state), state_json=_state_json)


def _register_table(app: typer.Typer) -> None:
    @app.command("new", help=_("Start a table file (then 'being add' brings the beings)."))
    def new_command(
        file: Path = o.file_argument(),  # noqa: B008
        keep: bool = typer.Option(
            False, "--keep-pp-on-failure", help=_("Table option: a failed power test spends no PP.")
        ),
        raw_units: bool = typer.Option(
            False, "--raw-units", help=_("Table option: opposed tests compare the bare units die.")
        ),
        force: bool = typer.Option(False, "--force", help=_("Replace an existing table file.")),
        as_json: bool = o.as_json(),
    ) -> None:
        setup = {
            "options": {
                "spend_power_points_on_failure": not keep,
                "opposed_units_include_voluntary_shift": not raw_units,
            },
            "beings": [],
        }
        create(file, KEY, setup, force=force, as_json=as_json, presenter=presenter())


def _new_being(
    name: str,
    kind: str,
    will: int,
    overrides: dict[str, int | None],
    power_points: int | None,
    sheet: tuple[list[str] | None, list[str] | None, list[str] | None],
) -> dict[str, Any]:
    """The wire form of a being brought to the table: its kind's rules less what the options change,
    and its sheet (characteristics, talents, powers) read from the options."""
    being_kind = parse_kind(kind)
    rules = rules_for(being_kind, **{key: value for key, value in overrides.items() if value is not None})
    characteristics, talents, powers = sheet
    return {
        "name": name,
        "kind": being_kind.value,
        "will": will,
        "rules": rules.model_dump(),
        "power_points": power_points,
        "characteristics": parse_values(items(characteristics)),
        "talents": [parse_talent(spec) for spec in items(talents)],
        "powers": parse_values(items(powers)),
    }


def _register_being(being_app: typer.Typer) -> None:
    @being_app.command("add", help=_("Bring a being to the table."))
    def being_add(
        file: Path = o.file_argument(),  # noqa: B008
        being: str = o.being(),
        kind: str = typer.Option(
            ..., "--kind", help=_("Kind of being (humain, ange, démon… see 'insmv kinds').")
        ),
        will: int = typer.Option(..., "--will", callback=o.within(0, MAX_NUMBER), help=_("Volonté.")),
        pp_modifier: int | None = typer.Option(
            None,
            "--pp-modifier",
            callback=o.within(-MAX_NUMBER, MAX_NUMBER),
            help=_("Added to Volonté for the PP maximum (default: the kind's)."),
        ),
        recovery: int | None = typer.Option(
            None,
            "--recovery",
            callback=o.within(0, MAX_NUMBER),
            help=_("PP recovered per 24 hours (default: the kind's)."),
        ),
        max_shift: int | None = o.max_shift(),
        power_points: int | None = typer.Option(
            None,
            "--power-points",
            callback=o.within(0, 2 * MAX_NUMBER),
            help=_("PP left now (default: the maximum)."),
        ),
        characteristics: list[str] | None = o.sheet("--characteristic"),  # noqa: B008
        talents: list[str] | None = o.sheet("--talent"),  # noqa: B008
        powers: list[str] | None = o.sheet("--power"),  # noqa: B008
        as_json: bool = o.as_json(),
    ) -> None:
        overrides = {
            "power_point_modifier": pp_modifier,
            "recovery_per_day": recovery,
            "max_voluntary_shift": max_shift,
        }
        sheet = (characteristics, talents, powers)

        def command(session: AnySession) -> dict[str, Any]:
            return {"add_being": {"being": _new_being(being, kind, will, overrides, power_points, sheet)}}

        play(file, KEY, command, presenter(), as_json=as_json)


def _register_power_points(pp_app: typer.Typer) -> None:
    @pp_app.command("spend", help=_("Spend power points on a power (refused when the pool is short)."))
    def pp_spend(
        file: Path = o.file_argument(),  # noqa: B008
        being: str = o.being(),
        cost: int = typer.Option(
            ..., "--cost", callback=o.within(1, 2 * MAX_NUMBER), help=_("PP the power costs.")
        ),
        power: str | None = typer.Option(None, "--power", help=_("The power's name.")),
        as_json: bool = o.as_json(),
    ) -> None:
        wire = {"spend": {"being": being, "cost": cost, "power": power}}
        play(file, KEY, wire, presenter(), as_json=as_json)

    @pp_app.command("recover", help=_("Recover power points over some days, never above the maximum."))
    def pp_recover(
        file: Path = o.file_argument(),  # noqa: B008
        being: str = o.being(),
        days: int = typer.Option(
            ..., "--days", callback=o.within(0, MAX_DAYS), help=_("Periods of 24 hours.")
        ),
        rest: bool = typer.Option(False, "--rest", help=_("Complete rest (at least 1 PP per 24 hours).")),
        as_json: bool = o.as_json(),
    ) -> None:
        wire = {"recover": {"being": being, "days": days, "at_rest": rest}}
        play(file, KEY, wire, presenter(), as_json=as_json)


def register(app: typer.Typer) -> None:
    """Add the table commands and the session verbs."""
    being_app = typer.Typer(no_args_is_help=True, help=_("Beings at the table (a table file)."))
    pp_app = typer.Typer(no_args_is_help=True, help=_("Power points (PP): spend and recover."))
    app.add_typer(being_app, name="being")
    app.add_typer(pp_app, name="pp")
    _register_table(app)
    _register_being(being_app)
    _register_power_points(pp_app)
    add_session_verbs(app, KEY, presenter)
