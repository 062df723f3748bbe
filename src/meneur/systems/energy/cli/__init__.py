"""``meneur energy ...`` (alias ``es``): characters, campaign and fight commands.

The group is lazy as the root is (:class:`meneur.cli.app.LazyGroup`): it knows each command by its
name, its one-line help and its builder (:data:`ENTRIES`), and imports a command's module only when
that command runs; the ``campaign`` and ``fight`` groups are built on first use too (:func:`_lazy`).
So ``meneur energy check`` loads the character side alone: neither the simulator nor the AI, nor
the challenge's, the campaign's or the combat's rules.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

import typer
from typer.core import TyperGroup

from meneur.cli.app import Entry, LazyGroup
from meneur.i18n import N_, Translator

DOMAIN = "energy"
_ = Translator(DOMAIN)
_FIGHT_HELP = N_(
    "Tactical combat: set up a fight (new), play it command by command (attack, defend, move, "
    "pass, end...; undo takes the last one back) or play a fight file (run). Fight files: "
    "meneur energy fight reference, or docs/fight-files.md (English) and docs/fight-files.fr.md "
    "(French)."
)
_CAMPAIGN_HELP = N_(
    "A campaign journal: sessions, stress, experience, reputation, resources; every change can be undone."
)


class _LazyGroup(TyperGroup):
    """A group whose commands load when first asked for: ``module.register(app)`` adds it as ``name``."""

    module = ""
    name_in_parent = ""
    _real: Any = None

    def _group(self) -> Any:
        if self._real is None:
            holder = typer.Typer()
            import_module(self.module).register(holder)
            type(self)._real = typer.main.get_group(holder).commands[self.name_in_parent]
        return self._real

    def list_commands(self, ctx: Any) -> list[str]:
        names: list[str] = self._group().list_commands(ctx)
        return names

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        return self._group().get_command(ctx, cmd_name)


def _lazy(name: str, module: str, help_text: str) -> typer.Typer:
    """The ``name`` group of ``module``, built when one of its commands (or its help) is asked for."""
    cls = type(f"_Lazy_{name}", (_LazyGroup,), {"module": module, "name_in_parent": name})
    return typer.Typer(cls=cls, no_args_is_help=True, help=help_text)


_PACKAGE = "meneur.systems.energy.cli"
ENTRIES: tuple[Entry, ...] = (
    Entry(
        "check",
        N_("Check a character against every creation rule."),
        f"{_PACKAGE}:build_check",
        domain=DOMAIN,
    ),
    Entry("sheet", N_("Show a character sheet."), f"{_PACKAGE}:build_sheet", domain=DOMAIN),
    Entry(
        "new",
        N_("Build a character step by step, with the budget shown as you go."),
        f"{_PACKAGE}:build_new",
        domain=DOMAIN,
    ),
    Entry(
        "npc",
        N_("Print an NPC made by the quick formula, as a character file."),
        f"{_PACKAGE}:build_npc",
        domain=DOMAIN,
    ),
    Entry(
        "balance",
        N_("Weigh an encounter against the book's guideline."),
        f"{_PACKAGE}:build_balance",
        domain=DOMAIN,
    ),
    Entry(
        "library",
        N_("List the rulebook's heroes, or print one hero's character file."),
        f"{_PACKAGE}:build_library",
        domain=DOMAIN,
    ),
    Entry(
        "archetypes",
        N_("Browse the power archetypes of the last chapter."),
        f"{_PACKAGE}:build_archetypes",
        domain=DOMAIN,
    ),
    Entry(
        "challenge",
        # the message of challenge.py, in its domain (not extracted here: it is that file's)
        "A challenge (défi): aptitude + trait, or a power, against a difficulty or an opponent.",
        f"{_PACKAGE}:build_challenge",
        domain="energy_campaign",
    ),
)
"""The commands of the group, in the order of its help; the builders below make each one."""


class EnergyGroup(LazyGroup):
    """The ``energy`` group: :data:`ENTRIES` built when they run, ``campaign`` and ``fight`` beside."""

    entries = ENTRIES

    def list_commands(self, ctx: Any) -> list[str]:
        """The character commands first, as the help always listed them, then the groups."""
        names = super().list_commands(ctx)
        first = [e.name for e in ENTRIES if e.name in names]
        return first + [name for name in names if name not in first]


def _single(name: str, module: str, function: str) -> typer.Typer:
    """An app of the one command ``name``: ``module.function``, guarded, with the entry's help."""
    from meneur.cli.output import guarded

    entry = next(e for e in ENTRIES if e.name == name)
    app = typer.Typer(add_completion=False)
    command = getattr(import_module(f"{_PACKAGE}.{module}"), function)
    app.command(name, help=Translator(entry.domain)(entry.help))(guarded(command))
    return app


def build_check() -> typer.Typer:
    return _single("check", "characters", "check_command")


def build_sheet() -> typer.Typer:
    return _single("sheet", "sheet", "sheet_command")


def build_new() -> typer.Typer:
    return _single("new", "new_character", "new_command")


def build_npc() -> typer.Typer:
    return _single("npc", "characters", "npc_command")


def build_balance() -> typer.Typer:
    return _single("balance", "ai_balance", "balance_command")


def build_library() -> typer.Typer:
    return _single("library", "characters", "library_command")


def build_archetypes() -> typer.Typer:
    return _single("archetypes", "sheet", "archetypes_command")


def build_challenge() -> typer.Typer:
    return _single("challenge", "challenge", "challenge_command")


def build_app() -> typer.Typer:
    """Build the ``energy`` command group in the current language."""
    from meneur.i18n.framework import add_book_words
    from meneur.systems.energy.cli.words import book_word

    add_book_words(book_word)
    app = typer.Typer(
        cls=EnergyGroup, no_args_is_help=True, help=_("Energy System: characters, campaign, fights.")
    )
    app.add_typer(_lazy("campaign", f"{__name__}.campaign", _(_CAMPAIGN_HELP)), name="campaign")
    app.add_typer(_lazy("fight", f"{__name__}.fight", _(_FIGHT_HELP)), name="fight")
    return app
