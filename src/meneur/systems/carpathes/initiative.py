"""« Initiative et tour de combat » (``003_87a535c5e428c5d3.txt``).

« chaque combattant lance 2D6 + Physique. Le plus haut agit en premier, puis on descend. À égalité,
le PJ tranche en sa faveur. » Rolled once per scene; a whispered surprise attack gives +2 for the
round; a character caught off guard acts last in the first round, without talent bonus.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from meneur.dice.source import DiceSource
from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.systems.carpathes.model import (
    BONUS_MAX,
    BONUS_MIN,
    TRAIT_MAX,
    TRAIT_MIN,
    RollMode,
    check_range,
)
from meneur.systems.carpathes.resolution import keep_two

SURPRISE_BONUS = 2


@dataclass(frozen=True)
class Combatant:
    """Who rolls initiative: Physique, a talent bonus, PC or not, surprise and off-guard flags."""

    name: str
    physical: int
    is_pc: bool = False
    talent_bonus: int = 0
    surprise: bool = False
    off_guard: bool = False
    disadvantage: bool = False
    """Seriously wounded (« désavantage à la cible jusqu'à soin médical »): 3D6 keep the 2 worst."""
    first_round: int | None = None
    """The first round's total as told to a player when its reason is the GM's (a whispered
    surprise): the line says the total only."""

    @property
    def dice_count(self) -> int:
        """2D6, or 3D6 under disadvantage."""
        return 3 if self.disadvantage else 2


@dataclass(frozen=True)
class InitiativeRoll:
    """One combatant's initiative dice and totals."""

    combatant: Combatant
    dice: tuple[int, ...]

    @property
    def kept(self) -> tuple[int, ...]:
        """The two dice that count: the 2 worst of three under disadvantage."""
        mode = RollMode.DISADVANTAGE if self.combatant.disadvantage else RollMode.NORMAL
        return keep_two(self.dice, mode)[0]

    @property
    def total(self) -> int:
        """« 2D6 + Physique » plus any talent bonus: the total from the second round on."""
        return sum(self.kept) + self.combatant.physical + self.combatant.talent_bonus

    def round_total(self, round_number: int) -> int:
        """The total for a round: +2 for a whispered surprise and no talent bonus when caught off
        guard, both in the first round only."""
        if round_number != 1:
            return self.total
        if self.combatant.first_round is not None:
            return self.combatant.first_round
        total = self.total + (SURPRISE_BONUS if self.combatant.surprise else 0)
        return total - (self.combatant.talent_bonus if self.combatant.off_guard else 0)

    def acts_last(self, round_number: int) -> bool:
        """« joue en dernier au premier round »."""
        return round_number == 1 and self.combatant.off_guard


@dataclass(frozen=True)
class Initiative:
    """The scene's initiative: every roll, and the order of any round."""

    rolls: tuple[InitiativeRoll, ...]

    def order(self, round_number: int = 1) -> list[InitiativeRoll]:
        """Highest first, PC first on a tie, off-guard characters last in the first round; other
        ties keep the order the combatants were given."""
        return sorted(
            self.rolls,
            key=lambda r: (r.acts_last(round_number), -r.round_total(round_number), not r.combatant.is_pc),
        )

    def to_json(self, round_number: int = 1) -> list[dict[str, object]]:
        """JSON-ready order for a round."""
        return [
            {
                "name": r.combatant.name,
                "dice": list(r.dice),
                "total": r.total,
                "kept": list(r.kept),
                "disadvantage": r.combatant.disadvantage,
                "round_total": r.round_total(round_number),
                "pc": r.combatant.is_pc,
                "acts_last": r.acts_last(round_number),
                "talent_bonus": r.combatant.talent_bonus if not r.acts_last(round_number) else 0,
            }
            for r in self.order(round_number)
        ]

    def explain(self, round_number: int = 1) -> list[Message]:
        """The order of a round, one line per combatant, with the surprise, off-guard and tie
        rules that shaped it."""
        ordered = self.order(round_number)
        lines = []
        for rank, r in enumerate(ordered, start=1):
            lines.append(_line(rank, r, round_number))
            if r.combatant.disadvantage:
                lines.append(
                    Message(
                        "carpathes",
                        N_("{name} is seriously wounded: disadvantage, 3D6 keep the 2 worst ({dice})."),
                        {"name": r.combatant.name, "dice": ", ".join(map(str, r.dice))},
                    )
                )
        if any(
            a.combatant.is_pc != b.combatant.is_pc
            and not a.acts_last(round_number)
            and not b.acts_last(round_number)
            and a.round_total(round_number) == b.round_total(round_number)
            for a, b in pairwise(ordered)
        ):
            lines.append(
                Message("carpathes", N_("Tie: « À égalité, le PJ tranche en sa faveur », the PC acts first."))
            )
        return lines


def _line(rank: int, r: InitiativeRoll, round_number: int) -> Message:
    c = r.combatant
    params: dict[str, object] = {
        "rank": rank,
        "name": c.name,
        "dice": "+".join(map(str, r.kept)),
        "physical": c.physical,
        "total": r.round_total(round_number),
    }
    if r.acts_last(round_number):
        return Message(
            "carpathes",
            N_(
                "{rank}. {name}: {dice} + Physique {physical} = {total}; caught off guard, acts last in"
                " the first round, without talent bonus"
            ),
            params,
        )
    if c.first_round is not None and round_number == 1:
        return Message("carpathes", N_("{rank}. {name}: {total} in the first round"), params)
    surprise = SURPRISE_BONUS if c.surprise and round_number == 1 else 0
    params.update(bonus=c.talent_bonus, surprise=surprise)
    if c.talent_bonus and surprise:
        msgid = N_(
            "{rank}. {name}: {dice} + Physique {physical} + talent bonus {bonus} + whispered"
            " surprise {surprise} = {total}"
        )
    elif surprise:
        msgid = N_("{rank}. {name}: {dice} + Physique {physical} + whispered surprise {surprise} = {total}")
    elif c.talent_bonus:
        msgid = N_("{rank}. {name}: {dice} + Physique {physical} + talent bonus {bonus} = {total}")
    else:
        msgid = N_("{rank}. {name}: {dice} + Physique {physical} = {total}")
    return Message("carpathes", msgid, params)


def check_combatants(combatants: Sequence[Combatant]) -> None:
    """Refuse an empty list, duplicate names or values out of range."""
    if not combatants:
        raise BadInputError(Message("carpathes", N_("Initiative needs at least one combatant.")))
    names = [c.name for c in combatants]
    if len(set(names)) != len(names):
        raise BadInputError(
            Message("carpathes", N_("Two combatants are named alike; give each a distinct name."))
        )
    for c in combatants:
        check_range(Message("carpathes", N_("Physique")), c.physical, TRAIT_MIN, TRAIT_MAX)
        check_range(Message("carpathes", N_("The talent bonus")), c.talent_bonus, BONUS_MIN, BONUS_MAX)


def roll_initiative(source: DiceSource, combatants: Sequence[Combatant]) -> Initiative:
    """Roll 2D6 for each combatant, in the order given.

    Raises:
        BadInputError: for bad combatants or entered dice that do not fit.
    """
    check_combatants(combatants)
    return Initiative(
        tuple(InitiativeRoll(c, tuple(source.roll(6) for _ in range(c.dice_count))) for c in combatants)
    )
