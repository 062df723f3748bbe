"""No import cycle among meneur's modules, counting the imports made inside functions and under
``TYPE_CHECKING`` (a cycle hidden behind a function-level import is still a cycle): the layers of
docs/ARCHITECTURE.md stay layers. ``scripts/imports_report.py`` prints the same graph's cycles, each with
one shortest loop, when this fails."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

REPORT = Path(__file__).resolve().parents[1] / "scripts" / "imports_report.py"


def _report() -> ModuleType:
    spec = importlib.util.spec_from_file_location("imports_report", REPORT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_no_module_of_meneur_imports_itself_back() -> None:
    report = _report()
    graph = report.import_graph()
    found = [report.shortest_loop(graph, component) for component in report.cycles(graph)]
    assert found == [], "\n".join(" -> ".join(loop) for loop in found)


def test_the_report_finds_a_cycle_when_there_is_one() -> None:
    """The check itself can fail: a loop a → b → a is a component, and its shortest loop names it."""
    report = _report()
    graph = {"a": {"b"}, "b": {"a", "c"}, "c": set()}
    assert [sorted(c) for c in report.cycles(graph)] == [["a", "b"]]
