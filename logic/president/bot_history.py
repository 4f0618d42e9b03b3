"""What a President hand's history tells the Expert's search about the other players (bot_search.py): the passes
they made (a pass holding an exact match below the Aces is unusual) and who spends Aces and 2s early."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .bot_info import COUNTS, rank_of
from .bot_policy import ACE_STRENGTH, KEEP_UNDER, strength
from .view_types import PresidentView

SPEND_SHOWN_ABOVE = 8  # an Ace or 2 spent cheaply while holding more cards than this: not steady (STEADY_KEEP)


def _walk_history(view: PresidentView) -> Iterator[tuple[int, int, list[int], int, int, int, bool]]:
    """Each entry of this hand's history with the trick before it: (index, seat, ranks played (empty for a
    pass), the seat's hand size before it, count to beat (0 = a lead), rank to beat, reversed). Hand sizes are
    rebuilt from the sizes now plus what each seat has played since."""
    n = view["players"]
    hist = view.get("history", ())
    cnt = [s["cards"] for s in view["seats"]]
    for e in hist:
        cnt[e["seat"]] += len(e["cards"])
    out = 0
    k, t, last, passed = 0, -1, -1, 0
    rev = False
    for i, e in enumerate(hist):
        p = e["seat"]
        if e["cards"]:
            ranks = [rank_of(c) for c in e["cards"]]
            yield i, p, ranks, cnt[p], k, t, rev
            k, t, last, passed = len(ranks), ranks[0], p, 0
            cnt[p] -= k
            if k == 4 and view.get("revolution"):
                rev = not rev
            if not cnt[p]:
                out |= 1 << p
        else:
            yield i, p, [], cnt[p], k, t, rev
            passed |= 1 << p
            others = ((1 << n) - 1) & ~out & ~(1 << last)
            if others & ~passed == 0:
                k, t, passed = 0, -1, 0


def pass_events(view: PresidentView) -> list[tuple[int, int, int, bool, list[int]]]:
    """Passes by other seats this hand: (seat, rank to beat, count, reversed, counts that seat played later)."""
    hist = view.get("history", ())
    result = []
    for i, p, ranks, _, k, t, rev in _walk_history(view):
        if ranks or p == view["seat"] or not k:
            continue
        played = [0] * COUNTS
        for e in hist[i + 1 :]:
            if e["seat"] == p:
                for c in e["cards"]:
                    played[rank_of(c)] += 1
        result.append((p, t, k, rev, played))
    return result


def early_spenders(view: PresidentView) -> set[int]:
    """Other seats the history shows spending an Ace or a 2 early: leading one, or playing one on a play weaker
    than a 10, while holding more than SPEND_SHOWN_ABOVE cards (what the steady model never does)."""
    spenders = set()
    for _, p, ranks, size, k, t, rev in _walk_history(view):
        if not ranks or p == view["seat"] or size <= SPEND_SHOWN_ABOVE:
            continue
        if strength(ranks[0], rev) >= ACE_STRENGTH and (not k or strength(t, rev) < KEEP_UNDER):
            spenders.add(p)
    return spenders


PassCheck = tuple[int, tuple[tuple[int, int], ...]]  # (seat, ((rank, count now that was an exact match), ...))


def pass_checks(events: list[Any]) -> list[PassCheck]:
    """The passes (:func:`pass_events`) read once for every deal a search tries (:func:`unusual_pass_checks`): for
    each, the ranks that would have matched and how many of each the seat would hold now; a pass no deal can make
    unusual is left out."""
    checks = []
    for p, t, k, rev, played in events:
        lo = strength(t, rev)
        pairs = tuple((r, k - played[r]) for r in range(13)
                      if lo < strength(r, rev) < ACE_STRENGTH and k - played[r] >= 0)
        if pairs:
            checks.append((p, pairs))
    return checks


def unusual_pass_checks(hands: list[list[int]], checks: list[PassCheck]) -> int:
    """How many of the passes would have been unusual had the seats held ``hands`` (counts now): the seat held an
    exact match above the play and below the Aces. From the checks :func:`pass_checks` made once per decision: a
    search tries thousands of deals, and reading every pass anew for each was a fifth of the Expert's think time."""
    bad = 0
    for p, pairs in checks:
        h = hands[p]
        for r, need in pairs:
            if h[r] == need:
                bad += 1
                break
    return bad



PlayCheck = tuple[int, int, int, tuple[tuple[int, int], ...]]  # (seat, rank, count, ((rank, count), ...))


def play_events(view: PresidentView) -> list[PlayCheck]:
    """What the other seats' plays and passes this hand say about their hands now, for :func:`unusual_plays`: one
    check per entry, (seat, r, c, pairs): the entry was unusual if the seat holds at least ``c`` cards of rank ``r``
    now (it broke up a group below the Aces: ``r`` -1 when no such test), or exactly ``n`` of a rank ``x`` for one
    of the ``pairs`` (x, n) (it passed, or followed higher, while holding an exact match below the Aces). Counts
    played later are taken into account. Entries unusual whatever the deal (a rank played twice, say) are left out,
    and so are runs and plays with jokers (house rules)."""
    hist = view.get("history", ())
    me = view["seat"]
    later: dict[int, list[int]] = {}
    result = []
    for i, p, ranks, _, k, t, rev in reversed(list(_walk_history(view))):
        if p == me:
            continue
        acc = later.setdefault(p, [0] * COUNTS)
        for code in hist[i]["cards"]:
            acc[rank_of(code)] += 1
        if ranks and (ranks[0] != ranks[-1] or ranks[-1] == COUNTS - 1):
            continue  # a run or jokers: no plain reading
        if not ranks and not k:
            continue
        lo = strength(t, rev) if k else -1
        hi = ACE_STRENGTH
        group_r, group_c = -1, 0
        if ranks:
            r, c = ranks[0], len(ranks)
            s_r = strength(r, rev)
            if s_r < ACE_STRENGTH:
                if acc[r] > c:
                    continue  # the rank was played again later: a group was broken whatever the deal
                group_r, group_c = r, 1 + c - acc[r]  # held more than c before: h[r] + acc[r] > c
            hi = s_r if k else -1  # a lead is not read for exact matches
        pairs = tuple((x, k - acc[x]) for x in range(13) if lo < strength(x, rev) < hi and k - acc[x] >= 0)
        if group_r >= 0 or pairs:
            result.append((p, group_r, group_c, pairs))
    result.reverse()
    return result


def unusual_plays(hands: list[list[int]], checks: list[PlayCheck]) -> int:
    """How many of the entries (:func:`play_events`) would have been unusual had the seats held ``hands`` (counts
    now): a pass holding an exact match below the Aces; a play that broke up a group below the Aces; a follow over a
    lower exact match below the Aces (people follow with the lowest exact match and keep their groups whole)."""
    bad = 0
    for p, r, c, pairs in checks:
        h = hands[p]
        if r >= 0 and h[r] >= c:
            bad += 1
            continue
        for x, need in pairs:
            if h[x] == need:
                bad += 1
                break
    return bad
