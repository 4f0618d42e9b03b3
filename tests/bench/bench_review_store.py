"""Review store lookups: how long finding one game's reviews and every summary takes with many reviews stored.
Run by hand, single process; prints figures.

    python tests/bench/bench_review_store.py --games 100   # 100 finished games x 4 seats, 60 decisions each
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from logic.review.model import DecisionReview, SeatReview, summarize  # noqa: E402
from storage.reviews import ReviewStore  # noqa: E402


def seat_review(seat: int, decisions: int = 60) -> SeatReview:
    made = [DecisionReview(step=i, seat=seat, chosen={"kind": "pass"}, chosen_words="pass",
                           best={"kind": "play", "cards": ["2S"]}, best_words="a single 2", chosen_value=0.5,
                           best_value=1.0, cost=0.5, stderr=0.2, worlds=24, flagged=i % 7 == 0,
                           why="A single 2 takes the trick.", currency="points") for i in range(decisions)]
    return SeatReview(game="president", seat=seat, rng_seed=0, budget={"max_worlds": 24}, decisions=made,
                      summary=summarize(seat, made, 0, "points"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100)
    args = ap.parse_args()
    data = Path(tempfile.mkdtemp(prefix="cn-bench-store-")) / "data"
    store = ReviewStore(data, fsync=False)
    for g in range(args.games):
        for seat in range(4):
            store.put(f"G{g:04d}", seat_review(seat))
    store.close()
    store = ReviewStore(data, fsync=False)  # as after a restart: nothing looked at yet
    t = time.perf_counter()
    store.for_game(f"G{args.games // 2:04d}")
    first = time.perf_counter() - t
    t = time.perf_counter()
    for g in range(20):
        store.for_game(f"G{g:04d}")
    each = (time.perf_counter() - t) / 20
    t = time.perf_counter()
    store.summaries()
    summaries = time.perf_counter() - t
    t = time.perf_counter()
    store.summaries()
    again = time.perf_counter() - t
    t = time.perf_counter()
    store.put("G0001", seat_review(0))
    store.for_game("G0001")
    after_put = time.perf_counter() - t
    print(f"{4 * args.games} reviews: a game's reviews {1000 * first:.1f} ms the first time, {1000 * each:.1f} ms each "
          f"(20 games); every summary {1000 * summaries:.0f} ms, then {1000 * again:.1f} ms; a review put and its game "
          f"looked up again {1000 * after_put:.1f} ms")


if __name__ == "__main__":
    main()
