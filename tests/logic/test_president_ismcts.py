"""The Expert's information-set MCTS (``ExpertBot(ismcts=True)``, logic/president/bot_ismcts.py; issue 54)."""

from __future__ import annotations

import copy
import random

import logic.president.bots as bots
from logic.president import Pass, Play, PresidentGame
from logic.president.bot_info import BotInfo
from logic.president.bot_ismcts import IsmctsStats, ismcts_choose, own_moves
from logic.president.bot_search import STEADY_KEEP, PresidentSpec, World
from logic.president.bots import ExpertBot, make_bot

G = PresidentGame()
A, K, J, EIGHT, SIX, THREE = 11, 10, 8, 5, 3, 0  # rank indexes (0 = 3 ... 11 = Ace, 12 = 2)


def decisions(players: int, seed: int, every: int = 4, revolution: bool = False):
    """Every ``every``-th play decision with a choice, of a match played by the timeout moves: (state, seat)."""
    s = G.new_game(G.make_config(players=players, hands=4, revolution=revolution), seed)
    i = 0
    while G.outcome(s) is None:
        seat = G.to_move(s)[0]
        legal = G.legal_actions(s, seat)
        if len(legal) > 2 and any(type(a) is Play for a in legal):
            i += 1
            if i % every == 0:
                yield s, seat
        G.apply(s, seat, G.timeout_action(s, seat))


def _bot() -> ExpertBot:
    return ExpertBot(budget_s=None, max_worlds=6, min_worlds=2, ismcts=True)


def test_the_knob_is_on_by_default_and_parses_as_the_arena_gives_it():
    assert make_bot("expert").ismcts
    assert not make_bot("expert", ismcts=0).ismcts


def test_legal_moves_in_random_4_and_5_player_matches():
    bot = _bot()
    seen = 0
    for players, seed in ((4, 11), (5, 12)):
        for n, (s, seat) in enumerate(decisions(players, seed, every=5)):
            if n >= 8:
                break
            view, legal = G.view(s, seat), G.legal_actions(s, seat)
            assert bot.choose(view, legal, random.Random(n)) in legal
            seen += 1
    assert seen >= 12


def test_the_same_rng_gives_the_same_move_and_the_view_is_not_changed():
    bot = _bot()
    for n, (s, seat) in enumerate(decisions(4, 21, every=6)):
        if n >= 4:
            break
        view, legal = G.view(s, seat), G.legal_actions(s, seat)
        before = copy.deepcopy(view)
        a = bot.choose(view, legal, random.Random(5))
        assert view == before
        assert bot.choose(view, legal, random.Random(5)) == a


def test_it_decides_from_the_view_only():
    bot = _bot()
    rng = random.Random(3)
    checked = 0
    for n, (s, seat) in enumerate(decisions(4, 31, every=5)):
        if n >= 4:
            break
        view, legal = G.view(s, seat), G.legal_actions(s, seat)
        d = G.snapshot(s)
        others = [q for q in range(len(d["hands"])) if q != seat]
        pool = [c for q in others for c in d["hands"][q]]
        rng.shuffle(pool)
        for q in others:  # the hidden cards dealt again among the others, with their sizes
            size = len(d["hands"][q])
            d["hands"][q], pool = pool[:size], pool[size:]
        t = G.restore(d)
        assert G.view(t, seat) == view
        assert bot.choose(G.view(t, seat), G.legal_actions(t, seat), random.Random(9)) == bot.choose(
            view, legal, random.Random(9))
        checked += 1
    assert checked == 4


class _Fixed(PresidentSpec):
    """The Expert's model with one world instead of sampled ones (a hand-built position)."""

    world: World

    def sample(self, view, rng):  # noqa: ANN001, ANN201 - the spec's signature
        return self.world.copy()


def _fixed(hands: dict[int, list[int]], nfin: int) -> _Fixed:
    """Only the seats in ``hands`` still in (the others went out before, ``nfin`` of them), the first seat to lead."""
    s = G.new_game(G.make_config(players=4, revolution=False), 1)
    view = G.view(s, G.to_move(s)[0])
    spec = _Fixed(G, view, BotInfo(view), keep=STEADY_KEEP, adapt=True, sure_out=True, hoard=True, own_hoard=True)
    spec.events = []
    me = spec.me
    w = World()
    w.hands = [[0] * 14 for _ in range(4)]
    for q, ranks in hands.items():
        for r in ranks:
            w.hands[(me + q) % 4][r] += 1
    w.cnt = [sum(h) for h in w.hands]
    w.k, w.t, w.last, w.passed, w.passing = 0, -1, -1, 0, 0
    w.out_mask = sum(1 << ((me + q) % 4) for q in range(4) if q not in hands)
    w.nfin, w.rev, w.turn, w.my_place, w.jb, w.nfoul = nfin, False, me, -1, False, 0
    spec.world = w
    return spec


def test_a_hand_built_position_the_rule_loses():
    # me: 8 J K; the other: 6 J A (bot_endgame's test). The rule leads the 8: J on it, K, A, the 6, and the other is
    # out first. Leading the J (or the K) keeps a card to take the lead back after the A: out first.
    spec = _fixed({0: [EIGHT, J, K], 2: [SIX, J, A]}, nfin=2)
    w = spec.world
    assert spec.rule(w, spec.me) == (EIGHT, 1)
    cands = own_moves(w, spec.me)
    stats = IsmctsStats()
    pick = ismcts_choose(spec, {}, random.Random(1), candidates=cands, prefer=(EIGHT, 1), budget_s=None,
                         max_iters=300, stats=stats)
    assert pick in ((J, 1), (K, 1))
    assert stats.means is not None and stats.means[pick] > stats.means[(EIGHT, 1)]


def test_off_searches_flat_and_the_revolution_falls_back_to_the_flat_search(monkeypatch):
    def boom(*a, **k):  # noqa: ANN002, ANN003, ANN202
        raise AssertionError("the tree search ran")

    monkeypatch.setattr(bots, "ismcts_choose", boom)
    off, plain = ExpertBot(budget_s=None, max_worlds=6, min_worlds=2, ismcts=False), ExpertBot(
        budget_s=None, max_worlds=6, min_worlds=2, ismcts=False)
    for n, (s, seat) in enumerate(decisions(4, 41, every=6)):
        if n >= 3:
            break
        view, legal = G.view(s, seat), G.legal_actions(s, seat)
        assert off.choose(view, legal, random.Random(n)) == plain.choose(view, legal, random.Random(n))
    on = _bot()
    for n, (s, seat) in enumerate(decisions(4, 42, every=6, revolution=True)):
        if n >= 2:
            break
        assert on.choose(G.view(s, seat), G.legal_actions(s, seat), random.Random(n)) in G.legal_actions(s, seat)


def test_the_pass_is_a_candidate_at_the_root():
    bot = _bot()
    for n, (s, seat) in enumerate(decisions(4, 51, every=3)):
        legal = G.legal_actions(s, seat)
        if any(type(a) is Pass for a in legal):
            assert bot.choose(G.view(s, seat), legal, random.Random(n)) in legal
            return
    raise AssertionError("no decision with a pass")
