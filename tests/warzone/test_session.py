"""A model's game through the engine's Session: random legal play keeps the session's properties."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.session_properties import check_random_play
from tests.warzone.helpers import mystic

OPTIONS = st.fixed_dictionaries(
    {
        "knocked_down_ends_activation": st.booleans(),
        "violence_penalties_stack": st.booleans(),
        "failed_technique_wastes_action": st.booleans(),
        "natural_one_always_succeeds": st.booleans(),
    }
)


@given(
    options=OPTIONS,
    power=st.integers(0, 20),
    panicked=st.booleans(),
    choices=st.lists(st.integers(0, 50), max_size=30),
    seed=st.integers(0, 10_000),
)
def test_random_legal_play(
    options: dict[str, bool], power: int, panicked: bool, choices: list[int], seed: int
) -> None:
    """Activations, techniques, spells, the violence table and getting up, in any legal order
    (001_0209eda46e4737a1.txt, "Używanie Mocy")."""
    figure = mystic(power=power, panicked=panicked).model_dump(mode="json")
    check_random_play("warzone", {"figure": figure, "options": options}, choices, seed)
