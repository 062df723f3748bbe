"""What a player may do and see in an Energy campaign: every sheet lies open (the book's table), and
a player gives only the commands the book leaves to a player, for their own character (the server
checks whose: :mod:`meneur.server.permissions`); the commands the book gives the game master
(:data:`meneur.systems.energy.campaign.commands.GM_COMMANDS`: stress given, states, experience,
reputation...; a relation in one of the GM's slots: :func:`~meneur.systems.energy.campaign.commands.is_gm_command`)
are refused to them before anything is decided."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meneur.engine.projection import Projection, Viewer
from meneur.server.api.common import forbidden
from meneur.systems.energy.campaign.commands import is_gm_command


def read_command(session: Any, wire: Any, viewer: Viewer, options: Mapping[str, Any]) -> Any:
    """A player's command read by the engine; one the book gives the game master is refused (403).

    Raises:
        ApiError: a command of the game master's.
        BadInputError: the command is malformed or names nothing real.
    """
    command = session.system.read_command(session.state, wire) if session.system.read_command else None
    if command is None:
        command = session.system.codec.command_from_json(wire)
    if is_gm_command(command):
        raise forbidden()
    return command


PROJECTION = Projection(reader=read_command)
"""The campaign's projection (:attr:`meneur.engine.plugin.SessionKind.projection`)."""
