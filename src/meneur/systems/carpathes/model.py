"""Characters, creatures and table options of the Carpathian horror game.

Conventions: every model is a frozen pydantic v2 model (state is immutable); identifiers and JSON
keys are the glossary's English keys (``mental``, ``physical``, ``social``...), the UI shows the
book's French words through the ``carpathes`` catalog. Rule text: ``003_87a535c5e428c5d3.txt``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from meneur.engine.options import OptionText
from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.systems.carpathes.words import key_for, member_of, shown

RULES_FILE = "003_87a535c5e428c5d3.txt"

TRAIT_MIN, TRAIT_MAX = 0, 10
E = TypeVar("E", bound=StrEnum)
BONUS_MIN, BONUS_MAX = -10, 10


class Trait(StrEnum):
    """« 2D6 + Trait concerné (Mental, Physique ou Social) »."""

    @classmethod
    def _missing_(cls, value: object) -> Trait | None:  # the book's French word names it too
        return member_of(cls, value)

    MENTAL = "mental"
    PHYSICAL = "physical"
    SOCIAL = "social"


class Tier(StrEnum):
    """The five tiers of the table « Résolution : 2D6 plus Trait, cinq paliers »."""

    CRITICAL_FAILURE = "critical_failure"
    FAILURE = "failure"
    PARTIAL_SUCCESS = "partial_success"
    SUCCESS = "success"
    CRITICAL_SUCCESS = "critical_success"


class RollMode(StrEnum):
    """Plain 2D6, advantage (3D6 keep the 2 best) or disadvantage (3D6 keep the 2 worst)."""

    NORMAL = "normal"
    ADVANTAGE = "advantage"
    DISADVANTAGE = "disadvantage"


class Faith(StrEnum):
    """A character's declared faith at creation (« athée déclaré au moment de la création »)."""

    BELIEVER = "believer"
    ATHEIST = "atheist"


class CreatureKind(StrEnum):
    """What a character confronts; the supernatural kinds are the text's list plus its examples."""

    @classmethod
    def _missing_(cls, value: object) -> CreatureKind | None:  # the book's French word names it too
        return member_of(cls, value)

    VAMPIRE = "vampire"
    UNDEAD = "undead"
    POSSESSED = "possessed"
    CARPATHIAN_CREATURE = "carpathian_creature"
    WEREWOLF = "werewolf"
    WOLF = "wolf"
    HUMAN = "human"


SUPERNATURAL_KINDS = frozenset(
    {
        CreatureKind.VAMPIRE,
        CreatureKind.UNDEAD,
        CreatureKind.POSSESSED,
        CreatureKind.CARPATHIAN_CREATURE,
        CreatureKind.WEREWOLF,
    }
)

TRAIT_LABELS: dict[Trait, str] = {
    Trait.MENTAL: N_("Mental"),
    Trait.PHYSICAL: N_("Physique"),
    Trait.SOCIAL: N_("Social"),
}
TIER_LABELS: dict[Tier, str] = {
    Tier.CRITICAL_FAILURE: N_("critical failure"),
    Tier.FAILURE: N_("failure"),
    Tier.PARTIAL_SUCCESS: N_("partial success"),
    Tier.SUCCESS: N_("full success"),
    Tier.CRITICAL_SUCCESS: N_("critical success"),
}
CREATURE_LABELS: dict[CreatureKind, str] = {
    CreatureKind.VAMPIRE: N_("vampire"),
    CreatureKind.UNDEAD: N_("undead"),
    CreatureKind.POSSESSED: N_("possessed"),
    CreatureKind.CARPATHIAN_CREATURE: N_("Carpathian creature"),
    CreatureKind.WEREWOLF: N_("werewolf"),
    CreatureKind.WOLF: N_("real wolf"),
    CreatureKind.HUMAN: N_("human"),
}


def is_supernatural(kind: CreatureKind) -> bool:
    """« confrontations surnaturelles avérées (vampire, mort-vivant, possédé, créature carpatique) »."""
    return kind in SUPERNATURAL_KINDS


def check_range(what: str | Message, value: int, low: int, high: int) -> int:
    """Return ``value`` or raise a translated :class:`BadInputError` naming ``what`` and the range."""
    if not low <= value <= high:
        raise BadInputError(
            Message(
                "carpathes",
                N_("{what} is {value}; give a whole number from {low} to {high}."),
                {"what": what, "value": value, "low": low, "high": high},
            )
        )
    return value


