"""main.settle_memory: start-up objects leave the cycle collector's view and full collections run rarely."""

from __future__ import annotations

import gc

import main


def test_settle_memory_freezes_start_up_objects_and_spaces_full_collections() -> None:
    before = gc.get_threshold()
    try:
        main.settle_memory()
        assert gc.get_freeze_count() > 0, "the objects made so far are frozen"
        young, middle, full = gc.get_threshold()
        assert (young, middle) == before[:2]
        assert full == main.FULL_COLLECTION_EVERY > before[2]
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
