"""A small JSON state file for the CLI: the model, the table options and the event log.

The file holds ``{"figure": ..., "options": ..., "log": [[event, ...], ...]}``: one list of events
per command, so ``undo`` removes exactly one command. The state is never stored, always replayed.
Writes are atomic (a temporary file in the same folder, then a rename).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.systems.warzone.activation import TurnState, initial_state, replay
from meneur.systems.warzone.events import EVENTS, Event
from meneur.systems.warzone.model import Figure, Frozen, TableOptions

D = "warzone"


class Game(Frozen):
    """What the state file holds."""

    figure: Figure
    options: TableOptions = TableOptions()
    log: tuple[tuple[Event, ...], ...] = ()

    @property
    def state(self) -> TurnState:
        """The current state: the log replayed over the starting state."""
        return replay(initial_state(self.figure, self.options),
                      (event for batch in self.log for event in batch))

    def record(self, events: list[Event]) -> Game:
        """The game with one more command's events."""
        return self.model_copy(update={"log": (*self.log, tuple(events))})

    def undo(self) -> Game:
        """The game without its last command.

        Raises:
            BadInputError: when nothing is left to undo.
        """
        if not self.log:
            raise BadInputError(Message(D, N_("Nothing to undo: the log is empty.")))
        return self.model_copy(update={"log": self.log[:-1]})


def problems_of(error: ValidationError) -> str:
    """Every problem of a validation error on one line: ``where: what; ...``."""
    return "; ".join(f"{'.'.join(str(p) for p in err['loc']) or '-'}: {err['msg']}"
                     for err in error.errors())


def read_json(path: Path) -> Any:
    """Read a JSON file.

    Raises:
        BadInputError: when the file is missing or not JSON.
    """
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BadInputError(Message(D, N_("No file {path}."), {"path": str(path)})) from None
    except (OSError, ValueError) as error:
        raise BadInputError(Message(D, N_("{path} is not a readable JSON file: {problem}"),
                                    {"path": str(path), "problem": str(error)})) from None


def load_figure(path: Path) -> Figure:
    """Read a model (with its powers) from a JSON file.

    Raises:
        BadInputError: listing every problem of the file.
    """
    try:
        return Figure.model_validate(read_json(path))
    except ValidationError as error:
        raise BadInputError(Message(D, N_("{path} does not describe a model: {problems}"),
                                    {"path": str(path), "problems": problems_of(error)})) from None


def load_game(path: Path) -> Game:
    """Read a state file.

    Raises:
        BadInputError: when the file is missing or malformed.
    """
    try:
        return Game.model_validate(read_json(path))
    except ValidationError as error:
        raise BadInputError(Message(D, N_("{path} is not a warzone state file: {problems}"),
                                    {"path": str(path), "problems": problems_of(error)})) from None


def save_game(path: Path, game: Game) -> None:
    """Write a state file atomically."""
    data = {"figure": game.figure.model_dump(mode="json"),
            "options": game.options.model_dump(mode="json"),
            "log": [EVENTS.dump_python(list(batch), mode="json") for batch in game.log]}
    folder = path.resolve().parent
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(data, out, ensure_ascii=False, indent=2)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
