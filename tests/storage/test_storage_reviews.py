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
