"""The games' own pages: each listed game's ``pages`` router (its plugin's part), mounted beside the
shared pages. A game's pages live in its package (``systems/<game>/view/``); nothing here names one."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from meneur.engine.plugin import load
from meneur.engine.registry import games
from meneur.server.including import include


def mount_games(app: Any) -> None:
    """Add every listed game's pages (:attr:`meneur.engine.plugin.Game.pages`) to ``app``.

    Raises:
        TypeError: a game's ``pages`` part is not a FastAPI ``APIRouter``.
    """
    for game in games():
        if game.pages is None:
            continue
        router = load(game.pages)
        if not isinstance(router, APIRouter):
            raise TypeError(f"{game.pages} is not a fastapi.APIRouter")
        include(app, router)
