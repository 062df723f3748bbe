"""Step-by-step explanations of results, as messages translated when shown."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meneur.i18n import N_, Message

if TYPE_CHECKING:
    from meneur.systems.insmv.opposed import OpposedResult
    from meneur.systems.insmv.resolution import TestResult


def _m(msgid: str, **params: object) -> Message:
    return Message("insmv", msgid, dict(params))


def explain_test(result: TestResult) -> list[Message]:
    """Explain a test: column, shifts, row, threshold, dice, outcome and intervention."""
    request, plan = result.request, result.plan
    if plan is None:
        return [_m(N_("A power the character does not possess: no chance at all, no roll."))]
    lines = [
        _m(
            N_("Value {value}: the column labelled {value} (column {column} of {width})."),
            value=request.value,
            column=plan.start_column,
            width=plan.width,
        )
    ]
    if request.untrained_malus is not None:
        lines.append(
            _m(
                N_(
                    "Talent not possessed: the characteristic, shifted 1 column to the left, always"
                    " on the very hard row."
                )
                if request.untrained_malus == 1
                else N_(
                    "Talent not possessed: the characteristic, shifted {malus} columns to the left,"
                    " always on the very hard row."
                ),
                malus=request.untrained_malus,
            )
        )
    if request.gm_shift:
        lines.append(
            _m(
                N_("Game master's shift: {shift} column (positive to the right, easier).")
                if abs(request.gm_shift) == 1
                else N_("Game master's shift: {shift} columns (positive to the right, easier)."),
                shift=f"{request.gm_shift:+d}".replace("-", "\u2212"),
            )
        )
    if request.voluntary_shift:
        lines.append(
            _m(
                N_("Voluntary shift: 1 column to the left, added to the units on a success.")
                if request.voluntary_shift == 1
                else N_("Voluntary shift: {columns} columns to the left, added to the units on a success."),
                columns=request.voluntary_shift,
            )
        )
    lines.extend(_placement(result))
    if result.dice:
        lines.append(
            _m(
                N_("d666: {dice}; the first two dice read {roll}, the units die is {units_die}."),
                dice="".join(str(d) for d in result.dice),
                roll=result.roll,
                units_die=result.units_die,
            )
        )
    lines.append(_outcome(result))
    if result.intervention is not None:
        lines.append(_INTERVENTIONS[result.intervention.value])
    return lines


def _placement(result: TestResult) -> list[Message]:
    plan = result.plan
    assert plan is not None
    if plan.automatic is None:
        return [
            _m(
                N_("Column {column} on the {row} row: success on {threshold} or less."),
                column=plan.column,
                row=plan.request.row.label,
                threshold=plan.threshold,
            )
        ]
    if plan.automatic.value == "failure":
        return [
            _m(
                N_(
                    "Shifted beyond the first column: automatic failure; the dice still give the units"
                    " and may show 111 or 666."
                )
            )
        ]
    return [
        _m(
            N_(
                "Shifted beyond the column labelled 6: automatic success; the dice still give the"
                " units and may show 111 or 666."
            )
        )
    ]


def _outcome(result: TestResult) -> Message:
    if result.success:
        return _m(N_("Success, units {units}."), units=result.units)
    return _m(N_("Failure, units {units}."), units=result.units)


_INTERVENTIONS = {
    "divine": _m(N_("111: divine intervention (what it does is for the game master to decide).")),
    "infernal": _m(N_("666: infernal intervention (what it does is for the game master to decide).")),
}


def explain_opposed(result: OpposedResult) -> list[Message]:
    """Explain an opposed test: both tests, then who wins and with what units."""
    lines = [_m(N_("A, who acts:")), *result.attacker.explain()]
    lines += [_m(N_("B, who resists:")), *result.defender.explain()]
    lines.append(_m(_OUTCOMES[result.outcome.value]))
    if result.gm_decision is not None:
        lines.append(
            _m(N_("The game master decides the tie for {side}."), side=_m(_SIDES[result.gm_decision.value]))
        )
    if result.winner is not None:
        lines.append(
            _m(
                N_("Winner: {side}; final units {units}."),
                side=_m(_SIDES[result.winner.value]),
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
