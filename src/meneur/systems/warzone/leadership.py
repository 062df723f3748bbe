"""Leadership tests ("test DW") asked by the violence table and by a knocked-down model getting up.

Rule text 001_0209eda46e4737a1.txt gives no rule of its own for the test: like the power test, a d20
must be at most the modified Dowodzenie (see docs/rulings/warzone.md, no criticals).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from meneur.dice.source import DiceSource
from meneur.i18n import N_, Message
from meneur.systems.warzone.power_test import check_stat

D = "warzone"


class LeadershipReason(StrEnum):
    """Why the test is made."""

    VIOLENCE = "violence"
    WAKE_UP = "wake_up"
    PLAIN = "plain"


def threshold(leadership: int, modifier: int) -> int:
    """The modified leadership a d20 must not exceed: the test passes at most this."""
    return leadership + modifier


@dataclass(frozen=True)
class LeadershipTest:
    """A d20 against leadership plus a modifier: success when the die is at most the threshold."""

    leadership: int
    modifier: int
    roll: int
    reason: LeadershipReason = LeadershipReason.PLAIN

    @property
    def threshold(self) -> int:
        """The modified leadership."""
        return threshold(self.leadership, self.modifier)

    @property
    def success(self) -> bool:
        """Whether the die is at most the modified leadership."""
        return self.roll <= self.threshold

    def explain(self) -> list[Message]:
        """How the test came about."""
        return [
            Message(
                D,
                N_("Leadership test: {leadership} {modifier} = {threshold}; d20 rolled {roll}."),
                {
                    "leadership": self.leadership,
                    "modifier": f"{'−' if self.modifier < 0 else '+'} {abs(self.modifier)}",
                    "threshold": self.threshold,
                    "roll": self.roll,
                },
            ),
            Message(D, N_("Leadership test passed.") if self.success else N_("Leadership test failed.")),
        ]


def leadership_test(
    leadership: int, modifier: int, source: DiceSource, reason: LeadershipReason = LeadershipReason.PLAIN
) -> LeadershipTest:
    """Roll one leadership test with a d20 from ``source``.

    Raises:
        BadInputError: for a leadership outside 0..30.
    """
    check_stat(leadership, N_("The leadership"))
    return LeadershipTest(leadership, modifier, source.roll(20), reason)
