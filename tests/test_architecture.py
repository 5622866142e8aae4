"""The shape of generator/: no import cycle, benchmarks outside the layers, no file too long, and
no module reaching into another's private names.

The import graph is read from the source with :mod:`ast`, every ``import`` counted wherever it
stands (at the top of a module or inside a function): a cycle through a function-level import is
still a cycle, only one that waits for the first call to bite. Imports under
``if TYPE_CHECKING:`` are left out: they are never run, only read by the type checker.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping, Set
from pathlib import Path

import pytest

GENERATOR = Path(__file__).resolve().parent.parent / "generator"
LAYERS = ("engine", "puzzles", "render", "site")
"""The layers, ``site -> render -> puzzles -> engine``; generator/bench measures them from
outside."""
LONGEST = 800
"""The most lines a file of generator/ may have."""

Graph = dict[str, set[str]]


def module_name(path: Path, root: Path = GENERATOR) -> str:
    """``generator.engine.board`` for generator/engine/board.py, ``generator.engine`` for its
    ``__init__.py``."""
    parts = (root.name, *path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _run_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node of ``tree``, at any depth, but those under ``if TYPE_CHECKING:``."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"):
            yield from (each for branch in node.orelse for each in (branch, *_run_nodes(branch)))
            continue
        yield node
        yield from _run_nodes(node)


def absolute(node: ast.ImportFrom, package: str) -> str:
    """The module a ``from ... import`` names, made absolute from ``package`` when relative.

    >>> absolute(ast.parse("from ..engine import x").body[0], "generator.site")
    'generator.engine'
    """
    base = node.module or ""
    if not node.level:
        return base
    anchor = package.split(".")
    anchor = anchor[: len(anchor) - (node.level - 1)]
    return ".".join([*anchor, base] if base else anchor)


def imported(tree: ast.AST, module: str, is_package: bool, modules: Set[str]) -> Iterator[str]:
    """Every module name ``tree`` imports when it runs, at any depth: ``from X import name``
    imports the module ``X.name`` if there is one, else ``X`` (whose ``name`` it reads)."""
    package = module if is_package else module.rpartition(".")[0]
    for node in _run_nodes(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = absolute(node, package)
            for alias in node.names:
                name = f"{base}.{alias.name}"
                yield name if name in modules else base


def import_graph(root: Path = GENERATOR) -> Graph:
    """Each module of the package at ``root`` and the modules of that package it imports."""
    paths = {module_name(path, root): path for path in sorted(root.rglob("*.py"))}
    graph: Graph = {}
    for module, path in paths.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        names = imported(tree, module, path.name == "__init__.py", paths.keys())
        graph[module] = {name for name in names if name in paths and name != module}
    return graph


def knots(graph: Mapping[str, set[str]]) -> list[set[str]]:
    """The groups of modules that each reach every other of their group by imports (Tarjan's
    strongly connected components of more than one module): every cycle lies in one of them."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(graph[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = set()
            while (member := stack.pop()) != module:
                group.add(member)
            groups.append({module, *group})

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return [group for group in groups if len(group) > 1]


def cycle_in(group: set[str], graph: Mapping[str, set[str]]) -> list[str]:
    """A shortest way by imports from the knot's first module back to it."""
    start = min(group)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for module in frontier:
            for other in sorted(graph[module] & group):
                if other == start:
                    return [*paths[module], start]
                if other not in paths:
                    paths[other] = [*paths[module], other]
                    following.append(other)
        frontier = following
    raise AssertionError(f"{sorted(group)} is not a cycle")  # pragma: no cover


def cycles(graph: Mapping[str, set[str]]) -> list[str]:
    """One cycle of each knot, written out, and the knot's other modules if it has more."""
    found = []
    for group in knots(graph):
        cycle = cycle_in(group, graph)
        others = sorted(group - set(cycle))
        found.append(" -> ".join(cycle) + (f" (in a knot with {', '.join(others)})" * bool(others)))
    return sorted(found)


def test_no_module_of_generator_takes_part_in_an_import_cycle() -> None:
    found = cycles(import_graph())
    assert not found, "import cycles in generator/:\n" + "\n".join(found)


def private_uses(tree: ast.AST, module: str, is_package: bool, modules: Set[str]) -> Iterator[str]:
    """Where ``tree`` takes a private name (``_name``; gettext's ``_`` is no private name) of
    another module of the package: ``from X import _name``, or ``X._name`` of a module ``X`` it
    imported, at any depth."""
    package = module if is_package else module.rpartition(".")[0]

    def private(name: str) -> bool:
        return name.startswith("_") and len(name) > 1 and not name.startswith("__")

    imported_modules: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = absolute(node, package)
            for alias in node.names:
                if private(alias.name) and base in modules:
                    yield f"line {node.lineno}: from {base} import {alias.name}"
                if f"{base}.{alias.name}" in modules:
                    imported_modules.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            imported_modules.update(alias.asname or alias.name for alias in node.names)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and private(node.attr):
            owner = ast.unparse(node.value)
            if owner in imported_modules:
                yield f"line {node.lineno}: {owner}.{node.attr}"


