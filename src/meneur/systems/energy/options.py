"""Every option of an Energy table: the fight's and the campaign's (the options their engines read
from a setup), and how an NPC's Vigueur shows to players (read by the fight's projection).

The table server lists, checks and shows them from this model (:mod:`meneur.engine.options`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict

from meneur.engine.options import OptionText
from meneur.i18n import N_, Message
from meneur.systems.energy.campaign.options import TableOptions as CampaignOptions
from meneur.systems.energy.combat.options import TableOptions as FightOptions

DOMAIN = "energy"


def _msg(text: str) -> Message:
    return Message(DOMAIN, text)


NpcVigueur = Literal["hidden", "bar", "shown"]
"""How players see an NPC's Vigueur: not at all (only whether it falls), as a gauge, as numbers."""


class ShownOptions(BaseModel):
    """The options of how an Energy session shows to its players (read by its projection)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    npc_vigueur: Annotated[
        NpcVigueur,
        OptionText(
            label=_msg(N_("An NPC's Vigueur, as players see it")),
            decision=_msg(
                N_(
                    "Hidden: players do not see an NPC's Vigueur, only whether it falls. Bar: a gauge in"
                    " tenths, never empty while the NPC stands. Shown: the numbers."
                )
            ),
            quote="",
            choices=(
                ("hidden", _msg(N_("hidden"))),
                ("bar", _msg(N_("a bar"))),
                ("shown", _msg(N_("shown"))),
            ),
            projection=True,
        ),
    ] = "hidden"


class TableOptions(CampaignOptions, FightOptions, ShownOptions):
    """Every option of an Energy table: how sessions show, then the fight's, then the campaign's."""
