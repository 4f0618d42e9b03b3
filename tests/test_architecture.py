"""The layout docs/architecture.md describes, checked: arrows one way, no part takes the page, NiceGUI's private
names in one module, and a game is a logic package plus a screen folder plus one registry line."""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

from logic.registry import all_games
from ui.games import make_screen, screen_class
from ui.games.base import GameScreen

ROOT = Path(__file__).resolve().parents[1]
PRIVATE_NICEGUI = ("_shutdown_handlers", "_users", "_event_listeners", "_socket_to_document_id",
                   "request_contextvar", "expects_arguments", "_cn_")


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


def test_nicegui_private_names_live_in_one_module() -> None:
    users = {str(p.relative_to(ROOT)) for p in python_files("ui", "storage", "logic") + [ROOT / "main.py"]
             if any(name in p.read_text() for name in PRIVATE_NICEGUI)}
    assert users == {"ui/nicegui_internals.py"}


def test_no_part_takes_the_table_page() -> None:
    for path in python_files("ui"):
        if path.name == "page.py" and path.parent.name == "table":
            continue
        assert "TablePage" not in path.read_text(), f"{path.relative_to(ROOT)} names the table page"


def test_components_and_screens_import_no_page() -> None:
    for folder in ("ui/components", "ui/table", "ui/games", "ui/server", "ui/shell", "ui/net", "ui/guards",
                   "ui/seat_api"):
        for path in python_files(folder):
            if path == ROOT / "ui/table/page.py":
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
            if path == ROOT / "ui/table/page.py":
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
