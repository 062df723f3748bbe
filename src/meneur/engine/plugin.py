"""A game as the registry lists it: one typed object per system package (its ``plugin`` module).

A :class:`Game` says everything the adapters need to know of a game without naming it: its kinds of
session and the :class:`~meneur.engine.system.System` of each, its table options (the pydantic
model, kept in the system package), its command-line group, its projection per viewer and its view
adapter for the pages. Its parts are given as ``"module:attribute"`` paths, imported the first time
they are asked for (:func:`load`): the command line starts without importing any game's rules, and
a rules module never imports an adapter. Each adapter layer reads the part it needs through its own
typed loader (the pages: :func:`meneur.web.adapter.view_of`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from meneur.i18n import Message


def load(path: str) -> Any:
    """The attribute named by ``"module:attribute"`` (its module imported now)."""
    module, _sep, attribute = path.partition(":")
    found = import_module(module)
    for name in attribute.split(".") if attribute else ():
        found = getattr(found, name)
    return found


@dataclass(frozen=True, slots=True)
class SessionKind:
    """One kind of session a game plays: its registry key, its name in a list, its rules."""

    key: str
    """The registry key (``energy-fight``): stored with every session of this kind."""
    title: Message
    """What a list of sessions calls one of this kind (« Combat »)."""
    rules: str
    """``"module:attribute"`` of its :class:`~meneur.engine.system.System`."""
    projection: str | None = None
    """``"module:attribute"`` of its :class:`~meneur.engine.projection.Projection` (what a player or
    an observer may see); ``None``: every viewer sees the whole state, as a table where every sheet
    lies open."""
    options: str | None = None
    """``"module:attribute"`` of the pydantic model of the table options its engine reads from a
    setup's ``options`` (a subset of the game's :attr:`Game.options`)."""


@dataclass(frozen=True, slots=True)
class TableLink:
    """A link to one of a game's own pages: on the table page (its own page to start a session...)
    or on the home page (a page that needs no table: a character builder, a single roll)."""

    path: str
    """The page's path, ``{table}`` standing for the table's id (``/t/{table}/new-fight``)."""
    label: Message
    """The link's words (« Start a fight »)."""
    gm_only: bool = True
    """Shown to the game master only."""
    name: str = ""
    """A name for the link (its HTML class: ``new-fight-link``), for styles and tests."""

    def href(self, table: str) -> str:
        """The link's address at table ``table``."""
        return self.path.replace("{table}", table)


@dataclass(frozen=True, slots=True)
class Game:
    """A game system as the adapters see it (see the module docstring)."""

    key: str
    """The table's system (``energy``): stored with every table of this game."""
    name: str
    """The game's own name, as its book writes it (« Energy System »); not translated."""
    summary: Message
    """One line saying what the game is and what meneur does with it (the CLI's help)."""
    domain: str
    """The translation domain of its messages."""
    kinds: tuple[SessionKind, ...] = ()
    options: str | None = None
    """``"module:attribute"`` of the pydantic model of its table options (``None``: it has none):
    the options page and the API show and check its fields (:mod:`meneur.engine.options`)."""
    cli: str | None = None
    """``"module:function"`` building its Typer group (``None``: no command line)."""
    cli_names: tuple[str, ...] = ()
    """Other names its command-line group answers to (hidden from the help)."""
    view: str | None = None
    """``"module:attribute"`` of its view adapter for the session pages (``None``: the pages offer
    its sessions through the API only)."""
    pages: str | None = None
    """``"module:attribute"`` of a FastAPI ``APIRouter`` of the game's own pages (a character
    builder...), mounted with the shared ones."""
    templates: str | None = None
    """The package whose ``templates/`` folder holds the game's page templates (found after the
    shared ones, so a game names its own templates with its key as prefix: ``energy/fight.html``)."""
    new_table: str | None = None
    """``"module:function"`` called as ``function(app, table_id)`` when the home page has made a
    table of this game (the Energy table's demo fight); ``None``: nothing more."""
    new_table_note: Message | None = None
    """What the home page says of a new table of this game (« starts with a demo fight »)."""
    table_links: tuple[TableLink, ...] = ()
    """The table page's links to the game's own pages; none: the table page offers the shared
    « Start a session » page for its kinds."""
    home_links: tuple[TableLink, ...] = ()
    """The home page's links to the game's pages that need no table (paths without ``{table}``)."""
    extra: dict[str, str] = field(default_factory=dict)
    """Further parts by name (``"module:attribute"``) an adapter may look for."""

    def kind(self, key: str) -> SessionKind | None:
        """Its kind of session ``key``, or ``None``."""
        return next((kind for kind in self.kinds if kind.key == key), None)
