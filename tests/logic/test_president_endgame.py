"""The Expert's perfect-information endgame in its playouts (bot_endgame, the ``solve_below`` knob; issue 54)."""

from __future__ import annotations

import random
import time

from logic.president import Play, PresidentGame
from logic.president.bot_endgame import Endgame, moves
from logic.president.bot_info import BotInfo
from logic.president.bot_search import STEADY_KEEP, PresidentSpec, World
from logic.president.bots import ExpertBot

G = PresidentGame()
A, K, J, EIGHT, SIX, THREE = 11, 10, 8, 5, 3, 0  # rank indexes (0 = 3 ... 11 = Ace, 12 = 2)


def _spec(solve_below: int = 10) -> PresidentSpec:
    """The Expert's playout model for the first decision of a 4-player match (standard rules)."""
    s = G.new_game(G.make_config(players=4, revolution=False), 1)
    view = G.view(s, G.to_move(s)[0])
    return PresidentSpec(G, view, BotInfo(view), keep=STEADY_KEEP, adapt=True, sure_out=True, hoard=True,
                         own_hoard=True, solve_below=solve_below)


def _world(hands: dict[int, list[int]], turn: int, nfin: int = 0) -> World:
    """A world where only the seats in ``hands`` are still in (the others went out before, ``nfin`` of them)."""
    w = World()
    w.hands = [[0] * 14 for _ in range(4)]
    for q, ranks in hands.items():
        for r in ranks:
            w.hands[q][r] += 1
    w.cnt = [sum(h) for h in w.hands]
    w.k, w.t, w.last, w.passed, w.passing = 0, -1, -1, 0, 0
    w.out_mask = sum(1 << q for q in range(4) if q not in hands)
    w.nfin, w.rev, w.turn, w.my_place, w.jb, w.nfoul = nfin, False, turn, -1, False, 0
    return w


def _value_after(spec: PresidentSpec, w: World, move: tuple[int, int] | None) -> float:
    """The searching seat's value when it makes ``move`` in ``w`` and every seat plays its best after."""
    c = w.copy()
    spec.apply(c, w.turn, move)
    return spec.evaluate(c, spec.me) if c.my_place >= 0 else Endgame(spec).value(c)


def test_the_solver_cashes_the_ace_before_the_last_card_against_a_single_king():
    spec = _spec()
    me = spec.me
    other = (me + 1) % 4
    w = _world({me: [A, THREE], other: [K]}, me, nfin=2)
    assert Endgame(spec).best_move(w) == (A, 1)
    assert _value_after(spec, w, (A, 1)) == spec.place_worth(2)  # the Ace, then the 3: out first of the two
    assert _value_after(spec, w, (THREE, 1)) == spec.place_worth(3)  # the naive lowest lead: the King goes out


def test_the_solver_finds_the_line_the_rule_misses():
    # me: 8 J K; the other: 6 J A. The rule leads the 8: J on it, K, A, the 6, and the other is out first.
    # Leading the J keeps the K to take the lead back after the A: out first.
    spec = _spec()
    me = spec.me
    other = (me + 2) % 4
    w = _world({me: [EIGHT, J, K], other: [SIX, J, A]}, me, nfin=2)
    assert spec.rule(w, me) == (EIGHT, 1)
    assert Endgame(spec).best_move(w) == (J, 1)
    assert _value_after(spec, w, (J, 1)) == spec.place_worth(2)
    assert _value_after(spec, w, (EIGHT, 1)) == spec.place_worth(3)


def _reference(spec: PresidentSpec, w: World) -> tuple[float, ...]:
    """Plain max-n (no table, no cut-off), the same ties (the rule's move first, a strictly better one else)."""
    n, me, p = spec.n, spec.me, w.turn
    opts = moves(w, p)
    rule = spec.rule(w, p) if len(opts) > 1 else None
    if rule in opts:
        opts.remove(rule)
        opts.insert(0, rule)
    best: tuple[float, ...] | None = None
    for m in opts:
        c = w.copy()
        spec.apply(c, p, m)
        if c.my_place >= 0:
            left = [q for q in range(n) if not c.out_mask >> q & 1 and q != me]
            share = sum(n - 1 - pl for pl in range(n - len(left), n)) / len(left) if left else 0.0
            vals = [share] * n
            vals[me] = spec.evaluate(c, me)
        else:
            vals = list(_reference(spec, c))
        if m is not None and not c.cnt[p] and p != me:
            vals[p] = float(n - c.nfin)
        if best is None or vals[p] > best[p]:
            best = tuple(vals)
    assert best is not None
    return best


