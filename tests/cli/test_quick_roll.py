"""``meneur roll`` answers without the command tree, and says exactly what the full command says."""

from __future__ import annotations

import subprocess
import sys

import pytest

from meneur.cli.dice import build_roll
from meneur.cli.quick_roll import OPTIONS
from tests.cli_helpers import run_cli

CASES = [
    ["2d6", "--seed", "3"],
    ["4d6kh3", "--seed", "7", "--json"],
    ["d666", "--dice", "3,5,1"],
    ["1d20", "--dice", "25"],
    ["4d6kx3"],
    ["1d20", "--dice", "3", "--seed", "1", "--json"],
    ["1d8+3[fire]", "--dice", "5"],
    ["10d10>=8", "--dice", "1,1,7,7,1,8,5,6,3,10"],
    ["d20 adv"],
]


def _process(args: list[str], lang: str) -> subprocess.CompletedProcess[str]:
    code = "import sys\nfrom meneur.cli.main import main\nmain(sys.argv[1:])"
    return subprocess.run(
        [sys.executable, "-c", code, "--lang", lang, "roll", *args],
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("args", CASES)
def test_the_quick_roll_says_what_the_full_command_says(args: list[str], lang: str) -> None:
    quick = _process(args, lang)
    full = run_cli(["roll", *args], lang)
    assert (quick.returncode, quick.stdout, quick.stderr) == (full.exit_code, full.stdout, full.stderr)


def test_the_quick_roll_builds_no_command_tree() -> None:
    code = (
        "import sys\nfrom meneur.cli.main import main\ntry:\n    main(['roll', '1d20'])\n"
        "except SystemExit:\n    pass\nprint(' '.join(sys.modules), file=sys.stderr)"
    )
    modules = set(
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stderr.split()
    )
    assert not {"typer", "pydantic", "icepool", "meneur.cli.app"} & modules


def test_help_and_mistakes_go_to_the_full_command() -> None:
    assert "--seed" in _process(["--help"], "en").stdout
    mistake = _process(["1d20", "--seed", "x"], "en")
    assert mistake.returncode == 2 and "--seed" in mistake.stderr


def test_both_read_the_same_options() -> None:
    import typer.main

    command = typer.main.get_command(build_roll())
    flags = {opt for param in command.params for opt in getattr(param, "opts", ())} - {"--help"}
    assert flags == {"expression"} | {option.flag for option in OPTIONS}
