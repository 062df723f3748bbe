"""A small JSON state file for the CLI: the model, the table options and the event log.

The file holds ``{"figure": ..., "options": ..., "log": [[event, ...], ...]}``: one list of events
per command, so ``undo`` removes exactly one command. The state is never stored, always replayed.
Writes are atomic (a temporary file in the same folder, then a rename).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.storage import write_text_atomically
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


_PROBLEMS = {
    "missing": N_("missing, add it"),
    "extra_forbidden": N_("unknown field: remove it"),
    "greater_than_equal": N_("must be {ge} or more, not {input}"),
    "less_than_equal": N_("must be {le} or less, not {input}"),
    "string_too_short": N_("must not be empty"),
    "enum": N_("must be one of {expected}, not {input}"),
    "int_parsing": N_("must be a whole number, not {input}"),
    "int_type": N_("must be a whole number, not {input}"),
    "int_from_float": N_("must be a whole number, not {input}"),
    "bool_parsing": N_("must be true or false, not {input}"),
    "bool_type": N_("must be true or false, not {input}"),
    "range_needs_part": N_("a range needs at least one part (personal, touch, template, command_range,"
                           " inches or line_of_sight)"),
    "spell_needs_actions": N_("spell '{name}' needs its actions (Akcje), at least 1"),
    "technique_without_actions": N_("technique '{name}' costs no actions (no Akcje): remove 'actions'"),
    "power_names_repeated": N_("power names must be unique; repeated: {names}"),
}


@dataclass(frozen=True)
class Problems:
    """Every problem of a validation error, rendered on one line in the reader's language."""

    error: ValidationError

    def __format__(self, spec: str) -> str:
        text = ""
        for issue in self.error.errors():
            problem = _problem(issue)
            text = problem if not text else Message(D, N_("{problems}; {problem}"),
                                                    {"problems": text, "problem": problem}).render()
        return text


FIELD_LABELS = {
    "name": N_("the name"), "power": N_("Power (Moc)"), "leadership": N_("leadership (Dowodzenie)"),
    "actions": N_("actions (Akcje)"), "powers": N_("the powers"), "kind": N_("technique or spell"),
    "difficulty": N_("difficulty"), "range": N_("range"), "target": N_("target"),
}
"""The book's words for the JSON fields of a model, shown next to the key in errors."""


def _where(loc: tuple[int | str, ...]) -> str:
    if not loc:
        return Message(D, N_("the file")).render()
    key = ".".join(str(part) for part in loc)
    last = next((str(part) for part in reversed(loc) if isinstance(part, str)), "")
    if last in FIELD_LABELS:
        label = Message(D, FIELD_LABELS[last])
        return Message(D, N_("'{key}' ({label})"), {"key": key, "label": label}).render()
    return Message(D, N_("'{key}'"), {"key": key}).render()


def _problem(issue: ErrorDetails) -> str:
    where = _where(tuple(issue["loc"]))
    msgid = _PROBLEMS.get(issue["type"])
    if msgid is None:
        return Message(D, N_("{field}: {problem}"), {"field": where, "problem": issue["msg"]}).render()
    params = {"input": issue.get("input"), **(issue.get("ctx") or {})}
    if "expected" in params:  # pydantic writes "'a' or 'b'" in English: list the keys instead
        params["expected"] = str(params["expected"]).replace(" or ", ", ")
    problem = Message(D, msgid, params)
    return Message(D, N_("{field}: {problem}"), {"field": where, "problem": problem}).render()


def problems_of(error: ValidationError) -> Problems:
    """Every problem of a validation error on one line: ``where: what; ...``, translated when shown."""
    return Problems(error)


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
    write_text_atomically(path, json.dumps(data, ensure_ascii=False, indent=2))
