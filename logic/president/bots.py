"""Computer players for President. Each decides only from its seat's view and the legal actions.

* ``beginner``: plays the lowest cards it can as soon as it can (breaking up pairs without a thought),
  leads its lowest rank, gives back its lowest cards, and now and then makes a random move.
* ``normal``: shapes its hand by one rule (bot_policy.rule_move: lead the lowest group whole, follow with the
  lowest exact match, keep Aces and 2s for when they matter, cash a sure trick before going out, stop a
  player on their last card), and checks the rule's move against passing and the lowest play over ten
  sampled deals played out to the end of the hand.
* ``expert``: determinized search (logic.search, bot_search.PresidentSpec). It deals the unseen cards to the
  others many times, consistent with its view (hand sizes, what the exchange showed, passes that suggest a
  player could not follow), plays every sensible move out to the end of the hand with the Normal rule for
  everyone (but keeping Aces and 2s against any lead while a hand holds more than 8 cards, except for a seat
  seen spending an Ace or a 2 early this hand: that one plays the Normal rule as it is), every seat counting
  the cards and taking a sure way out (``sure_out``: cash an unbeatable group when all the others but one are
  unbeatable too, as the calibrated rule yardstick does), and values the
  result over the match (points plus what the title is worth next hand). At standard rules every seat in the
  playouts, its own included, keeps its Aces and 2s as a hoarder does. At standard rules its play decisions
  search a tree over its own later decisions too (information-set MCTS, bot_ismcts; the others played by the
  same model); with house rules or the revolution, the flat search above. A time budget
  (0.5 s) and a worlds cap (800; the tree: 800 iterations per candidate) bound it; with ``budget_s=None`` it
  depends on the rng alone.
"""

from __future__ import annotations

import random
from typing import Any

from logic.game import Bot
from logic.registry import get_game
from logic.search import SearchStats, clear_gain, search_choose

from .actions import JOKER_RANK, JOKERS, PASS, Give, NextHand, Pass, Play, PresidentAction
from .bot_give import search_give
from .bot_info import BotInfo, fouls, play_key, rank_counts, rank_of, rank_strength, wins_trick
from .bot_ismcts import ismcts_choose
from .bot_policy import beat_free, joker_move, rule_move
from .bot_runs import is_run, run_lead
from .bot_search import NOISE, STEADY_KEEP, PresidentSpec
from .runs import parse_run
from .view_types import PresidentView


def action_map(legal: list[PresidentAction]) -> dict[tuple[int, int] | None, PresidentAction]:
    """(rank, count) -> Play action, None -> Pass, from the legal list. With jokers (house rule) a set's key is its
    rank (``JOKER_RANK`` for jokers alone); the legal list names the plays without jokers first, so a key is played
    with the jokers only when the hand cannot make it without them."""
    out: dict[tuple[int, int] | None, PresidentAction] = {}
    for a in legal:
        if type(a) is Play:
            if is_run(a.cards):
                continue  # a run (house rule): the shared rule plays sets; runs are answered by lowest_play
            out.setdefault(play_key(a.cards), a)
        elif type(a) is Pass:
            out[None] = a
    return out


def _lowest_give(hand: list[str], k: int, legal: list[PresidentAction], keep_sets: bool) -> PresidentAction:
    """Give back the k lowest cards, preferring cards that are alone in their rank when keep_sets."""
    h = rank_counts(hand)
    cards = sorted(hand, key=rank_of)  # stable: hand order within a rank
    if keep_sets:
        singles = [c for c in cards if h[rank_of(c)] == 1 and rank_of(c) < 10]
        rest = [c for c in cards if c not in singles]
        cards = singles + rest
        # a lone low card beats breaking a pair; never give away high cards when lower ones exist
        cards = sorted(cards[: k + 2], key=lambda c: (h[rank_of(c)] > 1, rank_of(c)))
    pick = tuple(cards[:k])
    want = sorted(rank_of(c) for c in pick)
    for a in legal:
        if type(a) is Give and sorted(rank_of(c) for c in a.cards) == want:
            return a
    return Give(pick)


