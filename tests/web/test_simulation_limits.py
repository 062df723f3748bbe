"""The encounter page's simulation limits (meneur.systems.energy.view.simulation): the cost bound and the limiter per
address, in the viewer's language."""

from __future__ import annotations

import pytest

from meneur.errors import BadInputError
from meneur.systems.energy.view.simulation import MAX_COST, Asked, Limiter, TooManyError


def test_the_cost_is_fights_times_combatants() -> None:
    Asked((5,) * 5, (5,) * 5, MAX_COST // 10).check()
    with pytest.raises(BadInputError) as over:
        Asked((5,) * 5, (5,) * 5, MAX_COST // 10 + 1).check()
    assert "meneur energy balance --simulate" in over.value.render("en")
    with pytest.raises(BadInputError):
        Asked((31,), (5,), 1).check()  # ranks above 30 cost too much per fight
    with pytest.raises(BadInputError):
        Asked((5,), (5,), 0).check()


def test_an_address_runs_one_at_a_time_and_a_few_a_minute() -> None:
    limiter = Limiter(at_once=1, per_minute=2)
    limiter.enter("10.0.0.1")
    with pytest.raises(TooManyError) as running:
        limiter.enter("10.0.0.1")
    assert "en cours" in running.value.render("fr")
    limiter.enter("10.0.0.2")  # another address is not held back
    limiter.leave("10.0.0.1")
    limiter.enter("10.0.0.1")
    limiter.leave("10.0.0.1")
    with pytest.raises(TooManyError) as minute:
        limiter.enter("10.0.0.1")
    assert "2 simulations en une minute" in minute.value.render("fr") and minute.value.retry >= 1