def parse_enum(kind: type[E], text: str, what: str) -> E:
    """Read an enum's key or its French word (accents optional), or raise an error listing both."""
    keys = [k.value for k in kind]
    key = key_for(kind.__name__, text, keys)
    if key is None:
        raise BadInputError(
            Message(
                "carpathes",
                N_("Unknown {what} '{value}'; choose one of: {choices}."),
                {"what": what, "value": text, "choices": shown(kind.__name__, keys)},
            )
        )
    return kind(key)


class InvalidValueError(ValueError):
    """A value a model refuses, said in the user's language (read by ``meneur.engine.problems``)."""

    def __init__(self, message: Message) -> None:
        super().__init__(message.msgid)
        self.message = message


class Character(BaseModel):
    """A player character: three traits, talents with bonuses, a trade, a hobby, faith, relics.

    ``sacred_objects`` are the objects established as sacred in the fiction (« Un PJ ne peut pas
    inventer en cours de scène qu'il portait une relique »).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1)
    mental: int = Field(ge=TRAIT_MIN, le=TRAIT_MAX)
    physical: int = Field(ge=TRAIT_MIN, le=TRAIT_MAX)
    social: int = Field(ge=TRAIT_MIN, le=TRAIT_MAX)
    talents: dict[str, int] = Field(default_factory=dict)
    trade: str = ""
    hobby: str = ""
    faith: Faith = Faith.BELIEVER
    sacred_objects: tuple[str, ...] = ()
    equipment_bonus: int = Field(default=0, ge=0, le=BONUS_MAX)
    initiative_talent: str | None = None
    """A talent of the sheet whose bonus the PC adds to initiative (2D6 + Physique)."""

    @field_validator("talents")
    @classmethod
    def _talent_bonuses_in_range(cls, talents: dict[str, int]) -> dict[str, int]:
        for name, bonus in talents.items():
            if not BONUS_MIN <= bonus <= BONUS_MAX:
                raise InvalidValueError(
                    Message(
                        "carpathes",
                        N_("{what} is {value}; give a whole number from {low} to {high}."),
                        {
                            "what": Message("carpathes", N_("The bonus of talent '{name}'"), {"name": name}),
                            "value": bonus,
                            "low": BONUS_MIN,
                            "high": BONUS_MAX,
                        },
                    )
                )
        return talents

    @model_validator(mode="after")
    def _initiative_talent_on_sheet(self) -> Character:
        if self.initiative_talent is not None and self.initiative_talent not in self.talents:
            raise InvalidValueError(
                Message(
                    "carpathes",
                    N_("The initiative talent '{talent}' is not one of the character's talents."),
                    {"talent": self.initiative_talent},
                )
            )
        return self

    @property
    def defense(self) -> int:
        """« la Défense de la cible (Mental + Physique + Social + bonus d'équipement) »."""
        return self.mental + self.physical + self.social + self.equipment_bonus

    @property
    def initiative_bonus(self) -> int:
        """The bonus of the talent the sheet names for initiative (0 without one)."""
        return self.talent_bonus(self.initiative_talent)

    def trait(self, trait: Trait) -> int:
        """The value of one trait."""
        return {Trait.MENTAL: self.mental, Trait.PHYSICAL: self.physical, Trait.SOCIAL: self.social}[trait]

    def talent_bonus(self, talent: str | None) -> int:
        """The bonus of a talent the character has (0 without a talent).

        Raises:
            BadInputError: for a talent the character does not have.
        """
        if talent is None:
            return 0
        if talent not in self.talents:
            raise BadInputError(
                Message(
                    "carpathes",
                    N_("{name} has no talent '{talent}'; known talents: {known}."),
                    {
                        "name": self.name,
                        "talent": talent,
                        "known": ", ".join(self.talents) or Message("carpathes", N_("none")),
                    },
                )
            )
        return self.talents[talent]

    def has_sacred_object(self, name: str) -> bool:
        """Whether ``name`` was established as sacred in the fiction (case-insensitive)."""
        return name.strip().casefold() in {o.casefold() for o in self.sacred_objects}


class Npc(BaseModel):
    """A non-player character the chronicle remembers: what it is, its traits and its Défense.

    ``kind`` is what it is for the supernatural rules (a vampire is hurt by the ash stake and
    silver); ``initiative_bonus`` a talent bonus the GM gives it for initiative.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1)
    kind: CreatureKind = CreatureKind.HUMAN
    mental: int = Field(ge=TRAIT_MIN, le=TRAIT_MAX)
    physical: int = Field(ge=TRAIT_MIN, le=TRAIT_MAX)
    social: int = Field(ge=TRAIT_MIN, le=TRAIT_MAX)
    equipment_bonus: int = Field(default=0, ge=0, le=BONUS_MAX)
    initiative_bonus: int = Field(default=0, ge=BONUS_MIN, le=BONUS_MAX)

    @property
    def defense(self) -> int:
        """« Mental + Physique + Social + bonus d'équipement »."""
        return self.mental + self.physical + self.social + self.equipment_bonus


class TableOptions(BaseModel):
    """Choices a game master may make where the text leaves room (see docs/rulings/carpathes.md)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    advantage_cancels_disadvantage: Annotated[
        bool,
        OptionText(
            label=Message("carpathes", N_("Advantage and disadvantage together cancel out")),
            decision=Message("carpathes", N_("The roll is a plain 2D6; otherwise the disadvantage wins.")),
            quote="« Avantage (3D6 garder les 2 meilleurs) si métier ou hobby est pertinent."
            " Désavantage (3D6 garder les 2 pires) si la situation handicape »",
        ),
    ] = True
    """When both apply, roll plain 2D6 (True) or let disadvantage win (False)."""
    cracked_disadvantage_until_penance: Annotated[
        bool,
        OptionText(
            label=Message("carpathes", N_("Shaken faith gives disadvantage until the penance")),
            decision=Message(
                "carpathes",
                N_(
                    "In every supernatural confrontation until the penance scene; by default in the next"
                    " confrontation only."
                ),
            ),
            quote="« Pour la prochaine confrontation surnaturelle, ce PJ subit un Désavantage (3D6"
            " garder les 2 pires) sur tout jet de protection ou d'attaque contre la créature. »",
        ),
    ] = False
    """False: the disadvantage lasts the next supernatural confrontation only; True: every
    supernatural confrontation until the penance scene."""
    require_established_object: Annotated[
        bool,
        OptionText(
            label=Message("carpathes", N_("The Talisman needs an object established as sacred")),
            decision=Message(
                "carpathes", N_("An object never established as sacred in the fiction is refused.")
            ),
            quote="« Le MJ peut refuser le Talisman si l'objet n'a jamais été établi comme sacré dans la fiction. »",
        ),
    ] = True
    """Refuse the Talisman when the object was never established as sacred (« Le MJ peut refuser »)."""
    damage_step: Annotated[
        Literal["margin", "band"],
        OptionText(
            label=Message("carpathes", N_("A +1 damage weapon")),
            decision=Message(
                "carpathes",
                N_(
                    "Adds 1 to the margin before the wound is read (a margin of 0 becomes a light wound),"
                    " or raises a hit's wound one band."
                ),
            ),
            quote="« Une attaque avec +1 dégât … ajoute 1 cran au résultat avant lecture de la marge. »",
            choices=(
                ("margin", Message("carpathes", N_("+1 to the margin"))),
                ("band", Message("carpathes", N_("one band higher"))),
            ),
        ),
    ] = "margin"
    """A +1 damage weapon adds 1 to the margin (``margin``) or raises the wound one band (``band``)."""
    silver_wound_multiplier: Annotated[
        int,
        OptionText(
            label=Message("carpathes", N_("Wounds of a silver blade's hit on a creature")),
            decision=Message(
                "carpathes",
                N_("A hit with silver on a supernatural creature counts as this many wounds of its tier."),
            ),
            quote="« Une lame d'argent vaut deux lames d'acier face aux créatures. »",
        ),
    ] = Field(default=2, ge=1, le=3)
    """« Une lame d'argent vaut deux lames d'acier face aux créatures »: wounds counted per hit."""
    critical_wound_disadvantage: Annotated[
        bool,
        OptionText(
            label=Message("carpathes", N_("A critical wound gives disadvantage until medical care")),
            decision=Message(
                "carpathes",
                N_("Like a serious wound; otherwise only a serious wound does, as the letter of the text."),
            ),
            quote="« Marge 5 à 9 : blessure sérieuse, désavantage à la cible jusqu'à soin médical. »",
        ),
    ] = True
    """A critical wound also puts the PC at disadvantage until medical care, like a serious one
    (False: only « Marge 5 à 9 : blessure sérieuse, désavantage ... jusqu'à soin médical »)."""
    supernatural_clues_per_scene: Annotated[
        int | None,
        OptionText(
            label=Message("carpathes", N_("Supernatural clues in a scene, at most")),
            decision=Message(
                "carpathes", N_("A further clue in the scene is refused; without a limit, none is.")
            ),
            quote="« Trois indices surnaturels par scène, pas plus. Trop de signes saturent la nuit. »",
        ),
    ] = Field(default=3, ge=1, le=99)
    """« Trois indices surnaturels par scène, pas plus »: the most the GM gives in a scene
    (``None``: no limit, the advice ignored)."""
