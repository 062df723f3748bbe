"""The fight through the engine kernel: Session, codec, snapshot, legality and hardened input.

Rule text: 002_58e889a1abff3456.txt (tactical combat chapter).
"""

from __future__ import annotations

import json
from dataclasses import replace
from math import cos, sin
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meneur.engine import Legal, Session
from meneur.engine.store import dump, from_data
from meneur.errors import BadInputError, Refused
from meneur.systems.energy.combat.commands import Command, EndFight, Move
from meneur.systems.energy.combat.engine import (
    NO_DICE,
    SYSTEM,
    load_fight,
    play,
    session_from_file,
    state_from_json,
    state_json,
)
from meneur.systems.energy.combat.fight import Fight
from meneur.systems.energy.combat.legal import with_tokens
from meneur.systems.energy.combat.state import Phase
from tests.cli_helpers import run_cli

from .helpers import FIGHTS

HEROES = ("KITSUNE", "WINK", "ALTAIR", "LEGION", "NEXUS", "ECHO")


def setup(names: list[str], ranks: list[int]) -> dict[str, Any]:
    """Library heroes against quick NPCs, a few metres apart."""
    heroes = [
        {"id": f"h{i}", "hero": n, "side": "heroes", "position": [4.0 * i, 0]} for i, n in enumerate(names)
    ]
    foes = [{"id": f"f{i}", "npc": r, "side": "foes", "position": [4.0 * i, 8]} for i, r in enumerate(ranks)]
    return {"combatants": heroes + foes}


def concrete(entry: Legal[Command], draw: Any) -> Command:
    """A command the template allows: token counts within cost_min..cost_max, moves within reach."""
    command = entry.command
    if isinstance(command, Move) and command.portal is None:
        reach = 4.9 if command.small else 19.9
        angle, length = draw(st.floats(0, 6.28)), draw(st.floats(0, reach))
        x, y = command.to
        command = replace(command, to=(x + length * cos(angle), y + length * sin(angle)))
    tokens = getattr(command, "tokens", None)
    if isinstance(tokens, int):
        command = with_tokens(command, tokens + draw(st.integers(0, entry.cost_max - entry.cost_min)))
    return command


@settings(max_examples=30, deadline=None)
@given(
    st.data(),
    st.lists(st.sampled_from(HEROES), min_size=1, max_size=3),
    st.lists(st.integers(1, 6), min_size=1, max_size=3),
)
def test_random_legal_fights_replay_undo_and_agree_with_decide(
    data: st.DataObject, names: list[str], ranks: list[int]
) -> None:
    """Every command ``legal()`` offers is accepted; every refused one is refused with the rule given;
    ``undo`` restores the state exactly; the log (wire form) and the snapshot rebuild the state."""
    given_setup = setup(names, ranks)
    session = Session.new("energy-fight", given_setup)
    for _ in range(data.draw(st.integers(1, 30))):
        for entry in session.legal(include_refused=True):
            if entry.rule is not None:
                with pytest.raises(Refused) as caught:
                    SYSTEM.decide(session.state, entry.command, NO_DICE)
                assert caught.value.rule == entry.rule
        offered = [e for e in session.legal() if e.kind != "end"]
        if not offered:
            break
        entry = data.draw(st.sampled_from(offered))
        assert len(entry.details["effective"]) == entry.cost_max - entry.cost_min + 1
        before, version = session.state, session.version
        session.do(concrete(entry, data.draw), NO_DICE)
        after = session.state
        session.undo()
        assert session.state is before and session.version == version
        session.redo()
        assert session.state == after
        if session.state.phase is Phase.ENDED:
            break
    log = session.log_json()
    pairs = Session.replay("energy-fight", given_setup, [(e["command"], e["events"]) for e in log])
    flat = Session.replay("energy-fight", given_setup, [event for e in log for event in e["events"]])
    assert pairs.state == session.state and flat.state == session.state
    snapshot = json.loads(json.dumps(session.snapshot()))
    assert state_from_json(snapshot["state"]) == session.state


@pytest.mark.parametrize("path", sorted(FIGHTS.glob("*.yaml")), ids=lambda p: Path(p).stem)
def test_the_book_fights_play_the_same_through_the_session(path: Path) -> None:
    """The 30 fights of the book's examples (002_58e889a1abff3456.txt), read command by command against the
    state they are given in, end where the commands read against the start end, and their session file
    (log in wire form) loads back to the same state."""
    session, commands = session_from_file(path)
    play(session, commands)
    initial, typed = load_fight(path)
    fight = Fight(initial)
    for command in typed:
        fight.do(command)
    assert session.state == fight.state
    assert from_data(json.loads(dump(session)), str(path), "energy-fight").state == session.state
    assert state_from_json(json.loads(json.dumps(state_json(session.state)))) == session.state


