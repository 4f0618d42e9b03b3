"""Arena matches of President with every move logged, for reading how two kinds of player interact (issue 54).

    python tests/bench/president_log.py --players president:expert,yard:search,president:expert,yard:search \
        --matches 20 --seed 43000 --save log.json
    python tests/bench/president_log.py --load log1.json log2.json      (the report: president_log_report.py)

A match is the arena's (arena.py): the same seats' rotation, random generators and deal for a seed, so the scores
saved here are an arena run of the line-up (``arena.py president --load log.json`` reads them) and pair seed by
seed with an arena run of another line-up on the same seeds. Besides the scores it logs, per match:

* every play-phase move: hand, seat, whether it led, its (rank, count) or a pass, the seat's cards before it, how
  many plays and passes it had to choose from, and at a choice what two models would have played for that seat with
  its real cards: ``model``, the other seats' policy in the Expert's playouts (bot_policy.rule_move with the steady
  keep, the shared rule for a seat seen spending an Ace or 2 early, a sure way out counted on the real hands), and
  ``hoard``, ``yard:hoarder``'s move (the search yardstick's own policy);
* every hand's titles at its start, finishing order and points.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from logic.president.actions import Pass, Play, mask_codes  # noqa: E402
from logic.president.bot_history import early_spenders  # noqa: E402
from logic.president.bot_info import BotInfo, play_key, rank_counts  # noqa: E402
from logic.president.bot_policy import KEEP_HIGH_ABOVE, KEEP_UNDER, beat_free, rule_move  # noqa: E402
from logic.president.bot_search import STEADY_KEEP  # noqa: E402
from tests.bench.president_table import GAME, moves, new_match  # noqa: E402
from tests.bench.yardsticks.president_styles import HoarderPlayer  # noqa: E402

Key = tuple[int, int] | None


def key_of(action: Any) -> Key:
    """(rank, count) of a play, None for a pass."""
    return play_key(action.cards) if type(action) is Play else None


def model_move(state: Any, view: dict[str, Any], spenders: set[int]) -> Key:
    """The move the Expert's playouts would make for the seat of ``view`` with its real cards (bot_search.policy
    without noise; the other hands for the sure way out are the real ones, as in a playout's world)."""
    info = BotInfo(view)
    me = info.me
    others = [0] * 13
    for q in range(state.n):
        if q != me and not state.out_mask >> q & 1:
            for r, c in enumerate(rank_counts(mask_codes(state.hands[q]))[:13]):
                others[r] += c
    short = min((info.cnt[q] for q in range(info.n) if q != me and not info.out_mask >> q & 1), default=99)
    above, under = (KEEP_HIGH_ABOVE, KEEP_UNDER) if me in spenders else STEADY_KEEP
    return rule_move(info.h, sum(info.h), info.k, info.t, info.rev, lambda r, c: beat_free(r, c, info.rev, others),
                     short, above, under, True)


class Timed:
    """A bot that notes its think time per decision in ``times``."""

    def __init__(self, bot: Any, times: list[float]) -> None:
        self.bot, self.times = bot, times

    def choose(self, view: Any, legal: list[Any], rng: random.Random) -> Any:
        t0 = time.perf_counter()
        action = self.bot.choose(view, legal, rng)
        self.times.append(time.perf_counter() - t0)
        return action


def play_logged(names: tuple[str, ...], seed: int, index: int) -> dict[str, Any]:
    """One arena match, logged (see the module docstring): an arena ``--save`` row plus ``moves`` and ``hands``
    (each hand's finishing order and points; its titles are the hand before's finishing order)."""
    m = new_match(seed, index, names=names)
    n = len(names)
    times: list[list[float]] = [[] for _ in range(n)]
    m.bots = [Timed(b, times[m.seat_player[j]]) for j, b in enumerate(m.bots)]
    hoarder, hrng = HoarderPlayer(), random.Random(f"log-{seed}")
    rows: list[list[Any]] = []
    hands: list[dict[str, Any]] = []
    t_start = time.perf_counter()

    def note_hands() -> None:
        s = m.state
        while len(hands) < len(s.hand_points):
            hands.append({"finish": list(s.prev_finish), "points": list(s.hand_points[len(hands)])})

    for _, seat, view, legal, action in moves(m):
        note_hands()
        if type(action) in (Play, Pass):
            cands = [a for a in legal if type(a) in (Play, Pass)]
            row: list[Any] = [view["hand_no"], seat, int(not view.get("top")), key_of(action), len(view["hand"]),
                              len(cands)]
            if len(cands) > 1:
                row += [model_move(m.state, view, early_spenders(view)), key_of(hoarder.choose(view, legal, hrng))]
            rows.append(row)
    note_hands()
    outcome = GAME.outcome(m.state)
    scores = [0.0] * n
    for seat in range(n):
        scores[m.seat_player[seat]] = outcome.scores[seat] / m.state.hands_total
    return {"seed": seed, "index": index, "scores": scores, "times": times, "finished": True,
            "seconds": time.perf_counter() - t_start, "wins": [], "last_moves": [],
            "log": {"seat_player": m.seat_player, "moves": rows, "hands": hands}}


def save(path: str, names: tuple[str, ...], rows: list[dict[str, Any]], seconds: float) -> None:
    """Write ``play_logged``'s rows as an arena save (``matches``, which arena.py --load reads) plus ``logs``."""
    logs = [{"seed": r["seed"], **r.pop("log")} for r in rows]
    Path(path).write_text(json.dumps({"game": "president", "players": names, "options": {}, "seconds": seconds,
                                      "matches": rows, "logs": logs}))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", default="president:expert,yard:search,president:expert,yard:search")
    ap.add_argument("--matches", type=int, default=20)
    ap.add_argument("--seed", type=int, default=43000)
    ap.add_argument("--save")
    ap.add_argument("--load", nargs="+", help="report these saves (president_log_report.py)")
    args = ap.parse_args(argv)
    if args.load:
        from tests.bench.president_log_report import report
        report(args.load)
        return
    names = tuple(x.strip() for x in args.players.split(","))
    t0 = time.perf_counter()
    rows = []
    for i in range(args.matches):
        rows.append(play_logged(names, args.seed + i, i))
        print(f"match {i} seed {args.seed + i}: {rows[-1]['scores']} {rows[-1]['seconds']:.1f}s", flush=True)
    if args.save:
        save(args.save, names, rows, time.perf_counter() - t0)


if __name__ == "__main__":
    main()
