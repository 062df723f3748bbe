"""How the chronicle prints on the command line, and the one call each chronicle command makes.

Every chronicle command builds a command of :mod:`..commands` and hands it to :func:`run`, which
goes through the shared runner (:func:`meneur.cli.sessions.play`): load under lock, ``do``, save,
print. The lines come from the core's narration; nothing here decides a rule.
"""

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from meneur.cli.sessions import Presenter, play
from meneur.dice.source import EnteredDiceError, EnteredSource
from meneur.i18n import Message
from meneur.systems.carpathes.commands import Command, MakeAttack, MakeRoll, UseJoker
from meneur.systems.carpathes.events import InitiativeRolled, RoundStarted
from meneur.systems.carpathes.narration import initiative_of, narrate, status_lines, summary
from meneur.systems.carpathes.resolution import dice_count

KEY = "carpathes"


def _event_lines(session: Any, events: Sequence[Any]) -> list[Message | str]:
    lines: list[Message | str] = []
    for event in events:
        lines.extend(narrate(event))
        if isinstance(event, InitiativeRolled):
            lines.extend(initiative_of(event).explain())
        elif isinstance(event, RoundStarted):
            lines.extend(session.state.initiative_order().explain(session.state.round))
    return lines


def presenter() -> Presenter:
    """The chronicle's lines: each event in the book's words, then where the chronicle stands."""
    return Presenter(
        events=_event_lines,
        state=lambda session: status_lines(session.state),
        state_json=lambda session: {"summary": summary(session.state)},
    )


def _dice_fit(session: Any, command: Command, dice: str) -> None:
    """Refuse entered dice that are not as many as the roll uses now, saying how many and why."""
    from meneur.systems.carpathes.chronicle import roll_mode
    from meneur.systems.carpathes.cli.words import dice_message

    if not isinstance(command, MakeRoll | UseJoker | MakeAttack):
        return
    mode = roll_mode(session.state, command)
    count = dice_count(mode)
    entered = len(EnteredSource.parse(dice).values)
    if entered != count:
        raise EnteredDiceError(dice_message(entered, mode, count))


def run(
    path: Path,
    command: Command | Callable[[Any], Command],
    as_json: bool,
    seed: int | None = None,
    dice: str | None = None,
) -> None:
    """Carry out ``command`` (or the command a function of the session builds) on the chronicle
    ``path`` and print what happened; bad options found while building it fail like bad files."""

    def build(session: Any) -> Command:
        from meneur.systems.carpathes.names import with_known_names

        typed = with_known_names(session.state, command(session) if callable(command) else command)
        if dice is not None:
            _dice_fit(session, typed, dice)
        return typed

    play(path, KEY, build, presenter(), as_json=as_json, seed=seed, dice=dice)
