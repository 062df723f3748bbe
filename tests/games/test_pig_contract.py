"""Pig passes the contract every system passes: the package's shape (``tests/engine/test_shape.py``)
and the session's properties under random legal play (``tests/session_properties.py``)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.engine import registry
from meneur.engine.plugin import Game, load
from tests.engine import test_shape
from tests.session_properties import check_random_play

pytestmark = pytest.mark.usefixtures("pig")


def test_the_registry_lists_pig_and_its_kind(pig: Game) -> None:
    assert pig in registry.games()
    assert registry.game("pig") is pig
    assert registry.kind_of("pig") == (pig, pig.kinds[0])
    assert registry.system("pig").key == "pig"


def test_the_package_has_the_shape_of_every_system() -> None:
    test_shape.test_the_package_exports_the_engine_names("pig")
    test_shape.test_the_package_has_the_same_modules("pig")


def test_the_plugins_parts_load(pig: Game) -> None:
    options = load(pig.options or "")
    assert options is load(pig.kinds[0].options or "")
    assert options.model_fields["goal"].default == 20
    assert callable(load(pig.cli or ""))


def test_the_schema_of_the_wire_form_lists_its_commands_and_events() -> None:
    defs = registry.system("pig").codec.schema("pig")["$defs"]
    assert [next(iter(v["properties"])) for v in defs["commands"]["oneOf"]] == ["hold", "roll"]
    assert [next(iter(v["properties"])) for v in defs["events"]["oneOf"]] == ["held", "rolled", "won"]


@given(
    players=st.lists(st.sampled_from(["Ayla", "Bren", "Cid", "Dana"]), min_size=2, max_size=4, unique=True),
    goal=st.integers(5, 30),
    choices=st.lists(st.integers(0, 20), max_size=40),
    seed=st.integers(0, 10_000),
)
def test_random_legal_play(players: list[str], goal: int, choices: list[int], seed: int) -> None:
    """Rolls, ones and holds up to the goal, in any legal order, keep the session's properties."""
    check_random_play("pig", {"players": players, "options": {"goal": goal}}, choices, seed)