# --- bots ------------------------------------------------------------------------------------------------


class BeginnerBot:
    """Plays its lowest cards whenever it can; occasionally random."""

    level = "beginner"

    def __init__(self, noise: float = 0.15) -> None:
        self.noise = noise

    def choose(self, view: PresidentView, legal: list[PresidentAction], rng: random.Random) -> PresidentAction:
        forced = _forced_choice(view, legal, keep_sets=False)
        if forced is not None:
            return forced
        if rng.random() < self.noise:
            return rng.choice(legal)
        return lowest_play(view, legal)


def lowest_play(view: PresidentView, legal: list[PresidentAction]) -> PresidentAction:
    """Lead the lowest rank (all copies); follow with the lowest play that beats; pass only if stuck. Jokers are
    spent last: a play without them comes first."""
    rev = view.get("order") == "reversed"
    best: Play | None = None
    best_key = None
    for a in legal:
        if type(a) is not Play:
            continue
        jokers = sum(1 for c in a.cards if c.startswith("JK"))
        run = parse_run(a.cards) if is_run(a.cards) else None
        if run is not None:  # a run (house rule) is as strong as its top card in the order in effect
            _, lo, hi = run
            placed = (parse_run(a.cards, a.end) or run) if a.end else run  # a joker left over at the end chosen:
            strength = rank_strength(placed[1] if rev else placed[2], rev)  # the same cards, the stronger end
            key = (rank_strength(lo if rev else hi, rev), jokers, -len(a.cards), -strength)
        else:
            r, k = play_key(a.cards)
            key = (rank_strength(r, rev), jokers, -k, 0)
        if best_key is None or key < best_key:
            best, best_key = a, key
    if best is not None:
        return best
    return legal[0] if type(legal[0]) is not Play else legal[-1]


def _forced_choice(view: PresidentView, legal: list[PresidentAction], keep_sets: bool) -> PresidentAction | None:
    """Outside play there is no choosing: the next hand, or giving back the lowest cards; else None."""
    if not legal:
        raise ValueError("No legal action for this seat")
    first = legal[0]
    if type(first) is NextHand:
        return first
    if type(first) is Give:
        return _lowest_give(view["hand"], len(first.cards), legal, keep_sets=keep_sets)
    return None


def _obvious_choice(view: PresidentView, legal: list[PresidentAction]) -> PresidentAction | None:
    """The move that needs no thought (next hand, giving back the lowest cards, the only move), else None."""
    forced = _forced_choice(view, legal, keep_sets=True)
    if forced is not None:
        return forced
    return legal[0] if len(legal) == 1 else None


def _quick_choice(view: PresidentView, legal: list[PresidentAction], runs: bool = False) -> PresidentAction | None:
    """The searching levels' move without a search: the obvious one, a run to lead (bot_runs; ``runs`` False: never)
    or the lowest answer to a run on top."""
    obvious = _obvious_choice(view, legal)
    if obvious is not None:
        return obvious
    lead = run_lead(view, legal) if runs else None
    if lead is not None:
        return lead
    return lowest_play(view, legal) if _run_on_top(view) else None


class NormalBot:
    """The shared rule plus a quick look ahead: a handful of sampled deals played out, no title value."""

    level = "normal"

    def __init__(self, worlds: int = 10, run_lead: bool = False) -> None:
        self.worlds = worlds
        self.run_lead = run_lead  # lead runs by bot_runs' rule (house rule runs); off: see bot_runs' docstring

    def choose(self, view: PresidentView, legal: list[PresidentAction], rng: random.Random) -> PresidentAction:
        quick = _quick_choice(view, legal, self.run_lead)
        if quick is not None:
            return quick
        info = BotInfo(view)
        amap = _drop_fouls(action_map(legal), info)
        choice = normal_choice(info)
        # a short search between the rule's move, passing and the lowest play (whole groups only)
        cands = [c for c in amap if c is None or c == choice or c[1] == info.h[c[0]]][:4]
        if choice in amap and choice not in cands:
            cands.append(choice)
        if len(cands) > 1:
            spec = PresidentSpec(get_game("president"), view, info, match_aware=False)
            choice = search_choose(
                spec, view, legal, rng, seat=spec.me, budget_s=None, max_worlds=self.worlds,
                min_worlds=self.worlds, candidates=cands, prefer=choice,
            )
        return amap.get(choice) or amap.get(None) or lowest_play(view, legal)


