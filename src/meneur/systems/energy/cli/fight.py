"""Energy System CLI: the ``fight`` group, a thin adapter over the ``energy-fight`` session.

Fight files (the book's examples, YAML with combatants then commands) are played by ``run`` and
queried by ``legal``; a session file made by ``new`` is played one command at a time by ``do``, with
``legal``, ``undo``, ``redo``, ``log`` and ``show`` from the shared runner (:mod:`meneur.cli.sessions`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer

from meneur.cli.output import console, guarded, print_json
from meneur.cli.sessions import Presenter, add_session_verbs, play
from meneur.i18n import Message, Translator
from meneur.systems.energy.cli import fight_commands, fight_setup
from meneur.systems.energy.cli.fight_setup import played
from meneur.systems.energy.combat.fight_words import action_json, action_line, footer

DOMAIN = "energy_combat"
KEY = "energy-fight"
_ = Translator(DOMAIN)


def _state_lines(session: Any, where: bool = False) -> list[Message | str]:
    """Where the fight stands; with ``where``, each combatant's id and position too (``show``)."""
    from meneur.systems.energy.combat.render import state_line

    state = session.state
    shown: list[Message | str] = [footer(state)]
    for c in state.combatants:
        line = state_line(state, c.id)
        shown.append(_where(line, c.id, c.position) if where else line)
    if state.pending is not None:
        shown.append(
            _(
                "Waiting: {target} must react to the attack made by {attacker}.",
                target=state.get(state.pending.target).name,
                attacker=state.get(state.pending.attacker).name,
            )
        )
    return shown


def _where(line: Message | str, id: str, position: tuple[float, float]) -> str:
    """A combatant's line with the id commands name it by and where it stands (metres)."""
    from meneur.i18n.numbers import decimal

    x, y = (decimal(v, "0.##") for v in position)
    return _("{line} (id {id}, at {x}; {y})", line=str(line), id=id, x=x, y=y)


def _event_lines(session: Any, events: Sequence[Any]) -> list[Message | str]:
    from meneur.systems.energy.combat.engine import lines

    entries = session.entries()
    before = entries[-1].before if entries else session.start
    return list(lines(before, events))


def _state_json(session: Any) -> dict[str, Any]:
    from meneur.systems.energy.combat.render import state_json

    return {"fight": state_json(session.state)}


def presenter() -> Presenter:
    """How a fight prints: the log lines in the book's words, then where the fight stands."""
    return Presenter(
        events=_event_lines,
        state=_state_lines,
        state_json=_state_json,
        show=lambda session: _state_lines(session, where=True),
    )


def _register_files(group: typer.Typer) -> None:
    @group.command("run", help=_("Play a fight file and explain every resolution."))
    @guarded
    def run(
        file: Annotated[Path, typer.Argument(help=_("Fight file (YAML or JSON)."), metavar=_("FILE"))],
        as_json: Annotated[bool, typer.Option("--json", help=_("Print the final state as JSON."))] = False,
    ) -> None:
        session = played(file, as_json)
        if as_json:
            print_json(_state_json(session)["fight"])
            return
        for line in _state_lines(session):
            console().print(str(line), markup=False)

    @group.command("legal", help=_("List the legal actions at the end of a fight file or session file."))
    @guarded
    def legal(
        file: Annotated[Path, typer.Argument(help=_("Fight file (YAML or JSON)."), metavar=_("FILE"))],
        as_json: Annotated[bool, typer.Option("--json", help=_("Print the actions as JSON."))] = False,
        refused: Annotated[
            bool, typer.Option("--all", help=_("Also list the refused actions with the rule they break."))
        ] = False,
    ) -> None:
        from meneur.storage import read_data
        from meneur.systems.energy.cli.ai import Paste
        from meneur.systems.energy.combat.legal import legal_actions
        from meneur.systems.energy.combat.state import Phase

        state = played(file, True).state
        paste = Paste(file, isinstance(read_data(file), dict) and "combatants" in read_data(file))
        actions = legal_actions(state, include_refused=refused)
        if as_json:
            print_json([action_json(a) for a in actions])
            return
        out = console()
        if state.phase is Phase.ENDED:
            out.print(_("The fight is over: no action is left."), markup=False)
            return
        out.print(footer(state), markup=False)
        for action in actions:
            out.print(action_line(state, action), markup=False)
            if action.legal:
                out.print(f"  {paste.line(state, action.command)}", markup=False)


def _register_session(group: typer.Typer) -> None:
    from meneur.cli.session_verbs import add_do

    add_do(
        group,
        KEY,
        presenter,
        _(
            "Carry out one command written as in a fight file, e.g."
            ' "attack: {actor: kitsune, target: agent1, tokens: 2}".'
        ),
        '"attack: {actor: kitsune, target: agent1, tokens: 2}"',
    )
    add_session_verbs(group, KEY, presenter, skip=("legal",))
    fight_setup.register_new(group, presenter)
    fight_setup.register_example(group)
    fight_setup.register_reference(group)
    fight_commands.register_commands(
        group, lambda file, wire, as_json: play(file, KEY, wire, presenter(), as_json=as_json)
    )


def register(app: typer.Typer) -> None:
    """Add the ``fight`` commands to the ``energy`` group."""
    # The help shown is the lazy group's (``cli/__init__.py``).
    group = typer.Typer(no_args_is_help=True, help=None)
    _register_files(group)
    _register_session(group)
    from meneur.systems.energy.cli.ai import register_fight  # the tactical AI's commands

    register_fight(group)
    app.add_typer(group, name="fight")
