"""Table options of the campaign rules: where game masters may reasonably read the book differently.

Every field has the default chosen in ``docs/rulings/energy-campaign.md``; a campaign file stores its
own options so that replaying its log always gives the same state.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, StrictInt


class TableOptions(BaseModel):
    """The campaign's table options (immutable).

    Attributes:
        max_rank: the highest rank characters may reach by spending hero points ("limiter les
            personnages à un ensemble de rangs", 002_58e889a1abff3456.txt); ``None``: no cap.
        max_earned_aptitude_points: the most aptitude points a character may earn from aptitude
            experience over a campaign ("24 points d'aptitudes").
        state_malus_on_powers: whether the troublé/démoralisé aptitude malus also lowers a power
            used in a challenge ("le rang de puissance du personnage en tant que rang d'aptitude").
        broken_return_stress: the stress a broken character comes back with ("de nouveau à leur
            minimum").
        scenario_relief: stress boxes erased at the start of each new scenario ("baisse de deux
            points").
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    max_rank: StrictInt | None = Field(default=None, ge=1)
    max_earned_aptitude_points: StrictInt = Field(default=24, ge=0)
    state_malus_on_powers: bool = True
    broken_return_stress: StrictInt = Field(default=0, ge=0, le=9)
    scenario_relief: StrictInt = Field(default=2, ge=0, le=10)
