"""The fast expects_arguments answers exactly as NiceGUI's own for every kind of callable."""

from __future__ import annotations

import functools

from ui.nicegui_internals import speedups as nicegui_speedups


class Thing:
    def method(self) -> None: ...
    def method_arg(self, e) -> None: ...  # noqa: ANN001
    def method_default(self, e=None) -> None: ...  # noqa: ANN001
    @staticmethod
    def static(e) -> None: ...  # noqa: ANN001
    @classmethod
    def klass(cls) -> None: ...
    def __call__(self, e) -> None: ...  # noqa: ANN001


def plain(a, b=1, *args, c, d=2, **kw) -> None: ...  # noqa: ANN001, ANN002, ANN003


def no_args() -> None: ...


def kw_only(*, c) -> None: ...  # noqa: ANN001


def kw_default(*, c=1) -> None: ...  # noqa: ANN001


def varargs(*args, **kwargs) -> None: ...  # noqa: ANN002, ANN003


@functools.wraps(plain)
def wrapped(*args, **kwargs) -> None: ...  # noqa: ANN002, ANN003


CALLABLES = [plain, no_args, kw_only, kw_default, varargs, wrapped, functools.partial(plain, 1),
             lambda: None, lambda e: None, lambda e=None: None, lambda *_: None, Thing().method, Thing().method_arg,
             Thing().method_default, Thing.static, Thing().klass, Thing(), print, len]


def test_same_answer_as_nicegui() -> None:
    original = nicegui_speedups._original  # noqa: SLF001
    for func in CALLABLES:
        assert nicegui_speedups.expects_arguments(func) == original(func), func