def _random_worlds(count: int, seed: int) -> list[World]:
    spec = _spec()
    rng = random.Random(seed)
    worlds = []
    for _ in range(count):
        deck = [r for r in range(13) for _ in range(4)]
        rng.shuffle(deck)
        seats = [spec.me] + rng.sample([q for q in range(4) if q != spec.me], rng.choice([1, 2, 3]))
        hands, pos = {}, 0
        for q in seats:
            size = rng.randint(1, 3)
            hands[q] = deck[pos : pos + size]
            pos += size
        w = _world(hands, rng.choice(seats), nfin=4 - len(seats))
        if rng.random() < 0.5:  # a trick on: someone else's play to beat
            last = rng.choice([q for q in seats if q != w.turn] or seats)
            w.k, w.t, w.last = 1, rng.randrange(12), last
        worlds.append(w)
    return worlds


def test_the_table_and_the_cut_off_change_no_value():
    spec = _spec()
    for w in _random_worlds(80, 7):
        with_memo, without = Endgame(spec), Endgame(spec, memo=False)
        assert with_memo.value(w.copy()) == without.value(w.copy()) == _reference(spec, w.copy())[spec.me]
        assert with_memo.best_move(w.copy()) == without.best_move(w.copy())


def test_moves_lead_any_count_and_follow_stronger_with_as_many():
    w = _world({0: [THREE, THREE, K], 1: [A]}, 0)
    assert moves(w, 0) == [(THREE, 1), (THREE, 2), (K, 1)]
    w.k, w.t, w.last = 1, J, 1
    assert moves(w, 0) == [None, (K, 1)]
    w.rev = True
    assert moves(w, 0) == [None, (THREE, 1)]
    w.passing = 1
    assert moves(w, 0) == [None]


def test_the_expert_with_the_endgame_plays_legal_moves_quickly():
    bot = ExpertBot(budget_s=None, max_worlds=12, min_worlds=8, solve_below=10)
    for seed in (3,):
        s = G.new_game(G.make_config(players=4), seed)
        step = 0
        while G.outcome(s) is None and s.hand_no == 1:
            seat = G.to_move(s)[0]
            view, legal = G.view(s, seat), G.legal_actions(s, seat)
            t0 = time.perf_counter()
            a = bot.choose(view, legal, random.Random(seed * 1000 + step))
            assert time.perf_counter() - t0 < 5.0  # 12 worlds: well under a second here
            assert a in legal
            G.apply(s, seat, a)
            step += 1


# One hand (4 players, seed 47) by the Expert at 32 worlds before the endgame existed: the knob off plays it so.
BEFORE = ['4C', '6H', '8H', 'AS', '-', '2D', '-', '-', '-', '8D 8C', 'KS KD', '-', '-', 'AH AD', '-', '-', '-',
          '9H 9C', '-', '-', '10H 10D', 'QH QC', '-', '-', '-', 'JD', '-', 'QD', '-', '2C', '-', '-', '-', 'AC', '-',
          '-', '-', '6S', '7H', 'JC', 'QS', 'KH', '-', '-', '4S 4D', '7S 7D', '-', '10S 10C', '-', '-', '6C', '-',
          '7C', '8S', 'KC', '-', '2H', '-', '-', 'JS JH', '-', '-', '3H 3C', '5S 5H', '9S 9D', '-', '5D', '2S', '-',
          '3S 3D', '-', '5C', '6D', '-', '-', '-', '-']


def test_the_knob_off_plays_as_before(monkeypatch):
    import logic.president.bot_search as bot_search

    def no_endgame(*a, **k):
        raise AssertionError("the endgame is built with the knob off")

    monkeypatch.setattr(bot_search, "Endgame", no_endgame)
    s = G.new_game(G.make_config(players=4, revolution=False), 47)
    bot = ExpertBot(budget_s=None, max_worlds=32, min_worlds=8, solve_below=0, ismcts=False)
    played = []
    while G.outcome(s) is None and s.hand_no == 1:
        seat = G.to_move(s)[0]
        view, legal = G.view(s, seat), G.legal_actions(s, seat)
        a = bot.choose(view, legal, random.Random(1000 * seat + len(played)))
        played.append(" ".join(a.cards) if type(a) is Play else "-")
        G.apply(s, seat, a)
    assert played == BEFORE
