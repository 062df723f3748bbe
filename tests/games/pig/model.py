"""The table options and the state of a game of pig (the state is immutable: ``evolve`` makes a new one)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from meneur.engine.options import OptionText
from meneur.i18n import N_, Message

DOMAIN = "pig"
"""The translation domain of the game's messages (no catalogue: they read as their English source)."""

MAX_PLAYERS = 8
"""The most players at one game."""


class Frozen(BaseModel):
    """A value of the game: immutable, strict about unknown fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class TableOptions(Frozen):
    """The options a table of pig chooses: the score that wins."""

    goal: Annotated[
        int,
        OptionText(
            label=Message(DOMAIN, N_("The points a player banks to win")),
            decision=Message(
                DOMAIN, N_("The first player whose banked points reach the goal wins the game.")
            ),
            quote="« first to the goal wins »",
            quote_lang="en",
        ),
    ] = Field(20, ge=5, le=100, description="The points a player banks to win.")


class State(Frozen):
    """A game in progress: the players in turn order, their banked scores, whose turn it is, the
    turn's points not banked yet, and the winner once someone reached the goal."""

    options: TableOptions = TableOptions()
    players: tuple[str, ...]
    scores: tuple[int, ...]
    turn: int = 0
    """The index in ``players`` of the one who plays now."""
    turn_points: int = 0
    winner: str | None = None

    @property
    def current(self) -> str:
        """The player whose turn it is."""
        return self.players[self.turn]

    def score_of(self, player: str) -> int:
        """The points ``player`` banked."""
        return self.scores[self.players.index(player)]
