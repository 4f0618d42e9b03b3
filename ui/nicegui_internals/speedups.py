"""NiceGUI made faster and steadier at start: a faster ``expects_arguments``, ``nicegui.timer`` on the monotonic clock,
the process pool's workers started our way, and an element's own classes, style and props telling it of a change
directly.

A faster ``expects_arguments``: NiceGUI asks ``inspect.signature`` whether a callback takes arguments every time it
creates an element (once per class/style/props collection), which was a fifth of the server's time when a table
redraws. The answer depends only on the function's code and defaults, so it is read from those directly; anything
unusual (wrapped functions, partials, builtins, callables) still goes to the original.

A direct change: every change to an element's classes, style or props (three or so per element as it is made) went
through ``events.handle_event`` with a new event-arguments object, only to call the collection's own ``_update``:
a seventh of a Pi-class host's server time (issue 50). When that is the collection's only listener, it is called
directly (its errors still go to NiceGUI's handler); anything else goes the original way.

Breaks on upgrade: tests/ui/test_nicegui_speedups.py (``helpers.expects_arguments``, the collections'
``_handle_change``, ``_change_handlers``, ``_observer_refs`` and ``_parent_ref``), tests/ui/test_timer_clock.py
(``nicegui.timer``'s ``time``), tests/logic/test_bot_worker.py (``nicegui.run._ignore_sigint``).
"""

from __future__ import annotations

import importlib
import inspect
import time
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

from nicegui import core, helpers
from nicegui.classes import Classes
from nicegui.observables import ObservableCollection
from nicegui.props import Props
from nicegui.style import Style

from logic.bot_worker import start_pool_worker
from storage.folder_lock import close_inherited_locks

_original: Callable[[Callable[..., Any]], bool] = helpers.expects_arguments


def expects_arguments(func: Callable[..., Any]) -> bool:
    """True if ``func`` has a parameter without a default that is not ``*args``/``**kwargs`` (as NiceGUI's)."""
    bound = inspect.ismethod(func)
    f = func.__func__ if bound else func  # type: ignore[attr-defined]
    if not inspect.isfunction(f) or hasattr(f, "__wrapped__") or (bound and f.__code__.co_argcount == 0):
        return _original(func)
    code = f.__code__
    required_positional = code.co_argcount - len(f.__defaults__ or ()) - (1 if bound else 0)
    if required_positional > 0:
        return True
    keyword_only = code.co_varnames[code.co_argcount:code.co_argcount + code.co_kwonlyargcount]
    defaults = f.__kwdefaults__ or {}
    return any(name not in defaults for name in keyword_only)


_original_change: Callable[[ObservableCollection], None] = ObservableCollection._handle_change  # noqa: SLF001


def direct_change(collection: ObservableCollection) -> None:
    """``ObservableCollection._handle_change`` for an element's classes, style or props: their own ``_update``
    called directly when it is the only listener (as NiceGUI makes them); otherwise the original."""
    handlers = collection._change_handlers  # noqa: SLF001
    if len(handlers) == 1 and not collection._observer_refs and collection._parent_ref is None:  # noqa: SLF001
        handler = handlers[0][0]
        if getattr(handler, "__self__", None) is collection:
            collection.last_modified = time.time()
            try:
                handler()
            except Exception as exc:  # (as events.handle_event does)
                core.app.handle_exception(exc)
            return
    _original_change(collection)


def install() -> None:
    """The faster ``expects_arguments``, the timers' monotonic clock, our pool worker start and the direct change of
    an element's parts (once per app start)."""
    helpers.expects_arguments = expects_arguments
    for part in (Classes, Style, Props):
        type.__setattr__(part, "_handle_change", direct_change)
    # the module's ``time``, read only for dt (mypy sees the module object only, not what it imported)
    importlib.import_module("nicegui.timer").time = MONOTONIC_TIME  # type: ignore[attr-defined]
    # the pool's initializer, named at both places NiceGUI makes the pool (at start, after a broken pool)
    run_module = importlib.import_module("nicegui.run")
    if not hasattr(run_module, "_ignore_sigint"):
        raise RuntimeError("nicegui.run._ignore_sigint is gone: see ui/nicegui_internals/")
    run_module._ignore_sigint = start_worker  # type: ignore[attr-defined]


def start_worker() -> None:
    """Where a forked pool worker starts: it lets go of the data folder's lock it inherited (a worker outliving a
    killed server by a moment must not keep a new server out), then :func:`logic.bot_worker.start_pool_worker`."""
    close_inherited_locks()
    start_pool_worker()


MONOTONIC_TIME = SimpleNamespace(time=time.monotonic)  # stands in for the ``time`` module inside nicegui.timer
