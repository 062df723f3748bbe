"""Building chronicles for the tests: a session fed with commands and entered dice."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meneur.dice.source import EnteredSource, RandomSource, finish
from meneur.engine import Session
from meneur.errors import MeneurError
from meneur.systems.carpathes.commands import (
    AddCharacter,
    BeginConfrontation,
    Command,
    MakeRoll,
    StartScene,
    StartSession,
)
from meneur.systems.carpathes.limits import check
from meneur.systems.carpathes.model import Character, CreatureKind, Faith, TableOptions, Trait
from meneur.systems.carpathes.state import ChronicleState

MIHAIL = Character(
    name="Mihail",
    mental=2,
    physical=1,
    social=1,
    sacred_objects=("croix d'argent ternie",),
    trade="prêtre défroqué",
)
ANCA = Character(name="Anca", mental=1, physical=2, social=2, faith=Faith.ATHEIST, talents={"escrime": 2})


def refusal(state: ChronicleState, command: Command) -> MeneurError | None:
    """What the command's predicate says now: the error, or ``None`` when it may be done."""
    try:
        check(state, command)
    except MeneurError as error:
        return error
    return None


class Table:
    """A chronicle session and the commands applied to it, as a GM would at the table."""

    def __init__(
        self, options: TableOptions | None = None, characters: Sequence[Character] = (MIHAIL, ANCA)
    ) -> None:
        setup = {"options": (options or TableOptions()).model_dump(mode="json")}
        self.session: Session[Any, Any, Any] = Session.new("carpathes", setup)
        for character in characters:
            self.do(AddCharacter(character=character))

    def do(self, command: Command, dice: Sequence[int] | None = None) -> Table:
        source = EnteredSource(dice) if dice is not None else RandomSource.from_seed(0)
        self.session.do(command, source)
        finish(source)
        return self

    @property
    def log(self) -> tuple[Any, ...]:
        """Every event so far (a refused command adds none)."""
        return tuple(self.session.events())

    @property
    def state(self) -> ChronicleState:
        state: ChronicleState = self.session.state
        return state

    def scene(self, after_night: bool = False) -> Table:
        return self.do(StartScene(after_night=after_night))

    def confront(self, creature: CreatureKind = CreatureKind.VAMPIRE) -> Table:
        return self.do(BeginConfrontation(creature=creature))

    def roll(
        self,
        pc: str,
        dice: Sequence[int],
        trait: Trait = Trait.MENTAL,
        purpose: str = "action",
        peril: bool = False,
    ) -> Table:
        return self.do(
            MakeRoll(
                pc=pc,
                trait=trait,
                purpose=purpose,  # type: ignore[arg-type]
                peril=peril,
            ),
            dice,
        )


def in_scene(options: TableOptions | None = None) -> Table:
    """A table in session 1, scene 1."""
    return Table(options).do(StartSession()).scene()
