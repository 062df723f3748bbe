"""The outcomes of a Warzone command before rolling, computed by the rules with the table's options.

A power test (a technique tested, a spell cast) has the four outcomes of
:data:`meneur.systems.warzone.odds.OUTCOMES`, from the spec the engine rolls
(:func:`meneur.systems.warzone.activation.power_test_spec`) and the model's own table options
(« un 1 naturel réussit toujours » may be off); a knocked-down model's test to get up has
:data:`WAKE_UP` (« obudzi się sam zdając test DW z modyfikatorem -4 »). Any other command rolls
nothing here. The pages render these chances; they never rebuild a rule.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from meneur.systems.warzone import commands as c
from meneur.systems.warzone.activation import power_test_spec, wake_up_terms
from meneur.systems.warzone.leadership import threshold
from meneur.systems.warzone.legality import power_named
from meneur.systems.warzone.odds import leadership_odds, outcome_odds
from meneur.systems.warzone.squad import resolve

WAKE_UP = ("gets_up", "stays_down")
"""The outcomes of a knocked-down model's test to get up."""


def outcomes(state: Any, command: Any) -> dict[str, Fraction]:
    """Each outcome of ``command`` in the squad ``state`` now and its chance (empty for a command
    that rolls no test, or a technique with none left to test).

    Raises:
        BadInputError: an unknown model or power (the engine says the same when it is given).
    """
    if not isinstance(command, c.TestTechnique | c.CastSpell | c.TestWakeUp):
        return {}
    model = state.models[resolve(state, command.model)]
    if isinstance(command, c.TestWakeUp):
        up = leadership_odds(threshold(*wake_up_terms(model)))
        return {"gets_up": up, "stays_down": 1 - up}
    if isinstance(command, c.TestTechnique):
        if model.next_technique is None:
            return {}
        power, order = power_named(model, model.next_technique), model.techniques_tested + 1
    else:
        power, order = power_named(model, command.name), None
    return outcome_odds(power_test_spec(model, power, order), model.options)
