"""One arena for every game: seat any mix of computer players, rotate seats, fix seeds, print scores.

    python tests/bench/arena.py GAME --players A,B[,C,...] [--matches N] [--seed S] [--procs 2] [--card ID | --mix]
                                [game options]

    python tests/bench/arena.py president --players president:expert,yard:rules,yard:rules,yard:rules --matches 500
    python tests/bench/arena.py stockpile --players stockpile:hard,yard:greedy --matches 500 --stock-size standard

Players are names resolved by :func:`make_player`:

* ``GAME:LEVEL`` (or just ``LEVEL``): one of our levels, ``game.make_bot(LEVEL)``; ``GAME:LEVEL@k=v@k=v`` passes
  knobs to ``logic/GAME/bots.py``'s ``make_bot`` (``rummy:hard@budget_s=0.3@max_worlds=96``: trying a setting);
* ``yard:NAME``: a yardstick from ``tests/bench/yardsticks/GAME.py`` (its ``PLAYERS`` dict), players written
  from the rules that are none of our levels; ``yard:NAME@KEY=v`` sets a constant of its class on that player
  (``yard:planner@PILE_CARD=0.6``, a tuple as ``@GAP_COST=-25.0/-16.0``), the same for ``frozen:NAME``;
* ``frozen:NAME``: a frozen copy of an earlier top level, from the ``PLAYERS`` dicts of
  ``tests/bench/frozen/GAME_*.py`` (verbatim copies, so later changes to ``logic/`` do not move them).

One seat per name, in order. Match ``i`` uses seed ``S + i`` and rotates the seats by ``i`` (seat ``j`` gets
player ``(j + i) % n``), so over a multiple of ``n`` matches every player sits in every seat equally often.
Every seat has its own ``random.Random`` derived from the match seed, so a run is reproducible (up to the
bots' time budgets). Extra ``--key value`` options go to the game's config (``--stock-size short`` becomes
``stock_size="short"``) over the adapter's defaults.

House rules (issue 52): ``--card ID`` plays under one of the game's shipped rule cards (its options over the
defaults; ``--players`` must fit them, e.g. four for a partners card); ``--mix`` draws every match its own random set
of the game's house-rule switches (each on or off with even odds, from the match's seed; a set the config refuses,
say a partners-only switch heads-up, is drawn again) and prints how often each switch was on. A "Rummy!" window
(``rummy_call``) is offered to the seats that may call, as a table does: each is asked in seat order from the one
after the player to draw, and the first call is made (heads-up nobody can call: the only other seat draws next).

Prints per player: the match score the game's adapter defines (President: points per hand; Stockpile and
Rummy: win rate; Beanie: total penalty, lower is better) with a 95% confidence interval over matches, and
think time per decision (mean, p95, max). With exactly two different players it also prints their paired
per-match difference with its interval. A new game plugs in with one :data:`ADAPTERS` entry and a
yardstick file.

A long run can be played in parts and reported as one: ``--seed 10000 --matches 250 --save a.json``, then
``--seed 10250 --matches 250 --save b.json``, then ``arena.py GAME --load a.json b.json``. (Seats rotate by the
match's place in its part: start each part at a multiple of the number of players past the first seed, and the
parts play exactly the matches of one run.)
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import random
import sys
import time
from collections import deque
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from multiprocessing import Pool
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from logic.game import AnyGame, Bot, Outcome  # noqa: E402
from logic.registry import get_game  # noqa: E402
from tests.bench.arena_rules import card_options, house_switches, mixed_options  # noqa: E402

MAX_MOVES = 50_000  # a match that has not ended by then is reported as unfinished (a bug in a bot or a rule)


# --- per game: config defaults and what a match is worth to a seat ---------------------------------------


def _win(outcome: Outcome, seat: int) -> float:
    """1 for a sole winner, 1/k for a k-way tie for first; 0 when nobody scored (a stuck deal)."""
    if seat not in outcome.winners or not any(outcome.scores):
        return 0.0
    return 1.0 / len(outcome.winners)


@dataclass(frozen=True)
class Adapter:
    """How the arena runs and scores one game."""

    label: str  # what the score is, e.g. "points per hand"
    score: Callable[[Any, Outcome, int], float]  # (final state, outcome, seat) -> score of that seat
    defaults: dict[str, Any] = field(default_factory=dict)  # config options besides ``players``
    lower_is_better: bool = False
    percent: bool = False  # print the score as a percentage (win rates)
    win_rate_too: bool = False  # also print each player's match win rate (ties share the win)


ADAPTERS: dict[str, Adapter] = {
    "president": Adapter(
        "points per hand",
        lambda s, out, seat: out.scores[seat] / s.hands_total,
        {"hands": 4, "revolution": False},
    ),
    "stockpile": Adapter(
        "win rate", lambda s, out, seat: _win(out, seat), {"stock_size": "standard", "series": "single"}, percent=True
    ),
    "rummy": Adapter("win rate", lambda s, out, seat: _win(out, seat), {"target": 100}, percent=True),
    "beanie": Adapter("total penalty", lambda s, out, seat: float(out.scores[seat]), {}, lower_is_better=True,
                      win_rate_too=True),
}


# --- players -------------------------------------------------------------------------------------------


def _players_in(module_names: list[str]) -> dict[str, Callable[[], Bot]]:
    found: dict[str, Callable[[], Bot]] = {}
    for name in module_names:
        found.update(getattr(importlib.import_module(name), "PLAYERS", {}))
    return found


def frozen_players(game_key: str) -> dict[str, Callable[[], Bot]]:
    folder = ROOT / "tests" / "bench" / "frozen"
    names = sorted(f"tests.bench.frozen.{p.stem}" for p in folder.glob(f"{game_key}_*.py"))
    return _players_in(names)


def yardstick_players(game_key: str) -> dict[str, Callable[[], Bot]]:
    if not (ROOT / "tests" / "bench" / "yardsticks" / f"{game_key}.py").exists():
        return {}
    return _players_in([f"tests.bench.yardsticks.{game_key}"])


def _number(text: str) -> float | int | None:
    if text == "none":
        return None
    return float(text) if "." in text else int(text)


def make_player(game_key: str, name: str) -> Bot:
    """The bot a player name stands for (see the module docstring); ValueError naming the choices."""
    kind, _, rest = name.partition(":")
    if not rest:
        kind, rest = game_key, kind
    if kind == game_key:
        level, *knobs = rest.split("@")
        if knobs:  # e.g. rummy:hard@budget_s=0.3@max_worlds=96: the game's bots.make_bot(level, **knobs)
            bots = importlib.import_module(f"logic.{game_key}.bots")
            return bots.make_bot(level, **{k: _number(v) for k, v in (kv.split("=", 1) for kv in knobs)})
        return get_game(game_key).make_bot(rest)
    table = {"yard": yardstick_players, "frozen": frozen_players}.get(kind)
    if table is None:
        raise ValueError(f"Unknown player {name!r}: use {game_key}:LEVEL, yard:NAME or frozen:NAME")
    players = table(game_key)
    rest, *knobs = rest.split("@")
    if rest not in players:
        raise ValueError(f"No {kind} player {rest!r} for {game_key}; there are: {', '.join(sorted(players)) or 'none'}")
    bot = players[rest]()
    for key, value in (kv.split("=", 1) for kv in knobs):  # yard:planner@HAND_CARD=1.0@GAP_COST=-9.0/-3.0
        if not key.isupper() or not hasattr(bot, key):
            raise ValueError(f"{kind}:{rest} has no constant {key!r}")
        setattr(bot, key, tuple(_number(v) for v in value.split("/")) if "/" in value else _number(value))
    return bot


# --- one match -----------------------------------------------------------------------------------------


@dataclass
class MatchResult:
    index: int
    scores: list[float]  # by player index (not seat)
    times: list[list[float]]  # think times by player index
    finished: bool
    seconds: float
    wins: list[float] = field(default_factory=list)  # match win share by player index (1/k for a k-way tie)
    last_moves: list[str] = field(default_factory=list)  # an unfinished match's last moves, to see what loops


def play_match(job: tuple[str, tuple[str, ...], int, int, dict[str, Any]]) -> MatchResult:
    game_key, names, seed, index, options = job
    game: AnyGame = get_game(game_key)
    adapter = ADAPTERS[game_key]
    n = len(names)
    rot = index % n
    seat_player = [(j + rot) % n for j in range(n)]  # seat j is played by player seat_player[j]
    bots = [make_player(game_key, names[p]) for p in seat_player]
    rngs = [random.Random(f"arena-{seed}-{j}") for j in range(n)]
    config = game.make_config(**{**adapter.defaults, **options, "players": n})
    state = game.new_game(config, seed)
    times: list[list[float]] = [[] for _ in range(n)]
    t_start = time.perf_counter()
    moves = 0
    recent: deque[str] = deque(maxlen=24)
    while game.outcome(state) is None and moves < MAX_MOVES:
        seat = game.to_move(state)[0]
        view = game.view(state, seat)
        legal = game.legal_actions(state, seat)
        t0 = time.perf_counter()
        action = bots[seat].choose(view, legal, rngs[seat])
        times[seat_player[seat]].append(time.perf_counter() - t0)
        game.apply(state, seat, action)
        recent.append(f"seat {seat} ({names[seat_player[seat]]}): {action!r}")
        moves += 1
        moves += offer_window(game, state, bots, rngs, times, seat_player, recent)
    outcome = game.outcome(state)
    scores = [0.0] * n
    wins = [0.0] * n
    if outcome is not None:
        for seat in range(n):
            scores[seat_player[seat]] = adapter.score(state, outcome, seat)
            wins[seat_player[seat]] = 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
    return MatchResult(index, scores, times, outcome is not None, time.perf_counter() - t_start, wins,
                       [] if outcome is not None else list(recent))


def offer_window(game: AnyGame, state: Any, bots: list[Bot], rngs: list[random.Random], times: list[list[float]],
                 seat_player: list[int], recent: deque[str]) -> int:
    """A window open to seats not to move (Rummy's "Rummy!" call, ``Game.window_seats``): ask them in seat order from
    the one after the player to move until one acts on it or all let it go. The moves made."""
    made = 0
    while True:
        waiting = game.window_seats(state)
        if not waiting:
            return made
        first = game.to_move(state)[0] if game.to_move(state) else 0
        seat = min(waiting, key=lambda s: (s - first) % len(bots))
        legal = game.off_turn_actions(state, seat)
        t0 = time.perf_counter()
        action = bots[seat].choose(game.view(state, seat), legal, rngs[seat])
        times[seat_player[seat]].append(time.perf_counter() - t0)
        game.apply(state, seat, action)
        recent.append(f"seat {seat} (window): {action!r}")
        made += 1


# --- statistics and the report ---------------------------------------------------------------------------


def mean_ci(xs: list[float]) -> tuple[float, float]:
    """Mean and half-width of its 95% confidence interval (normal approximation)."""
    n = len(xs)
    if not n:
        return float("nan"), float("nan")
    m = sum(xs) / n
    if n < 2:
        return m, float("nan")
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def percentile(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


def report(game_key: str, names: tuple[str, ...], results: list[MatchResult], elapsed: float) -> dict[str, Any]:
    adapter = ADAPTERS[game_key]
    done = [r for r in results if r.finished]
    distinct = list(dict.fromkeys(names))
    per_match: dict[str, list[float]] = {name: [] for name in distinct}
    for r in done:
        for name in distinct:
            idx = [i for i, x in enumerate(names) if x == name]
            per_match[name].append(sum(r.scores[i] for i in idx) / len(idx))
    for r in results:
        if not r.finished:
            print(f"unfinished: match {r.index} after {MAX_MOVES} moves; its last moves:\n  "
                  + "\n  ".join(r.last_moves), file=sys.stderr)
    scale, unit = (100.0, "%") if adapter.percent else (1.0, "")
    better = "lower is better" if adapter.lower_is_better else "higher is better"
    print(
        f"\n{game_key}: {' v '.join(names)} — {len(done)} matches ({len(results) - len(done)} unfinished), "
        f"{elapsed:.0f}s, {elapsed / max(1, len(results)):.2f}s per match on the clock"
    )
    print(f"  score = {adapter.label} ({better}), 95% interval over matches; think time per decision")
    summary: dict[str, Any] = {}
    for name in distinct:
        m, ci = mean_ci(per_match[name])
        ts = [t for r in done for i, x in enumerate(names) if x == name for t in r.times[i]]
        mean_t = sum(ts) / len(ts) if ts else float("nan")
        print(
            f"  {name:22s} {m * scale:7.3f}{unit} ± {ci * scale:.3f}{unit}   think mean {mean_t * 1000:7.1f} ms  "
            f"p95 {percentile(ts, 0.95) * 1000:7.1f} ms  max {max(ts, default=float('nan')) * 1000:7.1f} ms  "
            f"({len(ts)} decisions)"
        )
        summary[name] = {"score": m, "ci": ci, "p95": percentile(ts, 0.95), "max": max(ts, default=float("nan"))}
    if adapter.win_rate_too:
        for name in distinct:
            idx = [i for i, x in enumerate(names) if x == name]
            w, wci = mean_ci([sum(r.wins[i] for i in idx) / len(idx) for r in done])
            print(f"  {name:22s} match win rate {100 * w:5.1f}% ± {100 * wci:.1f}%")
            summary.setdefault(name, {})["win_rate"] = (w, wci)
    if len(distinct) == 2:
        a, b = distinct
        d, dci = mean_ci([x - y for x, y in zip(per_match[a], per_match[b], strict=True)])
        sign = -1 if adapter.lower_is_better else 1
        verdict = "better" if sign * d - dci > 0 else ("worse" if sign * d + dci < 0 else "not significantly different")
        print(f"  {a} - {b}: {d * scale:+.3f}{unit} ± {dci * scale:.3f}{unit} per match -> {a} is {verdict}")
        summary["diff"] = {"mean": d, "ci": dci}
    return summary


def parse_options(extra: list[str]) -> dict[str, Any]:
    """``--stock-size short --hands 8 --revolution true`` -> {"stock_size": "short", "hands": 8, "revolution": True}."""
    out: dict[str, Any] = {}
    it = iter(extra)
    for key in it:
        if not key.startswith("--"):
            raise SystemExit(f"Unexpected argument {key!r}: game options are --name value")
        value: Any = next(it, "true")
        if isinstance(value, str) and value.startswith("--"):
            raise SystemExit(f"Option {key} needs a value")
        if value in ("true", "false"):
            value = value == "true"
        elif value.lstrip("-").isdigit():
            value = int(value)
        out[key[2:].replace("-", "_")] = value
    return out


def run(game_key: str, names: tuple[str, ...], matches: int, seed: int, procs: int, options: dict[str, Any],
        save: str | None = None, mix: bool = False):
    if game_key not in ADAPTERS:
        raise SystemExit(f"No arena adapter for {game_key!r}; there are: {', '.join(ADAPTERS)}")
    for name in dict.fromkeys(names):
        make_player(game_key, name)  # fail fast on a bad name, before starting workers
    base = {**ADAPTERS[game_key].defaults, **options}
    jobs = [(game_key, names, seed + i, i, mixed_options(game_key, base, len(names), seed + i) if mix else options)
            for i in range(matches)]
    if mix:
        on = {name: sum(1 for job in jobs if job[4].get(name)) for name in house_switches(game_key)}
        print("--mix: matches with each switch on: " + ", ".join(f"{k} {v}/{matches}" for k, v in on.items()))
    t0 = time.perf_counter()
    if procs > 1:
        with Pool(procs) as pool:
            results = list(pool.imap_unordered(play_match, jobs, chunksize=2))
    else:
        results = [play_match(j) for j in jobs]
    results.sort(key=lambda r: r.index)
    elapsed = time.perf_counter() - t0
    if save:  # each match as played, so that runs over consecutive seeds can be reported as one (--load)
        rows = [{"seed": seed + r.index, **asdict(r)} for r in results]
        Path(save).write_text(json.dumps({"game": game_key, "players": names, "options": options,
                                          "seconds": elapsed, "matches": rows}))
    return report(game_key, names, results, elapsed)


def load(paths: list[str]) -> Any:
    """Report the matches of several ``--save`` files of one pairing as one run (each seed once)."""
    runs = [json.loads(Path(p).read_text()) for p in paths]
    game_key, names = runs[0]["game"], tuple(runs[0]["players"])
    if any((r["game"], tuple(r["players"])) != (game_key, names) for r in runs):
        raise SystemExit("--load: the files are not of one game and one line-up")
    rows = {m["seed"]: m for r in runs for m in r["matches"]}
    results = [MatchResult(**{k: v for k, v in m.items() if k != "seed"}) for _, m in sorted(rows.items())]
    for i, r in enumerate(results):
        r.index = i
    return report(game_key, names, results, sum(r["seconds"] for r in runs))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--players", default="", help="comma-separated player names, one per seat")
    ap.add_argument("--matches", type=int, default=100)
    ap.add_argument("--seed", type=int, default=10_000)
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument("--save", help="also write each match's result to this JSON file")
    ap.add_argument("--load", nargs="+", help="report these --save files as one run (no matches are played)")
    ap.add_argument("--card", help="play under this shipped rule card (its id, e.g. rummy-top-card-table)")
    ap.add_argument("--mix", action="store_true", help="a random set of the game's house switches for every match")
    args, extra = ap.parse_known_args(argv)
    if args.load:
        load(args.load)
        return
    names = tuple(x.strip() for x in args.players.split(",") if x.strip())
    if not names:
        ap.error("--players is required (but for --load)")
    options = parse_options(extra)
    if args.card:
        options = {**card_options(args.game, args.card), **options}
    run(args.game, names, args.matches, args.seed, args.procs, options, save=args.save, mix=args.mix)


if __name__ == "__main__":
    main()
