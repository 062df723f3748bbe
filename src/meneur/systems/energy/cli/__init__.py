"""``meneur energy ...`` (alias ``es``): characters, campaign and fight commands.

Each area registers its own commands: :mod:`.characters`, :mod:`.challenge`, :mod:`.campaign`,
:mod:`.fight`. The ``campaign`` and ``fight`` groups are built on first use (:func:`_lazy`), so
``meneur energy check`` loads the character side alone: neither the session runner nor the
campaign's rules nor the combat engine.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

import typer
from typer.core import TyperGroup

from meneur.i18n import N_, Translator

_ = Translator("energy")
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


def build_app() -> typer.Typer:
    """Build the ``energy`` command group in the current language."""
    from meneur.i18n.framework import add_book_words
    from meneur.systems.energy.cli import challenge, characters
    from meneur.systems.energy.cli.words import book_word

    add_book_words(book_word)
    app = typer.Typer(no_args_is_help=True, help=_("Energy System: characters, campaign, fights."))
    characters.register(app)
    challenge.register(app)
    app.add_typer(_lazy("campaign", f"{__name__}.campaign", _(_CAMPAIGN_HELP)), name="campaign")
    app.add_typer(_lazy("fight", f"{__name__}.fight", _(_FIGHT_HELP)), name="fight")
    return app
