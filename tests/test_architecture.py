"""The layout docs/architecture.md describes, checked: arrows one way, no part takes the page, NiceGUI's private
names in one module, and a game is a logic package plus a screen folder plus one registry line."""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

import nicegui

from logic.registry import all_games
from ui.games import make_screen, screen_class
from ui.games.base import GameScreen

ROOT = Path(__file__).resolve().parents[1]
PRIVATE_NICEGUI = ("_shutdown_handlers", "_users", "_event_listeners", "_socket_to_document_id",
                   "request_contextvar", "expects_arguments", "_cn_", "_to_dict", "_handle_delete", "_change_handlers")


def python_files(*folders: str) -> list[Path]:
    return [p for folder in folders for p in sorted((ROOT / folder).rglob("*.py"))]


def imports_of(path: Path) -> set[str]:
    return imports_of_source(path.read_text())


def imports_of_source(source: str) -> set[str]:
    """Every module a source imports, anywhere in it (also inside functions), and each ``module.name`` it takes."""
    tree = ast.parse(source)
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return found


INTERNALS = ROOT / "ui" / "nicegui_internals"
# what NiceGUI offers at its top level (``nicegui.__all__``), and ``background_tasks`` and ``events``, documented too
PUBLIC_NICEGUI = frozenset(nicegui.__all__) | {"background_tasks", "events"}
HOOK_TEXT = (re.compile(r"\bcore\.(loop|sio|app)\b"), re.compile(r"\bapp\._[a-z]"), re.compile(r"\bclient\._[a-z]"),
             re.compile(r"\bsocket_handlers\(\)"), re.compile(r"\bsio\.(on|handlers|eio)\b"))  # NiceGUI's own handlers


def outside_internals() -> list[Path]:
    return [p for p in python_files("ui", "storage", "logic") + [ROOT / "main.py"] if INTERNALS not in p.parents]


def nicegui_hooks_in(source: str) -> set[str]:
    """What in ``source`` reaches past NiceGUI's public API: a deep import (``nicegui.elements.mixins...``, also inside
    a function), a module not exported at the top (``from nicegui import core``), ``core.loop``, ``app._...`` and
    the private names of :data:`PRIVATE_NICEGUI`."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            modules = [node.module, *(f"{node.module}.{a.name}" for a in node.names if node.module == "nicegui")]
        elif isinstance(node, ast.Import):
            modules = [a.name for a in node.names]
        else:
            continue
        for module in modules:
            parts = module.split(".")
            if parts[0] == "nicegui" and len(parts) > 1 and (
                    len(parts) > 2 or parts[1] not in PUBLIC_NICEGUI) and parts[1] != "testing":
                found.add(module)
    found.update(m.group(0) for pattern in HOOK_TEXT for m in pattern.finditer(source))
    found.update(name for name in PRIVATE_NICEGUI if name in source)
    return found


def test_nicegui_hooks_live_in_one_package() -> None:
    """Every hook into NiceGUI's internals is in ui/nicegui_internals/ (each with why and the test an upgrade
    breaks); elsewhere only NiceGUI's public API."""
    leaks = {str(p.relative_to(ROOT)): sorted(hooks) for p in outside_internals()
             if (hooks := nicegui_hooks_in(p.read_text()))}
    assert leaks == {}
    assert all(nicegui_hooks_in(p.read_text()) or p.name in ("__init__.py", "http.py")
               for p in INTERNALS.glob("*.py")), "a module of the package that hooks nothing"


def test_the_hook_check_would_have_caught_the_old_leaks() -> None:
    """What was outside ui/nicegui_internals before issue 49: the element subclass, the loop, the socket handlers."""
    assert nicegui_hooks_in("from nicegui.elements.mixins.text_element import TextElement\n") == {
        "nicegui.elements.mixins.text_element"}
    assert nicegui_hooks_in("from nicegui import core, ui\nloop = core.loop\n") >= {"nicegui.core", "core.loop"}
    assert nicegui_hooks_in("def f():\n    from nicegui import core\n    return core.sio.handlers\n") >= {"core.sio"}
    assert nicegui_hooks_in("app._shutdown_handlers.insert(0, f)\n") >= {"app._s", "_shutdown_handlers"}
    assert nicegui_hooks_in("guard_socket(guarded(internals.socket_handlers()), f)\n") == {"socket_handlers()"}
    assert not nicegui_hooks_in("from nicegui import app, background_tasks, run, ui\nfrom nicegui.storage import x\n")


def test_only_the_package_wraps_nicegui_js() -> None:
    """A script that wraps nicegui.js's functions lives beside the package that serves it (islands.js)."""
    wrappers = {str(p.relative_to(ROOT)) for p in [*(ROOT / "assets").rglob("*.js"), *INTERNALS.rglob("*.js")]
                if re.search(r"window\.renderRecursively\s*=", p.read_text())}
    assert wrappers == {"ui/nicegui_internals/islands.js"}


