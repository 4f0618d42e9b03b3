"""Shared test set-up: every NiceGUI `user` test gets its own data directory."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/e2e/" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """main.py reads CARDNIGHT_DATA_DIR when run by the `user` fixture."""
    path = tmp_path / "data"
    monkeypatch.setenv("CARDNIGHT_DATA_DIR", str(path))
    return path


@pytest.fixture(autouse=True)
def _freeze_survivors(request: pytest.FixtureRequest) -> Iterator[None]:
    """NiceGUI's `user` fixture runs a full garbage collection before and after each test, over every object alive:
    the app's modules, routes and catalogues, and all a worker's earlier tests left behind; that walk was half of
    the `user` tests' time (tests/ui on two workers: 91 s, 46 s with this). After such a test (its own collection
    has run by then) what is still alive is kept out of later collections (``gc.freeze``, as the server does once
    started): a later test's garbage is still collected, a worker's memory grows a little (300 -> 470 MB)."""
    yield
    if "user" in request.fixturenames:
        gc.freeze()
