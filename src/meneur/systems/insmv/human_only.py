"""Who a power "that affects only human beings" affects.

"lorsqu'un pouvoir magique précise qu'il n'affecte que les êtres humains, on estime qu'il affecte
aussi les Anges, les Démons et toutes les autres créatures incarnées dans des corps humains (sauf les
avatars des Princes Démons et des Archanges qui créent leur corps d'accueil au lieu d'occuper celui
d'un humain). Les morts vivants, les armes intelligentes, les animaux et les familiers incarnés dans
des objets ou des animaux ne sont pas affectés." (000_008acb24c72771e3.txt).

Conventions: pure functions; the body a being occupies defaults by kind (see docs/rulings/insmv.md)
and the game master may state another one.
"""

from __future__ import annotations

from enum import StrEnum
from types import MappingProxyType

from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.i18n.words import member
from meneur.systems.insmv.model import BeingKind
from meneur.systems.insmv.words import BODY_SHOWN, BODY_WORDS, choices, lookup


class Body(StrEnum):
    """What a being is incarnated in."""

    HUMAN = "human"
    CREATED = "created"
    ANIMAL = "animal"
    OBJECT = "object"

    @classmethod
    def _missing_(cls, value: object) -> Body | None:
        return member(cls, value, BODY_WORDS)


AVATARS = frozenset({BeingKind.ARCHANGEL_AVATAR, BeingKind.DEMON_PRINCE_AVATAR})

DEFAULT_BODIES: MappingProxyType[BeingKind, Body] = MappingProxyType(
    {
        **dict.fromkeys(BeingKind, Body.HUMAN),
        BeingKind.ARCHANGEL_AVATAR: Body.CREATED,
        BeingKind.DEMON_PRINCE_AVATAR: Body.CREATED,
        BeingKind.FAMILIAR: Body.ANIMAL,
        BeingKind.INTELLIGENT_WEAPON: Body.OBJECT,
        BeingKind.ANIMAL: Body.ANIMAL,
    }
)


def parse_body(text: str) -> Body:
    """Read a body key (``human``, ``created``, ``animal``, ``object``).

    Raises:
        BadInputError: for any other word, listing the accepted ones.
    """
    try:
        return Body(lookup(text, BODY_WORDS))
    except ValueError:
        raise BadInputError(
            Message(
                "insmv",
                N_("Unknown body '{value}': choose one of {choices}."),
                {"value": text, "choices": choices(BODY_SHOWN)},
            )
        ) from None


def human_only_reason(kind: BeingKind, body: Body | None = None) -> Message:
    """Why a power affecting only human beings does or does not affect this being."""
    body = body or DEFAULT_BODIES[kind]
    if kind is BeingKind.UNDEAD:
        return Message("insmv", N_("Not affected: the undead are not affected."))
    if kind in AVATARS:
        return Message(
            "insmv",
            N_(
                "Not affected: avatars of Archangels and Demon Princes create their"
                " host body instead of occupying a human's."
            ),
        )
    if body is not Body.HUMAN:
        return Message(
            "insmv",
            N_(
                "Not affected: only creatures incarnated in human bodies are"
                " (intelligent weapons, animals and familiars in objects or animals"
                " are not)."
            ),
        )
    return Message("insmv", N_("Affected: incarnated in a human body."))


def is_affected_by_human_only_power(kind: BeingKind, body: Body | None = None) -> bool:
    """Whether a power that "n'affecte que les êtres humains" affects a being of ``kind`` in ``body``."""
    body = body or DEFAULT_BODIES[kind]
    return kind is not BeingKind.UNDEAD and kind not in AVATARS and body is Body.HUMAN
