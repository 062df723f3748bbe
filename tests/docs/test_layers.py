"""The layers a tool can check (issue 19): the import-linter contracts of ``pyproject.toml`` hold, and no
private name crosses a package.

import-linter runs here as a subprocess, so ``pytest`` alone catches a broken contract as the test
command's own stage does. It has no contract for private names: :func:`private_uses` walks the source
with ``ast`` and finds every ``from X import _name`` and every ``X._name`` of an imported module ``X``
where ``X`` lies in another package than the importing module's own.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "src"
PACKAGE = SOURCE / "meneur"

PRIVATE_ALLOWED: frozenset[str] = frozenset()
"""Private names crossing a package that are allowed: none (a line added here must say why)."""


def module_of(path: Path) -> str:
    """The dotted name of a source file of meneur."""
    parts = path.relative_to(SOURCE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_of(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def package_of(module: str) -> str:
    """The package a module lies in: a package is its own, a plain module its parent's."""
    return module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]


def is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def absolute(module: str, node: ast.ImportFrom) -> str:
    """The module ``from ... import`` reads from, relative imports resolved."""
    if not node.level:
        return node.module or ""
    base = package_of(module).split(".")
    base = base[: len(base) - node.level + 1]
    return ".".join([*base, *([node.module] if node.module else [])])


def dotted(node: ast.expr) -> str | None:
    """``a.b.c`` for an attribute chain of names, else ``None``."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = dotted(node.value)
        return None if inner is None else f"{inner}.{node.attr}"
    return None


def private_uses(module: str, tree: ast.AST) -> Iterator[str]:
    """Each private name ``module`` takes from another package, as ``importer -> owner._name``."""
    own = package_of(module)
    bound: dict[str, str] = {}  # local name -> the meneur module it is bound to
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            source = absolute(module, node)
            for alias in node.names:
                if source in MODULES and is_private(alias.name) and package_of(source) != own:
                    yield f"{module} -> {source}.{alias.name}"
                if f"{source}.{alias.name}" in MODULES:
                    bound[alias.asname or alias.name] = f"{source}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in MODULES:
                    bound[alias.asname or alias.name] = alias.name
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and is_private(node.attr):
            owner = dotted(node.value)
            if owner is not None and owner in bound and package_of(bound[owner]) != own:
                yield f"{module} -> {bound[owner]}.{node.attr}"


@cache
def all_private_uses() -> frozenset[str]:
    found: set[str] = set()
    for module, path in MODULES.items():
        found.update(private_uses(module, ast.parse(path.read_text(encoding="utf-8"))))
    return frozenset(found)


def lint_imports(*args: str) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` on this checkout's sources (no cache left behind)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(SOURCE), os.environ.get("PYTHONPATH", "")])}
    code = "from importlinter.cli import lint_imports_command\nlint_imports_command()"
    return subprocess.run(
        [sys.executable, "-c", code, "--no-cache", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def test_no_private_name_crosses_a_package_but_the_listed_ones() -> None:
    assert sorted(all_private_uses() - PRIVATE_ALLOWED) == []


def test_every_listed_private_use_is_still_there() -> None:
    assert sorted(PRIVATE_ALLOWED - all_private_uses()) == []


CAP = "meneur.dice.odds_plan._cap"


@pytest.mark.parametrize(
    ("module", "code", "found"),
    [
        (
            "meneur.engine.session",
            "from meneur.dice.odds_plan import _enumerate",
            ["meneur.dice.odds_plan._enumerate"],
        ),
        (
            "meneur.engine.session",
            "from meneur.dice import odds_plan\nodds_plan._cap",
            [CAP],
        ),
        (
            "meneur.engine.session",
            "import meneur.dice.odds_plan as plan\nplan._cap",
            [CAP],
        ),
        (
            "meneur.engine.session",
            "import meneur.dice.odds_plan\nmeneur.dice.odds_plan._cap",
            [CAP],
        ),
        ("meneur.engine.session", "from ..dice.odds_plan import _cap", [CAP]),
        ("meneur.dice.odds", "from meneur.dice.odds_plan import _enumerate", []),
        ("meneur.dice.odds", "from . import odds_plan\nodds_plan._cap", []),
        ("meneur.engine.session", "from meneur.dice.odds_plan import compile_die, __doc__", []),
        ("meneur.engine.session", "from meneur.dice import odds_plan\nodds_plan.compile_die._cache", []),
    ],
)
def test_the_walk_finds_a_private_name_from_another_package_only(
    module: str, code: str, found: list[str]
) -> None:
    assert [use.split(" -> ")[1] for use in private_uses(module, ast.parse(code))] == found


def test_the_import_linter_contracts_hold() -> None:
    done = lint_imports()
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Contracts: 3 kept, 0 broken." in done.stdout


def test_a_broken_contract_fails_the_run(tmp_path: Path) -> None:
    config = tmp_path / "contracts.toml"
    config.write_text(
        '[tool.importlinter]\nroot_package = "meneur"\n\n'
        '[[tool.importlinter.contracts]]\nname = "The root CLI imports no engine (false)"\n'
        'type = "forbidden"\nsource_modules = ["meneur.cli"]\nforbidden_modules = ["meneur.engine"]\n',
        encoding="utf-8",
    )
    done = lint_imports("--config", str(config))
    assert done.returncode != 0
    assert "BROKEN" in done.stdout
