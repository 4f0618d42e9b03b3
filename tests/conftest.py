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


_imports_frozen = False


@pytest.fixture(autouse=True)
def _freeze_imports(request: pytest.FixtureRequest) -> Iterator[None]:
    """NiceGUI's `user` fixture runs a full garbage collection before and after each test, over every object alive:
    the app's modules, routes and catalogues, about 90 ms each, most of a small test's time. After the first such
    test of a worker (main.py has imported the app by then) what is alive is kept out of those collections for good
    (``gc.freeze``, as the server does once started); a later test's garbage is still collected."""
    global _imports_frozen
    yield
    if not _imports_frozen and "user" in request.fixturenames:
        gc.collect()
        gc.freeze()
        _imports_frozen = True