TABLE_PAGE = (ROOT / "ui/table/page.py", ROOT / "ui/table/entry.py")  # the table page, and its route (entry point)


def test_no_part_takes_the_table_page() -> None:
    for path in python_files("ui"):
        if path in TABLE_PAGE:
            continue
        assert "TablePage" not in path.read_text(), f"{path.relative_to(ROOT)} names the table page"


def test_components_and_screens_import_no_page() -> None:
    for folder in ("ui/components", "ui/table", "ui/games", "ui/server", "ui/shell", "ui/net", "ui/guards",
                   "ui/seat_api"):
        for path in python_files(folder):
            if path in TABLE_PAGE:
                continue
            bad = {m for m in imports_of(path) if m.startswith("ui.pages") or m == "ui.table.page"}
            assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


SERVER_AND_SCREENS = ("ui.server", "ui.pages", "ui.table", "ui.games", "ui.shell", "ui.seat_api")


def reaches(module: str, layers: tuple[str, ...]) -> bool:
    return any(module == layer or module.startswith(layer + ".") for layer in layers)


def test_components_import_no_server_page_or_table() -> None:
    """Widgets know no table and no server: what they show is handed to them by the callers."""
    for path in python_files("ui/components"):
        bad = {m for m in imports_of(path) if reaches(m, SERVER_AND_SCREENS)}
        assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


def test_the_layer_check_sees_imports_inside_functions() -> None:
    source = "def f():\n    from ui.server.runtime import runtime\n    import ui.table.still\n"
    found = {m for m in imports_of_source(source) if reaches(m, SERVER_AND_SCREENS)}
    assert found == {"ui.server.runtime", "ui.server.runtime.runtime", "ui.table.still"}
    assert not reaches("ui.servers_like", SERVER_AND_SCREENS) and not reaches("ui.components.x", SERVER_AND_SCREENS)


def test_components_register_no_routes() -> None:
    route = re.compile(r"@(app|ui)\.(get|post|put|delete|page)\(|app\.add_(api_)?route\(")
    for folder in ("ui/components", "ui/games", "ui/table"):
        for path in python_files(folder):
            if path in TABLE_PAGE:
                continue
            assert not route.search(path.read_text()), f"{path.relative_to(ROOT)} registers a route"


def test_logic_imports_no_ui_storage_or_nicegui() -> None:
    for path in python_files("logic"):
        bad = {m for m in imports_of(path) if m.split(".")[0] in ("ui", "storage", "nicegui", "tinydb")}
        assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


def test_every_game_has_a_screen_folder_made_per_page() -> None:
    """One shape for every game: a Screen (a GameScreen and nothing else mixed in) made per page with its context,
    holding its own state (a dataclass) and its controls (ui/games/<game>/controls.py: where its taps are read)."""
    for game in all_games():
        cls = screen_class(game.key)
        assert cls is not None and issubclass(cls, GameScreen), f"ui/games/{game.key}/ has no Screen"
        assert cls.__mro__[1] is GameScreen, f"{cls.__name__} mixes in {cls.__mro__[1].__name__}"
        assert (ROOT / "ui" / "games" / game.key / "controls.py").exists()
        ctx = object()  # a screen only keeps its context when made: it reads it when drawn
        one, two = make_screen(game.key, ctx), make_screen(game.key, ctx)
        assert one is not None and two is not None and one is not two  # each page its own
        assert one.ctx is ctx
        state, controls = vars(one).get("state"), vars(one).get("controls")
        assert dataclasses.is_dataclass(state) and state is not vars(two)["state"], f"{game.key}: no state"
        assert controls is not None and controls.ctx is ctx and controls.state is state
        assert type(controls).__module__ == f"ui.games.{game.key}.controls"


def test_table_parts_redraw_through_regions() -> None:
    """A table part that rebuilds elements outside a Region (``ui.refreshable``, ``element.clear()``) drops a tap
    that lands on an element it just replaced: Regions hand such a tap on (ui/components/region.py)."""
    offenders = []
    for path in python_files("ui/games", "ui/table"):
        text = path.read_text()
        for pattern in (r"ui\.refreshable\b", r"_box\.clear\(\)", r"\.board\.clear\(\)"):
            if re.search(pattern, text):
                offenders.append(f"{path.relative_to(ROOT)}: {pattern}")
    assert not offenders, offenders


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every circle in ``graph`` (module -> the modules it imports), each found once from its first module."""
    circles: list[list[str]] = []
    seen: set[frozenset[str]] = set()

    def walk(start: str, node: str, path: list[str]) -> None:
        for nxt in sorted(graph.get(node, ())):
            if nxt == start:
                key = frozenset(path)
                if key not in seen:
                    seen.add(key)
                    circles.append([*path, start])
            elif nxt not in path and nxt > start:  # each circle once: walked from its smallest module
                walk(start, nxt, [*path, nxt])

    for module in sorted(graph):
        walk(module, module, [module])
    return circles


def server_import_graph() -> dict[str, set[str]]:
    """ui/server's modules and which of them each imports: anywhere in it (inside functions and under
    ``TYPE_CHECKING`` too), as ``import ui.server.x``, ``from ui.server.x import y`` or ``from ui.server import x``."""
    modules = {module_name(p): p for p in python_files("ui/server")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found = imports_of(path)
        graph[name] = {m for m in modules if m != name and m != "ui.server" and m in found}
    return graph


def test_ui_server_has_no_import_circle() -> None:
    """The server's parts import one way (runtime -> hub -> registry, saving, archiver, bots, reviews ...)."""
    graph = server_import_graph()
    assert "ui.server.hub" in graph and "ui.server.registry" in graph["ui.server.hub"]
    assert import_circles(graph) == []


