"""NiceGUI's timers (a page's ``ui.timer``, ``app.timer``) keep their pace when the wall clock steps back: once
installed, ``nicegui.timer`` measures its callbacks with the monotonic clock. Fails when an upgrade of NiceGUI
changes how its timer reads the time (then see ui/nicegui_internals/speedups.py)."""

from __future__ import annotations

import importlib
import inspect
import time

from ui import nicegui_internals


def test_nicegui_timers_measure_their_callbacks_with_the_monotonic_clock() -> None:
    module = importlib.import_module("nicegui.timer")
    loop_source = inspect.getsource(module.Timer._run_in_loop)
    assert "time.time()" in loop_source and "self.interval - dt" in loop_source  # what the patch relies on
    nicegui_internals.install()
    assert module.time.time is time.monotonic
    assert inspect.getsource(module).count("time.") == 2  # nothing else in the module reads the clock
