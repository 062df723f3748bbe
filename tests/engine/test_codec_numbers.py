"""The codec refuses any number the engine cannot hold as bad input: NaN, infinities, and whole
numbers beyond what a database column holds (never an ``OverflowError`` deep inside)."""

from __future__ import annotations

import pytest

from meneur.engine.codec import LARGEST, too_large
from meneur.errors import BadInputError
from meneur.systems.energy.combat.engine import CODEC


@pytest.mark.parametrize(
    ("wire", "field"),
    [
        ({"move": {"actor": "kitsune", "to": [10**400, 0]}}, "move.to.0"),
        ({"defend": {"actor": "kitsune", "tokens": -(10**30)}}, "defend.tokens"),
        (
            {"support": {"actor": "k", "power": 0, "tokens": 1, "targets": ["a"], "at": [0, 10**19]}},
            "support.at.1",
        ),
    ],
)
def test_a_number_too_large_is_bad_input_naming_the_field(wire: dict[str, object], field: str) -> None:
    with pytest.raises(BadInputError) as refused:
        CODEC.command_from_json(wire)
    assert refused.value.render("en").startswith(f"{field}: ")
    assert "Overflow" not in refused.value.render("fr")


def test_the_largest_whole_number_is_still_read() -> None:
    assert too_large({"a": [LARGEST, -LARGEST]}) is None
    assert too_large({"a": [0, {"b": LARGEST + 1}]}) == (("a", "1", "b"), 19)
    assert too_large(True) is None
