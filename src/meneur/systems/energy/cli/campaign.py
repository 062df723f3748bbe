"""``meneur energy campaign``: the campaign journal on the shared session runner.

Verbs: ``new FILE -c HERO ...``, the commands (``session start``, ``stress add``, ``xp award``...),
``export``, ``do`` (a command as ``legal`` prints it) and the runner's ``legal``, ``undo``, ``redo``,
``log`` and ``show``; every verb takes
the campaign file first and ``--json``. Each command builds one campaign command and hands it to
:func:`meneur.cli.sessions.play`: the rules, the file and the log live in the core and the engine.
Nothing here imports the campaign's rules until a command runs.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer

from meneur.cli.output import guarded
from meneur.cli.sessions import Presenter, add_session_verbs, create
from meneur.i18n import N_, Message
from meneur.i18n.words import items
from meneur.systems.energy.cli import campaign_play
from meneur.systems.energy.cli.campaign_file import COMMAND, DOMAIN, KEY, File, Json, Name, _, guarded_json
from meneur.systems.energy.cli.options import bounded
from meneur.systems.energy.costs import MAX_RANK

if TYPE_CHECKING:
    from meneur.engine.session import Session

_FLOW_WORDS = {
    "start_session": "session start",
    "end_session": "session end",
    "start_scenario": "scenario start",
    "end_scenario": "scenario end",
    "start_scene": "scene start",
}


def _flow(session: Session[Any, Any, Any]) -> list[str]:
    """The session, scenario and scene commands legal now (from the engine's ``legal``)."""
    return [entry.kind for entry in session.legal() if entry.kind in _FLOW_WORDS]


def _show_lines(session: Session[Any, Any, Any]) -> list[Message]:
    from meneur.systems.energy.campaign.narration import character_lines, state_lines

    words = ", ".join(_FLOW_WORDS[kind] for kind in _flow(session))
    lines = [
        *state_lines(session.state),
        Message(DOMAIN, N_("Possible now: {commands}."), {"commands": words}),
    ]
    for character in session.state.characters.values():
        lines += character_lines(character)
    return lines


def _show_json(session: Session[Any, Any, Any]) -> dict[str, Any]:
    from meneur.systems.energy.campaign.states import effective_attributes

    characters = session.state.characters
    return {
        "effective_attributes": {n: effective_attributes(c).model_dump() for n, c in characters.items()},
        "legal_flow": _flow(session),
    }


def presenter() -> Presenter:
    """``show``, ``new``, ``undo`` and ``redo``: where the campaign stands and each character."""
    return Presenter(state=_show_lines, state_json=_show_json)


def new(
    path: File,
    character: Annotated[
        list[str],
        typer.Option("--character", "-c", help=_("Character files or heroes, separated by commas.")),
    ],
    max_rank: Annotated[
        int | None, typer.Option(help=_("Highest rank characters may reach."), callback=bounded(1, MAX_RANK))
    ] = None,
    scenario_relief: Annotated[
        int,
        typer.Option(
            help=_("Stress boxes erased at the start of each new scenario (book: 2)."),
            callback=bounded(0, 10),
        ),
    ] = 2,
    broken_return_stress: Annotated[
        int,
        typer.Option(
            help=_("Stress a broken character comes back with (book: their minimum, 0)."),
            callback=bounded(0, 9),
        ),
    ] = 0,
    max_earned_aptitude_points: Annotated[
        int,
        typer.Option(
            help=_("Most aptitude points earned by experience (book: 24)."), callback=bounded(0, 1000)
        ),
    ] = 24,
    state_malus_on_powers: Annotated[
        bool,
        typer.Option(
            help=_("Whether the troubled/demoralized malus also lowers a power used in a challenge.")
        ),
    ] = True,
    force: Annotated[bool, typer.Option("--force", help=_("Overwrite an existing file."))] = False,
    as_json: Json = False,
) -> None:
    """Create a campaign file with its characters and table options."""
    from meneur.systems.energy.campaign.engine import setup_json
    from meneur.systems.energy.campaign.options import TableOptions
    from meneur.systems.energy.files import read_character

    options = TableOptions(
        max_rank=max_rank,
        scenario_relief=scenario_relief,
        broken_return_stress=broken_return_stress,
        max_earned_aptitude_points=max_earned_aptitude_points,
        state_malus_on_powers=state_malus_on_powers,
    )
    setup = setup_json([read_character(source) for source in items(character)], options)
    create(path, KEY, setup, force=force, as_json=as_json, presenter=presenter())


def export(
    path: File,
    name: Name,
    json_format: Annotated[bool, typer.Option("--json", help=_("JSON instead of YAML."))] = False,
) -> None:
    """Print a character as it is now, as a character file."""
    from meneur.engine import store
    from meneur.systems.energy.files import dump_character

    character = store.load(path, KEY).state.character(name)
    sys.stdout.write(dump_character(character, "json" if json_format else "yaml"))


def _register_phases(campaign: typer.Typer) -> None:
    for group, verbs, help_text in (
        (
            "session",
            (
                ("start", "start_session", N_("Start a session.")),
                ("end", "end_session", N_("End the session.")),
            ),
            N_("Start or end a session."),
        ),
        (
            "scenario",
            (
                ("start", "start_scenario", N_("Start a new scenario (stress -2).")),
                ("end", "end_scenario", N_("End the scenario.")),
            ),
            N_("Start or end a scenario."),
        ),
    ):
        sub = typer.Typer(no_args_is_help=True, help=_(help_text))
        for verb, wire, verb_help in verbs:
            sub.command(verb, help=_(verb_help))(campaign_play.flow_command(wire))
        campaign.add_typer(sub, name=group)
    campaign.command("scene", help=_("Start a scene: scene FILE (scene start FILE says the same)."))(
        campaign_play.scene_command()
    )


def register(app: typer.Typer) -> None:
    """Add the ``campaign`` group to the ``energy`` group."""
    campaign = typer.Typer(
        no_args_is_help=True,
        help=_(
            "A campaign journal: sessions, stress, experience, "
            "reputation, resources; every change can be undone."
        ),
    )
    campaign.command("new", help=_("Create a campaign file."))(guarded_json(new))
    campaign.command("export", help=_("Print a character as it is now, as a character file."))(
        guarded(export)
    )
    add_session_verbs(campaign, KEY, presenter)
    from meneur.cli.session_verbs import add_do

    add_do(
        campaign,
        KEY,
        lambda: COMMAND,
        _("Carry out one command written as legal prints it (meneur energy campaign legal FILE)."),
        '\'{"gain_savings": {"character": "KITSUNE", "boxes": 1}}\'',
    )
    _register_phases(campaign)
    campaign_play.register(campaign)
    app.add_typer(campaign, name="campaign")
