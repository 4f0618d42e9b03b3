"""What the review store holds and costs once many games are reviewed: the objects the cycle collector tracks after
storing ``--games`` games' reviews (4 seats each, about 170 KB of JSON per game, as a President game), and the time
to store one more review then. Run by hand, single process; prints figures.

    python tests/bench/bench_review_memory.py --games 25            # this store (one file per game)
    python tests/bench/bench_review_memory.py --games 25 --old F    # the store of file F (e.g. an older reviews.py)
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from logic.review.model import DecisionReview, SeatReview, summarize  # noqa: E402


def seat_review(seat: int, decisions: int = 110) -> SeatReview:
    made = [DecisionReview(step=i, seat=seat, chosen={"kind": "play", "cards": ["7H", "7S"]},
                           chosen_words="a pair of 7s", best={"kind": "play", "cards": ["2S"]},
                           best_words="a single 2", chosen_value=0.5,
                           best_value=1.0, cost=0.5, stderr=0.2, worlds=24, flagged=i % 7 == 0,
                           why="A single 2 takes the trick and leads the next one.", currency="points")
            for i in range(decisions)]
    return SeatReview(game="president", seat=seat, rng_seed=0, budget={"max_worlds": 24}, decisions=made,
                      summary=summarize(seat, made, 0, "points"))


def store_class(old: str | None) -> Any:
    if old is None:
        from storage.reviews import ReviewStore
        return ReviewStore
    spec = importlib.util.spec_from_file_location("old_reviews", old)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (pydantic resolves the annotations through it)
    spec.loader.exec_module(module)
    return module.ReviewStore


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=25)
    ap.add_argument("--old", help="a reviews.py to measure instead of storage/reviews.py")
    ap.add_argument("--data", help="the data folder's parent (default: a temporary folder)")
    args = ap.parse_args()
    cls = store_class(args.old)
    data = Path(tempfile.mkdtemp(prefix="cn-bench-revmem-", dir=args.data)) / "data"
    reviews = [seat_review(seat) for seat in range(4)]
    gc.collect()
    base = len(gc.get_objects())
    store = cls(data)  # fsync on, as the server
    for g in range(args.games):
        for seat in range(4):
            store.put(f"G{g:04d}", reviews[seat])
    store.summaries()
    store.for_game("G0000")
    gc.collect()
    after_puts = len(gc.get_objects()) - base
    del store
    gc.collect()
    store = cls(data)  # as after a restart: every summary, and one game's page looked at
    store.summaries()
    store.for_game(f"G{args.games // 2:04d}")
    gc.collect()
    after_start = len(gc.get_objects()) - base
    times = []
    for i in range(9):
        t = time.perf_counter()
        store.put(f"G{i % args.games:04d}", reviews[i % 4])
        times.append(time.perf_counter() - t)
    size = sum(p.stat().st_size for p in data.rglob("*") if p.is_file())
    print(f"{args.games} games x 4 reviews ({size / 1e6:.1f} MB on disk): the collector tracks {after_puts} more "
          f"objects after storing them, {after_start} after a restart + every summary + one game; storing one review "
          f"takes {1000 * statistics.median(times):.1f} ms (median of 9, fsync on; max {1000 * max(times):.1f} ms)")


if __name__ == "__main__":
    main()
