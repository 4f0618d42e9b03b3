"""The Expert's searched give-back (``ExpertBot(give_search=True)``, logic/president/bot_give.py; issue 54)."""

from __future__ import annotations

import copy
import random

from logic.president import Give, NextHand, PresidentGame
from logic.president.bot_give import GiveSpec, give_candidates, rule_give
from logic.president.bot_info import BotInfo, rank_counts, rank_of
from logic.president.bots import ExpertBot, _lowest_give, make_bot
from logic.president.state import start_hand

G = PresidentGame()


def _ranks(action: Give) -> list[int]:
    return sorted(rank_of(c) for c in action.cards)


def exchanges(players: int, seed: int, revolution: bool = False, **house: bool):
    """Every exchange decision of a match played by the timeout moves: (state, seat, view, legal)."""
    s = G.new_game(G.make_config(players=players, hands=4, revolution=revolution, **house), seed)
    while G.outcome(s) is None:
        seat = G.to_move(s)[0]
        legal = G.legal_actions(s, seat)
        if type(legal[0]) is Give:
            yield s, seat, G.view(s, seat), legal
            G.apply(s, seat, _lowest_give(G.view(s, seat)["hand"], len(legal[0].cards), legal, keep_sets=True))
        elif type(legal[0]) is NextHand:
            G.apply(s, seat, legal[0])
        else:
            G.apply(s, seat, G.timeout_action(s, seat))


def test_the_knob_is_off_by_default_and_off_gives_as_before():
    assert not make_bot("expert").give_search and make_bot("expert", give_search=1).give_search
    bot = ExpertBot()
    seen = 0
    for players, seed in ((4, 3), (5, 4)):
        for _, _, view, legal in exchanges(players, seed):
            before = _lowest_give(view["hand"], len(legal[0].cards), legal, keep_sets=True)
            assert bot.choose(view, legal, random.Random(0)) == before
            seen += 1
    assert seen >= 6


def test_the_rule_on_counts_is_the_levels_rule():
    rng = random.Random(7)
    deck = [f"{label}{suit}" for label in ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
            for suit in "SHDC"]
    for _ in range(300):
        hand = rng.sample(deck, rng.choice((12, 13, 14, 15)))
        for k in (1, 2):
            rule = _lowest_give(hand, k, [], keep_sets=True)
            assert tuple(_ranks(rule)) == rule_give(rank_counts(hand), k)


def test_the_candidates_are_low_and_begin_with_the_rule():
    h = rank_counts(["3S", "3H", "5S", "7S", "7H", "9S", "JS", "QS", "KS", "AS", "AH", "2S", "2H", "2D", "2C"])
    cands = give_candidates(h, 2)
    assert cands[0] == rule_give(h, 2)
    assert len(set(cands)) == len(cands)
    assert {r for c in cands for r in c} <= {0, 2, 4, 6}  # the lowest four ranks held: 3, 5, 7, 9
    assert (0, 0) in cands and (4, 4) in cands and (2, 2) not in cands  # a pair only where two are held
    assert give_candidates(h, 1) == [(2,), (0,), (4,), (6,)]  # the rule: the lone 5 before the pair of 3s
    top = rank_counts(["QS", "AS", "AH", "2S", "2H"])
    assert give_candidates(top, 2) == [rule_give(top, 2)]  # nothing else below the Aces: the rule's give alone


def test_on_it_gives_a_legal_give_in_every_exchange_deterministically():
    bot = ExpertBot(budget_s=None, max_worlds=6, min_worlds=2, give_search=True)
    roles = set()
    for players, seed in ((4, 11), (4, 12), (5, 13), (5, 14)):
        for _, seat, view, legal in exchanges(players, seed):
            frozen = copy.deepcopy(view)
            a = bot.choose(view, legal, random.Random(seat))
            assert a in legal and isinstance(a, Give)
            assert view == frozen, "a bot must not change the view it is given"
            assert bot.choose(view, legal, random.Random(seat)) == a  # the rng alone decides (no clock)
            roles.add((players, view["exchange"]["role"]))
    assert roles == {(n, r) for n in (4, 5) for r in ("President", "Vice President")}


