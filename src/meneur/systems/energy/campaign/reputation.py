"""Reputation (notoriété super et civile, moralité) and relations, with the book's text for each band.

Conventions: "Tous les scores utilisés pour les réputations et les relations sont positionnés sur
une échelle de magnitude 10" (002_58e889a1abff3456.txt): notoriety 0..10, morality and relations
-10..10. Changes between sessions are of one point ("de 1 point dans un sens ou un autre").
Functions are pure.
"""

from __future__ import annotations

from enum import StrEnum

from meneur.errors import BadInputError, Refused
from meneur.i18n import N_, Message
from meneur.i18n.words import fold, match
from meneur.systems.energy.model import Character, Relation

DOMAIN = "energy_campaign"
GM_RELATION_SLOTS = 3
""""les trois dernières cases de relations sont réservées au MJ"."""


class ReputationScore(StrEnum):
    """The three reputation scores."""

    SUPER_NOTORIETY = "super_notoriety"
    CIVIL_NOTORIETY = "civil_notoriety"
    MORALITY = "morality"


SCORE_NAMES: dict[ReputationScore, str] = {
    ReputationScore.SUPER_NOTORIETY: N_("super notoriety"),
    ReputationScore.CIVIL_NOTORIETY: N_("civil notoriety"),
    ReputationScore.MORALITY: N_("morality"),
}

NOTORIETY_BANDS: tuple[tuple[int, int, str], ...] = (
    (0, 0, N_("Unknown to the general public.")),
    (
        1,
        3,
        N_(
            "Known in specialised circles only; a few specialised journalists might take an interest in "
            "the character. May have a handful of admirers depending on their morality."
        ),
    ),
    (
        4,
        6,
        N_(
            "Sometimes appears in the mainstream media; several journalists take an interest in the "
            "character, who also has a number of admirers depending on their morality."
        ),
    ),
    (
        7,
        9,
        N_(
            "Regularly on the front page of the mainstream media. A dedicated team of journalists follows "
            "them everywhere. They also have a cohort of fans depending on their morality."
        ),
    ),
    (10, 10, N_("Everyone has heard of them: a social phenomenon.")),
)

MORALITY_BANDS: tuple[tuple[int, int, str], ...] = (
    (-10, -10, N_("Considered a demonic spawn, deeply inhuman and perverted beyond all measure.")),
    (-9, -7, N_("Considered extremely dangerous and untrustworthy; the public flees at the sight of them.")),
    (-6, -4, N_("Considered a wrongdoer and a criminal.")),
    (-3, -1, N_("Considered a troublemaker and a public nuisance.")),
    (0, 0, N_("Neither good nor bad, the character does not particularly stand out.")),
    (1, 3, N_("Considered a good person who can be trusted enough.")),
    (4, 6, N_("Considered a righter of wrongs and a good Samaritan.")),
    (7, 9, N_("Considered a hero by the public; many children want to be like them.")),
    (10, 10, N_("A paragon of virtue who puts their life at risk for the good of the weakest.")),
)

RELATION_BANDS: tuple[tuple[int, int, str], ...] = (
    (
        -10,
        -10,
        N_(
            "You may consider this character your Nemesis, who will do anything to harm you. They "
            "actively seek to harm you and it is one of their priorities."
        ),
    ),
    (
        -9,
        -7,
        N_(
            "The character hates you and will miss no chance to harm you, even creating the chance now "
            "and then."
        ),
    ),
    (
        -6,
        -4,
        N_(
            "The character does not like you at all, and if a chance comes to put a spoke in your "
            "wheels, you can count on them."
        ),
    ),
    (-3, -1, N_("The character does not like you and does not trust you.")),
    (0, 0, N_("The character takes no particular interest in you.")),
    (1, 3, N_("The character rather likes you and does not mind spending time in your company.")),
    (4, 6, N_("The character likes you a lot and trusts you; they even actively seek your company.")),
    (
        7,
        9,
        N_(
            "The character is a very close friend or a sincere love, so much is your relation built on "
            "mutual trust and respect."
        ),
    ),
    (10, 10, N_("The character is a soulmate, or perhaps true love.")),
)


def score_range(score: ReputationScore | None) -> tuple[int, int]:
    """The bounds of a reputation score (``None``: a relation)."""
    if score in (ReputationScore.SUPER_NOTORIETY, ReputationScore.CIVIL_NOTORIETY):
        return 0, 10
    return -10, 10


def _band(bands: tuple[tuple[int, int, str], ...], value: int) -> Message:
    for low, high, text in bands:
        if low <= value <= high:
            return Message(DOMAIN, text)
    raise BadInputError(Message(DOMAIN, N_("The value {value} is off the scale."), {"value": value}))


def notoriety_band(value: int) -> Message:
    """The book's effect of a notoriety score (table "Notoriété | Effet")."""
    return _band(NOTORIETY_BANDS, value)