def normal_choice(info: BotInfo) -> tuple[int, int] | None:
    """The shared rule (bot_policy.rule_move) with the unseen cards as what the others may hold."""
    unseen, rev = info.unseen, info.rev
    short = min((info.cnt[p] for p in range(info.n) if p != info.me and not info.out_mask >> p & 1), default=99)
    house = info.house
    move = joker_move if house & JOKERS else rule_move
    return move(
        info.h, sum(info.h), info.k, info.t, rev,
        lambda r, c: (house and wins_trick(house, r, c, rev)) or beat_free(r, c, rev, unseen), short,
    )


def _run_on_top(view: PresidentView) -> bool:
    """The play to beat is a run (house rule): the answer is the lowest run that beats it, or a pass."""
    return view.get("top_run", False)


ActionMap = dict[tuple[int, int] | None, PresidentAction]  # (rank, count) or None for a pass -> the action


def _drop_fouls(amap: ActionMap, info: BotInfo) -> ActionMap:
    """Without the plays that would go out on a top card (no_top_finish), unless nothing else is left."""
    if not info.house:
        return amap
    total = sum(info.h)
    kept = {key: a for key, a in amap.items() if key is None or key[1] != total or not _fouls(info, key)}
    return kept or amap


def _fouls(info: BotInfo, key: tuple[int, int]) -> bool:
    """Going out with the play ``key`` is a foul: a top card, or jokers in it (house rule)."""
    r, c = key
    return fouls(info.house, r, info.rev) or (r != JOKER_RANK and info.h[r] < c and fouls(info.house, JOKER_RANK,
                                                                                          info.rev))


# The Expert's search: up to 0.5 s and 800 deals a decision (it was 0.15 s and 240), and at standard rules every
# seat, its own included, modelled in the playouts as keeping its Aces and 2s as a hoarder does (own_hoard, hoard).
# Together v yard:search (two seats each, issue 54): +0.114 ± 0.081 a hand v the old search (N=140 paired, tuning
# seeds 43300-43439); the budget alone +0.068 ± 0.085, the hoarding alone (0.15 s) +0.030 ± 0.081 (N=140 each).
# Fresh seeds: 1.514 ± 0.053 v yard:search (N=320), 1.966 ± 0.074 at the mixed rule table (N=500). Think time p95
# 0.49-0.50 s, max 0.84 s on the bench machine (the bound: p95 1 s, max 2 s). docs/performance.md.
BUDGET_S = 0.5
MAX_WORLDS = 800


