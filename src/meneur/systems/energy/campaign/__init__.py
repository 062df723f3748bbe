"""The Energy System outside combat: challenges, stress and states, and the campaign journal.

Modules: :mod:`.challenges` (défis), :mod:`.stress` (jauge de stress), :mod:`.states` (états and
``effective_attributes`` for the combat engine), :mod:`.experience`, :mod:`.reputation`,
:mod:`.resources`, and the event-sourced journal (:mod:`.commands`, :mod:`.events`, :mod:`.state`,
:mod:`.journal`, :mod:`.store`). Every module is pure except :mod:`.store`.
"""

from meneur.systems.energy.campaign.challenges import (
    ChallengeResult,
    ChallengeScore,
    Difficulty,
    OpposedResult,
    aptitude_score,
    challenge,
    character_aptitude_score,
    character_power_score,
    opposed,
    power_score,
)
from meneur.systems.energy.campaign.journal import Campaign, Journal, can, execute, new_journal, replay, undo
from meneur.systems.energy.campaign.options import TableOptions
from meneur.systems.energy.campaign.states import (
    aptitude_malus,
    can_continue_adventure,
    effective_attributes,
    is_playable,
    is_wounded,
    recoverable_vigor,
)
from meneur.systems.energy.campaign.store import load_campaign, save_campaign

__all__ = [
    "Campaign",
    "ChallengeResult",
    "ChallengeScore",
    "Difficulty",
    "Journal",
    "OpposedResult",
    "TableOptions",
    "aptitude_malus",
    "aptitude_score",
    "can",
    "can_continue_adventure",
    "challenge",
    "character_aptitude_score",
    "character_power_score",
    "effective_attributes",
    "execute",
    "is_playable",
    "is_wounded",
    "load_campaign",
    "new_journal",
    "opposed",
    "power_score",
    "recoverable_vigor",
    "replay",
    "save_campaign",
    "undo",
]
