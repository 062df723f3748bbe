"""A game's view adapter: what the one session router (:mod:`meneur.web.sessions`) asks of a game.

A game's plugin names its adapter (:attr:`meneur.engine.plugin.Game.view`, ``"module:attribute"``);
:func:`view_of` loads it. The router checks nothing game-specific: it finds the session's game
through the registry and hands each verb to that game's adapter, which builds and renders its page
from the sessions' service (:mod:`meneur.server.services.sessions`).
"""

from __future__ import annotations

from functools import cache
from typing import Protocol, runtime_checkable

from fastapi import Request
from fastapi.responses import HTMLResponse
from sqlalchemy.orm import Session as Db
from starlette.datastructures import FormData

from meneur.engine.plugin import Game, load
from meneur.engine.registry import games, kind_of


@runtime_checkable
class SessionPages(Protocol):
    """The session pages of a game's kinds: each verb answers the page, or its fragment."""

    @property
    def kinds(self) -> frozenset[str]:
        """The kinds of session these pages show (a game may play others it has no page for)."""
        ...

    def page(self, request: Request, db: Db, table_id: str, session_id: str, fragment: bool) -> HTMLResponse:
        """The session's page (``fragment``: only its part that live updates swap)."""
        ...

    def do(self, request: Request, db: Db, table_id: str, session_id: str, form: FormData) -> HTMLResponse:
        """Give the command of a button (its form: the command, the version and what was chosen
        beside it), then the fragment again."""
        ...

    def step(
        self, request: Request, db: Db, table_id: str, session_id: str, version: str, csrf: str, forward: bool
    ) -> HTMLResponse:
        """Take the last command back, or (``forward``) carry out again the one taken back last."""
        ...

    def claim(
        self, request: Request, db: Db, table_id: str, session_id: str, actor: str, csrf: str
    ) -> HTMLResponse:
        """A player takes an actor of the session nobody plays yet."""
        ...


@cache
def _pages(path: str | None) -> SessionPages | None:
    """The adapter at ``path``, checked once (a runtime protocol's ``isinstance`` looks at every
    member: too slow for each page's rendering; the same path names the same object)."""
    if path is None:
        return None
    found = load(path)
    if not isinstance(found, SessionPages):
        raise TypeError(f"{path} is not a meneur.web.adapter.SessionPages")
    return found


def view_of(game: Game) -> SessionPages | None:
    """The view adapter ``game``'s plugin names (``None``: the pages offer its sessions through the
    API only, or only its kinds' own adapters, :attr:`~meneur.engine.plugin.SessionKind.view`).

    Raises:
        TypeError: the part named is not a :class:`SessionPages`.
    """
    return _pages(game.view)


def views_of(game: Game) -> list[SessionPages]:
    """Every view adapter of ``game``: its own, then its kinds' own."""
    found = [_pages(game.view), *(_pages(kind.view) for kind in game.kinds)]
    return list(dict.fromkeys(adapter for adapter in found if adapter is not None))


def view_of_kind(kind: str) -> SessionPages | None:
    """The view adapter that shows sessions of ``kind`` (``None``: no game lists the kind, or its
    game has no page for it): the kind's own adapter, else its game's."""
    found = kind_of(kind)
    if found is None:
        return None
    adapter = _pages(found[1].view) or view_of(found[0])
    return adapter if adapter is not None and kind in adapter.kinds else None


def kinds_with_pages() -> frozenset[str]:
    """Every kind of session a page shows."""
    found: set[str] = set()
    for game in games():
        for adapter in views_of(game):
            found |= adapter.kinds
    return frozenset(found)
