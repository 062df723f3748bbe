"""Opposed tests: A acts, B resists; each rolls a test, then the units decide.

"Le résultat le plus important indique le vainqueur du conflit. Si c'est l'attaquant, l'action est
réussie, si c'est le défenseur, l'action est ratée. Si le résultat des unités est identique, c'est le
maître de jeu qui décide" (000_008acb24c72771e3.txt).

Conventions: results are frozen; a tie stays open until :func:`settle` records the game master's decision.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from meneur.errors import Refused
from meneur.i18n import N_, Message
from meneur.systems.insmv.model import TableOptions
from meneur.systems.insmv.resolution import TestResult


class Side(StrEnum):
    """A acts (attacker), B resists (defender)."""

    ATTACKER = "attacker"
    DEFENDER = "defender"


class OpposedOutcome(StrEnum):
    """How an opposed test was decided."""

    ATTACKER_WINS = "attacker_wins"
    DEFENDER_WINS = "defender_wins"
    BOTH_FAILED = "both_failed"
    HIGHER_UNITS = "higher_units"
    TIE = "tie"


@dataclass(frozen=True)
class OpposedResult:
    """Both tests, how they compare, and the game master's decision on a tie.

    Attributes:
        winner: who wins, ``None`` while a tie is open or when both failed.
        units: the winner's final units (the difference when both succeeded).
        compared: the units compared when both succeeded (A's, B's).
    """

    attacker: TestResult
    defender: TestResult
    outcome: OpposedOutcome
    winner: Side | None
    units: int | None
    compared: tuple[int, int] | None = None
    gm_decision: Side | None = None

    @property
    def needs_gm_decision(self) -> bool:
        """True while a tie waits for the game master."""
        return self.outcome is OpposedOutcome.TIE and self.gm_decision is None

    @property
    def action_succeeds(self) -> bool | None:
        """Whether A's action succeeds; ``None`` until the game master settles a tie."""
        return None if self.needs_gm_decision else self.winner is Side.ATTACKER

    def explain(self) -> list[Message]:
        """How the opposition was decided."""
        return explain_opposed(self)


def compared_units(result: TestResult, options: TableOptions) -> int:
    """The units an opposed test compares (with or without the voluntary-shift bonus, by option)."""
    assert result.units is not None
    if options.opposed_units_include_voluntary_shift or result.units_die is None:
        return result.units
    return result.units_die


def oppose(attacker: TestResult, defender: TestResult, options: TableOptions | None = None) -> OpposedResult:
    """Compare A's and B's tests.

    "Si l'action est réussie et si le résultat des unités sert à quantifier une réussite quelconque,
    le résultat final des unités est la différence entre les deux." (000_008acb24c72771e3.txt).
    """
    options = options or TableOptions()
    if attacker.success != defender.success:
        side = Side.ATTACKER if attacker.success else Side.DEFENDER
        outcome = OpposedOutcome.ATTACKER_WINS if attacker.success else OpposedOutcome.DEFENDER_WINS
        units = attacker.units if attacker.success else defender.units
        return OpposedResult(attacker, defender, outcome, side, units)
    if not attacker.success:
        return OpposedResult(attacker, defender, OpposedOutcome.BOTH_FAILED, None, None)
    a, b = compared_units(attacker, options), compared_units(defender, options)
    if a == b:
        return OpposedResult(attacker, defender, OpposedOutcome.TIE, None, None, (a, b))
    side = Side.ATTACKER if a > b else Side.DEFENDER
    return OpposedResult(attacker, defender, OpposedOutcome.HIGHER_UNITS, side, abs(a - b), (a, b))


def settle(result: OpposedResult, winner: Side) -> OpposedResult:
    """Record the game master's decision on a tie; the final units are the difference, 0.

    Raises:
        Refused: when the opposition is not an open tie.
    """
    if not result.needs_gm_decision:
        raise Refused(
            Message("insmv", N_("Only a tie (both succeed with equal units) is settled by the game master.")),
            rule="opposed_tie",
        )
    return replace(result, winner=winner, units=0, gm_decision=winner)


def explain_opposed(result: OpposedResult) -> list[Message]:
    """Explain an opposed test: both tests, then who wins and with what units."""
    lines = [_message(N_("A, who acts:")), *result.attacker.explain()]
    lines += [_message(N_("B, who resists:")), *result.defender.explain()]
    lines.append(_message(_OUTCOMES[result.outcome.value]))
    if result.gm_decision is not None:
        lines.append(
            _message(
                N_("The game master decides the tie for {side}."),
                side=_message(_SIDES[result.gm_decision.value]),
            )
        )
    if result.winner is not None:
        lines.append(
            _message(
                N_("Winner: {side}; final units {units}."),
                side=_message(_SIDES[result.winner.value]),
                units=result.units,
            )
        )
    return lines


_OUTCOMES = {
    "attacker_wins": N_("Only A succeeds: the action succeeds."),
    "defender_wins": N_("Only B succeeds: the action fails."),
    "both_failed": N_("Both fail: the action fails."),
    "higher_units": N_("Both succeed: the higher units wins, and the final units are the difference."),
    "tie": N_("Both succeed with equal units: the game master decides."),
}

_SIDES = {"attacker": N_("A (the action)"), "defender": N_("B (the resistance)")}


def _message(msgid: str, **params: object) -> Message:
    return Message("insmv", msgid, dict(params))
