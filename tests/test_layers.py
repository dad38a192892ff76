"""The package's layers, read from the source: imports only go down, and the core is a DAG.

Layers, bottom up: ``claim.core`` (the rules, views, records: a pure library), ``claim.text`` (the
describing layer), ``claim.bots``, ``claim.sim`` and ``claim.analysis`` (the post-game analysis,
which uses the search), the research adapters ``claim.envs`` (PettingZoo, Gymnasium) and
``claim.openspiel``, the balance lab ``claim.lab`` (above ``claim.sim``), then ``claim.apps`` (the
command line, the terminal table, the web server). Each module's imports are read with :mod:`ast`
and resolved to the module they name (``from claim.core import cards`` is an edge to
``claim.core.cards``; ``from claim.core.engine import apply`` to ``claim.core.engine``). An import
counts as an edge to the module it names, not to the parent packages Python initializes first: a
package's own modules import each other through their package, and that is not a cycle.

The graph is the *runtime* one: imports at module level and inside functions both count (a
function-level import is an edge all the same, only a late one), while imports under
``if TYPE_CHECKING:`` do not, since they never run (they exist for annotations only, which
``from __future__ import annotations`` leaves unevaluated).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = SRC / "claim"

#: packages the rules core must never use: user-interface and server libraries (the core is a
#: pure library; the apps bring these)
UI_PACKAGES = ("click", "rich", "textual", "fastapi", "starlette", "uvicorn")


@dataclass(frozen=True)
class Import:
    """One import statement's target, as seen from the importing module."""

    module: str  # the module the import names, resolved (a claim module, or a third-party root)
    names: tuple[str, ...]  # the names taken from it (``from m import a, b``); () for ``import m``
    line: int
    in_function: bool  # inside a function or method body (runs late, when it is called)


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


MODULES = _modules()


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _resolve(base: str, name: str) -> str:
    """``from base import name``: the submodule ``base.name`` if there is one, else ``base``."""
    sub = f"{base}.{name}"
    return sub if sub in MODULES else base


class _Collector(ast.NodeVisitor):
    def __init__(self, module: str, is_package: bool) -> None:
        self.module = module
        self.package = module if is_package else module.rpartition(".")[0]
        self.depth = 0  # function nesting
        self.imports: list[Import] = []

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> None:
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    visit_FunctionDef = _function
    visit_AsyncFunctionDef = _function
    visit_Lambda = _function

    def visit_If(self, node: ast.If) -> None:
        if _is_type_checking(node.test):
            for child in node.orelse:  # the ``else`` of a TYPE_CHECKING test does run
                self.visit(child)
            return
        self.generic_visit(node)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self.imports.append(Import(alias.name, (), node.lineno, self.depth > 0))

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            parts = self.package.split(".")
            base = ".".join(parts[: len(parts) - node.level + 1])
            base = f"{base}.{node.module}" if node.module else base
        else:
            base = node.module or ""
        in_function = self.depth > 0
        if not base.startswith("claim"):
            names = tuple(a.name for a in node.names)
            self.imports.append(Import(base, names, node.lineno, in_function))
            return
        by_target: dict[str, list[str]] = {}
        for alias in node.names:
            by_target.setdefault(_resolve(base, alias.name), []).append(alias.name)
        for target, names in by_target.items():
            taken = () if target != base else tuple(names)  # a submodule is not a name taken
            self.imports.append(Import(target, taken, node.lineno, in_function))


def _imports() -> dict[str, list[Import]]:
    found: dict[str, list[Import]] = {}
    for module, path in MODULES.items():
        collector = _Collector(module, path.name == "__init__.py")
        collector.visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
        found[module] = collector.imports
    return found


IMPORTS = _imports()