def morality_band(value: int) -> Message:
    """The book's effect of a morality score (table "Moralité | Effet")."""
    return _band(MORALITY_BANDS, value)


def relation_band(value: int) -> Message:
    """The book's effect of a relation score (table "Relation | Effet")."""
    return _band(RELATION_BANDS, value)


def score_band(score: ReputationScore, value: int) -> Message:
    """The band text of any reputation score."""
    return morality_band(value) if score is ReputationScore.MORALITY else notoriety_band(value)


def _check_step(delta: int) -> None:
    if delta not in (-1, 1):
        raise Refused(
            Message(
                DOMAIN,
                N_(
                    "A reputation or relation score changes by 1 point at a time, not {delta}: "
                    '"de 1 point dans un sens ou un autre".'
                ),
                {"delta": delta},
            ),
            rule="reputation_step",
        )


def _check_bounds(value: int, score: ReputationScore | None, what: Message) -> None:
    """``what`` is the book's word for the score (« notoriété super », « la relation avec Hélène »)."""
    low, high = score_range(score)
    if not low <= value <= high:
        raise Refused(
            Message(
                DOMAIN,
                N_("The value of {what} would be {value}, outside its scale from {low} to {high}."),
                {"what": what, "value": value, "low": low, "high": high},
            ),
            rule="reputation_range",
        )


def change_reputation(character: Character, score: ReputationScore, delta: int) -> Character:
    """Move one reputation score by one point, within its scale.

    "le MJ peut faire varier un ou plusieurs scores de réputations ou de relations de 1 point dans un
    sens ou un autre" (002_58e889a1abff3456.txt).

    Raises:
        Refused: for a step other than ±1 or a value leaving the scale.
    """
    _check_step(delta)
    value = getattr(character.reputation, score.value) + delta
    _check_bounds(value, score, Message(DOMAIN, SCORE_NAMES[score]))
    reputation = character.reputation.model_copy(update={score.value: value})
    return character.model_copy(update={"reputation": reputation})


def find_relation(character: Character, name: str) -> int:
    """The index of the relation named ``name``, without regard to case or accents
    (:func:`meneur.i18n.words.match`: ``helene`` names « Hélène »).

    Raises:
        BadInputError: when there is none, listing the known relations.
    """
    names = [relation.name for relation in character.relations]
    found = match(name.strip(), names)
    if found is not None:
        return names.index(found)
    known = ", ".join(r.name for r in character.relations) or Message(DOMAIN, N_("none (relations)"))
    raise BadInputError(
        Message(
            DOMAIN,
            N_('{name} has no relation "{relation}" (relations: {known}).'),
            {"name": character.name, "relation": name, "known": known},
        )
    )


def change_relation(character: Character, name: str, delta: int) -> Character:
    """Move one relation by one point, within -10..10.

    Raises:
        BadInputError: for an unknown relation.
        Refused: for a step other than ±1 or a value leaving the scale.
    """
    _check_step(delta)
    index = find_relation(character, name)
    relation = character.relations[index]
    what = Message(DOMAIN, N_("the relation with {relation}"), {"relation": relation.name})
    _check_bounds(relation.value + delta, None, what)
    relations = list(character.relations)
    relations[index] = relation.model_copy(update={"value": relation.value + delta})
    return character.model_copy(update={"relations": tuple(relations)})


def add_relation(character: Character, relation: Relation) -> Character:
    """Add a relation; at most three are reserved to the GM and they stay last.

    "Le joueur est libre d'ajouter les relations qu'il souhaite [...] mais les trois dernières cases
    de relations sont réservées au MJ" (002_58e889a1abff3456.txt).

    Raises:
        BadInputError: for a name already used or a value outside -10..10.
        Refused: for a fourth GM relation.
    """
    if any(fold(r.name) == fold(relation.name) for r in character.relations):
        raise BadInputError(
            Message(
                DOMAIN,
                N_('{name} already has a relation "{relation}".'),
                {"name": character.name, "relation": relation.name},
            )
        )
    if not -10 <= relation.value <= 10:
        raise BadInputError(
            Message(DOMAIN, N_("A relation goes from -10 to 10, not {value}."), {"value": relation.value})
        )
    reserved = [r for r in character.relations if r.gm_reserved]
    if relation.gm_reserved and len(reserved) >= GM_RELATION_SLOTS:
        raise Refused(
            Message(
                DOMAIN,
                N_("The GM has only {slots} reserved relation slots and {name} uses them all."),
                {"slots": GM_RELATION_SLOTS, "name": character.name},
            ),
            rule="gm_relations",
        )
    players = [r for r in character.relations if not r.gm_reserved]
    ordered = [*players, relation, *reserved] if not relation.gm_reserved else [*players, *reserved, relation]
    return character.model_copy(update={"relations": tuple(ordered)})
