"""The chronicle through the engine: random legal play, replay, undo, legality against decide, and
chronicle files written before the engine."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meneur.dice.source import RandomSource
from meneur.engine import Session, store
from meneur.errors import BadInputError, Refused
from meneur.systems.carpathes.engine import SYSTEM
from meneur.systems.carpathes.model import Character, CreatureKind, Faith, Npc

CAST = [
    Character(
        name="Mihail", mental=2, physical=1, social=1, sacred_objects=("croix",), trade="prêtre défroqué"
    ).model_dump(mode="json"),
    Character(
        name="Anca",
        mental=1,
        physical=2,
        social=2,
        faith=Faith.ATHEIST,
        talents={"escrime": 2},
        initiative_talent="escrime",
    ).model_dump(mode="json"),
]
NPCS = [
    Npc(
        name="Strigoi", kind=CreatureKind.VAMPIRE, mental=2, physical=3, social=1, initiative_bonus=1
    ).model_dump(mode="json")
]
SETUPS = st.sampled_from(
    [
        {"characters": CAST},
        {"characters": CAST, "npcs": NPCS},
        {
            "characters": CAST,
            "options": {
                "cracked_disadvantage_until_penance": True,
                "require_established_object": False,
                "advantage_cancels_disadvantage": False,
                "supernatural_clues_per_scene": None,
            },
        },
    ]
)


def _judge_every_entry(session: Session[Any, Any, Any], seed: int) -> None:
    """Every command ``legal`` offers is accepted by ``decide``; every refused one is refused with
    the rule ``legal`` gave."""
    for entry in session.legal(include_refused=True):
        dice = RandomSource.from_seed(seed)
        if entry.is_legal:
            assert SYSTEM.decide(session.state, entry.command, dice), entry
        else:
            with pytest.raises(Refused) as caught:
                SYSTEM.decide(session.state, entry.command, dice)
            assert caught.value.rule == entry.rule


@settings(max_examples=40, deadline=None)
@given(SETUPS, st.lists(st.integers(0, 10_000), min_size=1, max_size=40), st.integers(0, 2**16))
def test_random_legal_play_replays_undoes_and_agrees_with_decide(
    setup: dict[str, Any], picks: list[int], seed: int
) -> None:
    session = Session.new("carpathes", setup)
    dice = RandomSource.from_seed(seed)
    for number, pick in enumerate(picks):
        offered = session.legal()
        assert offered, "a new session can always start"
        if number % 8 == 0:
            _judge_every_entry(session, seed + number)
        before = session.state
        session.do(offered[pick % len(offered)].command, dice)
        after = session.state
        assert session.undo() is not None and session.state == before
        assert session.redo() is not None and session.state == after
    rebuilt = Session.replay("carpathes", setup, [(e.command, e.events) for e in session.entries()])
    assert rebuilt.state == session.state
    wire = json.loads(json.dumps(session.log_json()))
    from_wire = Session.replay("carpathes", setup, [(e["command"], e["events"]) for e in wire])
    assert from_wire.state == session.state
    assert SYSTEM.state_from_json(json.loads(json.dumps(SYSTEM.state_json(session.state)))) == session.state


def test_talisman_and_joker_entries_follow_the_rules() -> None:
    """« Talisman de Foi »: on a partial success in a confirmed supernatural confrontation; the Joker
    only on a roll in direct peril (003_87a535c5e428c5d3.txt)."""
    session = Session.new("carpathes", {"characters": CAST})
    for command in ("start_session", "start_scene", {"begin_confrontation": {"creature": "vampire"}}):
        session.do(command)
    session.do({"roll": {"pc": "Mihail", "trait": "mental"}}, RandomSource.from_seed(None))
    entries = {(e.actor, e.kind): e for e in session.legal(include_refused=True)}
    talisman, joker = entries[("Mihail", "invoke_talisman")], entries[("Mihail", "use_joker")]
    assert joker.rule == "joker.peril"
    assert talisman.is_legal == (
        session.state.status["Mihail"].last_roll.roll.to_roll().tier.value == "partial_success"
    )
    assert entries[("Anca", "invoke_talisman")].rule == "talisman.atheist"


def test_a_roll_entry_says_how_many_dice_to_enter() -> None:
    """« Avantage (3D6 garder les 2 meilleurs) », « Désavantage (3D6 garder les 2 pires) »: a
    wounded PC rolls 3 dice until medical care."""
    session = Session.new("carpathes", {"characters": CAST})
    for command in ("start_session", "start_scene", {"inflict_wound": {"pc": "Anca", "wound": "serious"}}):
        session.do(command)
    rolls = {e.actor: e.details for e in session.legal() if e.kind == "roll"}
    assert rolls["Anca"] == {"mode": "disadvantage", "dice": 3}
    assert rolls["Mihail"] == {"mode": "normal", "dice": 2}


def test_a_bad_setup_is_bad_input_naming_the_field() -> None:
    with pytest.raises(BadInputError) as caught:
        Session.new("carpathes", {"characters": [{"name": "X", "mental": 12, "physical": 1, "social": 1}]})
    assert "setup.characters.0.mental" in caught.value.render("en")
    with pytest.raises(BadInputError):
        Session.new("carpathes", {"characters": [CAST[0], CAST[0]]})


OLD_FILE = {
    "options": {
        "advantage_cancels_disadvantage": True,
        "cracked_disadvantage_until_penance": False,
        "require_established_object": True,
        "damage_step": "margin",
        "silver_wound_multiplier": 2,
        "critical_wound_disadvantage": True,
        "supernatural_clues_per_scene": 3,
    },
    "batches": [
        [
            {
                "type": "character_added",
                "character": {
                    "name": "Mihail",
                    "mental": 2,
                    "physical": 1,
                    "social": 1,
                    "talents": {},
                    "trade": "",
                    "hobby": "",
                    "faith": "believer",
                    "sacred_objects": ["croix d'argent"],
                    "equipment_bonus": 0,
                },
            }
        ],
        [{"type": "session_started"}],
        [{"type": "scene_started", "after_night": False}],
        [{"type": "confrontation_began", "creature": "vampire", "confirmed": True}],
        [
            {
                "type": "rolled",
                "pc": "Mihail",
                "roll": {"trait": 2, "bonus": 0, "mode": "normal", "dice": [4, 4]},
                "purpose": "action",
                "peril": False,
                "shaken_faith": False,
                "modes_cancelled": False,
                "off_guard": False,
                "wounded": False,
                "trait": "mental",
            }
        ],
        [{"type": "talisman_invoked", "pc": "Mihail", "sacred_object": "croix d'argent"}],
    ],
}
"""A chronicle file as ``chronicle new``/``talisman`` wrote it before the engine (Father Mihail's
10 raised by a sincere word of faith)."""


def test_a_chronicle_file_written_before_the_engine_loads(tmp_path: Path) -> None:
    """003_87a535c5e428c5d3.txt, « Exemple en jeu »: the old file still says the 10 became a full
    success, and its commands can be undone one by one."""
    path = tmp_path / "old.json"
    path.write_text(json.dumps(OLD_FILE), encoding="utf-8")
    session = store.load(path, "carpathes")
    assert session.version == 6
    last = session.state.status["Mihail"].last_roll
    assert (last.trait_roll().total, last.trait_roll().final_tier.value) == (10, "success")
    assert session.undo() is not None and not session.state.status["Mihail"].last_roll.talisman_invoked
    store.save(path, session)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert (saved["meneur"], saved["format"], len(saved["log"])) == ("carpathes", 1, 5)


def test_a_damaged_old_file_is_bad_input(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    path.write_text(
        json.dumps(
            {**OLD_FILE, "batches": [[{"type": "talisman_invoked", "pc": "X", "sacred_object": "croix"}]]}
        ),
        encoding="utf-8",
    )
    with pytest.raises(BadInputError):
        store.load(path, "carpathes")
