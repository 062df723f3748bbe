"""Fights for the AI tests: library heroes against quick NPCs."""

from __future__ import annotations

from pathlib import Path

from meneur.systems.energy import library_hero, quick_npc
from meneur.systems.energy.combat import FightState, combatant_from_character

DEMO = (
    Path(__file__).parents[3] / "src" / "meneur" / "systems" / "energy" / "combat" / "examples" / "demo.yaml"
)


def fight(heroes: tuple[str, ...], foes: tuple[int, ...], gap: float = 10.0) -> FightState:
    """Heroes in a line at y=0 and quick NPCs of the given ranks in a line ``gap`` metres away."""
    people = [
        combatant_from_character(library_hero(n), f"h{i}", "heroes", position=(4.0 * i, 0.0))
        for i, n in enumerate(heroes)
    ]
    people += [
        combatant_from_character(quick_npc(r, f"Agent {i + 1}"), f"f{i}", "foes", position=(4.0 * i, gap))
        for i, r in enumerate(foes)
    ]
    return FightState(tuple(people))
