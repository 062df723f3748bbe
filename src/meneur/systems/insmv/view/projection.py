"""An INS/MV session (``insmv``) as a player reads it: every sheet lies open on the table, so
nothing is hidden; a player's command is read as the engine reads it, then refused when it holds
what only the game master sets (the column shift of a test), by the rules' own
:func:`meneur.systems.insmv.commands.player_refusal`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meneur.engine.projection import Projection, Viewer


def read_command(session: Any, wire: Any, viewer: Viewer, options: Mapping[str, Any]) -> Any:
    """A player's (or an observer's) command, refused with the rule's reason when it holds the game
    master's shift or another player's voluntary shift.

    Raises:
        Refused: what the rules give the game master, or another player.
    """
    from meneur.systems.insmv.commands import player_refusal

    typed = session.system.codec.command_from_json(wire)
    problem = player_refusal(typed, viewer.actors)
    if problem is not None:
        raise problem
    return typed


PROJECTION = Projection(reader=read_command)
"""What the server applies for a viewer who is not the GM (:mod:`meneur.server.projection`)."""