class ExpertBot:
    """Determinized search (logic.search) over worlds consistent with the view, match-aware playouts."""

    level = "expert"

    def __init__(
        self, budget_s: float | None = BUDGET_S, max_worlds: int = MAX_WORLDS, min_worlds: int = 24,
        sure_out: bool = True, prefer_z: float = 0.0, hoard: bool = True, infer: float = 0.0, tries: int = 0,
        noise: float = NOISE, own_hoard: bool = True, own_above: int = 0, own_under: int = 99, titles: bool = False,
        run_lead: bool = False, blind: bool = False, solve_below: int = 0, give_search: bool = False,
        ismcts: bool = True,
    ) -> None:
        self.budget_s = budget_s
        # play decisions by information-set MCTS over the same model (bot_ismcts), at standard rules; the flat search
        # else. On since session 50: E E S S v yard:search, both on the 0.5 s clock, +0.092 ± 0.057 a seat-hand v the
        # flat search (swap bench, N=496, tuning seeds 49600-49639, 49700-49723; the two streams +0.021 ± 0.068 and
        # +0.203 ± 0.099); the mixed rule table +0.006 ± 0.085 (N=156); load-free at 500 worlds +0.114 ± 0.074 (N=352,
        # session 49). Issue 54's report tables are to be run again for it (docs/performance.md)
        self.ismcts = ismcts
        # the give-back searched (bot_give), at standard rules. Off: E E S S v yard:search, 500 deals a give v the rule
        # +0.020 ± 0.056 a give seat-hand (N=102, 40% differ); on the clock, loaded (~50 deals) -0.088 ± 0.071 (N=147)
        self.give_search = give_search
        # a playout reaching this many cards or fewer (the seats still in, together) is finished by an exact max-n
        # search in its world (bot_endgame; 0: off), at standard rules only. Off: E E S S v yard:search, 10 v off
        # -0.026 ± 0.077 a seat-hand (swap bench, N=192, seeds 47000-47023, issue 54, session 47)
        self.solve_below = solve_below
        # the playouts judge a group safe from the cards a seat cannot see, pooled (bot_search ``blind``). Off: E E S S
        # v yard:search -0.019 ± 0.081 a seat-hand v off (swap bench, N=184, seeds 43300-43322, issue 54)
        self.blind = blind
        self.run_lead = run_lead  # lead runs by bot_runs' rule (house rule runs); off: see bot_runs' docstring
        self.noise = noise  # share of random moves in the playouts (every seat)
        # its own seat keeps Aces and 2s in the playouts as a hoarder (bot_search), at standard rules only (never
        # measured under house rules or the revolution). On with ``hoard`` and the larger budget (BUDGET_S): see there
        self.own_hoard = own_hoard
        # its own seat keeps Aces and 2s in the playouts while it holds more than ``own_above`` cards against plays
        # below ``own_under`` in strength (0: off, as the other seats, STEADY_KEEP)
        self.own_keep = (own_above, own_under) if own_above else None
        self.sure_out = sure_out
        self.max_worlds = max_worlds
        self.min_worlds = min_worlds
        # the rule's move stands unless the search's beats it by this many SE (0: off). Off because 2.0 did worse
        # against yard:search: -0.230 ± 0.259 a hand v 0.0 at the same tables (N=100, seeds 40000-40099, issue 54)
        self.prefer_z = prefer_z
        # the other seats' playout policy keeps Aces and 2s as yard:hoarder does (playout_moves.hoarding; False: off),
        # at standard rules only. Alone (0.15 s) against three yard:hoarder -0.065 ± 0.136 a hand v off (N=100
        # paired, seeds 40000-40099, issue 54); with own_hoard, see BUDGET_S
        self.hoard = hoard
        # deals weighted by every play and pass of the others (bot_search: a deal is kept with chance ``infer`` per
        # play that would have been unusual with it, over up to ``tries`` deals; 0: off, only passes are read).
        # Off: infer=0.05, tries=30 v off at one table with two yard:search, -0.087 ± 0.291 a hand (N=100, seeds
        # 40000-40099); v three yard:hoarder +0.055 ± 0.130 (N=100 paired, same seeds); think p95 151 ms (issue 54)
        # At the 0.5 s budget, E E S S v yard:search: +0.068 ± 0.118 a seat (arena, N=100 paired, seeds 43300-43399),
        # -0.018 ± 0.070 a seat-hand (swap bench, N=256, 43300-43331): no gain (docs/performance.md, session 45)
        self.infer = infer
        self.tries = tries
        # a place valued by the title's measured worth over the rest of the match (title_worth.py), standard rules.
        # Off: v yard:search (two seats each) -0.043 ± 0.093 a hand v off (N=100 paired, seeds 43300-43399, issue 54)
        self.titles = titles

    def choose(self, view: PresidentView, legal: list[PresidentAction], rng: random.Random) -> PresidentAction:
        if self.give_search and legal and type(legal[0]) is Give and not view.get("house") and not view.get(
                "revolution"):
            return search_give(self.spec(view, BotInfo(view)), view, legal, rng, budget_s=self.budget_s,
                               max_worlds=self.max_worlds, min_worlds=self.min_worlds)
        quick = _quick_choice(view, legal, self.run_lead)
        if quick is not None:
            return quick
        info = BotInfo(view)
        amap = _drop_fouls(action_map(legal), info)
        h = info.h
        total = sum(h)
        for key in amap:  # going out right now is always best
            if key is not None and key[1] == total:
                return amap[key]
        cands = list(amap)
        if not info.k and len(cands) > 14:  # many leads: keep whole groups and singles
            cands = [c for c in cands if c is not None and (c[1] == h[c[0]] or c[1] == 1)]
        if info.house & JOKERS:
            cands = keep_jokers(cands, info) or cands
        spec = self.spec(view, info)
        prefer = normal_choice(info)
        if self.ismcts and not info.house and not info.revolution:
            m = len(cands)  # a flat world plays every candidate out, a tree's iteration one: the same playouts
            return amap[ismcts_choose(spec, view, rng, candidates=cands, prefer=prefer, budget_s=self.budget_s,
                                      max_iters=self.max_worlds * m, min_iters=self.min_worlds * m)]
        stats = SearchStats()
        choice = search_choose(
            spec,
            view,
            legal,
            rng,
            seat=spec.me,
            budget_s=self.budget_s,
            max_worlds=self.max_worlds,
            min_worlds=self.min_worlds,
            candidates=cands,
            prefer=prefer,
            stats=stats,
        )
        if self.prefer_z > 0:
            choice = clear_gain(stats, cands, prefer, self.prefer_z)
        return amap[choice]

    def spec(self, view: PresidentView, info: BotInfo) -> PresidentSpec:
        """The search's model of this decision (bot_search.PresidentSpec with this bot's knobs)."""
        standard = not info.house and not info.revolution  # the hoarding model was measured at standard rules only
        return PresidentSpec(get_game("president"), view, info, keep=STEADY_KEEP, adapt=True, sure_out=self.sure_out,
                             hoard=self.hoard and standard, infer=self.infer, tries=self.tries, noise=self.noise,
                             own_hoard=self.own_hoard and standard, own_keep=self.own_keep, titles=self.titles,
                             blind=self.blind, solve_below=self.solve_below)


