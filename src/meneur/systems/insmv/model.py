"""Beings, their talents and powers, and the table options of INS/MV.

Conventions: every model is a frozen pydantic v2 model; changes make new instances. The per-kind
numbers that the rule text leaves to "Création des personnages" (power-point modifier, recovery) are
data the game master sets per being; :mod:`meneur.systems.insmv.catalogue` holds the defaults.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, TypeVar

from pydantic import BaseModel, Field, ValidationError

from meneur.engine.model import Frozen as Frozen
from meneur.engine.options import OptionText
from meneur.engine.problems import explain
from meneur.i18n import N_, Message
from meneur.i18n.words import member
from meneur.systems.insmv.words import KIND_WORDS

M = TypeVar("M", bound=BaseModel)

MAX_SHIFT = 20
"""The widest shift of columns accepted (the table UM has far fewer columns: beyond, the result is
automatic anyway)."""
MAX_NUMBER = 99
"""The largest Volonté, power-point modifier or recovery rate accepted."""


class BeingKind(StrEnum):
    """Kinds of being the rule text names (000_008acb24c72771e3.txt)."""

    HUMAN = "human"
    ANGEL = "angel"
    DEMON = "demon"
    ARCHANGEL_AVATAR = "archangel_avatar"
    DEMON_PRINCE_AVATAR = "demon_prince_avatar"
    UNDEAD = "undead"
    FAMILIAR = "familiar"
    SUCCUBUS = "succubus"
    SON_OF_GOD = "son_of_god"
    INTELLIGENT_WEAPON = "intelligent_weapon"
    ANIMAL = "animal"
    OTHER = "other"

    @classmethod
    def _missing_(cls, value: object) -> BeingKind | None:
        """The book's French word (``ange``, ``mort-vivant``) names a kind as its key does."""
        return member(cls, value, KIND_WORDS)


class KindRules(Frozen):
    """What a kind of being may do: the game master may set every field per being.

    Attributes:
        max_voluntary_shift: the most columns the being may shift left of its own will.
        power_point_modifier: added to Volonté to give the power-point maximum.
        recovery_per_day: power points recovered per 24 hours by the being's own means.
    """

    max_voluntary_shift: int = Field(ge=0, le=MAX_SHIFT)
    power_point_modifier: int = Field(default=0, ge=-MAX_NUMBER, le=MAX_NUMBER)
    recovery_per_day: int = Field(default=0, ge=0, le=MAX_NUMBER)


class Talent(Frozen):
    """A talent: its value when possessed, its characteristic and its untrained malus.

    Attributes:
        name: the talent's name as the book writes it.
        characteristic: the associated characteristic, used when the talent is not possessed.
        malus: the "(-X)" after the talent's name, 1 to 4 columns.
        value: the talent's value, ``None`` when the being does not possess it.
    """

    name: str = Field(min_length=1)
    characteristic: str = Field(min_length=1)
    malus: int = Field(ge=1, le=4)
    value: int | None = Field(default=None, ge=1, le=6)


class Being(Frozen):
    """A character or creature with power points.

    Attributes:
        name: how the table calls it.
        kind: its kind of being.
        will: its Volonté.
        rules: the per-kind numbers in force for this being (defaults from the catalogue).
        power_points: the points left; ``None`` means full.
        characteristics: its characteristics by name (Force, Agilité...), kept so that a test names
            them instead of retyping the value.
        talents: its talents, possessed (with a value) or not (characteristic and malus only).
        powers: its powers' values by name.
    """

    name: str = Field(min_length=1)
    kind: BeingKind
    will: int = Field(ge=0, le=MAX_NUMBER)
    rules: KindRules
    power_points: int | None = Field(default=None, ge=0, le=2 * MAX_NUMBER)
    characteristics: dict[str, Annotated[int, Field(ge=0, le=MAX_NUMBER)]] = Field(default_factory=dict)
    talents: tuple[Talent, ...] = ()
    powers: dict[str, Annotated[int, Field(ge=0, le=MAX_NUMBER)]] = Field(default_factory=dict)

    @property
    def max_power_points(self) -> int:
        """Volonté plus the kind's modifier, never below 0.

        "un nombre de points de pouvoir maximum égal à sa volonté. Ajoutez à cela un modificateur"
        (000_008acb24c72771e3.txt).
        """
        return max(0, self.will + self.rules.power_point_modifier)

    @property
    def current_power_points(self) -> int:
        """The power points left (the maximum when never spent)."""
        return self.max_power_points if self.power_points is None else self.power_points


class TableOptions(Frozen):
    """Choices a game master may make where the text leaves room (see docs/rulings/insmv.md).

    Attributes:
        opposed_units_include_voluntary_shift: compare units after adding the voluntary-shift
            bonus in opposed tests (default ``True``: the bonus is part of the units).
        spend_power_points_on_failure: a power test spends its PP whatever the result (default
            ``True``: the points are the fuel of the attempt).
    """

    opposed_units_include_voluntary_shift: Annotated[
        bool,
        OptionText(
            label=Message("insmv", N_("An opposed test compares the units with the voluntary shift")),
            decision=Message(
                "insmv",
                N_(
                    "The columns shifted on purpose add to a success's units before the two sides are"
                    " compared; otherwise the units die alone is compared."
                ),
            ),
            quote="« le nombre de colonnes décalées vers la gauche est ajouté au résultat des unités du d666"
            " en cas de jet réussi »",
        ),
    ] = True
    spend_power_points_on_failure: Annotated[
        bool,
        OptionText(
            label=Message("insmv", N_("A failed power test still spends its power points")),
            decision=Message(
                "insmv", N_("The points are the fuel of the attempt; otherwise a failed test spends nothing.")
            ),
            quote="« chaque être surnaturel possède un nombre de Points de Pouvoir (PP) qu'il utilise comme"
            " “carburant” pour ses pouvoirs »",
        ),
    ] = True


class Table(Frozen):
    """The state of a table: its options and the beings at it, by name."""

    options: TableOptions = TableOptions()
    beings: dict[str, Being] = Field(default_factory=dict)


def build(model: type[M], data: dict[str, object], where: str = "") -> M:
    """Validate ``data`` as ``model``; every problem is told in the user's language.

    Raises:
        BadInputError: naming each field that is wrong and what to write instead.
    """
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise explain(error, where) from None