def _session() -> Session[Any, Any, Any]:
    session = Session.new("energy-fight", setup(["KITSUNE"], [3]))
    session.do("start", NO_DICE)
    return session


@pytest.mark.parametrize(
    "wire",
    [
        {"move": {"actor": "h0", "to": [float("nan"), 0]}},
        {"move": {"actor": "h0", "to": [float("inf"), 0], "small": True}},
        {
            "attack": {
                "actor": "h0",
                "target": "f0",
                "tokens": 1,
                "power": 0,
                "area_targets": ["f0"],
                "diameter": float("nan"),
            }
        },
        {"attack": {"actor": "h0", "target": "f0", "tokens": True, "power": 0}},
        {"attack": {"actor": "h0", "target": "f0", "tokens": 1, "power": 0, "joined": {"h0#1": True}}},
    ],
)
def test_commands_with_nan_infinity_or_booleans_as_numbers_are_bad_input(wire: Any) -> None:
    """A NaN distance would pass every reach check, ``true`` is not 1 token: both are refused as bad input,
    and nothing changes."""
    session = _session()
    before = session.state
    with pytest.raises(BadInputError):
        session.do(wire, NO_DICE)
    assert session.state is before and session.version == 1


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ({"position": [float("nan"), 0]}, "position"),
        ({"position": [True, 0]}, "position"),
        ({"vigor": True}, "vigor"),
        ({"energy": True}, "energy"),
        ({"vigor": 0}, "vigor"),
        ({"attributes": {"energy": -1, "recovery": 2, "vigor": 2}}, "attributes"),
        ({"attributes": {"energy": True, "recovery": 2, "vigor": 2}}, "attributes"),
        ({"attributes": {"energy": 2, "recovery": 2, "vigor": 0}}, "attributes"),
    ],
)
def test_setups_with_bad_numbers_are_refused_naming_the_field(entry: dict[str, Any], field: str) -> None:
    """Booleans are not numbers, positions are finite, attributes not negative, and a fighter starts with a
    Vigueur of at least 1."""
    bad = setup([], [2])
    bad["combatants"].append({"id": "x", "npc": 2, "side": "heroes", **entry})
    with pytest.raises(BadInputError) as caught:
        Session.new("energy-fight", bad)
    assert f"combatants.1.{field}" in caught.value.render("en")


def test_a_move_to_nan_in_a_fight_file_exits_2(tmp_path: Path) -> None:
    """``to: [.nan, 0]`` in a fight file is refused with a clear message and exit status 2."""
    path = tmp_path / "nan.yaml"
    path.write_text(
        "combatants: [{id: x, npc: 2, side: heroes}, {id: y, npc: 2, side: foes}]\n"
        "commands: [start, {move: {actor: x, to: [.nan, 0]}}]\n",
        encoding="utf-8",
    )
    result = run_cli(["energy", "fight", "run", str(path)], "en")
    assert result.exit_code == 2 and "finite number" in result.stderr, result.stderr


def test_the_end_of_a_fight_is_a_command_of_the_wire_form() -> None:
    session = _session()
    session.do({"end": {}}, NO_DICE)
    assert session.state.phase is Phase.ENDED
    assert session.log_json()[-1]["command"] == "end" and EndFight() == session.entries()[-1].command


@pytest.mark.parametrize(
    ("attributes", "field"),
    [
        ({"energy": 0, "recovery": 0, "vigor": 2}, "attributes.energy"),
        ({"energy": 4, "recovery": 6, "vigor": 4}, "attributes.recovery"),
    ],
)
def test_fighters_with_attributes_the_creation_rules_forbid_are_refused(
    attributes: dict[str, int], field: str
) -> None:
    """« Un attribut ne peut jamais être inférieur à 1 »; « La récupération ne peut pas être supérieure à
    l'énergie » (002_58e889a1abff3456.txt): a fight refuses them, naming the field as ``energy check``
    does, instead of starting an Énergie of 0 at 1/1."""
    bad = setup([], [2])
    bad["combatants"].append({"id": "x", "npc": 2, "side": "heroes", "attributes": attributes})
    with pytest.raises(BadInputError) as caught:
        Session.new("energy-fight", bad)
    assert field in caught.value.render("en") and field in caught.value.render("fr")
    assert "combatant x" in caught.value.render("en")
