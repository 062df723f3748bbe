"""Whose turn it is after the initiative, and whom an attack is offered against first: « chaque
combattant lance 2D6 + Physique. Le plus haut agit en premier, puis on descend »
(003_87a535c5e428c5d3.txt, « Initiative et tour de combat »)."""

from __future__ import annotations

from typing import Any

from meneur.dice import EnteredSource
from meneur.engine.session import Session

SETUP = {
    "characters": [
        {"name": "Mihail", "mental": 2, "physical": 1, "social": 1},
        {"name": "Anca", "mental": 1, "physical": 2, "social": 2},
    ],
    "npcs": [{"name": "Strigoi", "kind": "vampire", "mental": 2, "physical": 3, "social": 1}],
}


def _round() -> Session[Any, Any, Any]:
    session = Session.new("carpathes", SETUP)
    for command in ("start_session", "start_scene"):
        session.do(command)
    assert session.state.turn() is None  # no initiative yet in this scene
    # Mihail 2+2+1 = 5, Anca 3+3+2 = 8, Strigoi 4+4+3 = 11
    session.do({"roll_initiative": {"npcs": [{"name": "Strigoi"}]}}, EnteredSource([2, 2, 3, 3, 4, 4]))
    return session


def test_the_highest_acts_first_then_down_the_order_and_a_new_round_starts_again() -> None:
    session = _round()
    assert session.state.turn() == "Strigoi"
    session.do({"attack": {"attacker": "Strigoi", "target": "Mihail"}}, EnteredSource([1, 1]))
    assert session.state.turn() == "Anca"
    # a protection roll answers: it takes no turn
    session.do(
        {"roll": {"pc": "Anca", "trait": "physical", "purpose": "protection", "peril": True}},
        EnteredSource([3, 3]),
    )
    assert session.state.turn() == "Anca"
    session.do({"roll": {"pc": "Anca", "trait": "mental"}}, EnteredSource([3, 3]))
    assert session.state.turn() == "Mihail"
    session.do({"attack": {"attacker": "Mihail", "target": "Strigoi"}}, EnteredSource([1, 1]))
    assert session.state.turn() is None  # everyone has acted
    session.do("next_round")
    assert session.state.turn() == "Strigoi"
    session.undo()
    assert session.state.turn() is None


def test_an_attack_is_offered_against_foes_first() -> None:
    session = _round()
    targets: dict[str, list[str]] = {}
    for entry in session.legal():
        if entry.kind == "attack":
            targets.setdefault(entry.actor or "", []).append(entry.command.target)
    assert targets == {
        "Mihail": ["Strigoi", "Anca"],
        "Anca": ["Strigoi", "Mihail"],
        "Strigoi": ["Mihail", "Anca"],
    }


def test_a_wound_by_hand_is_the_games_command_not_a_pcs() -> None:
    """« le MJ tranche selon la fiction »: no PC is the actor of ``inflict_wound``."""
    session = _round()
    wounds = [entry for entry in session.legal() if entry.kind == "inflict_wound"]
    assert wounds and {entry.actor for entry in wounds} == {None}
    assert {entry.command.target for entry in wounds} == {"Mihail", "Anca", "Strigoi"}
