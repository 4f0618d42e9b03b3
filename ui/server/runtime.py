"""Process-wide things the pages share: the hub and how the server was started."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ui.guards.code_guard import CodeGuard
from ui.server.hub import Hub


@dataclass
class Runtime:
    hub: Hub
    data_dir: Path
    host: str = "0.0.0.0"
    port: int = 8080
    seed: int | None = None  # --seed: fixed seeds for new tables (testers)
    console_password_always: bool = False  # --console-password-always: the host console asks every browser
    seed_counter: list[int] = field(default_factory=lambda: [0])
    code_guard: CodeGuard = field(default_factory=CodeGuard)  # join-code guesses per address
    # CARDNIGHT_TEST_HOOKS=1: routes for tests only (ui/pages/test_hooks.py), e.g. redraw a table's pages now
    test_hooks: bool = field(default_factory=lambda: os.environ.get("CARDNIGHT_TEST_HOOKS") == "1")
    redraw_hooks: dict[str, list[Callable[[], None]]] = field(default_factory=dict)  # code -> pages' force-redraw

    def on_forced_redraw(self, code: str, redraw: Callable[[], None]) -> Callable[[], None]:
        """With test hooks on: ``redraw`` runs when a test asks to redraw the pages of table ``code``."""
        hooks = self.redraw_hooks.setdefault(code, [])
        hooks.append(redraw)
        return lambda: hooks.remove(redraw) if redraw in hooks else None

    def next_seed(self) -> int | None:
        """With --seed, tables get seed, seed+1, ... in creation order; otherwise random."""
        if self.seed is None:
            return None
        value = self.seed + self.seed_counter[0]
        self.seed_counter[0] += 1
        return value


_runtime: Runtime | None = None


def set_runtime(rt: Runtime) -> None:
    global _runtime
    _runtime = rt


def runtime() -> Runtime:
    assert _runtime is not None, "main.py sets the runtime before pages are served"
    return _runtime