def test_on_it_decides_from_the_view_only():
    """The same view over other hidden hands (the other seats' cards shuffled among them): the same give."""
    bot = ExpertBot(budget_s=None, max_worlds=6, min_worlds=2, give_search=True)
    checked = 0
    for s, seat, view, legal in exchanges(4, 21):
        other = copy.deepcopy(s)
        seats = [p for p in range(4) if p != seat]
        cards = [c for p in seats for c in range(52) if other.hands[p] >> c & 1]
        random.Random(checked).shuffle(cards)
        for p in seats:
            n = other.hands[p].bit_count()
            other.hands[p], cards = sum(1 << c for c in cards[:n]), cards[n:]
        assert other.hands != s.hands and G.view(other, seat) == view
        assert bot.choose(G.view(other, seat), legal, random.Random(5)) == bot.choose(view, legal, random.Random(5))
        checked += 1
    assert checked >= 4


def test_the_worlds_follow_the_exchange():
    for players, seed in ((4, 31), (5, 32)):
        for s, seat, view, _ in exchanges(players, seed):
            info = BotInfo(view)
            bot = ExpertBot()
            spec = GiveSpec(bot.spec(view, info), view)
            partner, beggar = view["exchange"]["partner"], s.prev_finish[-1]
            cap = info.cap[partner]
            rng = random.Random(seed)
            for _ in range(30):
                w = spec.sample(view, rng)
                assert w.hands[seat] == info.h and w.turn == beggar
                assert [sum(w.hands[p][r] for p in range(players)) for r in range(13)] == [4] * 13
                assert all(w.hands[partner][r] == 0 for r in range(cap + 1, 13))  # the partner's cap
                give = give_candidates(info.h, s.ex_give[seat])[-1]
                spec.apply(w, seat, give)
                assert w.cnt == [sum(h) for h in w.hands]
                dealt = sorted(w.cnt)  # every exchange done: the sizes of the deal
                assert dealt == ([13] * 4 if players == 4 else [10, 10, 10, 11, 11])
                assert w.hands[partner][give[0]] >= 1


def _quads_state(seed: int):
    """Hand 2, seat 0 the President with four 3s, pairs of 6s, 7s, 9s, Jacks, a King, and the Beggar's Ace and 2."""
    s = G.new_game(G.make_config(players=4, hands=4, revolution=False), 1)
    rng = random.Random(seed)
    deck = set(range(52))

    def take(r: int) -> int:
        c = min(c for c in deck if c >> 2 == r)
        deck.discard(c)
        return c

    pres = [take(r) for r in [0] * 4 + [3] * 2 + [4] * 2 + [6] * 2 + [8] * 2 + [10]]
    beg = [take(12), take(11)]
    low = sorted(c for c in deck if c >> 2 <= 10)
    beg += rng.sample(low, 11)
    deck -= set(beg)
    rest = sorted(deck)
    rng.shuffle(rest)
    s.prev_finish, s.scores, s.hand_points = [0, 1, 2, 3], [3, 2, 1, 0], [[3, 2, 1, 0]]
    start_hand(s, 2, [sum(1 << c for c in h) for h in (pres, rest[:13], rest[13:], beg)])
    return s


def test_the_search_keeps_four_threes_the_rule_breaks():
    """Four 3s led are a trick nobody but a higher four beats; the rule gives two of them (its lowest cards, no lone
    card below the Kings to give first). The search gives a pair it can spare and keeps the four."""
    for seed in range(3):
        s = _quads_state(seed)
        view, legal = G.view(s, 0), G.legal_actions(s, 0)
        assert _ranks(ExpertBot().choose(view, legal, random.Random(seed))) == [0, 0]  # the rule
        searched = ExpertBot(budget_s=None, max_worlds=64, give_search=True).choose(view, legal, random.Random(seed))
        assert 0 not in _ranks(searched)


def test_the_rule_gives_under_house_rules_and_the_revolution():
    bot = ExpertBot(budget_s=None, max_worlds=6, min_worlds=2, give_search=True)
    for rules in ({"revolution": True}, {"eight_cut": True}):
        for _, _, view, legal in exchanges(4, 41, **rules):
            rule = _lowest_give(view["hand"], len(legal[0].cards), legal, keep_sets=True)
            assert bot.choose(view, legal, random.Random(0)) == rule
