"""Pig is one package: nothing outside it names it, and its rules import no adapter (the layout rule
of every game: the rules beside a ``cli`` and a ``plugin`` that only the adapters read)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent / "pig"
SRC = PACKAGE.parents[2] / "src"
ADAPTERS = (
    "meneur.cli",
    "meneur.server",
    "meneur.web",
    "tests.games.pig.cli",
    "tests.games.pig.view",
    "tests.games.pig.plugin",
)


def imported(path: Path) -> set[str]:
    """The modules ``path`` imports, at its top or inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            found.add(node.module)
    return found


def within(module: str, packages: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


RULES = sorted(p for p in PACKAGE.glob("*.py") if p.name != "plugin.py")


@pytest.mark.parametrize("path", RULES, ids=lambda path: path.name)
def test_the_rules_import_no_adapter(path: Path) -> None:
    assert sorted(m for m in imported(path) if within(m, ADAPTERS)) == []


@pytest.mark.parametrize(
    "path", sorted(PACKAGE.rglob("*.py")), ids=lambda path: path.relative_to(PACKAGE).as_posix()
)
def test_the_package_reaches_no_other_test_module(path: Path) -> None:
    assert (
        sorted(m for m in imported(path) if m.startswith("tests.") and not within(m, ("tests.games.pig",)))
        == []
    )


def test_no_source_file_names_the_game() -> None:
    word = re.compile(r"\bpig\b|tests\.games", re.IGNORECASE)
    named = [
        path.relative_to(SRC).as_posix()
        for path in SRC.rglob("*")
        if path.suffix in {".py", ".html", ".toml", ".js"} and word.search(path.read_text(encoding="utf-8"))
    ]
    assert named == []


@pytest.mark.parametrize("path", sorted((PACKAGE / "view").glob("*.py")), ids=lambda path: path.name)
def test_the_pages_read_sessions_only_through_the_service(path: Path) -> None:
    """The view reaches the server only through its services (and the web's shared page helpers):
    never its database rows, its API routes or the engine's session."""
    reached = {m for m in imported(path) if within(m, ("meneur.server", "meneur.engine"))}
    assert sorted(m for m in reached if not within(m, ("meneur.server.services",))) == [
        "meneur.server.api.common"
    ] * ("meneur.server.api.common" in reached)
