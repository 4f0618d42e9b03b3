"""Shared test set-up: every NiceGUI `user` test gets its own data directory."""

from __future__ import annotations

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
