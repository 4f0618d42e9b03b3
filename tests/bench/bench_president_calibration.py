"""Paired President calibration runs: one hero with three rule players (variants of ``yard:rules``), same seeds.

    python tests/bench/bench_president_calibration.py HERO N SEED VARIANT [VARIANT ...] [--procs P]

HERO is an arena player name (``frozen:expert``, ``president:expert``, ``yard:rules``) or ``X:key=value,...`` for
an ExpertBot with those arguments (``X:sure_out=0``), ``F:key=value,...`` for the frozen one (``F:playouts=300``: a
cheaper stand-in for quick tries). A VARIANT is ``knob=value,...`` over the RulesPlayer's class attributes
(``sure_out=1,break_under=4``) or ``base``; ``NAME:knob=value,...`` (or just ``NAME``) over another rule yardstick
of tests/bench/yardsticks/president.py (``hoarder:SPEND_GROUPS=2``, ``shedder``); ``HERO;VARIANT`` gives a variant
its own hero. ``--procs`` worker processes (default 1). Matches are seated as
tests/bench/arena.py seats them (seed S + i, seats rotated by i, the same per-seat rngs), so a figure here is the
arena's figure for those players. Prints the hero's points a hand per variant and the paired difference from the
first variant, with 95% intervals. Results are cached per (variant, match) in /tmp, so a larger N adds matches;
the cache is keyed by the yardsticks' source too, so an edited yardstick plays its matches again.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from logic.registry import get_game  # noqa: E402
from tests.bench import arena  # noqa: E402
from tests.bench.yardsticks import president as yard  # noqa: E402


def _hero(name: str) -> Any:
    if name.startswith("X:"):
        from logic.president.bots import ExpertBot

        kw = dict(kv.split("=") for kv in name[2:].split(",") if kv)
        return ExpertBot(**{k: (float(v) if "." in v else int(v)) for k, v in kw.items()})
    if name.startswith("F:"):
        from tests.bench.frozen.president_expert import ExpertBot as FrozenExpert

        kw = dict(kv.split("=") for kv in name[2:].split(",") if kv)
        return FrozenExpert(**{k: int(v) for k, v in kw.items()})
    return arena.make_player("president", name)


def _variant(spec: str) -> type:
    if ":" in spec:
        name, _, rest = spec.partition(":")
    else:
        name, rest = (spec, "") if spec in yard.PLAYERS else ("rules", spec)
    base = yard.PLAYERS[name]
    knobs = {} if rest in ("base", "") else dict(kv.split("=") for kv in rest.split(",") if kv)
    return type("Variant", (base,), {k: int(v) for k, v in knobs.items()})


def _job(args: tuple[str, str, int, int]) -> tuple[str, int, float, list[float]]:
    key, default_hero, seed, i = args
    hero, _, spec = key.partition(";") if ";" in key else (default_hero, "", key)
    g = get_game("president")
    n = 4
    seat_player = [(j + i % n) % n for j in range(n)]
    rules = _variant(spec or "base")
    bots = [_hero(hero) if p == 0 else rules() for p in seat_player]
    rngs = [random.Random(f"arena-{seed}-{j}") for j in range(n)]
    s = g.new_game(g.make_config(hands=4, revolution=False, players=n), seed)
    times = []
    while g.outcome(s) is None:
        seat = g.to_move(s)[0]
        t0 = time.perf_counter()
        a = bots[seat].choose(g.view(s, seat), g.legal_actions(s, seat), rngs[seat])
        if seat_player[seat] == 0:
            times.append(time.perf_counter() - t0)
        g.apply(s, seat, a)
    out = g.outcome(s)
    assert out is not None
    return key, i, out.scores[seat_player.index(0)] / s.hands_total, times


def main() -> None:
    args = sys.argv[1:]
    procs = 1
    if "--procs" in args:
        at = args.index("--procs")
        procs = int(args[at + 1])
        del args[at : at + 2]
    hero, n, seed0, specs = args[0], int(args[1]), int(args[2]), args[3:]
    folder = Path(__file__).parent / "yardsticks"
    files = ("president.py", "president_base.py", "president_styles.py", "president_lookahead.py",
             "president_search.py")
    source = b"".join((folder / f).read_bytes() for f in files)
    tag = hashlib.sha256(source).hexdigest()[:10]
    cache = Path(f"/tmp/president-calibration-{hero.replace(':', '_').replace(',', '_')}-{seed0}-{tag}.json")
    res: dict[str, dict[int, float]] = {}
    if cache.exists():
        res = {k: {int(i): v for i, v in d.items()} for k, d in json.loads(cache.read_text()).items()}
    # match by match across the variants, so that a run stopped early has them on the same seeds
    jobs = [(sp, hero, seed0 + i, i) for i in range(n) for sp in specs if i not in res.get(sp, {})]
    t0 = time.time()
    times: list[float] = []
    pool = Pool(procs) if procs > 1 else None
    for sp, i, v, ts in (pool.imap_unordered(_job, jobs, chunksize=2) if pool else map(_job, jobs)):
        res.setdefault(sp, {})[i] = v
        times.extend(ts)
        cache.write_text(json.dumps(res))
    if pool:
        pool.close()

    def mean_ci(xs: list[float]) -> tuple[float, float]:
        m = sum(xs) / len(xs)
        return m, 1.96 * math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1) / len(xs))

    for sp in specs:
        m, c = mean_ci([res[sp][i] for i in range(n)])
        d, dc = mean_ci([res[sp][i] - res[specs[0]][i] for i in range(n)])
        print(f"{sp:50s} {m:.3f} ± {c:.3f} points a hand   v {specs[0]}: {d:+.3f} ± {dc:.3f}  (N={n})")
    if times:
        times.sort()
        print(f"hero think time (new matches only): mean {1000 * sum(times) / len(times):.1f} ms, "
              f"p95 {1000 * arena.percentile(times, 0.95):.1f} ms, max {1000 * times[-1]:.1f} ms "
              f"({len(times)} decisions)")
    print(f"{time.time() - t0:.0f}s")


if __name__ == "__main__":
    main()
