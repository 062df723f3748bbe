"""The power test ("test Mocy"): a d20 rolled under the modified Moc.

Rule text 001_0209eda46e4737a1.txt: "model musi wyrzucić na K20 wynik mniejszy bądź równy jego
zmodyfikowanej Mocy. Przy teście, Moc modelu modyfikowana jest o Trudność Mocy". Results are frozen
dataclasses that keep the die, every modifier and the threshold, and explain themselves.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from meneur.dice.source import DiceSource
from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.systems.warzone.model import MAX_DIFFICULTY, MAX_STAT, TableOptions

D = "warzone"
ABSOLUTE_SUCCESS_ROLL = 1
CRITICAL_FAILURE_ROLL = 20
MAX_TECHNIQUES = 3
VIOLENCE_PENALTY = 3


class Critical(StrEnum):
    """The critical rolls ("Rzuty Krytyczne")."""

    ABSOLUTE_SUCCESS = "absolute_success"
    CRITICAL_FAILURE = "critical_failure"


CRITICAL_NAMES = {
    Critical.ABSOLUTE_SUCCESS: N_("Absolute Success"),
    Critical.CRITICAL_FAILURE: N_("Critical Failure"),
}


def order_increase(order: int | None) -> int:
    """Extra difficulty of a technique by its place in the activation.

    "druga w danej aktywacji technika ma trudność o 2 większą. Trzecia technika ... o 4 większą"
    (001_0209eda46e4737a1.txt). ``None`` (a spell) adds nothing.

    Raises:
        BadInputError: for a place other than 1, 2 or 3.
    """
    if order is None:
        return 0
    if not 1 <= order <= MAX_TECHNIQUES:
        raise BadInputError(
            Message(
                D,
                N_(
                    "The technique order is {order}: a model tries at most 3 techniques per activation,"
                    " so give 1, 2 or 3."
                ),
                {"order": order},
            )
        )
    return 2 * (order - 1)


def check_stat(value: int, what: str) -> None:
    """Refuse a Moc or leadership outside 0..30.

    Raises:
        BadInputError: naming the value and the accepted range.
    """
    if not 0 <= value <= MAX_STAT:
        raise BadInputError(
            Message(
                D,
                N_("{what} is {value}: give a whole number from 0 to {top}."),
                {"what": Message(D, what), "value": value, "top": MAX_STAT},
            )
        )


def check_difficulty(difficulty: int) -> None:
    """Refuse a difficulty outside 0..20.

    Raises:
        BadInputError: naming the difficulty and the accepted range.
    """
    if not 0 <= difficulty <= MAX_DIFFICULTY:
        raise BadInputError(
            Message(
                D,
                N_(
                    "The difficulty is {value}: give a whole number from 0 to {top} (it is subtracted from"
                    " the Power)."
                ),
                {"value": difficulty, "top": MAX_DIFFICULTY},
            )
        )


@dataclass(frozen=True)
class PowerTestSpec:
    """What a power test is made against.

    Attributes:
        power: the model's Moc.
        difficulty: the power's Trudność.
        order: a technique's place in the activation (1-3), None for a spell.
        penalty: the violence table's accumulated penalty to Moc in this activation (0, 3, 6...).
    """

    power: int
    difficulty: int
    order: int | None = None
    penalty: int = 0

    def __post_init__(self) -> None:
        check_stat(self.power, N_("The Power"))
        check_difficulty(self.difficulty)
        order_increase(self.order)
        if self.penalty < 0:
            raise BadInputError(
                Message(D, N_("The penalty is {value}: give 0 or more."), {"value": self.penalty})
            )

    @property
    def increase(self) -> int:
        """The technique order's extra difficulty."""
        return order_increase(self.order)

    @property
    def threshold(self) -> int:
        """The modified Moc: the highest d20 that succeeds, natural 20 aside."""
        return self.power - self.difficulty - self.increase - self.penalty


def minus(number: int) -> str:
    """A number with a true minus sign when negative (``−2``), as the book's formulas."""
    return str(number).replace("-", "\u2212")


def outcome_of(roll: int, threshold: int, options: TableOptions) -> tuple[bool, Critical | None]:
    """Success and critical of one d20 against a threshold.

    "Przy wyrzuceniu “20” zamierzona Moc nie odnosi efektu" and a natural 1 is the absolute success
    ("Absolutny Sukces", 001_0209eda46e4737a1.txt; see docs/rulings/warzone.md).
    """
    if roll == CRITICAL_FAILURE_ROLL:
        return False, Critical.CRITICAL_FAILURE
    if roll == ABSOLUTE_SUCCESS_ROLL and (options.natural_one_always_succeeds or threshold >= 1):
        return True, Critical.ABSOLUTE_SUCCESS
    return roll <= threshold, None


@dataclass(frozen=True)
class PowerTest:
    """One power test: the die, what it was compared with, and what it means."""

    spec: PowerTestSpec
    roll: int
    success: bool
    critical: Critical | None

    @property
    def threshold(self) -> int:
        """The modified Moc the die had to match or beat."""
        return self.spec.threshold

    def explain(self) -> list[Message]:
        """How the test came about, step by step."""
        s = self.spec
        lines = [
            Message(
                D,
                N_("Power {power} − difficulty {difficulty} = {value}."),
                {"power": s.power, "difficulty": s.difficulty, "value": minus(s.power - s.difficulty)},
            )
        ]
        if s.increase:
            lines.append(
                Message(
                    D,
                    N_("Technique number {order} of the activation: difficulty +{extra}."),
                    {"order": s.order, "extra": s.increase},
                )
            )
        if s.penalty:
            lines.append(
                Message(
                    D, N_("Violence table penalty in this activation: −{penalty}."), {"penalty": s.penalty}
                )
            )
        if s.threshold >= 1 or self.roll == CRITICAL_FAILURE_ROLL:
            lines.append(
                Message(
                    D,
                    N_("d20 rolled {roll}, needed {threshold} or less."),
                    {"roll": self.roll, "threshold": minus(s.threshold)},
                )
            )
        elif self.roll == ABSOLUTE_SUCCESS_ROLL and not self.success:
            lines.append(
                Message(
                    D,
                    N_(
                        "d20 rolled 1; the modified Power is {threshold}, below 1: no roll"
                        " succeeds at this table (natural_one_always_succeeds is off)."
                    ),
                    {"threshold": minus(s.threshold)},
                )
            )
        else:
            lines.append(
                Message(
                    D,
                    N_(
                        "d20 rolled {roll}; the modified Power is {threshold}, below 1: only"
                        " a natural 1 succeeds."
                    ),
                    {"roll": self.roll, "threshold": minus(s.threshold)},
                )
            )
        if self.critical is not None:
            lines.append(
                Message(
                    D,
                    N_("Natural {roll}: {critical}."),
                    {"roll": self.roll, "critical": Message(D, CRITICAL_NAMES[self.critical])},
                )
            )
        lines.append(Message(D, N_("Success.") if self.success else N_("Failure.")))
        return lines


def power_test(spec: PowerTestSpec, source: DiceSource, options: TableOptions | None = None) -> PowerTest:
    """Roll one power test ("test Mocy", 001_0209eda46e4737a1.txt) with one d20 from ``source``."""
    roll = source.roll(20)
    success, critical = outcome_of(roll, spec.threshold, options or TableOptions())
    return PowerTest(spec, roll, success, critical)
