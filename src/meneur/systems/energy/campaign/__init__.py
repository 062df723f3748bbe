"""The Energy System outside combat: challenges, stress and states, and the campaign.

Modules: :mod:`.challenges` (défis), :mod:`.stress` (jauge de stress), :mod:`.states` (états and
``effective_attributes`` for the combat engine), :mod:`.experience`, :mod:`.reputation`,
:mod:`.resources`, and the campaign the engine drives (:mod:`.commands`, :mod:`.events`,
:mod:`.state`, :mod:`.engine`, whose ``SYSTEM`` is ``energy-campaign``). Every module is pure.

The names below are loaded on first use (PEP 562), so importing the package costs nothing.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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
    from meneur.systems.energy.campaign.engine import SYSTEM
    from meneur.systems.energy.campaign.options import TableOptions
    from meneur.systems.energy.campaign.states import (
        aptitude_malus,
        can_continue_adventure,
        effective_attributes,
        is_playable,
        is_wounded,
        recoverable_vigor,
    )

_HOMES: dict[str, str] = {
    **dict.fromkeys(("SYSTEM", "Command", "Event", "decide", "evolve", "legal", "start"), "engine"),
    **dict.fromkeys(
        (
            "ChallengeResult",
            "ChallengeScore",
            "Difficulty",
            "OpposedResult",
            "aptitude_score",
            "challenge",
            "character_aptitude_score",
            "character_power_score",
            "opposed",
            "power_score",
        ),
        "challenges",
    ),
    "SYSTEM": "engine",
    "TableOptions": "options",
    **dict.fromkeys(
        (
            "aptitude_malus",
            "can_continue_adventure",
            "effective_attributes",
            "is_playable",
            "is_wounded",
            "recoverable_vigor",
        ),
        "states",
    ),
}

__all__ = [
    "SYSTEM",
    "ChallengeResult",
    "ChallengeScore",
    "Command",
    "Difficulty",
    "Event",
    "OpposedResult",
    "TableOptions",
    "aptitude_malus",
    "aptitude_score",
    "can_continue_adventure",
    "challenge",
    "character_aptitude_score",
    "character_power_score",
    "decide",
    "effective_attributes",
    "evolve",
    "is_playable",
    "is_wounded",
    "legal",
    "opposed",
    "power_score",
    "recoverable_vigor",
    "start",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{home}"), name)
