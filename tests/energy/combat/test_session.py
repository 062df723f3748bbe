"""The fight session (undo, redo, replay), the legality query and fight-file errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from meneur.errors import BadInputError, Refused
from meneur.systems.energy.combat.commands import Attack, Defend, StartFight
from meneur.systems.energy.combat.engine import load_fight
from meneur.systems.energy.combat.fight import Fight
from meneur.systems.energy.combat.legal import legal_actions
from meneur.systems.energy.combat.state import FightState, Phase

from .builders import foe, hero, started
from .helpers import play, replayed_from_wire


def test_undo_redo_and_replay() -> None:
    fight = play("kitsune_octopus")
    end = fight.state
    assert replayed_from_wire(fight) == end
    fight.undo()
    assert fight.state.pending is not None
    fight.redo()
    assert fight.state == end
    while fight.undo() is not None:
        pass
    assert fight.state == fight.start
    redone = fight.redo()
    assert redone is not None and redone.command == StartFight()


def test_illegal_command_leaves_the_log_and_state_unchanged() -> None:
    fight = started(hero(), foe())
    before, log = fight.state, fight.entries()
    with pytest.raises(Refused):
        fight.do(Attack("h", "f", 99, 0))
    assert fight.state == before and fight.entries() == log


def test_legal_actions_list_only_working_buttons_with_costs_and_values() -> None:
    fight = started(hero(), foe())
    actions = legal_actions(fight.state)
    assert all(a.legal for a in actions)
    attack = next(a for a in actions if a.kind == "attack" and a.command == Attack("h", "f", 1, 0))
    assert (attack.cost_min, attack.cost_max) == (1, 6)
    assert attack.effective(4) == 4
    fight.do(Attack("h", "f", 2, 0))
    reactions = legal_actions(fight.state)
    assert {a.actor for a in reactions if a.kind == "defend"} == {"f"}
    half = next(a for a in reactions if a.command == Defend("f", 0, None))
    assert half.effective(4) == 2


def test_refused_buttons_say_why() -> None:
    fight = started(hero(), foe())
    fight.do(Attack("h", "f", 1, 0))
    fight.do(Defend("f"))
    grey = [a for a in legal_actions(fight.state, include_refused=True) if not a.legal]
    again = next(a for a in grey if a.kind == "attack" and a.command.target == "f")  # type: ignore[union-attr]
    assert again.rule == "one_attack_per_target" and again.reason is not None
    assert "KITSUNE" not in again.reason.render("en")


def test_setup_offers_only_the_start() -> None:
    state = FightState((hero(), foe()))
    assert [a.kind for a in legal_actions(state)] == ["start"]
    assert state.phase is Phase.SETUP


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("combatants: [", "YAML"),
        ("- 1", "mapping"),
        ("combatants: [{id: a, side: heroes, hero: NOBODY}]\n", "NOBODY"),
        ("combatants: [{id: a, side: elves, npc: 2}]\n", "side"),
        ("combatants: [{id: a, side: heroes, npc: 2}, {id: a, side: foes, npc: 2}]\n", "unique"),
        ("combatants: [{id: a, side: heroes, npc: 2}]\ncommands: [fly]\n", "fly"),
        (
            "combatants: [{id: a, side: heroes, npc: 2}]\ncommands: [{attack: {actor: a, power: Laser}}]\n",
            "Laser",
        ),
        ("combatants: [{id: a, side: heroes, npc: 2}]\ncommands: [{move: {actor: a, to: [1]}}]\n", "move.to"),
        ("combatants: [{id: a, side: heroes, npc: 2}]\ncommands: [{move: {actor: a, speed: 3}}]\n", "speed"),
    ],
)
def test_bad_fight_files_are_refused_clearly(tmp_path: Path, text: str, fragment: str) -> None:
    path = tmp_path / "fight.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BadInputError) as caught:
        load_fight(path)
    assert fragment in caught.value.render("en")


def test_a_character_file_relative_to_the_fight_file(tmp_path: Path) -> None:
    from meneur.systems.energy import dump_character, library_hero

    (tmp_path / "chars").mkdir()
    (tmp_path / "chars" / "wink.yaml").write_text(dump_character(library_hero("wink")), encoding="utf-8")
    (tmp_path / "f.json").write_text(
        '{"combatants": [{"id": "w", "file": "chars/wink.yaml", "side": "heroes"},'
        ' {"id": "n", "npc": 2, "side": "foes", "position": [3, 4]}], "commands": ["start"]}',
        encoding="utf-8",
    )
    state, commands = load_fight(tmp_path / "f.json")
    assert state.get("w").name == "WINK" and state.get("n").position == (3.0, 4.0)
    assert commands == [StartFight()]
    fight = Fight(state)
    fight.do(commands[0])
    assert fight.state.order == ("w", "n")


def test_a_character_given_in_the_fight_itself_needs_no_file() -> None:
    """A fight that reads no file (a table's, on the server): the character's own fields inline."""
    import yaml

    from meneur.engine import Session
    from meneur.systems.energy import dump_character, library_hero

    wink = yaml.safe_load(dump_character(library_hero("wink")))
    setup = {
        "combatants": [
            {"id": "w", "character": wink, "side": "heroes"},
            {"id": "n", "npc": 2, "side": "foes", "position": [3, 4]},
        ]
    }
    session = Session.new("energy-fight", setup)
    from_library = Session.new(
        "energy-fight", {"combatants": [{"id": "w", "hero": "WINK", "side": "heroes"}]}
    )
    assert session.state.get("w") == from_library.state.get("w")
    session.do("start")
    assert Session.replay("energy-fight", session.setup, session.events()).state == session.state
    both = {"combatants": [{"id": "w", "character": wink, "hero": "WINK", "side": "heroes"}]}
    with pytest.raises(BadInputError, match="character"):
        Session.new("energy-fight", both)
    with pytest.raises(BadInputError, match="w"):
        Session.new("energy-fight", {"combatants": [{"id": "w", "character": {"rank": 5}, "side": "heroes"}]})
