"""Reviews are kept one file per finished game: a write touches only its game's file, memory holds a bounded number
of whole reviews, and an old ``reviews.json`` (every review in one TinyDB file) is split at the first start, safely
even when that start is cut off half-way."""

from __future__ import annotations

import gc
import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

import storage.atomic_json as atomic_json
from logic.review.model import REVIEW_VERSION, SeatReview
from storage.reviews import ReviewRecord, ReviewStore
from tests.storage.test_storage_reviews import review
from ui.server import reviews as runner_module
from ui.server.runtime import build_hub


def signatures(folder: Path) -> dict[str, tuple[int, int]]:
    return {p.name: (p.stat().st_ino, p.stat().st_mtime_ns) for p in folder.iterdir()}


def old_record(code: str, seat: int, cost: float = 1.5) -> dict:
    made = datetime(2026, 1, 2, tzinfo=UTC)
    return ReviewRecord(code=code, seat=seat, made_at=made, review=review(seat, cost)).dump()


def write_old_file(data_dir: Path, records: list[dict]) -> Path:
    """A data folder of an older Card Night: every review in ``reviews.json`` (TinyDB's layout)."""
    data_dir.mkdir(parents=True, exist_ok=True)
    path = data_dir / "reviews.json"
    path.write_text(json.dumps({"reviews": {str(i + 1): r for i, r in enumerate(records)}}))
    return path


def test_each_game_has_its_own_file_and_a_write_touches_only_that_one(data_dir: Path) -> None:
    store = ReviewStore(data_dir, fsync=False)
    for code in ("ABCD", "EFGH", "WXYZ"):
        store.put(code, review(0))
    folder = data_dir / "reviews"
    assert sorted(p.name for p in folder.iterdir()) == ["ABCD.json", "EFGH.json", "WXYZ.json"]
    assert not (data_dir / "reviews.json").exists()
    before = signatures(folder)
    store.put("EFGH", review(1, cost=2.0))
    after = signatures(folder)
    assert [name for name in after if after[name] != before[name]] == ["EFGH.json"]
    assert set(json.loads((folder / "EFGH.json").read_text())["seats"]) == {"0", "1"}


def test_the_store_keeps_no_more_whole_reviews_than_its_bound(data_dir: Path) -> None:
    gc.collect()
    alive_before = sum(isinstance(o, SeatReview) for o in gc.get_objects())
    store = ReviewStore(data_dir, fsync=False)
    for g in range(30):
        for seat in range(4):
            store.put(f"G{g:03d}", review(seat))
    again = ReviewStore(data_dir, fsync=False)
    for g in range(30):
        assert len(again.for_game(f"G{g:03d}")) == 4
    assert len(again.summaries()) == 120
    assert again.cached_reviews() <= ReviewStore.KEEP_REVIEWS < 120
    gc.collect()
    alive = sum(isinstance(o, SeatReview) for o in gc.get_objects()) - alive_before
    assert alive <= ReviewStore.KEEP_REVIEWS, alive  # (both stores together: the first one keeps none)


def test_an_old_reviews_file_is_split_per_game_and_kept_renamed(data_dir: Path) -> None:
    old = write_old_file(data_dir, [old_record("ABCD", 0), old_record("ABCD", 2, 3.0), old_record("WXYZ", 1),
                                    old_record("ABCD", 0, 2.0),  # a later record of a seat replaces the earlier
                                    {**old_record("ABCD", 3), "code": "../x"}])  # never a file name
    text = old.read_text()
    store = ReviewStore(data_dir, fsync=False)
    assert store.get("ABCD", 0) == review(0, 2.0) and store.get("ABCD", 2) == review(2, 3.0)
    assert set(store.for_game("ABCD")) == {0, 2} and store.get("WXYZ", 1) == review(1)
    assert sorted(p.name for p in (data_dir / "reviews").iterdir()) == ["ABCD.json", "WXYZ.json"]
    assert not old.exists() and (data_dir / "reviews.json.migrated").read_text() == text  # kept, unchanged
    folder = signatures(data_dir / "reviews")
    again = ReviewStore(data_dir, fsync=False)  # the next start: nothing to do
    assert len(again.summaries()) == 3 and signatures(data_dir / "reviews") == folder
    assert sorted(p.name for p in data_dir.iterdir()) == ["reviews", "reviews.json.migrated"]


