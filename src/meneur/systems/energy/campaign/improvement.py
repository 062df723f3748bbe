"""What experience buys beside an aptitude's rank, one step at a time: an attribute +1, a power's
reinforcement +1, a trait's bonus +1, a new power, a new trait.

"leur permettant de gagner des points de héros et des points d'aptitudes à dépenser pour augmenter
leurs attributs, acheter des pouvoirs ou améliorer leurs aptitudes et leurs traits"; a hero point
"peut être utilisé comme indiqué au chapitre les bases d'un personnage", an aptitude point "pourra être
dépensé pour augmenter le score d'une aptitude ou d'un trait" (002_58e889a1abff3456.txt).

Conventions: an :class:`Improvement` names one step; :func:`improved` is the character with that step
taken; :func:`offers` lists every step the sheet has; what a step costs is always
:func:`~.experience.spend`'s (:func:`price`), never computed here. An aptitude's rank has its own step
(:func:`~.commands.raised`). Functions are pure.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from meneur.errors import BadInputError, MeneurError, Refused
from meneur.i18n import N_, Message
from meneur.i18n.words import fold
from meneur.systems.energy import costs
from meneur.systems.energy.campaign.experience import Spending, left_over, spend
from meneur.systems.energy.campaign.options import TableOptions
from meneur.systems.energy.model import Aptitude, Character, Power, PowerCategory, Trait
from meneur.systems.energy.names import ATTRIBUTE_NAMES, word

DOMAIN = "energy_campaign"

STAND_IN = "…"
"""The name a new power, trait or relation is priced or listed with before one is typed (the price and
the legality do not depend on it)."""


def stand_in(taken: list[str]) -> str:
    """:data:`STAND_IN`, numbered past the names ``taken`` (« … », « … 2 »)."""
    folded = {fold(name) for name in taken}
    n = 1
    while fold(name := STAND_IN if n == 1 else f"{STAND_IN} {n}") in folded:
        n += 1
    return name


class Target(StrEnum):
    """What one step improves."""

    ATTRIBUTE = "attribute"
    POWER = "power"
    TRAIT = "trait"
    NEW_POWER = "new_power"
    NEW_TRAIT = "new_trait"


NEW = frozenset({Target.NEW_POWER, Target.NEW_TRAIT})


class Improvement(BaseModel):
    """One step: the ``target`` and its ``key`` (the attribute: ``energy``, ``recovery``, ``vigor``; the
    power's or trait's name; the new one's name), a new power's ``category`` and the ``aptitude`` a
    new trait helps."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    target: Target
    key: str = ""
    category: PowerCategory | None = None
    aptitude: Aptitude | None = None


def _named(character: Character, items: tuple[Power, ...] | tuple[Trait, ...], name: str, what: str) -> int:
    names = [item.name for item in items]
    found = [n for n, item in enumerate(names) if fold(item) == fold(name)]
    if found:
        return found[0]
    msgid = (
        N_("{name} has no power {item!r} (powers: {known}).")
        if what == "power"
        else N_("{name} has no trait {item!r} (traits: {known}).")
    )
    known = ", ".join(names) or Message(DOMAIN, N_("none"))
    raise BadInputError(Message(DOMAIN, msgid, {"name": character.name, "item": name, "known": known}))


def _new_name(character: Character, step: Improvement) -> str:
    """The new power's or trait's name: typed, and not one the character has already."""
    name = step.key.strip()
    if not name:
        msgid = (
            N_("A new power needs a name agreed with the GM.")
            if step.target is Target.NEW_POWER
            else N_("A new trait needs a name.")
        )
        raise Refused(Message(DOMAIN, msgid), rule="improvement_name")
    taken = character.powers if step.target is Target.NEW_POWER else character.traits
    if any(fold(item.name) == fold(name) for item in taken):
        raise BadInputError(
            Message(
                DOMAIN,
                N_("{name} already has {item!r}: raise it instead of buying it again."),
                {"name": character.name, "item": name},
            )
        )
    return name


def improved(character: Character, step: Improvement) -> Character:
    """``character`` with the step taken: one point more in an attribute, +1 to a power's modifier
    ("Les pouvoirs peuvent être renforcés"), +1 to a trait's bonus ("Un trait coûte 1 point d'aptitude
    par bonus de +1"), a new power at its base ("leur coût de base est toujours 3 points de héros") or
    a new trait at +1 for one aptitude.

    Raises:
        BadInputError: an attribute, power or trait the character does not have, a new one's name
            already taken, a new power without a category or a new trait without an aptitude.
        Refused: a new power or trait without a name (rule ``improvement_name``).
    """
    match step.target:
        case Target.ATTRIBUTE:
            if step.key not in costs.ATTRIBUTE_COSTS:
                known = ", ".join(costs.ATTRIBUTE_COSTS)
                raise BadInputError(
                    Message(
                        DOMAIN,
                        N_("Unknown attribute {key!r}: expected one of {known}."),
                        {"key": step.key, "known": known},
                    )
                )
            value = getattr(character.attributes, step.key) + 1
            attributes = character.attributes.model_copy(update={step.key: value})
            return character.model_copy(update={"attributes": attributes})
        case Target.POWER:
            powers = list(character.powers)
            index = _named(character, character.powers, step.key, "power")
            powers[index] = powers[index].model_copy(update={"modifier": powers[index].modifier + 1})
            return character.model_copy(update={"powers": tuple(powers)})
        case Target.TRAIT:
            traits = list(character.traits)
            index = _named(character, character.traits, step.key, "trait")
            traits[index] = traits[index].model_copy(update={"bonus": traits[index].bonus + 1})
            return character.model_copy(update={"traits": tuple(traits)})
        case Target.NEW_POWER:
            name = _new_name(character, step)
            if step.category is None:
                msgid = N_("A new power needs its category (Off-C, Off-D, Def, Mov, Sup).")
                raise BadInputError(Message(DOMAIN, msgid))
            power = Power(name=name, category=step.category)
            return character.model_copy(update={"powers": (*character.powers, power)})
        case Target.NEW_TRAIT:
            name = _new_name(character, step)
            if step.aptitude is None:
                raise BadInputError(Message(DOMAIN, N_("A new trait names the aptitude it helps.")))
            trait = Trait(name=name, bonus=1, aptitudes=(step.aptitude,))
            return character.model_copy(update={"traits": (*character.traits, trait)})
    raise AssertionError(step)  # pragma: no cover - every target is matched above


def offers(character: Character) -> tuple[Improvement, ...]:
    """Every step the sheet has, in the sheet's order: each attribute, each power, each trait, then a
    new power and a new trait (their name still to type)."""
    first = next(iter(sorted(character.aptitudes, key=list(Aptitude).index)), next(iter(Aptitude)))
    return (
        *(Improvement(target=Target.ATTRIBUTE, key=key) for key in costs.ATTRIBUTE_COSTS),
        *(Improvement(target=Target.POWER, key=p.name) for p in character.powers),
        *(Improvement(target=Target.TRAIT, key=t.name) for t in character.traits),
        Improvement(target=Target.NEW_POWER, category=PowerCategory.OFF_C),
        Improvement(target=Target.NEW_TRAIT, aptitude=first),
    )


def price(character: Character, step: Improvement, *, options: TableOptions | None = None) -> Spending:
    """What the step costs and the character it makes, as :func:`~.experience.spend` decides it; a new
    power or trait without a name yet is priced as if named.

    Raises:
        Refused: not enough points, or a rank above the campaign's cap.
        InvalidCharacterError: the improved character breaks a creation rule (Récupération above
            Énergie).
        BadInputError: as :func:`improved`.
    """
    if step.target in NEW and not step.key.strip():
        taken = character.powers if step.target is Target.NEW_POWER else character.traits
        step = step.model_copy(update={"key": stand_in([item.name for item in taken])})
    return spend(character, improved(character, step), options=options)


def has_points(character: Character) -> bool:
    """Whether ``character`` has a hero or aptitude point to spend (earned, or left at creation)."""
    hero, apt = left_over(character)
    return bool(character.experience.heroic_points + hero or character.experience.aptitude_points + apt)


def first_affordable(character: Character, *, options: TableOptions | None = None) -> Improvement | None:
    """The first step of :func:`offers` the character's points buy now (``None``: none); a new power
    or trait is named :data:`STAND_IN`."""
    for step in offers(character):
        if step.target in NEW:
            taken = character.powers if step.target is Target.NEW_POWER else character.traits
            step = step.model_copy(update={"key": stand_in([item.name for item in taken])})
        try:
            price(character, step, options=options)
        except MeneurError:
            continue
        return step
    return None


def step_words(step: Improvement) -> Message | str:
    """What the step improves, in the book's words (« Énergie », a power's or trait's name)."""
    if step.target is Target.ATTRIBUTE and step.key in ATTRIBUTE_NAMES:
        return word(ATTRIBUTE_NAMES[step.key])
    return step.key
