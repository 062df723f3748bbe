"""The root command imports a command's module only when that command runs; interruptions exit 130."""

from __future__ import annotations

import subprocess
import sys

import pytest
import typer

from meneur.cli.app import LazyCommand, LazyGroup, build_app
from meneur.cli.app import commands as root_commands
from meneur.cli.main import main
from tests.cli_helpers import run_cli

HEAVY = ("meneur.systems", "rich", "d20", "icepool", "pydantic", "babel", "yaml")


def imported_after(args: list[str]) -> set[str]:
    """The top modules a fresh interpreter holds after ``meneur ARGS`` (run in-process there)."""
    code = (
        "import sys\nfrom meneur.cli.main import main\ntry:\n    main(sys.argv[1:])\n"
        "except SystemExit:\n    pass\nprint(' '.join(sys.modules), file=sys.stderr)"
    )
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, check=True)
    return set(done.stderr.split())


def loaded(modules: set[str], prefix: str) -> bool:
    return any(m == prefix or m.startswith(prefix + ".") for m in modules)


def rules_loaded(modules: set[str]) -> list[str]:
    """The modules of a game's rules or adapters among ``modules``: the registry lists the games from
    their ``plugin`` modules (and the packages that hold them) and nothing else of them."""
    return sorted(
        m
        for m in modules
        if m.startswith("meneur.systems.") and not m.endswith(".plugin") and m.count(".") > 2
    )


def test_version_imports_no_system_no_rich_and_no_dice() -> None:
    modules = imported_after(["--version"])
    assert [h for h in HEAVY if loaded(modules, h)] == []


def test_root_help_builds_no_system() -> None:
    modules = imported_after(["--help"])
    assert rules_loaded(modules) == []
    assert not loaded(modules, "d20")


def test_roll_loads_the_dice_engine_only() -> None:
    modules = imported_after(["roll", "1d20"])
    assert loaded(modules, "meneur.dice")
    # meneur reads dice notation itself: no parser library (d20, lark) for a roll
    assert not loaded(modules, "d20") and not loaded(modules, "lark")
    # (pydantic comes with Typer 0.29 itself, which coerces option values through it)
    assert [h for h in ("icepool", "babel", "yaml") if loaded(modules, h)] == []
    assert rules_loaded(modules) == []


def test_root_help_lists_every_visible_command_with_its_translated_help() -> None:
    out = run_cli(["--help"], "en").stdout
    for entry in root_commands():
        assert (f" {entry.name} " in out) is not entry.hidden
    assert "Energy System: characters, campaign, fights." in out
    assert "Energy System : personnages, campagne, combats." in run_cli(["--help"], "fr").stdout


def test_es_is_the_energy_group_built_once() -> None:
    group = typer.main.get_command(build_app())
    assert isinstance(group, LazyGroup)
    assert isinstance(group.commands["es"], LazyCommand) and group.commands["es"].hidden
    energy = group.command_for("energy")
    assert energy is not None and not isinstance(energy, LazyCommand)
    assert group.command_for("es") is energy
    assert run_cli(["es", "library"]).stdout == run_cli(["energy", "library"]).stdout


def test_end_of_input_at_a_prompt_exits_130_with_one_translated_line(tmp_path: object) -> None:
    result = run_cli(["energy", "new", "--output", "unused.yaml"], "en", input="")
    assert result.exit_code == 130
    assert result.stderr.strip().splitlines()[-1] == "Interrupted."
    assert "Traceback" not in result.stderr


def test_ctrl_c_in_a_command_exits_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import meneur.dice.roller

    def stop(*_args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(meneur.dice.roller, "roll", stop)
    with pytest.raises(SystemExit) as end:
        main(["roll", "1d6"])
    assert end.value.code == 130
    assert capsys.readouterr().err.strip() == "Interrompu."


def test_ctrl_c_while_meneur_loads_exits_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import meneur.cli.main

    def stop(_args: list[str]) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(meneur.cli.main, "_run", stop)
    with pytest.raises(SystemExit) as end:
        main(["--lang", "en", "roll", "1d6"])
    assert end.value.code == 130
    assert capsys.readouterr().err.strip() in ("Interrompu.", "Interrupted.")
