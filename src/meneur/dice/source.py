"""Where die results come from: a seeded generator or the values a player typed in.

No module of meneur reads the global ``random``: every roll takes a :class:`DiceSource`.
A source answers one question, ``roll(sides)``: the face of one physical die with ``sides`` faces
(1..sides). Digit dice (d66, d666) ask for one d6 per digit, so entered dice are always the
physical dice, in the order they are read.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from typing import Protocol

from meneur.errors import BadInputError
from meneur.i18n import N_, Message

_FATE_SIGNS = {"+": "1", "\u2212": "-1", "-": "-1", "+1": "1"}


class EnteredDiceError(BadInputError):
    """Entered dice that do not match the dice of the roll."""

    code = "entered_dice"


class DiceSource(Protocol):
    """Anything that can give the face of one die."""

    def roll(self, sides: int) -> int:
        """Return the face (1..sides) of one die with ``sides`` faces."""
        ...


class RandomSource:
    """Dice from an injected :class:`random.Random` (seeded for reproducible rolls)."""

    __slots__ = ("rng",)

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    @classmethod
    def from_seed(cls, seed: int | None = None) -> RandomSource:
        """A source seeded with ``seed``; ``None`` seeds from the operating system."""
        return cls(random.Random(seed))

    def roll(self, sides: int) -> int:
        return self.rng.randrange(sides) + 1


class EnteredSource:
    """Dice typed in from a physical roll, checked against the dice they stand for.

    Each value is consumed in order; a value impossible on the die asked for, too few values or
    (after :meth:`finish`) values left over are errors naming the die and the value.
    """

    def __init__(self, values: Iterable[int]) -> None:
        self.values: tuple[int, ...] = tuple(values)
        self.used = 0

    @classmethod
    def parse(cls, text: str) -> EnteredSource:
        """Read values written ``3,5,1`` (spaces and semicolons also separate).

        Raises:
            EnteredDiceError: when a value is not a whole number.
        """
        stripped = text.strip()
        parts = re.split(r"\s*[,;]\s*|\s+", stripped) if stripped else []
        values = []
        for position, part in enumerate(parts, start=1):
            if not part:
                raise EnteredDiceError(
                    Message(
                        "core",
                        N_("Entered die #{position} is missing (two separators in a row?)."),
                        {"position": position},
                    )
                )
            part = _FATE_SIGNS.get(part, part)
            if not part.lstrip("-").isdecimal():
                raise EnteredDiceError(
                    Message(
                        "core",
                        N_("Entered die #{position} is '{value}', not a whole number."),
                        {"position": position, "value": part},
                    )
                )
            values.append(int(part))
        if not values:
            raise EnteredDiceError(Message("core", N_("No dice values were entered.")))
        return cls(values)

    def roll(self, sides: int) -> int:
        position = self.used + 1
        if self.used >= len(self.values):
            raise EnteredDiceError(
                Message(
                    "core",
                    N_(
                        "The roll needs more dice than the {count} entered: die #{position} (a d{sides})"
                        " is missing."
                    ),
                    {"count": len(self.values), "position": position, "sides": sides},
                )
            )
        value = self.values[self.used]
        if not 1 <= value <= sides:
            raise EnteredDiceError(
                Message(
                    "core",
                    N_("Entered die #{position} is {value}, impossible on a d{sides} (1 to {sides})."),
                    {"position": position, "value": value, "sides": sides},
                )
            )
        self.used += 1
        return value

    def roll_fate(self) -> int:
        """The next value as a Fate die: -1, 0 or 1 (typed ``-1,0,1`` or ``-,0,+``)."""
        position = self.used + 1
        if self.used >= len(self.values):
            raise EnteredDiceError(
                Message(
                    "core",
                    N_(
                        "The roll needs more dice than the {count} entered: die #{position} (a Fate die)"
                        " is missing."
                    ),
                    {"count": len(self.values), "position": position},
                )
            )
        value = self.values[self.used]
        if value not in (-1, 0, 1):
            raise EnteredDiceError(
                Message(
                    "core",
                    N_("Entered die #{position} is {value}, impossible on a Fate die (-1, 0 or 1)."),
                    {"position": position, "value": value},
                )
            )
        self.used += 1
        return value

    @property
    def remaining(self) -> Sequence[int]:
        """The values not consumed yet."""
        return self.values[self.used :]

    def finish(self) -> None:
        """Check that every entered value was used.

        Raises:
            EnteredDiceError: when values are left over.
        """
        if self.remaining:
            raise EnteredDiceError(
                Message(
                    "core",
                    N_(
                        "{count} dice were entered but the roll used only {used}: remove the extra values"
                        " ({extra})."
                    ),
                    {
                        "count": len(self.values),
                        "used": self.used,
                        "extra": ",".join(str(v) for v in self.remaining),
                    },
                )
            )


def source_from(seed: int | None = None, dice: str | Sequence[int] | None = None) -> DiceSource:
    """The source an adapter should use: entered dice if given, else a (seeded) generator.

    Raises:
        EnteredDiceError: when both a seed and entered dice are given (which one was meant?).
    """
    if seed is not None and dice is not None:
        raise EnteredDiceError(
            Message("core", N_("Give either entered dice (--dice) or a seed (--seed), not both."))
        )
    if dice is None:
        return RandomSource.from_seed(seed)
    if isinstance(dice, str):
        return EnteredSource.parse(dice)
    return EnteredSource(dice)


def fate_face(source: DiceSource) -> int:
    """One Fate die (-1, 0 or +1): entered as such when the source knows them, else a d3 less 2."""
    roll_fate = getattr(source, "roll_fate", None)
    if roll_fate is not None:
        return int(roll_fate())
    return source.roll(3) - 2


def finish(source: DiceSource) -> None:
    """Check an entered source was used up exactly; nothing to check for a generator."""
    if isinstance(source, EnteredSource):
        source.finish()
