"""The session: commands in, events out, exact undo and redo, replay, the wire form."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.dice.source import EnteredSource
from meneur.engine import Session
from meneur.errors import BadInputError, Refused
from tests.engine.tally import LIMIT, Add, Added, Reset, Rolled, legal


def test_do_returns_the_events_and_moves_the_state() -> None:
    session = Session.new("tally", {"start": 3})
    assert session.do(Add(4)) == [Added(4)]
    assert session.state == 7
    assert session.version == 1


def test_a_refused_command_changes_nothing_and_names_its_rule() -> None:
    session = Session.new("tally", {"start": 99})
    with pytest.raises(Refused) as caught:
        session.do(Add(2))
    assert caught.value.rule == "limit"
    assert (session.state, session.version, session.events()) == (99, 0, [])


def test_the_wire_form_is_read_and_written() -> None:
    session = Session.new("tally", {"start": 0})
    session.do({"add": {"amount": 5}})
    session.do("reset")
    assert session.log_json() == [
        {"command": {"add": {"amount": 5}}, "events": [{"added": {"amount": 5}}]},
        {"command": "reset", "events": [{"added": {"amount": -5}}]},
    ]


@pytest.mark.parametrize(
    ("wire", "fr_text"),
    [
        ({"add": {"amount": "x"}}, "add.amount : doit être un nombre entier"),
        ({"add": {}}, "add.amount : obligatoire : ajoutez-le"),
        ({"add": {"amount": 1, "extra": 2}}, "add.extra : champ inconnu"),
        ({"fly": {}}, "« fly » n'est ni une commande ni un événement connus"),
    ],
)
def test_a_malformed_command_is_bad_input_in_french(wire: object, fr_text: str) -> None:
    session = Session.new("tally", {"start": 0})
    with pytest.raises(BadInputError) as caught:
        session.do(wire)
    assert fr_text in caught.value.render("fr")
    assert session.version == 0


def test_dice_are_written_in_the_events_so_replay_needs_none() -> None:
    session = Session.new("tally", {"start": 0})
    assert session.do("roll", EnteredSource([5])) == [Rolled(5)]
    again = Session.replay("tally", {"start": 0}, [(e.command, e.events) for e in session.entries()])
    assert again.state == 5


def test_undo_and_redo_say_which_command_they_took_back_or_replayed() -> None:
    session = Session.new("tally", {"start": 1})
    session.do(Add(2))
    undone = session.undo()
    assert undone is not None and undone.command == Add(2) and undone.events == (Added(2),)
    assert session.state == 1
    redone = session.redo()
    assert redone is not None and redone.command == Add(2)
    assert session.state == 3
    assert session.redo() is None


def test_a_new_command_clears_what_redo_would_replay() -> None:
    session = Session.new("tally", {"start": 0})
    session.do(Add(1))
    session.undo()
    session.do(Add(2))
    assert session.redo() is None
    assert session.state == 2


def test_undo_of_an_empty_log_is_none() -> None:
    assert Session.new("tally", {"start": 0}).undo() is None


def test_snapshot_carries_kind_format_and_version() -> None:
    session = Session.new("tally", {"start": 2})
    session.do(Add(1))
    assert session.snapshot() == {"kind": "tally", "format": 1, "version": 1, "state": 3}


def test_an_unknown_kind_of_session_is_bad_input() -> None:
    with pytest.raises(BadInputError) as caught:
        Session.new("chess", {})
    assert "energy-fight" in caught.value.render("en")


def test_legal_is_kept_for_its_state_and_follows_every_change() -> None:
    """Legality is asked again of the same state by every viewer: the kept answer is the system's own,
    a fresh list each time, and a command, an undo or asking for the refused ones asks again."""
    session = Session.new("tally", {"start": 0})
    first = session.legal()
    first.clear()  # a caller's list is its own
    assert session.legal() == legal(0, False)
    assert session.legal(include_refused=True) == legal(0, True)
    session.do(Add(LIMIT))
    assert session.legal() == legal(LIMIT, False) != legal(0, False)
    assert session.legal(include_refused=True) == legal(LIMIT, True)
    session.undo()
    assert session.legal() == legal(0, False)


commands = st.lists(
    st.one_of(st.builds(Add, st.integers(-5, 30)), st.just(Reset()), st.just("undo")), max_size=25
)


@given(commands)
def test_replay_undo_and_legality_agree_with_decide(script: list[object]) -> None:
    session = Session.new("tally", {"start": 0})
    for step in script:
        before = session.state
        if step == "undo":
            session.undo()
            continue
        offered = {entry.kind: entry for entry in session.legal()}
        try:
            session.do(step)
        except Refused as refusal:
            assert isinstance(step, Add) and refusal.rule == "limit"
            add = offered.get("add")
            assert add is None or step.amount > add.cost_max  # beyond what the query offered
            if add is None:
                refused = [e.rule for e in session.legal(include_refused=True) if not e.is_legal]
                assert refused == ["limit"]
            continue
        if isinstance(step, Add) and step.amount >= 1:
            assert offered["add"].cost_min <= step.amount <= offered["add"].cost_max
        session.undo()
        assert session.state == before
        session.redo()
    rebuilt = Session.replay("tally", {"start": 0}, [(e.command, e.events) for e in session.entries()])
    assert rebuilt.state == session.state
    assert Session.replay("tally", {"start": 0}, session.events()).state == session.state


@pytest.mark.parametrize("amount", [True, "3", 2.5, float("nan")])
def test_a_number_must_be_a_number(amount: object) -> None:
    session = Session.new("tally", {"start": 0})
    with pytest.raises(BadInputError):
        session.do({"add": {"amount": amount}})
    assert session.version == 0


def test_replay_reads_events_that_are_named_tuples_of_two_fields_as_events() -> None:
    """A flat list of events replays one per entry, even an event of two fields (FightStarted has
    ``order`` and ``first``): only a plain ``(command, events)`` tuple is a pair."""
    setup = {
        "combatants": [{"id": "w", "hero": "WINK", "side": "heroes"}, {"id": "n", "npc": 2, "side": "foes"}]
    }
    session = Session.new("energy-fight", setup)
    session.do("start")
    assert len(session.events()[0]) == 2
    assert Session.replay("energy-fight", session.setup, session.events()).state == session.state


def test_with_fields_changes_a_copy_of_one_commands_fields_and_leaves_the_rest_as_it_is() -> None:
    from meneur.engine.codec import with_fields

    wire = {"attack": {"actor": "a", "tokens": 1}}
    changed = with_fields(wire, lambda name, fields: {**fields, "tokens": 3, "name": name})
    assert changed == {"attack": {"actor": "a", "tokens": 3, "name": "attack"}}
    assert wire == {"attack": {"actor": "a", "tokens": 1}}  # the legal entry is left as it was
    for left in ("start", {"a": 1, "b": 2}, {"attack": [1]}, 7):
        assert with_fields(left, lambda name, fields: {"changed": True}) == left
