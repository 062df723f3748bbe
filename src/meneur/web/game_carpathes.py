"""The Carpathes parts of the session page: each character's row, the chronicle's facts with the
scene's initiative (each combatant's dice and total as the engine's events hold them, in the order
of the round), and what is chosen beside an attack's button (the weapon, its bonus, whether the
undead is identified or the target asleep, advantage or disadvantage) with what the rules core says
of those choices before rolling (:func:`meneur.systems.carpathes.attacks.attack_terms`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from meneur.i18n import N_, translate

ATTACK_FLAGS = ("identified", "sleeping", "advantage", "disadvantage")
"""The attack's yes-or-no choices, each a checkbox beside its button (named as the command's field)."""


@dataclass
class AttackChoices:
    """What is chosen beside an attack's button: ``weapons`` (key, the book's word), the ``weapon``
    and ``bonus`` chosen (the bonus as the form gave it), its bounds, the ``flags`` checked (of
    :data:`ATTACK_FLAGS`), and ``notes``: what the rules core says of the attack so chosen (the
    weapon's damage steps, a silver hit's wounds, a mode imposed or cancelled)."""

    weapons: list[tuple[str, str]]
    weapon: str
    bonus: str
    bonus_min: int
    bonus_max: int
    flags: dict[str, bool]
    notes: list[str] = field(default_factory=list)


def attack_choices(command: Any, terms: Any, lang: str) -> AttackChoices:
    """The choices beside an attack's button as ``command`` holds them, with the notes its
    ``terms`` (:func:`meneur.systems.carpathes.attacks.attack_terms`) give."""
    from meneur.systems.carpathes.catalogue import WEAPONS
    from meneur.systems.carpathes.model import BONUS_MAX, BONUS_MIN

    return AttackChoices(
        weapons=[(key.value, translate("carpathes", w.label, lang)) for key, w in WEAPONS.items()],
        weapon=command.weapon.value,
        bonus=str(command.weapon_bonus),
        bonus_min=BONUS_MIN,
        bonus_max=BONUS_MAX,
        flags={name: bool(getattr(command, name)) for name in ATTACK_FLAGS},
        notes=[line.render(lang) for line in terms.explain(WEAPONS[command.weapon])],
    )


def attack_with(fields: dict[str, Any], weapon: str, bonus: str, flags: set[str]) -> dict[str, Any]:
    """An attack's fields with the weapon, its bonus and the ``flags`` checked beside its button
    (the others off); a default left out, as the command is written.

    Raises:
        ValueError: a bonus that is not a whole number.
    """
    fields = {k: v for k, v in fields.items() if k not in ("weapon", "weapon_bonus", *ATTACK_FLAGS)}
    if weapon.strip() and weapon.strip() != "bare_hands":
        fields["weapon"] = weapon.strip()
    if bonus.strip() and int(bonus) != 0:
        fields["weapon_bonus"] = int(bonus)
    fields.update({name: True for name in ATTACK_FLAGS if name in flags})
    return fields


def rows(state: Any, lang: str) -> list[dict[str, Any]]:
    """Each player character with the numbers the chronicle keeps for it."""
    from meneur.systems.carpathes.combat import WOUND_LABELS
    from meneur.systems.carpathes.model import TIER_LABELS

    found = []
    for name, character in state.characters.items():
        status = state.status[name]
        last = None
        if status.last_roll is not None:
            rolled = status.last_roll.trait_roll()
            last = {
                "dice": " + ".join(str(d) for d in rolled.kept),
                "trait": rolled.trait,
                "bonus": rolled.bonus,
                "total": rolled.total,
                "tier": translate("carpathes", TIER_LABELS[rolled.final_tier], lang),
            }
        found.append(
            {
                "name": name,
                "traits": {
                    "mental": character.mental,
                    "physical": character.physical,
                    "social": character.social,
                },
                "talents": dict(character.talents),
                "defense": character.defense,
                "wounds": [translate("carpathes", WOUND_LABELS[w], lang) for w in status.wounds],
                "needs_care": status.needs_care,
                "talisman_spent": status.talisman_spent_in is not None,
                "joker_used": status.joker_used_in is not None,
                "cracked": status.cracked,
                "last_roll": last,
            }
        )
    return found


def initiative(state: Any, lang: str) -> list[str]:
    """The scene's initiative in this round's order, one line per combatant with its dice (the two
    kept; the three rolled under disadvantage) and total, as the engine's event holds them and in
    its words (« chaque combattant lance 2D6 + Physique. Le plus haut agit en premier »); nothing
    before it is rolled in this scene (« L'initiative se relance à chaque scène »)."""
    if state.initiative_scene != state.scene or not state.initiative:
        return []
    return [line.render(lang) for line in state.initiative_order().explain(max(state.round, 1))]


def facts(state: Any, lang: str) -> list[tuple[str, str | list[str]]]:
    """The chronicle's session, scene and round, and the scene's initiative."""
    return [
        (translate("web", N_("Session"), lang), str(state.session)),
        (translate("web", N_("Scene"), lang), str(state.scene)),
        (translate("web", N_("Round"), lang), str(state.round)),
        (translate("web", N_("Initiative"), lang), initiative(state, lang) or "—"),
    ]
