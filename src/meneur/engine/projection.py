"""What a viewer may see of a session: the viewer, and the typed projection a kind of session
declares in its game's plugin (:attr:`meneur.engine.plugin.SessionKind.projection`).

A projection only hides; it decides no rule. Each of its parts is optional: a part left out shows
that side whole (a kind without a projection shows its whole state, as a table where every sheet
lies open, and its commands to the players; an observer sees the events only). The server applies
them (:mod:`meneur.server.projection`); a game's projection lives in the game's package and needs
nothing of the server.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from meneur.i18n import Message


@dataclass(frozen=True)
class Viewer:
    """Who looks: a member's id and role, and the actors (combatants, characters) they control."""

    member_id: str
    role: str
    actors: frozenset[str]

    @property
    def is_gm(self) -> bool:
        return self.role == "gm"


StateProjection = Callable[[Any, Viewer, Mapping[str, Any]], Any]
"""The state's JSON as the viewer may see it."""
CommandProjection = Callable[[Any, Viewer, Mapping[str, Any]], Any]
"""A command's wire form as the viewer may see it, or :data:`HIDE` (not shown at all)."""
Secrets = Callable[[Viewer, Mapping[str, Any]], frozenset[str]]
"""The words a viewer may not meet (a hidden NPC's id and name): an entry of the legal-action
query, or a refusal, that names one is not theirs to see."""
EngineProjection = Callable[[Any, Viewer, Mapping[str, Any]], Any]
"""The engine's own state as the viewer may see it (what a page names things from)."""
Reader = Callable[[Any, Any, Viewer, Mapping[str, Any]], Any]
"""Reads a viewer's command (its wire form) against the session as they may know it."""
EventProjection = Callable[[list[Any], Viewer, Mapping[str, Any]], list[Any]]
"""The events' wire forms as the viewer may see them."""
Context = Callable[[Any, Mapping[str, Any]], Mapping[str, Any]]
"""What a kind's projections need to know of the session now (its engine ``Session`` and the
options so far), merged into the options they receive."""
SetupCheck = Callable[[Any], Message | None]
"""Why a setup (its JSON) may not start a session at a table (e.g. it names a file of the
server's disk), or ``None``."""

HIDDEN = "hidden_actors"
"""The key of the options a projection receives that lists the table's hidden characters' names
(case folded)."""

HIDE = None
"""What a command projection gives for a command the viewer does not see at all."""


@dataclass(frozen=True, slots=True)
class Projection:
    """How a kind of session hides things from a viewer who is not the GM (table options are
    passed in); every part optional."""

    state: StateProjection | None = None
    events: EventProjection | None = None
    commands: CommandProjection | None = None
    secrets: Secrets | None = None
    engine: EngineProjection | None = None
    reader: Reader | None = None
    context: Context | None = None
    setup: SetupCheck | None = None
    """Checked for every viewer, the GM included, before a session starts at a table."""


def mentions(value: Any, words: frozenset[str]) -> bool:
    """Whether ``value`` (JSON-like data, or a sentence) names one of ``words`` (case folded): as a
    whole string, or as a word of a sentence."""
    if not words:
        return False
    if isinstance(value, str):
        folded = value.casefold()
        return folded in words or any(_word(word).search(folded) for word in words)
    if isinstance(value, Mapping):
        return any(mentions(key, words) or mentions(item, words) for key, item in value.items())
    if isinstance(value, list | tuple | set | frozenset):
        return any(mentions(item, words) for item in value)
    return False


@lru_cache(maxsize=1024)
def _word(word: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w){re.escape(word)}(?!\w)")
