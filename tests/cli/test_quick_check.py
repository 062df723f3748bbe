"""``meneur energy check`` answers without the command tree (issue 18, « energy check within 3×
python -c "import pydantic, yaml" »), and says exactly what the full command says."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.test_lazy_root import imported_after, loaded
from tests.cli_helpers import run_cli

NOT_FOR_QUICK_CHECK = (
    "typer",
    "click",
    "rich",
    "meneur.cli.app",
    "meneur.i18n.framework",
    "meneur.systems.energy.cli",
    "meneur.systems.energy.ai",
    "meneur.systems.energy.combat",
    "meneur.systems.energy.campaign",
    "meneur.dice",
)
"""What checking a valid sheet needs none of: the command tree, Typer's words, Rich, the other rules."""


@pytest.fixture(scope="module")
def sheets(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("sheets")
    wink = run_cli(["energy", "library", "WINK"]).stdout
    (folder / "wink.yaml").write_text(wink, encoding="utf-8")
    (folder / "broken.yaml").write_text(wink.replace("rank: 5", "rank: 1"), encoding="utf-8")
    (folder / "bad.yaml").write_text("name: [", encoding="utf-8")
    return {p.stem: str(p) for p in folder.iterdir()} | {"missing": str(folder / "missing.yaml")}


CASES = [
    ["energy", "check", "wink"],
    ["energy", "check", "broken"],
    ["es", "check", "broken", "--json"],
    ["energy", "check", "--json", "wink", "--earned-hero-points", "3"],
    ["energy", "check", "broken", "--earned-aptitude-points=1000", "--earned-hero-points", "0"],
    ["energy", "check", "missing"],
    ["energy", "check", "missing", "--json"],
    ["energy", "check", "bad"],
    ["energy", "check", "KITSUNE"],
    ["energy", "check", "wink", "--earned-hero-points", "1001"],
    ["energy", "check", "wink", "--earned-hero-points", "-1"],
    ["energy", "check", "wink", "--earned-hero-points", "x"],
    ["energy", "check", "wink", "extra"],
    ["energy", "check", "wink", "--jso"],
]


def _process(args: list[str], lang: str) -> subprocess.CompletedProcess[str]:
    code = "import sys\nfrom meneur.cli.main import main\nmain(sys.argv[1:])"
    return subprocess.run(
        [sys.executable, "-c", code, "--lang", lang, *args], capture_output=True, text=True, check=False
    )


ALL_CASES = """
import contextlib, io, json, sys
from meneur.cli.main import main
answers = []
for args in json.loads(sys.argv[1]):
    out, err, status = io.StringIO(), io.StringIO(), 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(args)
        except SystemExit as done:
            status = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    answers.append([status, out.getvalue(), err.getvalue()])
sys.__stdout__.write(json.dumps(answers))
"""
"""Every case in one fresh process (meneur's entry point, as ``meneur`` calls it), each with its own
standard output and error: the quick check decides from the arguments alone, whatever an earlier
case loaded (tests/cli/test_lazy_root.py shows what a first call loads)."""


def _named(args: list[str], sheets: dict[str, str]) -> list[str]:
    return [sheets.get(arg, arg) for arg in args]


@pytest.fixture(scope="module")
def quick(sheets: dict[str, str]) -> dict[tuple[str, str], tuple[int, str, str]]:
    """What the process answers to each case, in each language."""
    answers: dict[tuple[str, str], tuple[int, str, str]] = {}
    for lang in ("fr", "en"):
        runs = [["--lang", lang, *_named(args, sheets)] for args in CASES]
        done = subprocess.run(
            [sys.executable, "-c", ALL_CASES, json.dumps(runs)], capture_output=True, text=True, check=True
        )
        for args, (status, out, err) in zip(CASES, json.loads(done.stdout), strict=True):
            answers[" ".join(args), lang] = (status, out, err)
    return answers


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("args", CASES)
def test_the_quick_check_says_what_the_full_command_says(
    args: list[str], lang: str, sheets: dict[str, str], quick: dict[tuple[str, str], tuple[int, str, str]]
) -> None:
    full = run_cli(_named(args, sheets), lang)
    assert quick[" ".join(args), lang] == (full.exit_code, full.stdout, full.stderr)


def test_one_process_answers_a_case_as_a_process_of_its_own(
    sheets: dict[str, str], quick: dict[tuple[str, str], tuple[int, str, str]]
) -> None:
    """The shared process changes nothing: a case that checks a sheet, one that refuses it and one
    that goes to the full command, each alone in its own process, answer the same."""
    for args in (CASES[1], CASES[5], CASES[11]):
        alone = _process(_named(args, sheets), "fr")
        assert (alone.returncode, alone.stdout, alone.stderr) == quick[" ".join(args), "fr"]


@pytest.mark.parametrize("name", ["wink", "broken"])
def test_the_quick_check_builds_no_command_tree(name: str, sheets: dict[str, str]) -> None:
    modules = imported_after(["energy", "check", sheets[name]])
    assert loaded(modules, "meneur.systems.energy.check_report")
    assert [m for m in NOT_FOR_QUICK_CHECK if loaded(modules, m)] == []


def test_an_unreadable_sheet_is_answered_without_the_tree_too(sheets: dict[str, str]) -> None:
    """The error goes through Rich's console as in the full command, but no command is built."""
    modules = imported_after(["energy", "check", sheets["missing"]])
    assert [m for m in ("typer", "click", "meneur.cli.app") if loaded(modules, m)] == []


def test_help_and_mistakes_go_to_the_full_command(sheets: dict[str, str]) -> None:
    assert "--earned-hero-points" in _process(["energy", "check", "--help"], "en").stdout
    mistake = _process(["energy", "check", sheets["wink"], "--earned-hero-points", "5000"], "en")
    assert mistake.returncode == 2 and "--earned-hero-points" in mistake.stderr
    assert loaded(imported_after(["energy", "check", "--help"]), "typer")


def test_both_read_the_same_options() -> None:
    import typer.main

    from meneur.systems.energy import check_line as quick_check
    from meneur.systems.energy.cli import build_check
    from meneur.systems.energy.cli.options import MAX_COUNT

    command = typer.main.get_command(build_check())
    flags = {opt for param in command.params for opt in getattr(param, "opts", ())} - {"--help"}
    parser = quick_check._parser()
    ours = {flag for action in parser._actions for flag in action.option_strings} | {"file"}
    assert flags == ours
    assert quick_check.MAX_COUNT == MAX_COUNT


def test_the_check_module_prints_without_typer_or_rich() -> None:
    source = Path(__file__).parents[2] / "src/meneur/systems/energy/check_report.py"
    assert "import typer" not in source.read_text() and "import rich" not in source.read_text()
