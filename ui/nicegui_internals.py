"""A faster ``nicegui.helpers.expects_arguments``.

NiceGUI asks ``inspect.signature`` whether a callback takes arguments every time it creates an element (once per
class/style/props collection), which was a fifth of the server's time when a table redraws. The answer depends
only on the function's code and defaults, so it is read from those directly; anything unusual (wrapped functions,
partials, builtins, callables) still goes to the original.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from nicegui import helpers

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


def install() -> None:
    helpers.expects_arguments = expects_arguments


def rewrite_user_storage() -> int:
    """Write NiceGUI's per-browser storage files (``app.storage.user`` of every browser seen, and the general
    storage) once more, e.g. after a full disk refused their writes: NiceGUI writes a file only when it changes.
    Reads NiceGUI's private ``Storage._users``; tests/ui/test_save_notice.py breaks when that changes."""
    from nicegui import app
    from nicegui.persistence.file_persistent_dict import FilePersistentDict

    stores = [*getattr(app.storage, "_users", {}).values(), getattr(app.storage, "_general", None)]
    count = 0
    for store in stores:
        if isinstance(store, FilePersistentDict) and store:
            store.backup()
            count += 1
    return count
