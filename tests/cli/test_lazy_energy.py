"""The ``energy`` group is lazy as the root is (issue 18, « running any energy subcommand imports the
AI, the simulator and the challenge CLI »): ``energy check`` imports the character side alone."""

from __future__ import annotations

import typer

from meneur.cli.app import LazyCommand
from meneur.systems.energy.cli import ENTRIES, EnergyGroup, build_app
from tests.cli.test_lazy_root import imported_after, loaded
from tests.cli_helpers import run_cli

NOT_FOR_CHECK = (
    "meneur.systems.energy.ai",
    "meneur.systems.energy.cli.ai",
    "meneur.systems.energy.cli.ai_balance",
    "meneur.systems.energy.cli.challenge",
    "meneur.systems.energy.cli.campaign",
    "meneur.systems.energy.cli.fight",
    "meneur.systems.energy.cli.sheet",
    "meneur.systems.energy.cli.new_character",
    "meneur.systems.energy.combat",
    "meneur.systems.energy.campaign",
    "meneur.engine.session",
    "meneur.dice",
    "rich",
)


def test_check_imports_neither_the_ai_nor_the_other_commands(tmp_path: object) -> None:
    modules = imported_after(["energy", "check", "KITSUNE"])
    assert loaded(modules, "meneur.systems.energy.validation")
    assert [name for name in NOT_FOR_CHECK if loaded(modules, name)] == []


def test_energy_help_builds_no_command() -> None:
    modules = imported_after(["energy", "--help"])
    assert not loaded(modules, "meneur.systems.energy.cli.characters")
    assert not loaded(modules, "meneur.systems.energy.validation")


def test_every_entry_is_listed_with_its_help_and_runs() -> None:
    group = typer.main.get_command(build_app())
    assert isinstance(group, EnergyGroup)
    assert all(isinstance(group.commands[e.name], LazyCommand) for e in ENTRIES)
    out = run_cli(["energy", "--help"], "en").stdout
    assert "Check a character against every creation rule." in out and " fight " in out
    assert run_cli(["energy", "challenge", "--help"], "en").exit_code == 0


def test_the_challenge_entry_says_what_the_challenge_module_says() -> None:
    from meneur.systems.energy.cli import challenge

    assert next(e for e in ENTRIES if e.name == "challenge").help == challenge.HELP
