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

from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, Protocol

from meneur.i18n import Message


def load(path: str) -> Any:
    """The attribute named by ``"module:attribute"`` (its module imported now)."""
    module, _sep, attribute = path.partition(":")
    found = import_module(module)
    for name in attribute.split(".") if attribute else ():
        found = getattr(found, name)
    return found


@dataclass(frozen=True, slots=True)
class SheetCheck:
    """What a game's rules say of a character file: its name, and every rule it breaks."""

    name: str
    """The character's name as the file gives it."""
    problems: tuple[dict[str, str], ...] = ()
    """Each broken creation rule (``{"rule": ..., "message": ...}``, in the current language);
    empty when the rules accept the character."""

    @property
    def is_valid(self) -> bool:
        """Whether the rules accept the character."""
        return not self.problems


class Characters(Protocol):
    """A game's character files as a table keeps them (the plugin's :attr:`Game.characters`)."""

    @property
    def builder(self) -> str | None:
        """The path of the game's character builder page (``None``: it has none)."""

    def check(self, file: dict[str, Any]) -> SheetCheck:
        """What the rules say of the character ``file`` holds.

        Raises:
            BadInputError: the file is not a character file of the game (naming the field).
        """


@dataclass(frozen=True, slots=True)
class Demo:
    """A game's ready-to-play session: ``meneur serve --demo``'s, and a new table's first one."""

    kind: str
    """The session's kind (a key of :attr:`Game.kinds`)."""
    setup: dict[str, Any]
    """The session's setup, nothing played yet."""
    table: Message
    """The name of the demo table ``serve --demo`` makes."""


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
    view: str | None = None
    """``"module:attribute"`` of the session pages of this kind when they are not its game's
    :attr:`Game.view` (a game whose kinds have pages of different shapes: the Energy fight's own,
    its campaign on the shared page)."""
    example: str | None = None
    """``"module:attribute"`` of a setup to start from (a ``dict``: the new-session form shows it for
    the GM to edit); ``None``: the form starts empty."""

    is_over: str | None = None
    """``"module:function"`` telling from a state whether the session is over (a fight that
    ended); ``None``: its sessions go on as long as the table plays them."""
    sheet: str | None = None
    """``"module:attribute"`` of where a viewer finds a character's sheet in a session of this kind
    (« Ma fiche », one tap from any of its pages): an adapter's part (the pages':
    :class:`meneur.web.sheets.Sheets`), given the session as the viewer may see it. ``None``: the
    pages show the character's card as the shared session page shows it, for a kind that page
    shows."""

    def over(self, state: Any) -> bool:
        """Whether a session of this kind in ``state`` is over (the kind's own rule says)."""
        return self.is_over is not None and bool(load(self.is_over)(state))


@dataclass(frozen=True, slots=True)
class QuickCall:
    """A command line a game answers without its command tree (:attr:`Game.quick`): the work, which
    prints its answer and says whether it is the one hoped for (exit 0, else 1), and whether an
    error prints as JSON too."""

    run: Callable[[], bool]
    as_json: bool = False


@dataclass(frozen=True, slots=True)
class TourStep:
    """A step of ``meneur demo`` that shows the game (:attr:`Game.tour`): its caption and the command
    line it runs."""

    caption: Message
    args: tuple[str, ...]
    """The command line after ``meneur`` (fixed seeds and entered dice keep the tour the same)."""
    resource: str | None = None
    """``"package:path"`` of a file the game ships, given after ``args`` (the step is left out when
    the package does not ship it)."""


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
    quick: dict[str, str] = field(default_factory=dict)
    """Its commands answered before the command tree is built: the command's name in its group ->
    ``"module:function"`` taking the rest of the command line and returning a :class:`QuickCall`, or
    ``None`` to let the full tree answer (help, a mistake). The module imports neither Typer nor the
    game's CLI."""
    view: str | None = None
    """``"module:attribute"`` of its view adapter for the session pages (``None``: the pages offer
    its sessions through the API only)."""
    pages: str | None = None
    """``"module:attribute"`` of a FastAPI ``APIRouter`` of the game's own pages (a character
    builder...), mounted with the shared ones."""
    templates: str | None = None
    """The package whose ``templates/`` folder holds the game's page templates (found after the
    shared ones, so a game names its own templates with its key as prefix: ``energy/fight.html``)."""
    new_table_note: Message | None = None
    """What the home page says of a new table of this game (« starts with a demo fight »)."""
    table_links: tuple[TableLink, ...] = ()
    """The table page's links to the game's own pages; none: the table page offers the shared
    « Start a session » page for its kinds."""
    home_links: tuple[TableLink, ...] = ()
    """The home page's links to the game's pages that need no table (paths without ``{table}``)."""
    characters: str | None = None
    """``"module:attribute"`` of its :class:`Characters` (``None``: a table keeps any file with a
    name, unchecked)."""
    demo: str | None = None
    """``"module:function"`` returning its :class:`Demo` (``None``: a new table starts empty)."""
    tour: tuple[TourStep, ...] = ()
    """Its steps in ``meneur demo``, the README's first command."""
    extra: dict[str, str] = field(default_factory=dict)
    """Further parts by name (``"module:attribute"``) an adapter may look for."""

    def kind(self, key: str) -> SessionKind | None:
        """Its kind of session ``key``, or ``None``."""
        return next((kind for kind in self.kinds if kind.key == key), None)
