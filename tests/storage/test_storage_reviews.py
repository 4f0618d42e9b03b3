"""Reviews are kept once per finished game and seat, survive a restart, and a bad record never stops a load."""

from __future__ import annotations

import json
import logging
from pathlib import Path

from logic.review.model import REVIEW_VERSION, DecisionReview, SeatReview, summarize
from storage.reviews import ReviewStore


def review(seat: int = 0, cost: float = 1.5, version: int = REVIEW_VERSION) -> SeatReview:
    d = DecisionReview(step=4, seat=seat, chosen={"kind": "pass"}, chosen_words="pass",
                       best={"kind": "play", "cards": ["2S"]}, best_words="a single 2", chosen_value=0.5,
                       best_value=0.5 + cost, cost=cost, stderr=0.2, worlds=24, flagged=True,
                       why="Playing a single 2 takes the trick.", currency="points")
    return SeatReview(version=version, game="president", seat=seat, rng_seed=0, budget={"max_worlds": 24},
                      decisions=[d], summary=summarize(seat, [d], 0, "points"))


def test_a_review_is_kept_and_found_again_after_a_restart(data_dir: Path):
    store = ReviewStore(data_dir)
    assert store.get("ABCD", 0) is None
    store.put("ABCD", review(0))
    store.put("ABCD", review(2, cost=3.0))
    store.put("WXYZ", review(0))
    assert store.get("ABCD", 0) == review(0)
    store.close()
    again = ReviewStore(data_dir)
    assert again.get("ABCD", 2) == review(2, cost=3.0)
    assert set(again.for_game("ABCD")) == {0, 2}
    assert again.get("ABCD", 1) is None


def test_putting_a_review_again_replaces_it(data_dir: Path):
    store = ReviewStore(data_dir)
    store.put("ABCD", review(0, cost=1.0))
    store.put("ABCD", review(0, cost=2.0))
    assert store.get("ABCD", 0).summary.total_cost == 2.0
    assert len(store.db.table("reviews")) == 1
    assert store.delete("ABCD") == 1 and store.get("ABCD", 0) is None


def test_an_outdated_review_counts_as_missing(data_dir: Path):
    store = ReviewStore(data_dir)
    store.put("ABCD", review(0, version=REVIEW_VERSION - 1))
    assert store.get("ABCD", 0) is None and store.for_game("ABCD") == {}


def test_a_corrupt_record_is_logged_and_skipped(data_dir: Path, caplog):
    store = ReviewStore(data_dir)
    store.put("ABCD", review(0))
    store.db.table("reviews").insert({"schema": 1, "code": "ABCD", "seat": 1, "review": {"nonsense": True}})
    store.db.table("reviews").insert({"schema": 99, "code": "ABCD", "seat": 2})
    with caplog.at_level(logging.WARNING, logger="cardnight.storage"):
        assert set(store.for_game("ABCD")) == {0}
        assert store.get("ABCD", 1) is None
    assert sum("Skipping invalid review record" in r.message for r in caplog.records) == 2
    caplog.clear()
    store.for_game("ABCD")  # each bad record is reported once
    assert not caplog.records


def test_a_damaged_file_is_set_aside_and_the_rest_kept(data_dir: Path):
    store = ReviewStore(data_dir)
    store.put("ABCD", review(0))
    store.close()
    path = data_dir / "reviews.json"
    good = path.read_text()
    path.write_text(good[:-7])  # cut short, as by a crash without the atomic write
    again = ReviewStore(data_dir)
    assert list(data_dir.glob("reviews.json.corrupt-*"))
    again.put("EFGH", review(1))
    assert again.get("EFGH", 1) == review(1)
    json.loads(path.read_text())  # whole again


def test_bad_codes_are_refused(data_dir: Path):
    store = ReviewStore(data_dir)
    try:
        store.put("../x", review(0))
    except ValueError:
        return
    raise AssertionError("a code that is not a table code was accepted")


def codes(n: int) -> list[str]:
    return [f"G{i:03d}" for i in range(n)]


def test_a_lookup_validates_only_that_games_records_and_only_once(data_dir: Path):
    store = ReviewStore(data_dir, fsync=False)
    for code in codes(40):
        store.put(code, review(0))
        store.put(code, review(1, cost=2.0))
    store.close()
    again = ReviewStore(data_dir, fsync=False)
    assert set(again.for_game("G007")) == {0, 1} and again.validations == 2
    assert again.get("G007", 1) == review(1, cost=2.0) and again.validations == 2  # kept: not validated again
    assert again.get("G008", 0) == review(0) and again.validations == 4
    assert again.for_game("NONE") == {} and again.validations == 4
    assert len(again.summaries()) == 80 and again.validations == 80  # each record once, the kept ones not again
    assert len(again.summaries()) == 80 and again.validations == 80


def test_the_index_follows_the_stores_writes(data_dir: Path):
    store = ReviewStore(data_dir, fsync=False)
    for code in codes(5):
        store.put(code, review(0))
    assert store.get("G001", 0) == review(0) and store.summaries()[("G001", 0)].total_cost == 1.5
    store.put("G001", review(0, cost=4.0))  # replaced
    store.put("G001", review(2, cost=5.0))  # added
    store.put("G009", review(1))  # a new game
    assert store.get("G001", 0).summary.total_cost == 4.0 and set(store.for_game("G001")) == {0, 2}
    assert store.get("G009", 1) == review(1)
    summaries = store.summaries()
    assert summaries[("G001", 0)].total_cost == 4.0 and ("G001", 2) in summaries and ("G009", 1) in summaries
    before = store.validations
    assert store.get("G003", 0) == review(0) and store.validations == before  # the others were not looked at again
    assert store.delete("G001") == 2
    assert store.for_game("G001") == {} and ("G001", 0) not in store.summaries()
    assert store.get("G002", 0) == review(0)
    store.put("G002", review(0, version=REVIEW_VERSION - 1))  # made outdated: counts as missing at once
    assert store.get("G002", 0) is None and ("G002", 0) not in store.summaries()


def test_a_write_behind_the_stores_back_is_seen(data_dir: Path):
    store = ReviewStore(data_dir, fsync=False)
    store.put("ABCD", review(0))
    assert set(store.for_game("ABCD")) == {0}
    good = store.db.table("reviews").get(doc_id=1)
    store.db.table("reviews").insert({**dict(good), "seat": 3, "review": {**good["review"], "seat": 3}})
    assert set(store.for_game("ABCD")) == {0, 3}
    store.db.table("reviews").truncate()
    assert store.for_game("ABCD") == {} and store.summaries() == {}


def test_a_failed_write_leaves_the_index_right(data_dir: Path, monkeypatch):
    import storage.atomic_json as atomic_json

    store = ReviewStore(data_dir, fsync=False)
    store.put("ABCD", review(0))
    assert store.get("ABCD", 0) == review(0)

    def full(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic_json, "_atomic_write_text", full)
    try:
        store.put("ABCD", review(0, cost=9.0))
        store.put("WXYZ", review(1))
    except OSError:
        pass
    else:
        raise AssertionError("the write did not fail")
    monkeypatch.undo()
    assert store.get("ABCD", 0) == review(0)  # what the file holds
    assert store.for_game("WXYZ") == {}
    store.put("WXYZ", review(1))
    assert store.get("WXYZ", 1) == review(1) and ReviewStore(data_dir).get("WXYZ", 1) == review(1)
