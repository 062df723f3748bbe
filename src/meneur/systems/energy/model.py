"""The Energy System character model (immutable pydantic models).

Conventions:
    * Every model is frozen and forbids unknown keys; change a value with
      ``model.model_copy(update={...})``.
    * Enum values and field names are the glossary's English keys (``../shared/GLOSSARY.md``);
      the UI shows the book's French words through the ``energy`` translations.
    * A power's reinforcement (+X) and weakening (-X) are one signed ``modifier``
      ("renforcement +X", "affaiblissement -X", 002_58e889a1abff3456.txt).
    * Whole numbers are strict: ``rank: true`` or ``rank: "5"`` is refused, never read as a number.
    * ``inferred`` lists the fields completed by the rules rather than given by the book.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field, StrictInt, field_validator
from pydantic_core import PydanticCustomError

from meneur.engine.model import Frozen as _Frozen
from meneur.i18n.words import member

SCHEMA_VERSION = 1
MAX_RANK = 100
"""The highest rank a character may have (the wizard's and ``npc``'s bound; the book's tables stop there)."""


class PowerCategory(StrEnum):
    """Power categories: offensif au contact / à distance, défensif, mouvement, support."""

    OFF_C = "off_c"
    OFF_D = "off_d"
    DEF = "def"
    MOV = "mov"
    SUP = "sup"


class Aptitude(StrEnum):
    """The twelve aptitudes, in the book's order."""

    ART = "art"
    ATHLETICS = "athletics"
    FAST_TALK = "fast_talk"
    ROGUERY = "roguery"
    MEDICINE = "medicine"
    NATURE = "nature"
    OCCULTISM = "occultism"
    EXACT_SCIENCES = "exact_sciences"
    HUMAN_SCIENCES = "human_sciences"
    TECHNOLOGY = "technology"
    VEHICLES = "vehicles"
    VIGILANCE = "vigilance"


class Maturity(StrEnum):
    """Maturité: sets the aptitude-point budget."""

    ADOLESCENT = "adolescent"
    ADULT = "adult"
    VETERAN = "veteran"


class State(StrEnum):
    """États: épuisé, blessé, incapacité, troublé, démoralisé, brisé."""

    EXHAUSTED = "exhausted"
    WOUNDED = "wounded"
    INCAPACITATED = "incapacitated"
    TROUBLED = "troubled"
    DEMORALIZED = "demoralized"
    BROKEN = "broken"


class LivingStandard(StrEnum):
    """Niveau de vie, from précaire to très riche (in increasing order)."""

    PRECARIOUS = "precarious"
    MODEST = "modest"
    COMFORTABLE = "comfortable"
    WELL_OFF = "well_off"
    RICH = "rich"
    VERY_RICH = "very_rich"


class Gender(StrEnum):
    """A character's grammatical gender, so that the book's states agree (« troublée », « brisé »).

    Optional in a file: without it, messages are worded so that they agree with anyone. The file may
    say it with the glossary's key or the French word (« féminin », « masculin »).
    """

    FEMININE = "feminine"
    MASCULINE = "masculine"

    @classmethod
    def _missing_(cls, value: object) -> Gender | None:
        return member(
            cls, value, {"feminin": "feminine", "masculin": "masculine", "f": "feminine", "m": "masculine"}
        )


class Side(StrEnum):
    """Camps: the heroes and their foes."""

    HEROES = "heroes"
    FOES = "foes"


EFFECT_KINDS: tuple[str, ...] = (
    "damage",
    "condition",
    "forced_move",
    "carry",
    "steal",
    "control",
    "duplicates",
    "slow",
    "invisibility",
    "portal",
    "terrain",
    "give_energy",
    "heal",
    "luck",
    "immunity",
    "interact",
)
"""Combat effect kinds a power may be given when it is made with the GM."""

CONDITIONS: tuple[str, ...] = ("blinded", "entangled", "controlled", "immobilized", "stunned")
"""Conditions: aveuglé, empêtré, contrôlé, immobilisé, sonné."""


class Attributes(_Frozen):
    """Énergie, Récupération, Vigueur."""

    energy: StrictInt
    recovery: StrictInt
    vigor: StrictInt


class Power(_Frozen):
    """A power: its category, its signed modifier and the details agreed with the GM.

    ``modifier`` > 0 is a reinforcement (+X), < 0 a weakening (-X). ``effect`` is the combat
    effect kind (None: damage for Off-C/Off-D, no special effect otherwise); ``condition`` names
    the condition inflicted when ``effect`` is ``"condition"``.
    """

    name: str
    category: PowerCategory
    modifier: StrictInt = 0
    details: str = ""
    effect: str | None = Field(default=None, json_schema_extra={"enum": [*EFFECT_KINDS, None]})
    condition: str | None = Field(default=None, json_schema_extra={"enum": [*CONDITIONS, None]})
    area: bool = False
    dodge: bool = False
    """A dodge (esquive): the character is no longer there, so it cannot be used to interpose."""
    inferred: bool = False

    @field_validator("effect")
    @classmethod
    def _known_effect(cls, value: str | None) -> str | None:
        if value is not None and value not in EFFECT_KINDS:
            raise PydanticCustomError(
                "enum", "Input should be one of: {expected}", {"expected": ", ".join(EFFECT_KINDS)}
            )
        return value

    @field_validator("condition")
    @classmethod
    def _known_condition(cls, value: str | None) -> str | None:
        if value is not None and value not in CONDITIONS:
            raise PydanticCustomError(
                "enum", "Input should be one of: {expected}", {"expected": ", ".join(CONDITIONS)}
            )
        return value

    @property
    def reinforcement(self) -> int:
        """Renforcement (+X), 0 when the power is weakened or plain."""
        return max(self.modifier, 0)

    @property
    def weakening(self) -> int:
        """Affaiblissement (-X) as a non-negative number, 0 when reinforced or plain."""
        return max(-self.modifier, 0)

    @property
    def effective_effect(self) -> str | None:
        """The effect kind, with the category default (damage for offensive powers)."""
        if self.effect is not None:
            return self.effect
        if self.category in (PowerCategory.OFF_C, PowerCategory.OFF_D):
            return "damage"
        return None


class Trait(_Frozen):
    """A trait: a bonus (+1 per aptitude point) to the aptitudes it applies to."""

    name: str
    bonus: StrictInt
    aptitudes: tuple[Aptitude, ...] = ()


class Reputation(_Frozen):
    """Notoriété super et civile (0..10) and moralité (-10..10)."""

    super_notoriety: StrictInt = 0
    civil_notoriety: StrictInt = 0
    morality: StrictInt = 0


class Relation(_Frozen):
    """A relation (-10..10); ``gm_reserved`` marks the slots kept by the GM."""

    name: str
    value: StrictInt
    gm_reserved: bool = False


class Experience(_Frozen):
    """Unspent heroic and aptitude experience, unspent points, and points already spent.

    ``spent_hero_points`` and ``spent_aptitude_points`` are the points earned by experience that
    were spent on the character beyond its rank's (maturity's) creation budget; the creation check
    adds them to the budget, so an improved character still validates from its file alone.
    """

    heroic_xp: StrictInt = 0
    aptitude_xp: StrictInt = 0
    heroic_points: StrictInt = 0
    aptitude_points: StrictInt = 0
    spent_hero_points: StrictInt = 0
    spent_aptitude_points: StrictInt = 0


class Character(_Frozen):
    """A hero or NPC of the Energy System, as kept in a character file."""

    schema_version: StrictInt = SCHEMA_VERSION
    name: str
    rank: StrictInt = Field(le=MAX_RANK)
    pc: bool = True
    gender: Gender | None = None
    attributes: Attributes
    powers: tuple[Power, ...]
    maturity: Maturity = Maturity.ADULT
    aptitudes: dict[Aptitude, StrictInt] = Field(default_factory=dict)
    traits: tuple[Trait, ...] = ()
    specialties: tuple[str, ...] = ()
    particularities: tuple[str, ...] = ()
    complications: tuple[str, ...] = ()
    living_standard: LivingStandard = LivingStandard.PRECARIOUS
    savings: StrictInt = 0
    debts: StrictInt = 0
    stress: StrictInt = 0
    states: frozenset[State] = frozenset()
    experience: Experience = Experience()
    reputation: Reputation = Reputation()
    relations: tuple[Relation, ...] = ()
    notes: str = ""
    inferred: tuple[str, ...] = ()

    def aptitude(self, aptitude: Aptitude) -> int:
        """The rank in ``aptitude`` (0 when the character has none)."""
        return self.aptitudes.get(aptitude, 0)
