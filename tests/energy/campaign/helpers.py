"""Characters for the campaign tests, built from the rulebook's examples."""

from __future__ import annotations

from meneur.systems.energy import library_hero
from meneur.systems.energy.model import Character, Power, PowerCategory, Trait


def wink_on_the_road() -> Character:
    """WINK as the challenge chapter describes her: "une spécialité moto à +1" and "Téléportation (Mov) +1".

    The creation chapter gives her "Spécialisation moto rang 2" and an unreinforced Téléportation;
    the challenge example uses its own numbers (see docs/rulings/energy-campaign.md).
    """
    wink = library_hero("WINK")
    traits = tuple(
        t.model_copy(update={"bonus": 1}) if t.name == "Spécialisation moto" else t for t in wink.traits
    )
    powers = tuple(
        p.model_copy(update={"modifier": 1}) if p.name == "Téléportation" else p for p in wink.powers
    )
    return wink.model_copy(update={"traits": traits, "powers": powers})


def mecanus() -> Character:
    """MECANUS: "rang 5 et possède le pouvoir de Jambes cybernétiques (Mov) -1" (an NPC)."""
    npc = library_hero("KITSUNE").model_copy(
        update={"name": "MECANUS", "pc": False, "traits": (Trait(name="Membres cybernétiques", bonus=1),)}
    )
    return npc.model_copy(
        update={"powers": (Power(name="Jambes cybernétiques", category=PowerCategory.MOV, modifier=-1),)}
    )
