"""Fixtures for the storage tests; makes the project root importable under plain ``pytest``."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """A fresh data directory (not created yet, so stores must create it)."""
    return tmp_path / "data"
