"""How tangled meneur's imports are: the import cycles between its modules and the imports inside functions.

The graph is grimp's (the one import-linter checks), with the imports made inside functions and under
``TYPE_CHECKING`` included, since a cycle hidden behind a function-level import is still a cycle. A cycle is
a strongly connected component of that graph: a set of modules each of which reaches every other one by
imports; each is printed with one shortest loop through it. The function-level imports are the ``import``
statements found anywhere inside a ``def`` (counted once, at the innermost function), by ``ast``.

Usage: ``PYTHONPATH=src python scripts/imports_report.py [--list]`` (``--list`` also prints where every
function-level import is).
"""

from __future__ import annotations

import argparse
import ast
from collections import Counter
from collections.abc import Iterator, Mapping, Set
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src"
PACKAGE = "meneur"


def import_graph() -> dict[str, set[str]]:
    """Each module of meneur with the meneur modules it imports (at any level, type-checking ones too)."""
    graph = grimp.build_graph(PACKAGE, cache_dir=None)
    return {module: set(graph.find_modules_directly_imported_by(module)) for module in graph.modules}


def cycles(graph: Mapping[str, Set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module, each sorted, largest first (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            advanced = False
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = len(index)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(graph[successor]))))
                    advanced = True
                    break
                if successor in on_stack:
                    low[node] = min(low[node], index[successor])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found, key=lambda component: (-len(component), component))


def shortest_loop(graph: Mapping[str, Set[str]], component: list[str]) -> list[str]:
    """The shortest chain of imports from the component's first module back to itself (breadth first)."""
    members = set(component)
    start = component[0]
    previous: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following: list[str] = []
        for node in frontier:
            for successor in sorted(graph[node] & members):
                if successor == start:
                    loop = [start]
                    while node != start:
                        loop.append(node)
                        node = previous[node]
                    return [start, *reversed(loop[1:]), start]
                if successor not in previous:
                    previous[successor] = node
                    following.append(successor)
        frontier = following
    return [start]


def module_name(path: Path) -> str:
    """The dotted name of a source file under ``src``."""
    parts = path.relative_to(SOURCE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def function_imports(path: Path) -> Iterator[int]:
    """The line of every import statement inside a function of the file (each counted once)."""

    def visit(node: ast.AST, in_function: bool) -> Iterator[int]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom) and in_function:
                yield child.lineno
            yield from visit(child, in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef))

    yield from visit(ast.parse(path.read_text(encoding="utf-8")), False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="print where every function-level import is")
    arguments = parser.parse_args()
    graph = import_graph()
    found = cycles(graph)
    print(f"{len(graph)} modules, {sum(map(len, graph.values()))} imports between them")
    print(f"{len(found)} import cycles (strongly connected components):")
    for component in found:
        print(f"  {len(component)} modules: {' -> '.join(shortest_loop(graph, component))}")
        if len(component) > 2:
            print(f"    all: {', '.join(component)}")
    by_package: Counter[str] = Counter()
    modules = 0
    for path in sorted((SOURCE / PACKAGE).rglob("*.py")):
        lines = list(function_imports(path))
        if lines:
            modules += 1
            by_package[module_name(path.parent / "__init__.py")] += len(lines)
            if arguments.list:
                print(f"  {path.relative_to(ROOT)}: lines {', '.join(map(str, lines))}")
    print(f"{by_package.total()} function-level imports in {modules} modules; by package:")
    for package, count in sorted(by_package.items(), key=lambda item: (-item[1], item[0])):
        print(f"  {count:4} {package}")


if __name__ == "__main__":
    main()
