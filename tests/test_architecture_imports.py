"""Imports where they belong and the runtime asked for at entry points only (issue 49). No import moved inside a
function to dodge a circle in logic/ and storage/ (a circle is broken by moving the shared piece): only the few
deliberately lazy ones listed here, each with a ``# lazy:`` comment saying why."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

RULES_TEXT = "the long rules text loads on first use"
BOTS = "a game's computer players (and their search) load on first use, not when the game registers"
# file -> the modules it may import inside a function, and why
LAZY_IMPORTS: dict[str, dict[str, str]] = {
    "logic/president/game.py": {"logic.president.rules_text": RULES_TEXT},
    "logic/rummy/rules.py": {"logic.rummy.rules_text": RULES_TEXT, "logic.rummy.bots": BOTS},
    "logic/beanie/rules.py": {"logic.beanie.rules_text": RULES_TEXT, "logic.beanie.bots": BOTS},
    "logic/stockpile/game.py": {"logic.stockpile.rules_text": RULES_TEXT, "logic.stockpile.bots": BOTS},
    "logic/review/practice.py": {m: BOTS for m in ("logic.president.bot_info", "logic.president.bot_deals",
                                                   "logic.rummy.bot_eval", "logic.rummy.bot_search",
                                                   "logic.beanie.bot_eval", "logic.beanie.bot_search")},
}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _absolute(node: ast.ImportFrom, package: str) -> list[str]:
    """The modules a ``from ... import ...`` takes, made absolute; ``from pkg import mod`` counts as ``pkg.mod``."""
    base = node.module or ""
    if node.level:
        parent = package.split(".")
        parent = parent[: len(parent) - node.level + 1]
        base = ".".join([*parent, *([node.module] if node.module else [])])
    found = []
    for alias in node.names:
        sub = f"{base}.{alias.name}"
        where = ROOT / Path(*sub.split("."))
        found.append(sub if where.with_suffix(".py").exists() or where.is_dir() else base)
    return found


def function_imports(source: str, package: str) -> list[tuple[int, str]]:
    """(line, module) of every import inside a function of ``source`` (a module of ``package``), leaving out
    ``if TYPE_CHECKING:`` blocks."""
    found: list[tuple[int, str]] = []

    def walk(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                continue
            if in_function and isinstance(child, ast.Import):
                found.extend((child.lineno, a.name) for a in child.names)
            elif in_function and isinstance(child, ast.ImportFrom):
                found.extend((child.lineno, m) for m in _absolute(child, package))
            walk(child, in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda))

    walk(ast.parse(source), False)
    return found


def _package_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts if parts[-1] == "__init__" else parts[:-1]).removesuffix(".__init__")


PROJECT = ("logic.", "storage.", "ui.")  # (the standard library's and other packages' imports are not counted)


def lazy_imports_in(*folders: str) -> dict[str, dict[str, int]]:
    """file -> {module of this project it imports inside a function: the line}, for every Python file under
    ``folders``."""
    out: dict[str, dict[str, int]] = {}
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            found = [(line, m) for line, m in function_imports(path.read_text(), _package_of(path))
                     if m.startswith(PROJECT)]
            if found:
                out[str(path.relative_to(ROOT))] = {module: line for line, module in found}
    return out


def test_logic_and_storage_import_at_the_top() -> None:
    """A new import inside a function in logic/ or storage/ fails here: move it to the top, or break the circle
    it dodges by moving the shared piece; only a deliberate lazy load joins LAZY_IMPORTS."""
    found = lazy_imports_in("logic", "storage")
    assert {path: set(modules) for path, modules in found.items()} == {
        path: set(modules) for path, modules in LAZY_IMPORTS.items()}


def test_each_lazy_import_says_why() -> None:
    for path, modules in lazy_imports_in("logic", "storage").items():
        lines = (ROOT / path).read_text().splitlines()
        for module, line in modules.items():
            assert "# lazy:" in lines[line - 1], f"{path}:{line} imports {module} inside a function without saying why"


# ui/: the files that import inside a function, and why (each says so with a ``# lazy:`` comment)
UI_LAZY_FILES = {
    "ui/pages/__init__.py": "the pages load when the app registers them, after main.py set NiceGUI's storage path",
    "ui/server/quiet.py": "a review worker's warm-up: loading the games and judges in the worker is its job",
}


def test_ui_imports_inside_functions_only_where_listed() -> None:
    found = lazy_imports_in("ui")
    assert set(found) == set(UI_LAZY_FILES)
    assert all("# lazy:" in (ROOT / path).read_text() for path in found)


def test_the_check_sees_function_imports_and_skips_type_checking() -> None:
    source = ("from typing import TYPE_CHECKING\nimport os\nif TYPE_CHECKING:\n    from logic.table import Table\n"
              "def f():\n    from .rules import apply\n    if TYPE_CHECKING:\n        import json\n"
              "class A:\n    def g(self):\n        from logic.president import bots\n        import re\n")
    assert function_imports(source, "logic.president") == [
        (6, "logic.president.rules"), (11, "logic.president.bots"), (12, "re")]


# the entry points: page functions (ui/pages), the table page's route, the seat API's routes, main.py and the
# runtime itself. Everything below them is handed what it uses (the hub, the links, a store) by its entry point.
RUNTIME_CALLERS = ("main.py", "ui/server/runtime.py", "ui/table/entry.py", "ui/seat_api/routes.py", "ui/pages/")


def asks_for_the_runtime(source: str) -> bool:
    """``runtime()`` called, or the function imported from ``ui.server.runtime``, anywhere in ``source``."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "runtime":
            return True
        if (isinstance(node, ast.ImportFrom) and node.module == "ui.server.runtime"
                and any(a.name == "runtime" for a in node.names)):
            return True
    return False


def test_only_entry_points_ask_for_the_runtime() -> None:
    files = [ROOT / "main.py", *sorted((ROOT / "ui").rglob("*.py")), *sorted((ROOT / "storage").rglob("*.py")),
             *sorted((ROOT / "logic").rglob("*.py"))]
    callers = {str(p.relative_to(ROOT)) for p in files if asks_for_the_runtime(p.read_text())}
    assert "ui/table/entry.py" in callers and "ui/pages/home.py" in callers
    assert {c for c in callers if not c.startswith(RUNTIME_CALLERS)} == set()


def test_the_runtime_check_sees_a_call_and_an_import() -> None:
    assert asks_for_the_runtime("def f(ctx):\n    return runtime().hub\n")
    assert asks_for_the_runtime("from ui.server.runtime import Runtime, runtime\n")
    assert not asks_for_the_runtime("from ui.server.runtime import Runtime\ndef f(rt: Runtime):\n    return rt.hub\n")


def test_no_module_over_400_lines() -> None:
    """A module that grows past 400 lines is split by job (no forwarders left behind)."""
    long = {str(p.relative_to(ROOT)): n for folder in ("logic", "storage", "ui") for p in (ROOT / folder).rglob("*.py")
            if (n := len(p.read_text().splitlines())) > 400}
    assert long == {}
