"""« Le surnaturel assumé : ce qui agit, ce qui blesse » (``003_87a535c5e428c5d3.txt``).

Holy water, the ash stake, daylight, silver, garlic and rowan as data: each (agent, target) pair
gives an :class:`Effect` with an automatic damage count and the book's words as a message.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.systems.carpathes.model import Tier
from meneur.systems.carpathes.words import member_of


class Agent(StrEnum):
    """What acts on the supernatural."""

    @classmethod
    def _missing_(cls, value: object) -> Agent | None:  # the book's French word names it too
        return member_of(cls, value)

    HOLY_WATER_CONTACT = "holy_water_contact"
    HOLY_WATER_THROWN = "holy_water_thrown"
    DAYLIGHT = "daylight"
    SILVER = "silver"
    GARLIC = "garlic"
    ROWAN = "rowan"


class Target(StrEnum):
    """What it acts on; ``old_vampire`` and ``young_vampire`` as the daylight rule tells them apart."""

    @classmethod
    def _missing_(cls, value: object) -> Target | None:  # the book's French word names it too
        return member_of(cls, value)

    VAMPIRE = "vampire"
    OLD_VAMPIRE = "old_vampire"
    YOUNG_VAMPIRE = "young_vampire"
    WEREWOLF = "werewolf"
    SUPERNATURAL_FOG = "supernatural_fog"
    OTHER = "other"


class EffectKind(StrEnum):
    """The kind of effect, a stable key."""

    NONE = "none"
    BURNS = "burns"
    WOUNDS = "wounds"
    MARKS = "marks"
    DISSIPATES = "dissipates"
    REPELS = "repels"


@dataclass(frozen=True)
class Effect:
    """What an agent does to a target, with the book's words."""

    kind: EffectKind
    automatic_damage: int
    text: str

    def explain(self) -> list[Message]:
        """The effect in the reader's language."""
        return [Message("carpathes", self.text)]

    def to_json(self) -> dict[str, object]:
        """JSON-ready keys: ``effect`` and ``automatic_damage``."""
        return {"effect": self.kind.value, "automatic_damage": self.automatic_damage}


_VAMPIRES = (Target.VAMPIRE, Target.OLD_VAMPIRE, Target.YOUNG_VAMPIRE)
_NO_EFFECT = Effect(EffectKind.NONE, 0, N_("No effect described by the text."))

EFFECTS: dict[tuple[Agent, Target], Effect] = {
    **{
        (Agent.HOLY_WATER_CONTACT, t): Effect(
            EffectKind.BURNS, 0, N_("Holy water burns a vampire on contact: washable but painful.")
        )
        for t in _VAMPIRES
    },
    **{
        (Agent.HOLY_WATER_THROWN, t): Effect(
            EffectKind.BURNS, 1, N_("A vial thrown full-handed deals 1 automatic damage.")
        )
        for t in _VAMPIRES
    },
    (Agent.DAYLIGHT, Target.OLD_VAMPIRE): Effect(EffectKind.WOUNDS, 0, N_("Daylight wounds old vampires.")),
    (Agent.DAYLIGHT, Target.YOUNG_VAMPIRE): Effect(
        EffectKind.BURNS, 0, N_("Daylight burns the young vampire girls.")
    ),
    (Agent.DAYLIGHT, Target.SUPERNATURAL_FOG): Effect(
        EffectKind.DISSIPATES, 0, N_("Daylight dissipates supernatural fogs.")
    ),
    (Agent.SILVER, Target.WEREWOLF): Effect(EffectKind.WOUNDS, 0, N_("Silver wounds werewolves.")),
    **{
        (Agent.SILVER, t): Effect(EffectKind.MARKS, 0, N_("Silver marks vampires with a cold bite."))
        for t in _VAMPIRES
    },
    **{
        (a, t): Effect(
            EffectKind.REPELS,
            0,
            N_(
                "Garlic and rowan repel vampires without killing them; a wreath of braids hung on a"
                " bedroom door keeps them from entering."
            ),
        )
        for a in (Agent.GARLIC, Agent.ROWAN)
        for t in _VAMPIRES
    },
}


def effect_of(agent: Agent, target: Target) -> Effect:
    """What ``agent`` does to ``target`` according to the text (no effect when it says nothing)."""
    return EFFECTS.get((agent, target), _NO_EFFECT)


def can_enter(target: Target, door_wreath: bool) -> bool:
    """« Une couronne de tresses suspendue à la porte d'une chambre suffit à les empêcher d'entrer »."""
    return not (door_wreath and target in _VAMPIRES)


def wreath_stops(agent: Agent, target: Target) -> bool:
    """« Ail et sorbier ... Une couronne de tresses suspendue à la porte d'une chambre suffit à les
    empêcher d'entrer »: whether a garlic or rowan wreath on the door keeps ``target`` out.

    Raises:
        BadInputError: the agent is not garlic or rowan (only their braids make the wreath).
    """
    if agent not in (Agent.GARLIC, Agent.ROWAN):
        raise BadInputError(
            Message(
                "carpathes",
                N_("The wreath on the door is of garlic or rowan braids: give --agent ail or sorbier."),
            )
        )
    return not can_enter(target, door_wreath=True)


def door_message(enters: bool) -> Message:
    """The door check in the book's words."""
    if enters:
        return Message("carpathes", N_("The wreath on the door does not stop it: it may enter."))
    return Message(
        "carpathes",
        N_(
            "« Une couronne de tresses suspendue à la porte d'une chambre suffit à les empêcher"
            " d'entrer »: it cannot enter."
        ),
    )


def stake_pins(tier: Tier, sleeping_vampire: bool) -> bool:
    """« Pieu de frêne ... Sur succès complet en plein cœur d'un vampire endormi, le cloue
    définitivement »: a full (or better) success on the stake's roll."""
    return sleeping_vampire and tier in (Tier.SUCCESS, Tier.CRITICAL_SUCCESS)
