"""Review work in a pool worker at a low priority, so the computer players' searches in the same pool come first.

A worker process is shared: the next call it runs may be a computer player's move. So the review's chunk runs in a
thread of its own whose scheduling priority is lowered (Linux lets a thread raise its own niceness; the worker's
main thread, which later runs the computer players' moves, keeps its own). Where that is not possible the chunk
simply runs at the normal priority. Standard library and ``logic`` only: this is what a fresh worker imports.
"""

from __future__ import annotations

import os
import threading
from typing import Any

from logic.review import review_points

NICENESS = 10  # about a tenth of the CPU share of a normal-priority process when both want it


def review_points_quietly(game_key: str, points: list[Any], *, quiet: bool = True, **kwargs: Any) -> list[Any]:
    """``logic.review.review_points`` in a low-priority thread of this worker (same result); with ``quiet=False``
    at the worker's own priority (the few decisions a game's first marks wait for: see ``ui/server/reviews.py``)."""
    if not quiet:
        return review_points(game_key, points, **kwargs)
    out: dict[str, Any] = {}

    def work() -> None:
        try:
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICENESS)  # this thread only (Linux)
        except (AttributeError, OSError):
            pass
        try:
            out["result"] = review_points(game_key, points, **kwargs)
        except BaseException as exc:  # handed back to the caller below
            out["error"] = exc

    thread = threading.Thread(target=work, name="review-chunk", daemon=True)
    thread.start()
    thread.join()
    if "error" in out:
        raise out["error"]
    result: list[Any] = out["result"]
    return result


def warm_up() -> int:
    """In a worker process: import every game's rules, computer players and judge ahead of the first review."""
    from logic.registry import all_games  # lazy: loading these in a worker process is this function's job
    from logic.review.review import judge_for  # lazy: the server's own process never needs the judges

    return sum(1 for game in all_games() if judge_for(game.key) is not None)