def test_a_migration_cut_off_half_way_loses_nothing_and_the_next_start_finishes_it(data_dir: Path,
                                                                                   monkeypatch) -> None:
    old = write_old_file(data_dir, [old_record(code, seat) for code in ("AAAA", "BBBB", "CCCC") for seat in (0, 1)])
    real = atomic_json._atomic_write_text
    writes: list[Path] = []

    def crash_at_the_second_game(path: Path, *args, **kwargs) -> None:
        if writes:
            raise OSError(28, "No space left on device")  # (as a power cut: the rest is never written)
        writes.append(path)
        real(path, *args, **kwargs)

    monkeypatch.setattr(atomic_json, "_atomic_write_text", crash_at_the_second_game)
    cut = ReviewStore(data_dir, fsync=False)
    assert cut.for_game("AAAA").keys() == {0, 1}  # what was moved is there; the rest waits for the next start
    assert old.exists() and len(list((data_dir / "reviews").glob("*.json"))) == 1
    monkeypatch.undo()
    newer = review(0, cost=9.0)
    cut.put("AAAA", newer)  # (the server went on: newer than the old file's)
    assert old.exists() and cut.get("AAAA", 0) == newer
    again = ReviewStore(data_dir, fsync=False)
    assert len(again.summaries()) == 6 and again.get("AAAA", 0) == newer  # the newer review is not overwritten
    assert not old.exists() and (data_dir / "reviews.json.migrated").exists()


def test_a_damaged_old_file_gives_what_can_be_salvaged(data_dir: Path) -> None:
    old = write_old_file(data_dir, [old_record("ABCD", 0), old_record("WXYZ", 1)])
    text = old.read_text()
    old.write_text(text[:-40])  # the second record cut short
    store = ReviewStore(data_dir, fsync=False)
    assert store.get("ABCD", 0) == review(0) and store.for_game("WXYZ") == {}
    assert list(data_dir.glob("reviews.json.corrupt-*")) and (data_dir / "reviews.json.migrated").exists()


def test_an_earlier_migrated_file_is_never_replaced(data_dir: Path) -> None:
    write_old_file(data_dir, [old_record("ABCD", 0)])
    (data_dir / "reviews.json.migrated").write_text("an earlier one")
    assert ReviewStore(data_dir, fsync=False).get("ABCD", 0) == review(0)
    assert (data_dir / "reviews.json.migrated").read_text() == "an earlier one"
    assert (data_dir / "reviews.json.migrated-1").exists()


@pytest.mark.parametrize("version", [REVIEW_VERSION, REVIEW_VERSION - 1])
def test_the_summaries_follow_a_write_without_reading_any_file(data_dir: Path, version: int) -> None:
    store = ReviewStore(data_dir, fsync=False)
    for code in ("ABCD", "EFGH"):
        store.put(code, review(0))
    assert len(store.summaries()) == 2
    store.put("WXYZ", review(1, version=version))
    store.put("ABCD", review(0, version=version))
    before = store.validations
    expected = {("EFGH", 0)} | ({("WXYZ", 1), ("ABCD", 0)} if version == REVIEW_VERSION else set())
    assert set(store.summaries()) == expected and store.validations == before
    assert set(ReviewStore(data_dir, fsync=False).summaries()) == expected  # as the files say


async def test_the_runner_keeps_a_few_games_reviews_and_reads_the_others_again(data_dir: Path) -> None:
    runner = build_hub(data_dir).reviews
    codes = [f"G{i:03d}" for i in range(runner_module.KEEP_GAMES + 5)]
    for code in codes:
        runner.store.put(code, review(0))
        assert (await runner.load(code, "president", [True])).finished
    assert len(runner.games) == runner_module.KEEP_GAMES and codes[0] not in runner.games
    again = await runner.load(codes[0], "president", [True])  # read again from its file
    assert again.finished and again.seats[0].review == review(0) and not runner.queued(codes[0])
