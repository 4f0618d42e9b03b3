"""Log hands of the swap bench (president_swap.py): a saved seat-hand's start played out once with the seat
played by the Expert and once by ``yard:search`` (the table's other players as they are, the same seeds), move by
move, side by side in the order played (issue 54).

    python tests/bench/president_swap_log.py s1.json s2.json --title Beggar --worst 3 [--pair 0]

Picks the ``--worst`` seat-hands of the saved rows (with ``--title``/``--hand-no`` if given) by the Expert's loss
and replays pair ``--pair`` of each. The Expert thinks on the clock, so a replay may not repeat the saved one.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from logic.president.actions import Give, NextHand, Pass, Play  # noqa: E402
from logic.president.bot_info import rank_of  # noqa: E402
from tests.bench.arena import make_player  # noqa: E402
from tests.bench.president_table import GAME, TABLE  # noqa: E402


def say(action: Any) -> str:
    if type(action) is Pass:
        return "pass"
    if type(action) in (Play, Give):
        word = "gives" if type(action) is Give else "plays"
        return f"{word} {' '.join(sorted(action.cards, key=rank_of))}"
    return repr(action)


def replay(start: dict[str, Any], seat: int, bots: list[Any], seed: str) -> tuple[list[str], int]:
    """The moves of the hand from ``start`` (as president_table.play_hand_out plays it); the seat's points."""
    state = GAME.restore(start)
    rngs = [random.Random(f"{seed}-{j}") for j in range(state.n)]
    hands = len(state.hand_points)
    moves = []
    while len(state.hand_points) == hands and GAME.outcome(state) is None:
        s = GAME.to_move(state)[0]
        action = bots[s].choose(GAME.view(state, s), GAME.legal_actions(state, s), rngs[s])
        was_out = s in state.finished
        GAME.apply(state, s, action)
        if type(action) is not NextHand:
            out = "  (out)" if s in state.finished and not was_out else ""
            moves.append(f"{'*' if s == seat else ' '}{s}: {say(action)}{out}")
    return moves, state.hand_points[-1][seat]


def seat_names(row: dict[str, Any]) -> list[str]:
    """Who plays each seat in the row's match (rotated by its index, as president_table.new_match seats them)."""
    return [TABLE[(j + row["index"] % 4) % 4] for j in range(4)]


def log_row(row: dict[str, Any], pair: int) -> None:
    names = seat_names(row)
    seat = row["seat"]
    start = row["start"]
    print(f"\nseed {row['seed']} hand {row['hand_no']} seat {seat} ({row['title']}); saved pairs E {row['pts_e']} "
          f"S {row['pts_s']}; seats: {', '.join(f'{j} {n}' for j, n in enumerate(names))}")
    for j, cards in enumerate(start["hands"]):
        print(f"  {'*' if j == seat else ' '}{j} [{' '.join(sorted(cards, key=rank_of))}]")
    tag = f"swap-{row['seed']}-{row['hand_no']}-{seat}-{pair}"
    bots = [make_player("president", n) for n in names]
    out = {}
    for who, player in (("Expert", bots[seat]), ("search", make_player("president", "yard:search"))):
        moves, pts = replay(start, seat, [player if j == seat else b for j, b in enumerate(bots)], tag)
        out[who] = (moves, pts)
    (me, pe), (ms, ps) = out["Expert"], out["search"]
    print(f"  {'seat played by the Expert: ' + str(pe) + ' pts':44s} {'by yard:search: ' + str(ps) + ' pts'}")
    for i in range(max(len(me), len(ms))):
        print(f"  {me[i] if i < len(me) else '':44s} {ms[i] if i < len(ms) else ''}")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--title")
    ap.add_argument("--hand-no", type=int)
    ap.add_argument("--worst", type=int, default=3)
    ap.add_argument("--pair", type=int, default=0)
    args = ap.parse_args(argv)
    rows = [r for p in args.files for r in json.loads(Path(p).read_text())["rows"]]
    rows = [r for r in rows if (args.title is None or r["title"] == args.title)
            and (args.hand_no is None or r["hand_no"] == args.hand_no)]
    for r in sorted(rows, key=lambda r: r["diff"])[:args.worst]:
        log_row(r, args.pair)


if __name__ == "__main__":
    main()
