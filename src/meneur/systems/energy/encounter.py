"""Encounter balance: the sum of ranks on each side against the book's guideline (pure).

"comptabiliser le total des rangs des personnages. Si votre groupe compte 4 héros de rang 5,
alors vous avez jusqu'à 20 rangs à répartir pour les adversaires. Vous pouvez donner un léger
avantage aux joueurs de l'ordre de 20% de rangs" (002_58e889a1abff3456.txt).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.systems.energy.names import DOMAIN

DEFAULT_PLAYER_MARGIN = 0.2


class Verdict(StrEnum):
    """Where the foes' ranks stand against the guideline."""

    ADVISED = "advised"
    """Within the heroes' total with the players' margin kept."""
    NO_MARGIN = "no_margin"
    """Up to the heroes' total but without the players' margin."""
    ABOVE = "above"
    """More foe ranks than the heroes' total: beyond the guideline."""


_VERDICT_TEXTS: dict[Verdict, str] = {
    Verdict.ADVISED: N_(
        "Balanced: the foes' {foes} ranks leave the players their margin "
        "(at most {advised} advised, {heroes} at the very most)."
    ),
    Verdict.NO_MARGIN: N_(
        "Tight: the foes' {foes} ranks stay within the heroes' {heroes} but above "
        "the {advised} that leave the players their margin."
    ),
    Verdict.ABOVE: N_(
        "Too strong: the foes' {foes} ranks exceed the heroes' total of {heroes} ({advised} advised)."
    ),
}


@dataclass(frozen=True)
class EncounterBalance:
    """Both sides' ranks, the guideline's numbers and the verdict."""

    heroes: tuple[int, ...]
    foes: tuple[int, ...]
    player_margin: float = DEFAULT_PLAYER_MARGIN

    @property
    def heroes_total(self) -> int:
        """Sum of the heroes' ranks: the most foe ranks the guideline allows."""
        return sum(self.heroes)

    @property
    def foes_total(self) -> int:
        """Sum of the foes' ranks."""
        return sum(self.foes)

    @property
    def advised_foes(self) -> int:
        """The foe ranks that keep the players' margin (the heroes' total less ~20%, rounded down)."""
        return math.floor(self.heroes_total * (1 - self.player_margin) + 1e-9)

    @property
    def verdict(self) -> Verdict:
        """How the foes compare with the guideline."""
        if self.foes_total > self.heroes_total:
            return Verdict.ABOVE
        if self.foes_total > self.advised_foes:
            return Verdict.NO_MARGIN
        return Verdict.ADVISED

    @property
    def few_foes(self) -> bool:
        """ "Evitez les combats contre un nombre trop restreint d'adversaires": fewer foes than heroes."""
        return len(self.foes) < len(self.heroes)

    def explain(self) -> list[Message]:
        """The verdict with its numbers, then the advice on too few foes when it applies."""
        params = {"foes": self.foes_total, "heroes": self.heroes_total, "advised": self.advised_foes}
        lines = [Message(DOMAIN, _VERDICT_TEXTS[self.verdict], params)]
        if self.few_foes:
            lines.append(
                Message(
                    DOMAIN,
                    N_(
                        "Few foes ({foes} against {heroes} heroes): the book advises against fights with too "
                        "few opponents; surround a strong foe with rank-4 heavies and rank-2 minions."
                    ),
                    {"foes": len(self.foes), "heroes": len(self.heroes)},
                )
            )
        return lines

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready summary."""
        return {
            "heroes": list(self.heroes),
            "foes": list(self.foes),
            "heroes_total": self.heroes_total,
            "foes_total": self.foes_total,
            "advised_foes": self.advised_foes,
            "player_margin": self.player_margin,
            "verdict": self.verdict.value,
            "few_foes": self.few_foes,
        }


def balance(
    heroes: Sequence[int], foes: Sequence[int], player_margin: float = DEFAULT_PLAYER_MARGIN
) -> EncounterBalance:
    """Weigh an encounter.

    Raises:
        BadInputError: when a side is empty, a rank is below 1 or the margin is outside 0..1.
    """
    for side, ranks in (("heroes", heroes), ("foes", foes)):
        if not ranks:
            raise BadInputError(Message(DOMAIN, N_("{side}: give at least one rank."), {"side": side}))
        for rank in ranks:
            if rank < 1:
                raise BadInputError(
                    Message(
                        DOMAIN,
                        N_("{side}: {rank} is not a rank; ranks start at 1."),
                        {"side": side, "rank": rank},
                    )
                )
    if not 0 <= player_margin < 1:
        raise BadInputError(
            Message(
                DOMAIN, N_("margin: {value} must be between 0 and 1 (0.2 is 20%)."), {"value": player_margin}
            )
        )
    return EncounterBalance(tuple(heroes), tuple(foes), player_margin)