def test_the_circle_check_finds_a_circle_through_a_function_import() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": set(imports_of_source("def f():\n    import a\n"))}
    assert import_circles(graph) == [["a", "b", "c", "a"]]
    assert import_circles({"a": {"b"}, "b": set(), "c": {"a"}}) == []


# module-level names in ui/ that may hold state, each with why; every other store is a field of the Runtime
# (ui/server/runtime.py), which every server (and every test's) makes fresh
MODULE_STATE = {
    "ui/server/runtime.py": {"_runtime"},  # the runtime itself
    "ui/nicegui_internals/speedups.py": {"_original", "_original_change"},  # NiceGUI's own, kept when replaced
    "ui/nicegui_internals/snapshots.py": {"_original"},  # NiceGUI's own method, kept when replaced
    "ui/nicegui_internals/element_cycles.py": {"_original"},  # NiceGUI's own method, kept when replaced
    "ui/nicegui_internals/sockets.py": {"_nicegui_handlers"},  # NiceGUI's own handlers, kept when replaced
    "ui/shell/save_notice.py": {"_notices", "_installed"},  # the notices of open pages, told by storage's HEALTH
    "ui/components/region.py": {"_drawing"},  # the regions being drawn now (a stack, empty between draws)
    "ui/components/scorecard_png.py": {"_cache"},  # drawn glyphs by their inputs (the same for every server)
    "ui/i18n/viewer.py": {"_speaking", "_drawing"},  # the language of texts made outside a page (a ContextVar), and
    # of the page being redrawn now (a stack, empty between redraws)
}


def test_module_level_stores_are_runtime_fields() -> None:
    found: dict[str, set[str]] = {}
    for path in python_files("ui"):
        names = set(re.findall(r"^(_[a-z_]+) *[:=]", path.read_text(), re.M)) - {"__all__"}
        if names:
            found[str(path.relative_to(ROOT))] = names
    assert found == MODULE_STATE


def private_imports(source: str) -> list[str]:
    """``from x import _name`` in a source (``_`` alone, the gettext function, is public by convention)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            found += [f"{node.module}.{a.name}" for a in node.names
                      if a.name.startswith("_") and not a.name.startswith("__") and a.name != "_"]
    return found


def test_no_private_names_imported_across_modules() -> None:
    """A helper another module uses is public, with a name that says what it is."""
    bad = {str(p.relative_to(ROOT)): names for p in python_files("logic", "storage", "ui")
           if (names := private_imports(p.read_text()))}
    assert not bad


def test_private_import_check_finds_one() -> None:
    source = "from logic.game import _readable, IllegalMove\nfrom ui.i18n import _\nimport os\n"
    assert private_imports(source) == ["logic.game._readable"]


def forwarders(source: str, class_name: str) -> list[str]:
    """Methods of ``class_name`` whose whole body hands ``self`` (or ``cls``) to a function of another module."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.ClassDef) and node.name == class_name):
            continue
        for item in node.body:
            if not isinstance(item, ast.FunctionDef):
                continue
            body = [s for s in item.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
            if len(body) != 1 or not isinstance(body[0], ast.Return | ast.Expr):
                continue
            call = body[0].value
            if (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
                    and isinstance(call.func.value, ast.Name) and call.func.value.id not in ("self", "cls")
                    and any(isinstance(a, ast.Name) and a.id in ("self", "cls") for a in call.args)):
                found.append(item.name)
    return found


def test_the_table_model_has_no_forwarders() -> None:
    """Callers use the jobs' functions (``lobby.join(table, ...)``): a behaviour is one edit, not two."""
    assert forwarders((ROOT / "logic/table/model.py").read_text(), "Table") == []
    probe = "class Table:\n    def join(self, who):\n        '''doc'''\n        return lobby.join(self, who)\n"
    assert forwarders(probe, "Table") == ["join"]
