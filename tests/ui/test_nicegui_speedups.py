"""The fast expects_arguments answers exactly as NiceGUI's own for every kind of callable."""

from __future__ import annotations

import functools

import pytest
from nicegui import core, events, ui
from nicegui.classes import Classes
from nicegui.props import Props
from nicegui.style import Style
from nicegui.testing import User

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


async def test_an_elements_parts_tell_it_of_changes_directly(user: User, monkeypatch: pytest.MonkeyPatch) -> None:
    """Classes, style and props call their element's update without ``events.handle_event`` (the direct change);
    a nested value of the props still goes the original way, and an error still reaches NiceGUI's handler."""
    made: dict[str, ui.element] = {}

    @ui.page("/direct-change-test")
    def page() -> None:
        made["label"] = ui.label("x")

    await user.open("/direct-change-test")
    label = made["label"]
    updates: list[int] = []
    monkeypatch.setattr(label, "update", lambda: updates.append(1))

    def no_event(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("went through events.handle_event")

    monkeypatch.setattr(events, "handle_event", no_event)
    for change in (lambda: label.classes("text-xl"), lambda: label.style("color: red"),
                   lambda: label.props("data-x=1"), lambda: label.props.update({"data-y": "2"})):
        before = len(updates)
        change()
        assert len(updates) > before
    assert "text-xl" in label.classes and label.style["color"] == "red" and label.props["data-y"] == "2"
    monkeypatch.undo()

    monkeypatch.setattr(label, "update", lambda: updates.append(1))
    label.props["data-nested"] = {"a": 1}
    before = len(updates)
    label.props["data-nested"]["b"] = 2  # (a nested collection: its parent's handlers, the original way)
    assert len(updates) > before

    errors: list[Exception] = []
    monkeypatch.setattr(core.app, "handle_exception", errors.append)
    monkeypatch.setattr(label, "update", lambda: 1 / 0)
    label.classes("text-sm")
    assert len(errors) == 1 and isinstance(errors[0], ZeroDivisionError)


def test_the_direct_change_is_what_the_parts_use() -> None:
    for part in (Classes, Style, Props):
        assert part._handle_change is nicegui_speedups.direct_change
