"""Finding elements by their tester-contract ``data-testid`` in NiceGUI `user` tests."""

from __future__ import annotations

import asyncio

from nicegui import ui
from nicegui.testing import User
from nicegui.testing.user_interaction import UserInteraction


def with_testid(user: User, testid: str) -> list[ui.element]:
    with user:
        return [e for e in user.current_layout.descendants() if e.props.get("data-testid") == testid]


async def find(user: User, testid: str, timeout: float = 3.0) -> UserInteraction:
    """Wait until an element with this data-testid exists (pages refresh in background tasks)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        found = with_testid(user, testid)
        if found:
            return UserInteraction(user, set(found), None)
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"no element with data-testid={testid!r}")
        await asyncio.sleep(0.05)


async def table_attr(user: User, name: str, expect: str | None = None, timeout: float = 3.0) -> str:
    """Read an attribute of the table root, optionally waiting until it has the expected value."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        roots = with_testid(user, "table")
        value = str(roots[0].props.get(name, "")) if roots else ""
        if expect is None or value == expect:
            return value
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"table {name} is {value!r}, expected {expect!r}")
        await asyncio.sleep(0.05)


async def eventually(check, timeout: float = 3.0) -> None:  # noqa: ANN001
    """Poll until ``check()`` is true (pages update in background tasks)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not check():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("condition not met in time")
        await asyncio.sleep(0.05)