JOKER_KEEP_ABOVE = STEADY_KEEP[0]  # the Expert keeps its jokers while it holds more cards than this...
JOKER_SPEND_SHORT = 2  # ...unless another player is down to this many cards


def keep_jokers(cands: list[tuple[int, int] | None], info: BotInfo) -> list[tuple[int, int] | None]:
    """The Expert's candidates without the plays that spend a joker, while its hand is long and nobody is close to
    going out (a joker wins one trick that matters: it is not spent on an early one, as a steady player keeps it)."""
    h = info.h
    if sum(h) <= JOKER_KEEP_ABOVE:
        return cands
    short = min((info.cnt[p] for p in range(info.n) if p != info.me and not info.out_mask >> p & 1), default=99)
    if short <= JOKER_SPEND_SHORT:
        return cands
    return [c for c in cands if c is None or (c[0] != JOKER_RANK and h[c[0]] >= c[1])]


def timeout_move(view: PresidentView, legal: list[PresidentAction]) -> PresidentAction:
    """What a player's run-out timer does: the exchange gives the lowest cards, play makes the lowest
    play that works (leading the lowest rank), the hand summary is confirmed."""
    forced = _forced_choice(view, legal, keep_sets=False)
    if forced is not None:
        return forced
    return lowest_play(view, legal) if any(type(a) is Play for a in legal) else PASS


BOTS: dict[str, type[BeginnerBot | NormalBot | ExpertBot]] = {
    "beginner": BeginnerBot, "normal": NormalBot, "expert": ExpertBot}


def make_bot(level: str, **knobs: Any) -> Bot[PresidentView, PresidentAction]:
    """A bot of ``level``; ``knobs`` go to its class (for the arena: ``president:expert@prefer_z=2.0``)."""
    try:
        cls = BOTS[level]
    except KeyError:
        raise ValueError(f"No President bot level {level!r}; choose beginner, normal or expert") from None
    return cls(**knobs)
