"""Table options of the tactical combat: where game masters could reasonably differ.

The defaults follow ``docs/rulings/energy-combat.md``; a fight file may override them.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class TableOptions(BaseModel):
    """Choices a table may make differently from the defaults."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    contact_reach: float = Field(
        5.0, gt=0, description="Metres within which a contact (Off-C) attack reaches its target."
    )
    area_needs_area_power: bool = Field(
        False, description="Only powers made with the area flag may attack an area."
    )
    hold_skips_own_slot: bool = Field(
        True, description="A character still on hold when its slot comes keeps waiting."
    )
    wounded_start_half_vigor: bool = Field(
        True, description="A wounded (blessé) character starts a fight with half its Vigueur, rounded up."
    )
    stunned_may_small_move: bool = Field(
        False, description="A sonné character may still take the free 5 m small move (it spends no token)."
    )
    regeneration_in_maintenance: bool = Field(
        False,
        description="A character may heal itself with its healing power in the maintenance phase "
        '("si le MJ l\'autorise").',
    )
