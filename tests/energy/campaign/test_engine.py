"""The campaign through the engine's Session: legal commands, replay, undo, and files written before the
engine (rules of 002_58e889a1abff3456.txt, as the journal tests check them one by one)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meneur.engine import Session, store
from meneur.errors import BadInputError, Refused
from meneur.systems.energy import library_hero
from meneur.systems.energy.campaign.engine import SYSTEM, decide, setup_json
from meneur.systems.energy.campaign.options import TableOptions
from meneur.systems.energy.files import character_data
from meneur.systems.energy.model import Relation, State
from tests.cli_helpers import run_cli

KEY = "energy-campaign"
WINK = library_hero("WINK").model_copy(update={"relations": (Relation(name="Mère", value=2),)})
SETUP = setup_json([WINK, library_hero("KITSUNE")], TableOptions())


def _check_legal(session: Session[Any, Any, Any]) -> list[Any]:
    """Every command ``legal`` offers is accepted by ``decide``; each refused one is refused with its rule."""
    offered = []
    for entry in session.legal(include_refused=True):
        if entry.is_legal:
            decide(session.state, entry.command)
            offered.append(entry)
        else:
            with pytest.raises(Refused) as refused:
                decide(session.state, entry.command)
            assert refused.value.rule == entry.rule and entry.reason is not None
    return offered


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_legal_sequences_replay_and_undo(data: st.DataObject) -> None:
    """Random sequences of what ``legal`` offers: undo after do restores the state exactly, and the log
    (typed, and in its JSON wire form) replays to the same state."""
    session = Session.new(KEY, SETUP)
    for _ in range(data.draw(st.integers(0, 12))):
        offered = _check_legal(session)
        entry = data.draw(st.sampled_from(offered))
        before = session.state
        session.do(entry.command)
        if data.draw(st.booleans()):
            change = session.undo()
            assert change is not None and change.command == entry.command
            assert session.state == before
            session.redo()
    typed = Session.replay(KEY, SETUP, [(e.command, e.events) for e in session.entries()])
    assert typed.state == session.state
    wire = json.loads(json.dumps(session.log_json()))
    assert Session.replay(KEY, SETUP, [(e["command"], e["events"]) for e in wire]).state == session.state


def test_legal_says_why_a_command_is_refused() -> None:
    """002_58e889a1abff3456.txt: "Le MJ peut distribuer une case de stress [...] durant une scène": before a
    session, stress is refused with the phase rule, and starting a session is the one flow command."""
    session = Session.new(KEY, SETUP)
    entries = session.legal(include_refused=True)
    stress = next(e for e in entries if e.kind == "add_stress" and e.actor == "WINK")
    assert stress.rule == "phase"
    flow = [e.kind for e in session.legal() if e.actor is None]
    assert flow == ["start_session"]


def test_a_refused_command_changes_nothing() -> None:
    """The rules checked while an event is applied refuse in decide: "dépenser 7 cases d'économies" with
    none (002_58e889a1abff3456.txt) is refused and nothing is logged."""
    session = Session.new(KEY, SETUP)
    with pytest.raises(Refused) as refused:
        session.do({"buy": {"character": "WINK", "standard": "well_off"}})
    assert refused.value.rule == "savings" and session.version == 0


@pytest.mark.parametrize(
    "setup",
    [
        {"characters": []},
        {"characters": [character_data(WINK), character_data(WINK)]},
        {"characters": [{**character_data(WINK), "rank": True}]},
        {"characters": [character_data(WINK)], "options": {"max_rank": 4}},
        {"characters": [character_data(WINK)], "options": {"scenario_relief": "2"}},
    ],
)
def test_a_campaign_starts_from_valid_characters(setup: dict[str, Any]) -> None:
    """Characters, twins, booleans read as numbers and the rank cap are checked when a campaign starts."""
    with pytest.raises(BadInputError):
        Session.new(KEY, setup)


def _file_before_the_engine() -> dict[str, Any]:
    """A campaign file as ``campaign new`` and ``stress add`` wrote it before the engine."""
    return {
        "schema_version": 1,
        "options": TableOptions().model_dump(mode="json"),
        "characters": [character_data(library_hero("WINK"))],
        "log": [
            {"command": {"kind": "start_session"}, "events": [{"kind": "session_started", "number": 1}]},
            {"command": {"kind": "start_scene"}, "events": [{"kind": "scene_started", "number": 1}]},
            {
                "command": {"kind": "add_stress", "character": "WINK", "boxes": 2},
                "events": [{"kind": "stress_added", "character": "WINK", "boxes": 2}],
            },
        ],
    }


@pytest.mark.parametrize("suffix", [".json", ".yaml"])
def test_campaign_files_written_before_the_engine_load(tmp_path: Path, suffix: str) -> None:
    """A file in the journal format (``schema_version``, ``options``, ``characters``, ``log``) loads, its log
    replays, and the next command saves it as a session file."""
    import yaml

    path = tmp_path / f"old{suffix}"
    data = _file_before_the_engine()
    path.write_text(json.dumps(data) if suffix == ".json" else yaml.safe_dump(data), encoding="utf-8")
    session = store.load(path, KEY)
    assert session.state.characters["WINK"].stress == 2 and session.version == 3
    shown = run_cli(["energy", "campaign", "show", str(path), "--json"])
    assert json.loads(shown.stdout)["state"]["gm_stress"] == {"WINK": 2}
    assert run_cli(["energy", "campaign", "undo", str(path)]).exit_code == 0
    saved = store.load(path, KEY)
    assert saved.state.characters["WINK"].stress == 0 and len(saved.undone()) == 1
    assert "meneur" in path.read_text(encoding="utf-8")


def test_a_newer_campaign_file_is_refused(tmp_path: Path) -> None:
    """A campaign file of a later version says to update meneur (exit 2, nothing written)."""
    path = tmp_path / "future.json"
    path.write_text(json.dumps({**_file_before_the_engine(), "schema_version": 2}), encoding="utf-8")
    result = run_cli(["energy", "campaign", "show", str(path)], "en")
    assert result.exit_code == 2 and "update meneur" in result.stderr


def test_the_schema_file_is_the_codec_schema() -> None:
    """docs/schema/energy-campaign.schema.json is generated from the codec (python scripts/schemas.py)."""
    path = Path(__file__).resolve().parents[3] / "docs" / "schema" / "energy-campaign.schema.json"
    assert json.loads(path.read_text(encoding="utf-8")) == SYSTEM.codec.schema(KEY)


def test_every_command_and_event_has_its_wire_name() -> None:
    """The wire names are the commands' and events' kinds, as campaign files always wrote them."""
    assert "add_stress" in SYSTEM.codec.command_names
    event = SYSTEM.codec.event_from_json({"state_inflicted": {"character": "WINK", "state": "wounded"}})
    assert event.state is State.WOUNDED
