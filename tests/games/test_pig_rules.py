"""The rules of pig through the engine's ``Session``: roll, hold, a 1, the goal, the refusals."""

from __future__ import annotations

from typing import Any

import pytest

from meneur.dice.source import EnteredSource
from meneur.engine import Session
from meneur.errors import BadInputError, Refused
from tests.games.pig.commands import Hold, Roll
from tests.games.pig.events import Held, Rolled, Won

pytestmark = pytest.mark.usefixtures("pig")

SETUP = {"players": ["Ayla", "Bren"], "options": {"goal": 10}}


def played(*moves: tuple[str, str, int | None], setup: Any = SETUP) -> Session[Any, Any, Any]:
    """A session after ``moves``: (actor, "roll" or "hold", the die of a roll)."""
    session = Session.new("pig", setup)
    for actor, action, die in moves:
        command = Roll(actor) if action == "roll" else Hold(actor)
        session.do(command, EnteredSource([] if die is None else [die]))
    return session


def test_the_table_option_is_the_goal_20_by_default() -> None:
    assert Session.new("pig", {"players": ["Ayla", "Bren"]}).state.options.goal == 20
    assert played().state.options.goal == 10


def test_rolls_add_to_the_turn_and_hold_banks_them_and_passes() -> None:
    session = played(("Ayla", "roll", 4), ("Ayla", "roll", 3))
    assert session.state.turn_points == 7
    assert session.do(Hold("Ayla")) == [Held("Ayla", 7)]
    assert (session.state.scores, session.state.current, session.state.turn_points) == ((7, 0), "Bren", 0)


def test_a_one_loses_the_turns_points_and_passes_the_turn() -> None:
    session = played(("Ayla", "roll", 5), ("Ayla", "hold", None), ("Bren", "roll", 6))
    assert session.do(Roll("Bren"), EnteredSource([1])) == [Rolled("Bren", 1)]
    assert (session.state.scores, session.state.current, session.state.turn_points) == ((5, 0), "Ayla", 0)


def test_banking_the_goal_wins_and_ends_the_game() -> None:
    session = played(("Ayla", "roll", 6), ("Ayla", "roll", 3))
    assert session.do(Hold("Ayla")) == [Held("Ayla", 9)]
    session = played(("Ayla", "roll", 6), ("Ayla", "roll", 4))
    assert session.do(Hold("Ayla")) == [Held("Ayla", 10), Won("Ayla", 10)]
    assert session.state.winner == "Ayla"
    assert session.legal() == []


@pytest.mark.parametrize(
    ("moves", "command", "rule", "english"),
    [
        ((), Roll("Bren"), "pig.not_your_turn", "It is Ayla's turn, not Bren's."),
        ((), Hold("Ayla"), "pig.roll_first", "Ayla has no points to bank yet: roll first."),
        ((("Ayla", "roll", 1),), Hold("Bren"), "pig.roll_first", "Bren has no points to bank yet"),
        (
            (("Ayla", "roll", 6), ("Ayla", "roll", 6), ("Ayla", "hold", None)),
            Roll("Bren"),
            "pig.over",
            "The game is over: Ayla won.",
        ),
    ],
)
def test_a_refusal_names_its_rule_and_changes_nothing(
    moves: tuple[tuple[str, str, int | None], ...], command: Any, rule: str, english: str
) -> None:
    session = played(*moves)
    before = (session.state, session.version)
    with pytest.raises(Refused) as caught:
        session.do(command, EnteredSource([3]))
    assert caught.value.rule == rule
    assert english in caught.value.render("en")
    assert (session.state, session.version) == before


def test_legal_gives_each_player_roll_and_hold_refused_ones_with_their_rule() -> None:
    session = played(("Ayla", "roll", 2))
    assert [(e.actor, e.kind) for e in session.legal()] == [("Ayla", "roll"), ("Ayla", "hold")]
    refused = {(e.actor, e.kind): e.rule for e in session.legal(include_refused=True) if not e.is_legal}
    assert refused == {("Bren", "roll"): "pig.not_your_turn", ("Bren", "hold"): "pig.not_your_turn"}


@pytest.mark.parametrize(
    ("setup", "english"),
    [
        (None, "setup: must be a mapping"),
        ({"players": ["Ayla"]}, "setup.players: has too few items"),
        ({"players": ["Ayla", "Ayla"]}, "each player needs a name of their own; twice: Ayla"),
        ({"players": ["Ayla", "Bren"], "options": {"goal": 4}}, "setup.options.goal: must be at least 5"),
        ({"players": ["Ayla", "Bren"], "options": {"goal": 101}}, "setup.options.goal: must be at most 100"),
        ({"players": ["Ayla", "Bren"], "options": {"speed": 1}}, "setup.options.speed: unknown field"),
    ],
)
def test_a_bad_setup_is_bad_input_naming_the_field(setup: Any, english: str) -> None:
    with pytest.raises(BadInputError) as caught:
        Session.new("pig", setup)
    assert english in caught.value.render("en")


def test_a_command_for_no_player_is_bad_input() -> None:
    with pytest.raises(BadInputError) as caught:
        played().do(Roll("Zoé"))
    assert "No player is called 'Zoé'; the players are: Ayla, Bren." in caught.value.render("en")


def test_the_log_says_what_happened_in_words() -> None:
    session = played(("Ayla", "roll", 6), ("Ayla", "roll", 4), ("Ayla", "hold", None))
    replayed = Session.new("pig", SETUP)
    lines = []
    for event in session.events():
        line = session.system.describe(replayed.state, event)
        lines.append(None if line is None else line.render("en"))
        replayed.record(None, (event,))
    assert lines == [
        "Ayla rolls a 6.",
        "Ayla rolls a 4.",
        "Ayla banks 10 points.",
        "Ayla wins with 10 points.",
    ]
