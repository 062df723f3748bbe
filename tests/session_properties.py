"""The properties every system's session keeps, checked by each system's Hypothesis test.

Random legal command sequences (drawn from ``session.legal()``), then: ``Session.replay`` of the log
(typed, and through the wire form) gives the same state; undo after do gives back the state exactly
and redo the one after; every command ``legal`` offers is accepted by ``decide``, and every refused
one (``include_refused=True``) is refused with the rule ``legal`` gave.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from meneur.dice.source import RandomSource
from meneur.engine import Session
from meneur.errors import Refused


def _check_offers(session: Session[Any, Any, Any], seed: int) -> list[Any]:
    legal = []
    for entry in session.legal(include_refused=True):
        if entry.is_legal:
            session.system.decide(session.state, entry.command, RandomSource.from_seed(seed))
            legal.append(entry)
            continue
        with pytest.raises(Refused) as caught:
            session.system.decide(session.state, entry.command, RandomSource.from_seed(seed))
        assert caught.value.rule == entry.rule
    return legal


def check_random_play(key: str, setup: Any, choices: Sequence[int], seed: int) -> None:
    """Play ``choices`` (indexes into what is legal at each step) and check the session's properties."""
    session = Session.new(key, setup)
    for step, choice in enumerate(choices):
        legal = _check_offers(session, seed + step)
        if not legal:
            break
        before = session.state
        session.do(legal[choice % len(legal)].command, RandomSource.from_seed(seed + step))
        after = session.state
        assert session.undo() is not None and session.state == before
        assert session.redo() is not None and session.state == after
    typed = Session.replay(key, setup, [(e.command, e.events) for e in session.entries()])
    assert typed.state == session.state
    wire = Session.replay(key, setup, [(item["command"], item["events"]) for item in session.log_json()])
    assert wire.state == session.state
    assert session.system.state_from_json(session.system.state_json(session.state)) == session.state