def test_no_module_of_generator_takes_another_modules_private_names() -> None:
    paths = {module_name(path): path for path in sorted(GENERATOR.rglob("*.py"))}
    found = [
        f"{path.relative_to(GENERATOR.parent).as_posix()} {use}"
        for module, path in paths.items()
        for use in private_uses(
            ast.parse(path.read_text(encoding="utf-8"), str(path)),
            module,
            path.name == "__init__.py",
            paths.keys(),
        )
    ]
    assert not found, "private names taken from other modules:\n" + "\n".join(found)


def test_the_private_name_check_finds_both_forms(tmp_path: Path) -> None:
    package = write_package(
        tmp_path,
        {
            "__init__.py": "",
            "core.py": "_hidden = 1\nshown = 2\n",
            "user.py": (
                "from . import core\nfrom .core import _hidden, shown\nfrom gettext import _x\n"
                "import pkg.core\n\ndef f():\n    from .locale import _\n"
                "    return core._hidden + pkg.core._hidden + core.__name__ + shown\n"
            ),
            "locale.py": "_ = str\n",
        },
    )
    paths = {module_name(path, package): path for path in sorted(package.rglob("*.py"))}
    tree = ast.parse(paths["pkg.user"].read_text(encoding="utf-8"))
    assert list(private_uses(tree, "pkg.user", False, paths.keys())) == [
        "line 2: from pkg.core import _hidden",
        "line 8: core._hidden",
        "line 8: pkg.core._hidden",
    ]


def test_nothing_in_the_layers_imports_the_benchmarks() -> None:
    graph = import_graph()
    layers = tuple(f"generator.{layer}" for layer in LAYERS)
    found = sorted(
        f"{module} imports {other}"
        for module, others in graph.items()
        if module.startswith(layers)
        for other in others
        if other == "generator.bench" or other.startswith("generator.bench.")
    )
    assert not found, "\n".join(found)


def test_no_file_of_generator_is_over_800_lines() -> None:
    lengths = {
        path.relative_to(GENERATOR.parent).as_posix(): len(path.read_bytes().splitlines())
        for path in sorted(GENERATOR.rglob("*"))
        if path.is_file() and path.suffix in {".py", ".js", ".css", ".html", ".j2"}
    }
    over = [f"{name}: {lines} lines" for name, lines in lengths.items() if lines > LONGEST]
    assert not over, f"over {LONGEST} lines:\n" + "\n".join(over)


# The checks themselves, on small packages written for them ------------------------------------


def write_package(root: Path, files: Mapping[str, str]) -> Path:
    for name, text in files.items():
        path = root / "pkg" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root / "pkg"


def test_the_graph_counts_relative_absolute_and_function_level_imports(tmp_path: Path) -> None:
    package = write_package(
        tmp_path,
        {
            "__init__.py": "from .core import thing\n",
            "core.py": (
                "import json\nfrom typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
                "    from . import typed\nelse:\n    from . import plain\n\n"
                "def thing():\n    from pkg.sub import leaf\n"
            ),
            "typed.py": "from .core import thing\n",
            "plain.py": "",
            "sub/__init__.py": "",
            "sub/leaf.py": "from .. import core, thing\nfrom ..core import thing as other\n",
        },
    )
    assert import_graph(package) == {
        "pkg": {"pkg.core"},
        "pkg.core": {"pkg.plain", "pkg.sub.leaf"},
        "pkg.plain": set(),
        "pkg.sub": set(),
        "pkg.sub.leaf": {"pkg", "pkg.core"},
        "pkg.typed": {"pkg.core"},
    }


@pytest.mark.parametrize(
    ("graph", "expected"),
    [
        ({"a": {"b"}, "b": {"c"}, "c": set(), "d": {"a", "c"}}, []),
        ({"a": {"b"}, "b": {"a"}}, ["a -> b -> a"]),
        (
            {"cli": {"bench"}, "bench": {"engine", "cli"}, "engine": set(), "x": {"y"}, "y": {"x"}},
            ["bench -> cli -> bench", "x -> y -> x"],
        ),
        (
            {"a": {"b"}, "b": {"c", "d"}, "c": {"a"}, "d": {"e"}, "e": {"a"}},
            ["a -> b -> c -> a (in a knot with d, e)"],
        ),
    ],
)
def test_a_cycle_is_found_and_named(graph: Graph, expected: list[str]) -> None:
    assert cycles(graph) == expected


def test_the_cycle_test_names_the_cycle(tmp_path: Path) -> None:
    package = write_package(
        tmp_path,
        {
            "__init__.py": "",
            "cli.py": "def main():\n    from .bench import run\n",
            "bench.py": "from pkg.cli import main\n",
        },
    )
    assert cycles(import_graph(package)) == ["pkg.bench -> pkg.cli -> pkg.bench"]
