"""Shared Stockpile test helper: the illegal-move check."""

from __future__ import annotations

import pytest

from logic.game import IllegalMove
from logic.stockpile import GAME
from logic.stockpile import state as S


def must_fail(s: S.State, seat: int, action, text: str = "") -> None:
    before = S.snapshot(s)
    with pytest.raises(IllegalMove) as err:
        GAME.apply(s, seat, action)
    assert text.lower() in str(err.value).lower()
    assert S.snapshot(s) == before
