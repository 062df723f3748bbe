"""Who may give a command: one function for the API, the pages and the live feed.

Who controls an actor comes only from links the server stored: the session's ``controllers``
(actor id -> member id), written when the GM starts a session with them, when a player claims a
free actor or the GM hands one over (:mod:`meneur.web.claims`), and when a table's character is put
into a fight (the new fight's line-up, an ``arrive`` of a table's character: from the stored
character's owner). A character's *name* gives nothing: a player may call their character like a
combatant, it changes nothing of who controls what.

The GM gives any command; a player only a command whose actor is one they control; an observer
none. The actor is read from the *typed* command (the system's codec read it first), never from the
body the caller sent.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from meneur.server.projection import Viewer


class Member(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def role(self) -> str: ...


ACTOR_FIELDS = (
    "actor",
    "helper",
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
"""Fields of a typed command that name who gives it, in the order they are looked for (a combatant,
a model or the one helping it up, a being, a character): the actor of each system's legal entries."""


def viewer_for(member: Member, controllers: Mapping[str, str] | None) -> Viewer:
    """``member`` as a viewer of a session with these ``controllers``: the actors the server linked
    to them (a player's), none for the GM or an observer."""
    if member.role != "player":
        return Viewer(member.id, member.role, frozenset())
    mine = frozenset(actor for actor, owner in (controllers or {}).items() if owner == member.id)
    return Viewer(member.id, member.role, mine)


def actor_of(command: Any, codec: Any) -> str | None:
    """Who gives the typed ``command`` (of ``codec``'s system): its first actor field naming
    someone, looked for in a command it holds too (an opposed test: the attacker's test);
    ``None`` for a command of the game itself (the GM's). A mapping it carries (an arriving
    character's file) is never read."""
    for name in ACTOR_FIELDS:
        value = getattr(command, name, None)
        if isinstance(value, str):
            return value
        if value is not None and _is_command(value, codec):
            found = actor_of(value, codec)
            if found is not None:
                return found
    return None


def _is_command(value: Any, codec: Any) -> bool:
    try:
        codec.command_name(value)
    except TypeError:
        return False
    return True


def may_act(viewer: Viewer, actor: str | None) -> bool:
    """Whether ``viewer`` gives the commands of ``actor`` (``None``: the game's, the GM's)."""
    if viewer.is_gm:
        return True
    return viewer.role == "player" and actor is not None and actor in viewer.actors


def may_give(viewer: Viewer, command: Any, codec: Any) -> bool:
    """Whether ``viewer`` may give the typed ``command``."""
    return viewer.is_gm or may_act(viewer, actor_of(command, codec))
