"""The line-up of a fight (``combat/lineup.py``): inline characters, heroes of the library and quick
NPCs on either side, ids from folded names, the default positions."""

from __future__ import annotations

import json

import pytest

from meneur.engine import Session
from meneur.errors import BadInputError
from meneur.systems.energy import dump_character, library_hero
from meneur.systems.energy.combat.files import setup_state
from meneur.systems.energy.combat.lineup import (
    FOE_DISTANCE,
    LINE_GAP,
    Recruit,
    line_up,
    quick_npcs,
    table_setup,
)


def _wink() -> dict[str, object]:
    data: dict[str, object] = json.loads(dump_character(library_hero("wink"), "json"))
    return data


def test_either_side_takes_inline_characters_library_heroes_and_quick_npcs() -> None:
    setup = line_up(
        [
            Recruit("heroes", character=_wink()),
            Recruit("heroes", hero="Tempête d’acier"),
            Recruit("foes", hero="KITSUNE"),
            *quick_npcs([3, 4], "foes", "Agent Octopus {number}"),
            *quick_npcs([2], "heroes", "Allié {number}"),
        ]
    )
    entries = setup["combatants"]
    assert [(e["id"], e["side"], e["position"]) for e in entries] == [
        ("wink", "heroes", [0.0, 0.0]),
        ("tempete_d_acier", "heroes", [0.0, LINE_GAP]),
        ("kitsune", "foes", [FOE_DISTANCE, 0.0]),
        ("agent_octopus_1", "foes", [FOE_DISTANCE, LINE_GAP]),
        ("agent_octopus_2", "foes", [FOE_DISTANCE, 2 * LINE_GAP]),
        ("allie_1", "heroes", [0.0, 2 * LINE_GAP]),
    ]
    assert entries[0]["character"] == _wink() and entries[3]["npc"] == 3
    assert entries[3]["name"] == "Agent Octopus 1"
    state = setup_state(setup)  # the engine reads every line
    assert [c.name for c in state.combatants][:3] == ["WINK", "TEMPÊTE D’ACIER", "KITSUNE"]
    assert Session.new("energy-fight", setup).version == 0


def test_a_clash_of_ids_gets_a_suffix() -> None:
    """Two WINKs (the table's and the library's) and a quick NPC named like a hero stay apart."""
    setup = line_up(
        [
            Recruit("heroes", character=_wink()),
            Recruit("foes", hero="wink"),
            Recruit("foes", npc=2, name="Wink"),
        ]
    )
    assert [e["id"] for e in setup["combatants"]] == ["wink", "wink-2", "wink-3"]
    assert len(setup_state(setup).combatants) == 3


def test_a_name_pattern_holds_any_text() -> None:
    """Braces typed in a name are kept, only ``{number}`` is replaced."""
    (npc,) = quick_npcs([1], "foes", "Agent {x} {number}")
    assert npc.name == "Agent {x} 1"


def test_positions_move_anyone_by_id_and_refuse_an_unknown_one() -> None:
    setup = line_up([Recruit("heroes", hero="wink"), *quick_npcs([2])], {"NPC_1": (7, 1)})
    assert setup["combatants"][1]["position"] == [7.0, 1.0]
    with pytest.raises(BadInputError, match="npc_1"):
        line_up([Recruit("heroes", hero="wink"), *quick_npcs([2])], {"nobody": (0, 0)})


def test_no_combatant_is_refused() -> None:
    with pytest.raises(BadInputError):
        line_up([])
    with pytest.raises(BadInputError):
        table_setup()


def test_the_command_lines_fight_keeps_its_ids() -> None:
    """``fight new --hero kitsune --npc 3,3``: the heroes' side, then ``npc1``, ``npc2`` facing them."""
    setup = table_setup(["KITSUNE"], [], [3, 3], npc_name="PNJ {number}")
    assert setup["combatants"] == [
        {"id": "kitsune", "hero": "KITSUNE", "side": "heroes", "position": [0.0, 0.0]},
        {"id": "npc1", "npc": 3, "side": "foes", "name": "PNJ 1", "position": [4.0, 0.0]},
        {"id": "npc2", "npc": 3, "side": "foes", "name": "PNJ 2", "position": [4.0, 1.5]},
    ]


def test_a_hero_lined_up_as_a_foe_may_be_the_gms() -> None:
    """``pc`` passes to the line: a library hero on the foes' side is no player's character."""
    setup = line_up([Recruit("heroes", hero="wink"), Recruit("foes", hero="kitsune", pc=False)])
    assert "pc" not in setup["combatants"][0] and setup["combatants"][1]["pc"] is False
    wink, kitsune = setup_state(setup).combatants
    assert wink.pc and not kitsune.pc
