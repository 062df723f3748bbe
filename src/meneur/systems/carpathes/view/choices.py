"""What is chosen beside a Carpathes session page's buttons: beside an attack's button (the weapon,
its bonus, whether the undead is identified or the target asleep, advantage or disadvantage) with
what the rules core says of those choices before rolling
(:func:`meneur.systems.carpathes.attacks.attack_terms`), and beside the initiative's button: the
chronicle's NPCs taking part, quick NPCs by name and Physique, a surprise whispered to the GM, who is
caught off guard, each one's talent bonus (the engine judges them:
:func:`meneur.systems.carpathes.limits.check_initiative`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from meneur.i18n import N_, Message, translate
from meneur.systems.carpathes.catalogue import WEAPONS, WeaponKey
from meneur.systems.carpathes.model import BONUS_MAX, BONUS_MIN, TRAIT_MAX, TRAIT_MIN

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
    title: str = ""
    """Who attacks whom, first in the button's card (« Anca attaque Strigoi »)."""
    open: bool = False
    """Whether the choices are unfolded (once one is made)."""


def attack_choices(command: Any, terms: Any, lang: str) -> AttackChoices:
    """The choices beside an attack's button as ``command`` holds them, with the notes its
    ``terms`` (:func:`meneur.systems.carpathes.attacks.attack_terms`) give."""
    return AttackChoices(
        weapons=[(key.value, translate("carpathes", w.label, lang)) for key, w in WEAPONS.items()],
        weapon=command.weapon.value,
        bonus=str(command.weapon_bonus),
        bonus_min=BONUS_MIN,
        bonus_max=BONUS_MAX,
        flags={name: bool(getattr(command, name)) for name in ATTACK_FLAGS},
        notes=[line.render(lang) for line in terms.explain(WEAPONS[command.weapon])],
        title=Message(
            "web", N_("{attacker} attacks {target}"), {"attacker": command.attacker, "target": command.target}
        ).render(lang),
        open=command.weapon is not WeaponKey.BARE_HANDS
        or command.weapon_bonus != 0
        or any(getattr(command, name) for name in ATTACK_FLAGS),
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


INITIATIVE_FIELDS = ("npcs", "surprise", "off_guard", "talents")
"""The initiative command's fields chosen beside its button."""


@dataclass(frozen=True)
class InitiativeForm:
    """The initiative's choices as the form sent them: the chronicle's NPCs ticked (``npcs``), the
    quick NPCs (name and Physique as typed), who attacks by surprise, who is caught off guard, and
    each combatant's talent bonus as typed (empty: its sheet's)."""

    npcs: tuple[str, ...] = ()
    quick: tuple[tuple[str, str], ...] = ()
    surprise: tuple[str, ...] = ()
    off_guard: tuple[str, ...] = ()
    talents: tuple[tuple[str, str], ...] = ()


def initiative_form(data: Any) -> InitiativeForm:
    """The initiative's choices from a form or a query (``data``: several values a name)."""
    names, physiques = data.getlist("quick_name"), data.getlist("quick_physical")
    quick = [(n.strip(), p) for n, p in zip(names, physiques, strict=False) if n.strip()]
    talents = [
        (key[len("talent.") :], value) for key, value in data.multi_items() if key.startswith("talent.")
    ]
    return InitiativeForm(
        npcs=tuple(data.getlist("npc")),
        quick=tuple(quick),
        surprise=tuple(data.getlist("surprise")),
        off_guard=tuple(data.getlist("off_guard")),
        talents=tuple(talents),
    )


def form_of(state: Any, command: Any) -> InitiativeForm:
    """The form that gives ``command`` (a ``RollInitiative``): its NPCs of the chronicle ticked, the
    others quick NPCs."""
    return InitiativeForm(
        npcs=tuple(n.name for n in command.npcs if n.name in state.npcs and n.physical is None),
        quick=tuple(
            (n.name, "" if n.physical is None else str(n.physical))
            for n in command.npcs
            if n.name not in state.npcs or n.physical is not None
        ),
        surprise=tuple(command.surprise),
        off_guard=tuple(command.off_guard),
        talents=tuple((name, str(bonus)) for name, bonus in command.talents.items()),
    )


def initiative_with(fields: dict[str, Any], form: InitiativeForm) -> dict[str, Any]:
    """The initiative's fields with the choices made beside its button (the others left out): the
    NPCs ticked by name (the chronicle's sheet), the quick ones with their Physique, a talent bonus
    only where one is typed.

    Raises:
        ValueError: a Physique or a talent bonus that is not a whole number.
    """
    fields = {k: v for k, v in fields.items() if k not in INITIATIVE_FIELDS}
    npcs: list[dict[str, Any]] = [{"name": name} for name in form.npcs]
    npcs += [{"name": n, "physical": int(p)} if p.strip() else {"name": n} for n, p in form.quick]
    talents = {name: int(value) for name, value in form.talents if value.strip()}
    chosen = {"npcs": npcs, "surprise": list(form.surprise), "off_guard": list(form.off_guard)}
    fields.update({name: value for name, value in chosen.items() if value})
    if talents:
        fields["talents"] = talents
    return fields


@dataclass
class Combatant:
    """One row of the initiative's choices: ``kind`` ``pc``, ``npc`` (of the chronicle) or
    ``quick``; Physique (as typed for a quick NPC), whether it takes part, attacks by surprise or is
    caught off guard, its talent bonus as typed and its sheet's (shown when none is typed)."""

    name: str
    kind: str
    physical: str
    taking_part: bool
    surprise: bool
    off_guard: bool
    talent: str
    sheet_bonus: int


@dataclass
class InitiativeChoices:
    """What is chosen beside the initiative's button: a row per combatant (every PC, every NPC of
    the chronicle, the quick NPCs typed) and the bounds of Physique and the talent bonus."""

    combatants: list[Combatant]
    bonus_min: int
    bonus_max: int
    physical_min: int
    physical_max: int


def initiative_choices(state: Any, form: InitiativeForm) -> InitiativeChoices:
    """The initiative's choices as ``form`` holds them, for the chronicle ``state``."""
    typed = dict(form.talents)

    def row(name: str, kind: str, physical: str, part: bool, sheet: int) -> Combatant:
        surprise, off_guard = name in form.surprise, name in form.off_guard
        return Combatant(name, kind, physical, part, surprise, off_guard, typed.get(name, ""), sheet)

    found = [row(n, "pc", str(c.physical), True, c.initiative_bonus) for n, c in state.characters.items()]
    found += [
        row(n, "npc", str(c.physical), n in form.npcs, c.initiative_bonus) for n, c in state.npcs.items()
    ]
    found += [row(n, "quick", p, True, 0) for n, p in form.quick]
    return InitiativeChoices(found, BONUS_MIN, BONUS_MAX, TRAIT_MIN, TRAIT_MAX)
