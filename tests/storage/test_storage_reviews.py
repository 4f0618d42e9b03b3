"""Reviews are kept once per finished game and seat (one file per game), survive a restart, and a bad record or
file never stops a load."""

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
    assert set(json.loads(store.path("ABCD").read_text())["seats"]) == {"0"}
    assert store.delete("ABCD") == 1 and store.get("ABCD", 0) is None


def test_an_outdated_review_counts_as_missing(data_dir: Path):
    store = ReviewStore(data_dir)
    store.put("ABCD", review(0, version=REVIEW_VERSION - 1))
    assert store.get("ABCD", 0) is None and store.for_game("ABCD") == {}


def test_a_corrupt_record_is_logged_and_skipped(data_dir: Path, caplog):
    store = ReviewStore(data_dir)
    store.put("ABCD", review(0))
    edit(store, "ABCD", lambda seats: seats.update({"1": {"schema": 1, "code": "ABCD", "seat": 1,
                                                          "review": {"nonsense": True}},
                                                    "2": {"schema": 99, "code": "ABCD", "seat": 2}}))
    with caplog.at_level(logging.WARNING, logger="cardnight.storage"):
        assert set(store.for_game("ABCD")) == {0}
        assert store.get("ABCD", 1) is None
    assert sum("Skipping invalid review record" in r.message for r in caplog.records) == 2
    caplog.clear()
    store.for_game("ABCD")  # each bad record is reported once
    assert not caplog.records


def test_a_damaged_file_is_set_aside_with_one_log_line_and_the_review_made_again(data_dir: Path, caplog):
    store = ReviewStore(data_dir)
    store.put("ABCD", review(0))
    store.put("WXYZ", review(0))
    store.close()
    path = data_dir / "reviews" / "ABCD.json"
    good = path.read_text()
    path.write_text(good[:-7])  # cut short, as by a crash without the atomic write
    again = ReviewStore(data_dir)
    with caplog.at_level(logging.WARNING, logger="cardnight.storage"):
        assert again.for_game("ABCD") == {} and again.for_game("ABCD") == {}
        assert again.summaries() == {("WXYZ", 0): review(0).summary}  # the other games are untouched
    assert sum("Corrupt data file" in r.message for r in caplog.records) == 1
    kept = list((data_dir / "reviews").glob("ABCD.json.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_text() == good[:-7]
    again.put("ABCD", review(1))  # made again
    assert again.get("ABCD", 1) == review(1) and again.get("WXYZ", 0) == review(0)
    json.loads(path.read_text())  # whole again


def test_bad_codes_are_refused(data_dir: Path):
    store = ReviewStore(data_dir)
    try:
        store.put("../x", review(0))
    except ValueError:
        return
    raise AssertionError("a code that is not a table code was accepted")


def edit(store: ReviewStore, code: str, change) -> None:
    """Change game ``code``'s file behind the store's back (as a restore or a hand would)."""
    path = store.path(code)
    data = json.loads(path.read_text())
    change(data["seats"])
    tmp = path.with_name("edited.tmp")
    tmp.write_text(json.dumps(data))
    tmp.replace(path)


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
    assert len(again.summaries()) == 80 and again.validations == 84  # every file read once for the summaries
    assert len(again.summaries()) == 80 and again.validations == 84  # ...then kept
    again.put("G050", review(2))
    assert len(again.summaries()) == 81 and again.validations == 84  # kept up to date by the store's writes


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
    assert store.get("G003", 0) == review(0) and store.validations == before + 1  # its own file only
    assert store.get("G003", 0) == review(0) and store.validations == before + 1  # ...once
    assert store.delete("G001") == 2
    assert store.for_game("G001") == {} and ("G001", 0) not in store.summaries()
    assert store.get("G002", 0) == review(0)
    store.put("G002", review(0, version=REVIEW_VERSION - 1))  # made outdated: counts as missing at once
    assert store.get("G002", 0) is None and ("G002", 0) not in store.summaries()


def test_a_file_replaced_behind_the_stores_back_is_seen(data_dir: Path):
    store = ReviewStore(data_dir, fsync=False)
    store.put("ABCD", review(0))
    assert set(store.for_game("ABCD")) == {0}
    edit(store, "ABCD", lambda seats: seats.update(
        {"3": {**seats["0"], "seat": 3, "review": {**seats["0"]["review"], "seat": 3}}}))
    assert set(store.for_game("ABCD")) == {0, 3}
    store.path("ABCD").unlink()
    assert store.for_game("ABCD") == {}


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
