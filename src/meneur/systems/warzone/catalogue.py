"""The book's data for the `warzone` powers (001_0209eda46e4737a1.txt).

The text lists no individual powers (they are "w odpowiednich miejscach w opisie armii"): its data
are the violence table and the example range "Mierzony 18 cali, Pole Widzenia, Mały Wzornik Wybuchu".
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from meneur.i18n import N_
from meneur.systems.warzone.model import PowerRange


class ViolenceEffect(StrEnum):
    """What a row of the violence table does to the model."""

    NO_CONCENTRATION = "no_concentration"
    ACTIVATION_ENDS = "activation_ends"
    KNOCKED_DOWN = "knocked_down"
    LEADERSHIP_TEST = "leadership_test"


@dataclass(frozen=True)
class ViolenceRow:
    """One row: the d20 results it covers, its effect and the book's sentence (translated)."""

    low: int
    high: int
    effect: ViolenceEffect
    text: str

    @property
    def label(self) -> str:
        """The results the row covers as the book prints them: "1-10", "11-17", "18-19", "20"."""
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


VIOLENCE_TABLE: tuple[ViolenceRow, ...] = (
    ViolenceRow(
        1,
        10,
        ViolenceEffect.NO_CONCENTRATION,
        N_(
            "the model cannot concentrate this turn and every further power test in this activation"
            " takes a −3 penalty to Power."
        ),
    ),
    ViolenceRow(
        11,
        17,
        ViolenceEffect.ACTIVATION_ENDS,
        N_("the model's activation ends at once, whatever actions it has left."),
    ),
    ViolenceRow(
        18,
        19,
        ViolenceEffect.KNOCKED_DOWN,
        N_(
            "the model is knocked down: it cannot be activated until a friendly model in base contact"
            " spends an action, or it wakes up by passing a leadership test at −4 at the start of a"
            " later turn."
        ),
    ),
    ViolenceRow(
        20,
        20,
        ViolenceEffect.LEADERSHIP_TEST,
        N_(
            "the model takes a leadership test minus the failed power's difficulty; failing it means"
            " one wound."
        ),
    ),
)

EXAMPLE_RANGE = PowerRange(inches=18, line_of_sight=True, template="small blast")
"""“Zasięg: Mierzony 18 cali, Pole Widzenia, Mały Wzornik Wybuchu” (001_0209eda46e4737a1.txt)."""
