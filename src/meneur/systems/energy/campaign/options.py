"""Table options of the campaign rules: where game masters may reasonably read the book differently.

Every field has the default chosen in ``docs/rulings/energy-campaign.md``; a campaign file stores its
own options so that replaying its log always gives the same state.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from meneur.engine.options import OptionText
from meneur.i18n import N_, Message

DOMAIN = "energy_campaign"


def _msg(text: str) -> Message:
    return Message(DOMAIN, text)


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

    max_rank: Annotated[
        StrictInt | None,
        OptionText(
            label=_msg(N_("Highest rank heroes may reach with hero points")),
            decision=_msg(
                N_("A spending of hero points that would pass it is refused; by default there is none.")
            ),
            quote="« empêchant alors de dépenser des points de héros s'ils permettent d'atteindre le rang 7. »",
        ),
    ] = Field(default=None, ge=1, le=100)
    max_earned_aptitude_points: Annotated[
        StrictInt,
        OptionText(
            label=_msg(N_("Aptitude points a character may earn by experience over the campaign")),
            decision=_msg(N_("Beyond it, aptitude experience is kept but no longer converts.")),
            quote="« 10 XP d'aptitude donnent 1 point d'aptitude | 24 points d'aptitudes »",
        ),
    ] = Field(default=24, ge=0, le=999)
    state_malus_on_powers: Annotated[
        bool,
        OptionText(
            label=_msg(N_("The troublé and démoralisé maluses also lower a power in a challenge")),
            decision=_msg(
                N_("The power's rank stands as an aptitude rank, so the state's malus applies to it.")
            ),
            quote="« On considère alors le rang de puissance du personnage en tant que rang d'aptitude […] Il"
            " subit un malus de -1 à toutes ses aptitudes »",
        ),
    ] = True
    broken_return_stress: Annotated[
        StrictInt,
        OptionText(
            label=_msg(N_("Stress boxes of a character back from brisé")),
            decision=_msg(N_("The gauge's minimum is 0: the character comes back with no stress.")),
            quote="« Lorsqu'il reviendra, ses cases de stress seront de nouveau à leur minimum. »",
        ),
    ] = Field(default=0, ge=0, le=9)
    scenario_relief: Annotated[
        StrictInt,
        OptionText(
            label=_msg(N_("Stress boxes erased at the start of each scenario")),
            decision=_msg(
                N_("Every scenario start erases them for each character who is not brisé, never below 0.")
            ),
            quote="« Le stress baisse de deux points au début de chaque nouveau scénario. »",
        ),
    ] = Field(default=2, ge=0, le=10)
