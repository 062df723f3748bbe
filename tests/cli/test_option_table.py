"""Option tables declare an option once and build it when its command is registered, so its help is in
the language of the tree being built, and the same table serves every command that shares the option."""

from __future__ import annotations

from typing import Any

import pytest
import typer

from meneur.i18n import set_language


def _energy_command(name: str, lang: str) -> Any:
    """The ``energy NAME`` command as Click sees it, registered in ``lang``."""
    from meneur.systems.energy.cli import build_app

    set_language(lang)
    try:
        group = typer.main.get_command(build_app())
        return group.command_for(name)  # type: ignore[attr-defined]
    finally:
        set_language("fr")


def _option(command: Any, flag: str) -> Any:
    return next(param for param in command.params if flag in param.opts)


@pytest.mark.parametrize(
    ("lang", "seed_help"),
    [("fr", "Graine des combats simulés."), ("en", "Seed of the simulated fights.")],
)
def test_an_option_is_helped_in_the_language_of_the_tree(lang: str, seed_help: str) -> None:
    balance = _energy_command("balance", lang)
    assert _option(balance, "--seed").help == seed_help


def test_a_shared_option_has_one_declaration() -> None:
    from meneur.systems.energy.cli.ai import AI_OPTIONS
    from meneur.systems.energy.cli.ai_balance import BALANCE_OPTIONS

    assert BALANCE_OPTIONS.declared("policy") is AI_OPTIONS.declared("policy")


def test_settings_and_hidden_aliases_reach_click() -> None:
    balance = _energy_command("balance", "en")
    target = _option(balance, "--target")
    assert _option(balance, "--workers").min == 1
    assert (target.min, target.max) == (0.0, 1.0)

    from meneur.systems.carpathes.cli import cast

    app = typer.Typer()
    cast.register(app)
    new = typer.main.get_group(app).commands["new"]
    alias = _option(new, "--cracked-until-penance")
    assert alias.hidden and alias.help is None


def test_a_tree_built_after_another_language_speaks_its_own() -> None:
    """``fight new --hero`` in English after a French tree was built in the same process."""
    from meneur.systems.energy.cli import fight_setup

    helps = {}
    for lang in ("fr", "en"):
        set_language(lang)
        try:
            app = typer.Typer()
            fight_setup.register_new(app, presenter=None)
            helps[lang] = _option(typer.main.get_command(app), "--hero").help
        finally:
            set_language("fr")
    assert helps == {
        "fr": "Héros de la bibliothèque du côté des héros, séparés par des virgules.",
        "en": "Heroes of the library on the heroes' side, separated by commas.",
    }
