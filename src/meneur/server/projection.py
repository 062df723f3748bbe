"""What each viewer may see of a session: per-kind projections of states and events.

The GM sees everything. Other viewers see what the kind's projection leaves (an Energy NPC's hidden
Vigueur, a hidden NPC); a kind without a projection shows its whole state, as a table where every
sheet lies open. Projections are registered by the system's server glue with :func:`register`;
no rule is decided here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any


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
EventProjection = Callable[[list[Any], Viewer, Mapping[str, Any]], list[Any]]
Context = Callable[[Any, Mapping[str, Any]], Mapping[str, Any]]
"""What a kind's projections need to know of the session now (its engine ``Session`` and the
options so far), merged into the options they receive."""

HIDDEN = "hidden_actors"
"""The key of the options a projection receives that lists the table's hidden characters' names
(case folded)."""

_STATES: dict[str, StateProjection] = {}
_EVENTS: dict[str, EventProjection] = {}
_CONTEXTS: dict[str, Context] = {}


def register(
    kind: str,
    state: StateProjection | None = None,
    events: EventProjection | None = None,
    context: Context | None = None,
) -> None:
    """Declare how a kind of session hides things from players (table options are passed in)."""
    if state is not None:
        _STATES[kind] = state
    if events is not None:
        _EVENTS[kind] = events
    if context is not None:
        _CONTEXTS[kind] = context


def needs_session(kind: str) -> bool:
    """Whether the projections of ``kind`` read the session itself (see :func:`view_options`)."""
    return kind in _CONTEXTS


def view_options(
    kind: str, table_options: Mapping[str, Any], hidden: Iterable[str], session: Any = None
) -> dict[str, Any]:
    """The options a kind's projections receive: the table's, the hidden characters' names under
    :data:`HIDDEN`, and what the kind's context reads of ``session`` (when given)."""
    found = {**table_options, HIDDEN: sorted({name.casefold() for name in hidden})}
    context = _CONTEXTS.get(kind)
    if context is not None and session is not None:
        found.update(context(session, found))
    return found


def project_state(kind: str, state: Any, viewer: Viewer, options: Mapping[str, Any]) -> Any:
    """The state ``viewer`` may see."""
    projection = _STATES.get(kind)
    if viewer.is_gm or projection is None:
        return state
    return projection(state, viewer, options)


def project_events(kind: str, events: list[Any], viewer: Viewer, options: Mapping[str, Any]) -> list[Any]:
    """The events ``viewer`` may see, in their wire form."""
    projection = _EVENTS.get(kind)
    if viewer.is_gm or projection is None:
        return events
    return projection(events, viewer, options)


ACTOR_FIELDS = (
    "actor",
    "who",
    "by",
    "attacker",
    "combatant",
    "character",
    "defender",
    "being",
    "model",
    "pc",
)
"""Fields of a command's wire form that name who gives it, in the order they are looked for (an INS/MV
being, a Warzone model, a Carpathes character: the actor of each system's legal entries)."""


def _actor_in(fields: Any) -> str | None:
    if isinstance(fields, dict):
        for name in ACTOR_FIELDS:
            value = fields.get(name)
            if isinstance(value, str):
                return value
            found = _actor_in(value)  # an INS/MV opposed test: the attacker's own test names the being
            if found is not None:
                return found
    return None


def command_actor(command: Any) -> str | None:
    """Who gives ``command`` (its wire form): the first actor field that names someone, else
    ``None`` (a command of the game itself, such as the next round: the GM's)."""
    if isinstance(command, dict) and len(command) == 1:
        return _actor_in(next(iter(command.values())))
    return None