def _in(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _where(module: str, imp: Import) -> str:
    return f"{MODULES[module].relative_to(SRC.parent)}:{imp.line} ({module} -> {imp.module})"


def _core_graph() -> dict[str, set[str]]:
    return {
        module: {i.module for i in imports if _in(i.module, "claim.core") and i.module != module}
        for module, imports in IMPORTS.items()
        if _in(module, "claim.core")
    }


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each as one cycle
    through it (a path back to its start), so a failure names the imports to cut."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                components.append(component)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    cycles = []
    for component in components:
        start = min(component)
        # breadth-first within the component: the shortest path from start back to start
        paths = {start: [start]}
        frontier = [start]
        cycle: list[str] = []
        while frontier and not cycle:
            nxt = []
            for v in frontier:
                for w in sorted(graph[v] & component):
                    if w == start:
                        cycle = [*paths[v], start]
                        break
                    if w not in paths:
                        paths[w] = [*paths[v], w]
                        nxt.append(w)
                if cycle:
                    break
            frontier = nxt
        cycles.append([*cycle, f"(all tangled: {', '.join(sorted(component))})"])
    return cycles


def test_the_walk_sees_the_package() -> None:
    assert "claim.core.engine" in MODULES
    assert "claim.core.powers" in MODULES
    assert any(i.module == "claim.core.state" for i in IMPORTS["claim.core.engine"])


def test_the_core_modules_form_no_import_cycle() -> None:
    cycles = _cycles(_core_graph())
    assert not cycles, (
        "import cycles among claim.core modules; move the shared piece into a lower module "
        "(cards.py for card data, keys.py for counter/mark/step names) or hand the needed object "
        "in as an argument, so that every import goes down:\n"
        + "\n".join(" -> ".join(c[:-1]) + " " + c[-1] for c in cycles)
    )


def test_the_core_imports_no_upper_layer_and_no_user_interface_library() -> None:
    upper = (
        "claim.text",
        "claim.bots",
        "claim.sim",
        "claim.analysis",
        "claim.envs",
        "claim.openspiel",
        "claim.lab",
        "claim.apps",
    )
    bad = [
        _where(module, i)
        for module, imports in IMPORTS.items()
        if _in(module, "claim.core")
        for i in imports
        if any(_in(i.module, p) for p in upper) or any(_in(i.module, p) for p in UI_PACKAGES)
    ]
    assert not bad, (
        "claim.core is the bottom layer, a pure library: it may not import the describing layer, "
        "the bots, the simulations, the apps or a user-interface library "
        f"({', '.join(UI_PACKAGES)}); move the code that needs them up into the layer that owns "
        "it (option parsing for the command line into claim.apps):\n" + "\n".join(bad)
    )


def test_the_middle_layers_do_not_import_the_apps() -> None:
    rules = {
        "claim.text": "claim.apps",
        "claim.bots": "claim.apps",
        "claim.sim": "claim.apps",
        "claim.analysis": "claim.apps",
        "claim.envs": "claim.apps",
        "claim.openspiel": "claim.apps",
        "claim.lab": "claim.apps",
    }
    bad = [
        _where(module, i)
        for module, imports in IMPORTS.items()
        for layer, forbidden in rules.items()
        if _in(module, layer)
        for i in imports
        if _in(i.module, forbidden)
    ]
    assert not bad, (
        "claim.text, claim.bots, claim.sim, claim.analysis, the research adapters (claim.envs, "
        "claim.openspiel) and the balance lab (claim.lab) sit below the apps and must not "
        "import them; move "
        "what both need down into claim.text (describing) or claim.core (rules):\n" + "\n".join(bad)
    )


def test_no_private_core_name_is_imported_from_outside_the_core() -> None:
    bad = [
        f"{_where(module, i)}: {name}"
        for module, imports in IMPORTS.items()
        if not _in(module, "claim.core")
        for i in imports
        if _in(i.module, "claim.core")
        for name in i.names
        if name.startswith("_")
    ]
    assert not bad, (
        "modules outside claim.core import private names (starting with '_') of the core; make "
        "the name public in the core (and document it) or use the public API that wraps it:\n"
        + "\n".join(bad)
    )


def _claim_graph() -> dict[str, set[str]]:
    """Every claim module's runtime imports of other claim modules (module level and inside
    functions alike: a late import still runs, so it still closes a cycle)."""
    return {
        module: {i.module for i in imports if i.module in MODULES and i.module != module}
        for module, imports in IMPORTS.items()
    }


def test_the_cycle_finder_finds_a_cycle_hidden_in_a_function() -> None:
    """The check below can fail: the shape of the old cycle in claim.sim (arena -> executors at
    module level, executors -> kept_games inside a function, kept_games -> arena) is found."""
    graph = {
        "claim.sim.arena": {"claim.sim.executors"},
        "claim.sim.executors": {"claim.sim.kept_games"},
        "claim.sim.kept_games": {"claim.sim.arena"},
        "claim.sim.ladder": {"claim.sim.arena"},
    }
    (cycle,) = _cycles(graph)
    assert cycle[:-1] == [
        "claim.sim.arena",
        "claim.sim.executors",
        "claim.sim.kept_games",
        "claim.sim.arena",
    ]
    collector = _Collector("claim.sim.executors", is_package=False)
    collector.visit(ast.parse("def f():\n    from claim.sim.kept_games import code_fingerprint\n"))
    assert [(i.module, i.in_function) for i in collector.imports] == [
        ("claim.sim.kept_games", True)
    ]


def test_no_claim_modules_form_a_runtime_import_cycle() -> None:
    """Over every package of src/claim, not only the core: an import inside a function that
    closes a cycle only hides it (the cycle is there when the function runs)."""
    cycles = _cycles(_claim_graph())
    assert not cycles, (
        "runtime import cycles among claim modules (imports inside functions count); move the "
        "shared piece into a lower module (as claim.sim.fingerprint holds the code fingerprint "
        "that the executors and the kept games share) or hand the needed object in as an "
        "argument, so that every import goes down:\n"
        + "\n".join(" -> ".join(c[:-1]) + " " + c[-1] for c in cycles)
    )


#: the library layers, whose imports run at module level: a late import of a claim module there
#: is the "keep the cycle local" pattern, unless it loads an optional heavy dependency
LIBRARY_LAYERS = (
    "claim.core",
    "claim.text",
    "claim.sim",
    "claim.analysis",
    "claim.envs",
    "claim.openspiel",
    "claim.lab",
)

#: (importing module, imported module) -> why the import waits until a function runs. Only for
#: optional heavy dependencies, whose extra may be missing: importing the module would fail
#: without it, and every user of the importer would pay for it.
LAZY_IMPORTS = {
    ("claim.sim.arena", "claim.openspiel.bot"): (
        "OpenSpiel bots need the 'openspiel' extra (pyspiel, numpy); imported only when one is "
        "named, so that the arena runs without it and names the missing extra in one line"
    ),
    ("claim.sim.executors", "ray"): (
        "Ray is the optional 'ray' extra; imported only for --ray, refused in one line without it"
    ),
    ("claim.sim.executors", "ray._private.services"): (
        "Ray's address helper, only for --ray, and absent in some Ray versions"
    ),
    ("claim.lab.report", "matplotlib"): (
        "the lab's charts need the optional 'lab' extra; matplotlib takes a second to import"
    ),
    ("claim.lab.report", "matplotlib.pyplot"): "as matplotlib",
    ("claim.lab.report", "matplotlib.cm"): "as matplotlib",
    ("claim.lab.report", "matplotlib.colors"): "as matplotlib",
    ("claim.lab.report", "matplotlib.patches"): "as matplotlib",
    ("claim.lab.report", "pyarrow"): (
        "the Parquet table is written only when pyarrow (optional) is installed"
    ),
    ("claim.lab.report", "pyarrow.parquet"): "as pyarrow",
}


def test_the_library_layers_import_late_only_optional_heavy_dependencies() -> None:
    """In the library layers (the core, the describing layer, the simulations, the analysis, the
    research adapters, the lab) an import inside a function is allowed only for an optional
    heavy dependency, named with its reason in LAZY_IMPORTS; a late import of any other module,
    a claim module above all, is the pattern that hides an import cycle."""
    found = {
        (module, i.module): _where(module, i)
        for module, imports in IMPORTS.items()
        if any(_in(module, layer) for layer in LIBRARY_LAYERS)
        for i in imports
        if i.in_function
    }
    bad = [where for key, where in found.items() if key not in LAZY_IMPORTS]
    assert not bad, (
        "imports inside functions in the library layers; import at module level (if that makes "
        "a cycle, cut the cycle: move the shared piece into a lower module, or hand the object "
        "in). Only an optional heavy dependency may be imported late, listed with its reason in "
        "LAZY_IMPORTS:\n" + "\n".join(bad)
    )
    stale = sorted(f"{a} -> {b}" for a, b in LAZY_IMPORTS if (a, b) not in found)
    assert not stale, "LAZY_IMPORTS lists late imports that are gone:\n" + "\n".join(stale)


def test_the_core_keeps_no_import_inside_a_function() -> None:
    bad = [
        _where(module, i)
        for module, imports in IMPORTS.items()
        if _in(module, "claim.core")
        for i in imports
        if i.in_function and _in(i.module, "claim")
    ]
    assert not bad, (
        "imports of claim modules inside functions in claim.core (the 'keep the cycle local' "
        "pattern): import at module level; if that makes a cycle, cut the cycle instead (move "
        "the shared piece into a lower module, or hand the object in):\n" + "\n".join(bad)
    )


def _literal_key(node: ast.expr | None) -> bool:
    return isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.Constant) and isinstance(node.value, str)
    )


def _keyed(node: ast.expr) -> bool:
    """``….counters`` or ``….marks`` (or a bare ``counters`` / ``marks`` alias)."""
    name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "")
    return name in ("counters", "marks")


def test_the_core_names_counter_and_mark_keys_by_constant() -> None:
    """Counter and mark keys are constants of ``claim.core.keys`` (listed in its tables for the
    describing layer and the browser), never string literals repeated across modules."""
    bad = []
    for module, path in MODULES.items():
        if not _in(module, "claim.core") or module in ("claim.core.keys", "claim.core.state"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Subscript) and _keyed(node.value):
                key: ast.expr | None = node.slice
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("get", "pop", "setdefault")
                and _keyed(node.func.value)
                and node.args
            ):
                key = node.args[0]
            else:
                continue
            if _literal_key(key):
                bad.append(f"{path.relative_to(SRC.parent)}:{node.lineno}: {ast.unparse(node)}")
    assert not bad, (
        "counter or mark keys written as string literals in claim.core; name each one in "
        "claim/core/keys.py (and its COUNTER_KEYS / MARK_KEYS table) and use the constant "
        "(player_key / faction_key for per-player and per-faction counters):\n" + "\n".join(bad)
    )
