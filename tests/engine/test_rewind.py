"""Going back to any moment of a session, as one step of its log (issue 22, « Backups and rewind »:
« the session goes back there, as one undoable step recorded in the log »; the ruling « Going back
to a moment is one step of the log » in docs/rulings/server.md)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.engine import Session
from meneur.engine.session import REWIND, Rewind, rewind_of
from meneur.errors import BadInputError
from tests.engine.tally import Add, Added


def played(*amounts: int) -> Session:
    session = Session.new("tally", {"start": 0})
    for amount in amounts:
        session.do(Add(amount))
    return session


def test_a_rewind_gives_the_state_before_its_entry_as_one_more_entry() -> None:
    session = played(1, 2, 4, 8)
    assert session.rewind(3) == Rewind(3)
    assert session.state == 3  # before the third command (+4): 1 + 2
    assert session.version == 5  # recorded once: one entry more, the four commands still there
    assert [e.command for e in session.entries()] == [Add(1), Add(2), Add(4), Add(8), Rewind(3)]
    assert session.entries()[-1].events == ()


def test_undo_takes_the_rewind_back_exactly_and_redo_again() -> None:
    session = played(1, 2, 4, 8)
    session.rewind(2)
    undone = session.undo()
    assert undone is not None and undone.command == Rewind(2) and undone.events == ()
    assert (session.state, session.version) == (15, 4)
    redone = session.redo()
    assert redone is not None and redone.command == Rewind(2)
    assert (session.state, session.version) == (1, 5)


def test_play_goes_on_from_the_rewound_state() -> None:
    session = played(1, 2, 4)
    session.rewind(1)
    assert session.do(Add(10)) == [Added(10)]
    assert session.state == 10
    session.rewind(5)  # before the +10: the rewound state again
    assert session.state == 0
    session.rewind(6)  # before the second rewind: after the +10
    assert session.state == 10


def test_a_rewind_clears_what_redo_would_replay() -> None:
    session = played(1, 2)
    session.undo()
    session.rewind(1)
    assert session.redo() is None


def test_the_log_writes_the_rewind_and_a_replay_reads_it() -> None:
    session = played(1, 2, 4)
    session.rewind(2)
    session.do(Add(20))
    wire = session.log_json()
    assert wire[3] == {"command": {REWIND: {"before": 2}}, "events": []}
    again = Session.replay("tally", {"start": 0}, [(e["command"], e["events"]) for e in wire])
    assert (again.state, again.version) == (21, 5)
    assert [e.before for e in again.entries()] == [e.before for e in session.entries()]


def test_the_undone_rewind_is_kept_with_a_session_file() -> None:
    session = played(1, 2)
    session.rewind(1)
    session.undo()
    again = Session.replay("tally", {"start": 0}, [(e["command"], e["events"]) for e in session.log_json()])
    again.restore_undone(session.undone_json())
    assert again.redo() is not None
    assert again.state == 0


@pytest.mark.parametrize("target", [0, 4, -1])
def test_a_rewind_to_an_entry_not_in_the_log_is_bad_input_and_changes_nothing(target: int) -> None:
    session = played(1, 2, 4)
    with pytest.raises(BadInputError) as caught:
        session.rewind(target)
    assert "de 1 à 3" in caught.value.render("fr")
    assert "from 1 to 3" in caught.value.render("en")
    assert (session.state, session.version) == (7, 3)


@pytest.mark.parametrize("wire", [{REWIND: {"before": "2"}}, {REWIND: 2}, {REWIND: {"before": True}}])
def test_a_malformed_rewind_is_bad_input(wire: object) -> None:
    with pytest.raises(BadInputError):
        rewind_of(wire)


def test_a_games_command_is_no_rewind() -> None:
    assert rewind_of({"add": {"amount": 1}}) is None
    assert rewind_of("reset") is None


@given(st.lists(st.one_of(st.integers(-5, 20), st.just("undo"), st.just("back")), max_size=30), st.data())
def test_any_mix_of_commands_undo_and_rewinds_replays_to_the_same_states(
    script: list[object], data: st.DataObject
) -> None:
    session = Session.new("tally", {"start": 0})
    for step in script:
        if step == "undo":
            session.undo()
        elif step == "back":
            if session.version:
                before = session.state
                session.rewind(data.draw(st.integers(1, session.version)))
                session.undo()
                assert session.state == before
                session.redo()
        else:
            assert isinstance(step, int)
            try:
                session.do(Add(step))
            except Exception:
                continue
    again = Session.replay("tally", {"start": 0}, [(e["command"], e["events"]) for e in session.log_json()])
    assert again.state == session.state
    assert [e.before for e in again.entries()] == [e.before for e in session.entries()]
