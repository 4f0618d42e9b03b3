"""Fixtures for the NiceGUI `user` tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ui.guards import code_guard


@pytest.fixture(autouse=True)
def fresh_code_guard() -> Iterator[None]:
    """Every simulated browser has the same address: one test's wrong codes must not slow down the next."""
    code_guard.reset()
    yield
    code_guard.reset()
