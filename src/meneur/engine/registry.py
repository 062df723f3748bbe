"""The games the engine knows, and the rules of each kind of session, loaded only when first asked for.

A game is one package whose ``plugin`` module exports a :class:`~meneur.engine.plugin.Game`
(:data:`GAMES` lists the built-in ones; ``MENEUR_GAMES`` names more, comma-separated
``module:attribute`` paths; a test may :func:`register` one). Every adapter finds a game and its
parts here, by the key stored with a table or a session, and nothing above this module names a game.

A session's kind is a registry key (``energy-fight``) naming the module of a system package that
defines ``SYSTEM`` (a :class:`~meneur.engine.system.System`): :data:`SYSTEMS`. Nothing is imported
until a session of that kind is made, so a command that needs one system loads only that one.
"""

from __future__ import annotations

import os
from importlib import import_module
from typing import TYPE_CHECKING, Any, cast

from meneur.engine.plugin import Game, SessionKind, load
from meneur.errors import BadInputError
from meneur.i18n import N_, Message

if TYPE_CHECKING:
    from meneur.engine.system import System

GAMES: tuple[str, ...] = (
    "meneur.systems.energy.plugin:PLUGIN",
    "meneur.systems.insmv.plugin:PLUGIN",
    "meneur.systems.warzone.plugin:PLUGIN",
    "meneur.systems.carpathes.plugin:PLUGIN",
)
"""The built-in games' plugins, in the order the pages list them."""

ENVIRONMENT = "MENEUR_GAMES"
"""The setting that names further games' plugins (``module:attribute``, comma-separated)."""

SYSTEMS: dict[str, str] = {}
"""Registry key -> module defining ``SYSTEM`` (every listed game's kinds; a test may add one)."""

_games: dict[str, Game] = {}
_registered: dict[str, Game] = {}
_loaded_from: tuple[str, ...] | None = None


def _paths() -> tuple[str, ...]:
    extra = tuple(part.strip() for part in os.environ.get(ENVIRONMENT, "").split(",") if part.strip())
    return GAMES + extra


def _refresh() -> dict[str, Game]:
    global _loaded_from
    paths = _paths()
    if _loaded_from != paths:
        found: dict[str, Game] = {}
        for path in paths:
            game = load(path)
            if not isinstance(game, Game):
                raise TypeError(f"{path} is not a meneur.engine.plugin.Game")
            found[game.key] = game
        _games.clear()
        _games.update(found)
        _loaded_from = paths
        for game in found.values():
            _list_kinds(game)
    return {**_games, **_registered}


def _list_kinds(game: Game) -> None:
    for kind in game.kinds:
        SYSTEMS.setdefault(kind.key, kind.rules)


def register(game: Game) -> None:
    """List ``game`` beside the built-in ones (a test's game; :func:`unregister` takes it back)."""
    _registered[game.key] = game
    _list_kinds(game)


def unregister(key: str) -> None:
    """Take back a game listed with :func:`register`."""
    game = _registered.pop(key, None)
    if game is not None:
        for kind in game.kinds:
            SYSTEMS.pop(kind.key, None)


def games() -> tuple[Game, ...]:
    """Every game listed, built-in ones first."""
    return tuple(_refresh().values())


def game(key: str) -> Game:
    """The game of a table whose system is ``key``.

    Raises:
        BadInputError: for an unknown key, listing the known ones.
    """
    found = _refresh().get(key)
    if found is None:
        raise BadInputError(
            Message(
                "core",
                N_("Unknown game '{key}'; known: {known}."),
                {"key": key, "known": ", ".join(_refresh())},
            )
        )
    return found


def kind_of(key: str) -> tuple[Game, SessionKind] | None:
    """The game that plays sessions of kind ``key``, and that kind; ``None`` for a kind no game
    lists (a test's bare system)."""
    for found in _refresh().values():
        kind = found.kind(key)
        if kind is not None:
            return found, kind
    return None


def system(key: str) -> System[Any, Any, Any]:
    """The :class:`~meneur.engine.system.System` registered under ``key``.

    Raises:
        BadInputError: for an unknown key, listing the known ones.
    """
    _refresh()
    module = SYSTEMS.get(key)
    if module is None:
        raise BadInputError(
            Message(
                "core",
                N_("Unknown kind of session '{key}'; known: {known}."),
                {"key": key, "known": ", ".join(SYSTEMS)},
            )
        )
    found = load(module) if ":" in module else import_module(module).SYSTEM
    return cast("System[Any, Any, Any]", found)


def schema_text(key: str) -> str:
    """The text of ``docs/schema/<key>.schema.json``: the JSON Schema of the system's wire form.

    ``scripts/schemas.py`` writes every system's file; a test fails when a file and the code differ.
    """
    import json

    rules = system(key)
    return json.dumps(rules.codec.schema(key), ensure_ascii=False, indent=2, sort_keys=True) + "\n"


_refresh()
