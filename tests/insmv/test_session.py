"""An INS/MV table through the engine's Session: random legal play keeps the session's properties."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.session_properties import check_random_play

KINDS = ["human", "angel", "demon", "archangel_avatar", "undead"]

SHEETS = st.sampled_from(
    [
        {},
        {
            "characteristics": {"Force": 2, "Présence": 4},
            "talents": [
                {"name": "Escalade", "characteristic": "Force", "malus": 2},
                {"name": "Discussion", "characteristic": "Présence", "malus": 1, "value": 3},
            ],
        },
        {
            "talents": [{"name": "Discussion", "characteristic": "Présence", "malus": 1, "value": 5}],
            "powers": {"Charme": 4},
        },
    ]
)

BEINGS = st.lists(
    st.builds(
        lambda kind, will, shift, rate, left, sheet: {
            "kind": kind,
            "will": will,
            "power_points": None if left is None else min(left, will),
            "rules": {"max_voluntary_shift": shift, "recovery_per_day": rate},
            **sheet,
        },
        st.sampled_from(KINDS),
        st.integers(0, 8),
        st.integers(0, 20),
        st.integers(0, 3),
        st.none() | st.integers(0, 8),
        SHEETS,
    ),
    min_size=1,
    max_size=3,
)


@given(
    beings=BEINGS,
    keep=st.booleans(),
    choices=st.lists(st.integers(0, 50), max_size=12),
    seed=st.integers(0, 10_000),
)
def test_random_legal_play(
    beings: list[dict[str, object]], keep: bool, choices: list[int], seed: int
) -> None:
    """Spending, recovery, tests (by value or from the sheet) and opposed tests at the table, in any
    legal order (000_008acb24c72771e3.txt)."""
    setup = {
        "options": {"spend_power_points_on_failure": not keep},
        "beings": [{"name": f"B{number}", **being} for number, being in enumerate(beings)],
    }
    check_random_play("insmv", setup, choices, seed)
