"""Rummy bots and hints: they finish games, never crash on any phase, and give legal advice."""

from __future__ import annotations

import random

import pytest

from logic.rummy import GAME
from logic.rummy.actions import Discard, LayOff, Meld, TakeDiscard
from logic.rummy.bot_eval import Seen
from logic.rummy.bot_plan import plan_play
from logic.rummy.bots import make_bot
from logic.rummy.hints import hint
from logic.rummy.melds import parse_code
from logic.rummy.state import DRAW, PLAY
from tests.logic.rummy_support import crafted as crafted_state
from tests.logic.rummy_support import ints

G = GAME


def make(level):
    """A bot of ``level`` whose search (Hard) is capped by worlds, not time: fast and machine-independent."""
    return make_bot(level, budget_s=None, max_worlds=2, min_worlds=2)


def play_bots(levels, seed, target=100):
    st = G.new_game(G.make_config(players=len(levels), target=target), seed)
    bots = [make(lv) for lv in levels]
    rng = random.Random(seed)
    steps = 0
    while G.outcome(st) is None:
        seat = G.to_move(st)[0]
        view = G.view(st, seat)
        legal = G.legal_actions(st, seat)
        action = bots[seat].choose(view, legal, rng)
        G.apply(st, seat, action)  # raises if a bot ever picks an illegal move
        steps += 1
        assert steps < 20000
    return st


@pytest.mark.parametrize("levels", [
    ("easy", "easy"), ("medium", "medium"), ("hard", "hard"),
    ("easy", "medium", "hard"), ("hard", "medium", "easy", "hard"),
])
def test_bots_finish_matches(levels):
    for seed in range(4):
        st = play_bots(levels, seed)
        out = G.outcome(st)
        assert out is not None and max(out.scores) >= 100


def test_bots_choose_legal_moves_in_every_phase():
    """Random positions (reached by random play, so including pending turns, deep pickups and
    hand-overs): every level returns an action the engine accepts."""
    bots = {lv: make(lv) for lv in G.bot_levels}
    stages = set()
    for seed in range(12):
        players = 2 + seed % 3
        st = G.new_game(G.make_config(players=players, target=100), seed)
        rng = random.Random(seed)
        for _ in range(400):
            if G.outcome(st) is not None:
                break
            seat = G.to_move(st)[0]
            legal = G.legal_actions(st, seat)
            stages.add(G.view(st, seat)["turn_stage"])
            if rng.random() < 0.3:
                for bot in bots.values():
                    a = bot.choose(G.view(st, seat), legal, random.Random(1))
                    G.apply(G.clone(st), seat, a)
            G.apply(st, seat, legal[rng.randrange(len(legal))])
    assert {"draw", "play", "pending", "hand-over"} <= stages


def test_bots_are_deterministic_given_view_and_rng():
    st = G.new_game(G.make_config(players=3), 5)
    view = G.view(st, st.current)
    legal = G.legal_actions(st, st.current)
    for lv in G.bot_levels:
        a1 = make(lv).choose(view, legal, random.Random(3))
        a2 = make(lv).choose(view, legal, random.Random(3))
        assert a1 == a2


def test_planner_keeps_a_card_and_uses_required_card():
    # everything melds: one card must stay for the discard
    pts, steps, left = plan_play(ints("7S 7H 7C 9D 10D JD"), [])
    assert pts == 25 and sorted(left) == sorted(ints("7S 7H 7C"))
    pts, steps, left = plan_play(ints("7S 7H 7C 7D 9D"), [])
    assert pts == 20 and left == ints("9D")
    pts, steps, left = plan_play(ints("7S 7H 7C 7D"), [])
    assert pts == 15 and len(left) == 1
    # a required card is always part of the plan
    pts, steps, left = plan_play(ints("JS JH JD 2C 5D 4S"), [], parse_code("JD"))
    assert parse_code("JD") not in left and pts == 30
    pts, steps, left = plan_play(ints("2C 5D 4S"), [], parse_code("2C"))
    assert pts == -1


@pytest.fixture(name="crafted")
def _crafted():
    return crafted_state


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bots_take_a_discard_that_melds_and_lay_off_rather_than_feed(crafted, level):
    bot = make(level)
    st = crafted(["9S 9H 2C 5D KC", "3D 4D 8C 6H 2H"], stock="KD QC", discard="4S 9C")
    a = bot.choose(G.view(st, 0), G.legal_actions(st, 0), random.Random(0))
    assert a == TakeDiscard("9C")
    # the QH fits the table run 9H-10H-JH: it is laid off, never thrown to the next player
    st = crafted(["QH 3S", "3D 4D 8C 6H 2H"], stock="KD QC", discard="4S", melds=[(1, "9H 10H JH")])
    G.apply(st, 0, G.legal_actions(st, 0)[0])  # draw from the stock (KD)
    legal = G.legal_actions(st, 0)
    # lay-off first (bots put points down), then the discard
    a = bot.choose(G.view(st, 0), legal, random.Random(0))
    if isinstance(a, LayOff):
        G.apply(st, 0, a)
        a = bot.choose(G.view(st, 0), G.legal_actions(st, 0), random.Random(0))
    assert isinstance(a, Discard) and a.card != "QH"


def test_medium_and_hard_dig_for_a_big_meld(crafted):
    st = crafted(["AS AH 4C 6D 8H", "3D 4D 8C 6H 2H"], stock="KD QC", discard="AD 2S 7C 9H")
    for level in ("medium", "hard"):
        a = make(level).choose(G.view(st, 0), G.legal_actions(st, 0), random.Random(0))
        assert a == TakeDiscard("AD"), level
    a = make("easy").choose(G.view(st, 0), G.legal_actions(st, 0), random.Random(0))
    assert a.kind == "draw"


def test_seen_tracks_known_opponent_cards():
    st = G.new_game(G.make_config(players=2), 3)
    rng = random.Random(3)
    # play until seat 1 has taken something from the discard pile
    for _ in range(3000):
        seat = G.to_move(st)[0]
        if G.phase(st) != "play":
            break
        legal = G.legal_actions(st, seat)
        takes = [a for a in legal if a.kind == "take"]
        a = takes[0] if (seat == 1 and takes and st.stage == 0) else legal[rng.randrange(len(legal))]
        G.apply(st, seat, a)
        if st.stage == 0 and st.current == 0 and st.history and st.history[-1][1]:
            break
    seen = Seen(G.view(st, 0))
    known = seen.known[1]
    assert known <= set(st.hands[1])


def test_hints_give_legal_advice():
    checked = {"draw": 0, "play": 0}
    for seed in range(10):
        st = G.new_game(G.make_config(players=2 + seed % 3, target=100), seed)
        rng = random.Random(seed)
        for _ in range(300):
            if G.phase(st) == "over":
                break
            seat = G.to_move(st)[0]
            view = G.view(st, seat)
            legal = G.legal_actions(st, seat)
            h = hint(view)
            assert isinstance(h["text"], str) and h["text"]
            if view["phase"] == "play" and view["turn_stage"] == "draw":
                checked["draw"] += 1
                if h["take"]:
                    assert TakeDiscard(h["take"]) in legal
            elif view["phase"] == "play" and view["turn_stage"] == "play":
                checked["play"] += 1
                trial = G.clone(st)
                for cards in h["melds"]:
                    G.apply(trial, seat, Meld(tuple(cards)))
                for lay in h["layoffs"]:
                    G.apply(trial, seat, LayOff(lay["meld"], tuple(lay["cards"])))
                if h["discard"]:
                    G.apply(trial, seat, Discard(h["discard"]))
            assert hint(G.view(st, (seat + 1) % st.n))["stage"] is None
            G.apply(st, seat, legal[rng.randrange(len(legal))])
    assert checked["draw"] > 50 and checked["play"] > 50


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_no_throwing_back_the_card_just_taken(crafted, level):
    """The ace is the card these bots would shed first, but they took it this turn: keep it."""
    st = crafted(["2S 2H 9D 9C KD", "3D 4D 8C 6H 2D"], stock="KH QC", discard="5C AC")
    st.history = [[1, None, [], [], parse_code("AC"), False]]  # the opponent just discarded the ace
    G.apply(st, 0, TakeDiscard("AC"))
    view = G.view(st, 0)
    legal = G.legal_actions(st, 0)
    assert Discard("AC") in legal
    a = make(level).choose(view, legal, random.Random(0))
    assert a.kind == "discard" and a.card != "AC"


def test_bots_return_the_only_legal_action():
    """A phase the bots do not know (say, a first-deal draw) offers one action: they take it."""
    st = G.new_game(G.make_config(players=2), 2)
    view = G.view(st, st.current)
    odd = object()
    for lv in G.bot_levels:
        assert make(lv).choose(view, [odd], random.Random(0)) is odd


def _race_position(crafted):
    """Second hand, race to 100: we (70, 30 down this hand) can go out with a meld of sevens; the opponent
    (95, 60 down this hand) has two cards left, so going out ends the match with us behind."""
    st = crafted(["7S 7H 7D", "KD QS"], stock="9H 4D 2C JC 5S 6D 8C", discard="10S",
                 target=100, pts=[30, 60])
    st.scores = [70, 95]
    st.history = [[0, None, [[0, 1, 2]], [], 3, False]]  # not a one-turn out
    G.apply(st, 0, G.legal_actions(st, 0)[0])  # draw from the stock
    return st


def test_going_out_is_refused_when_it_hands_over_the_match(crafted):
    from logic.rummy.bot_race import going_out_loses

    st = _race_position(crafted)
    seen = Seen(G.view(st, 0))
    assert going_out_loses(seen, 15)
    seen.scores = [70, 40]  # far ahead instead: going out wins the match
    assert not going_out_loses(seen, 15)



@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bots_end_their_turn_where_a_dig_looks_good_but_cannot_be_used(level):
    """Three queens and the 4H for the 5-7 of hearts: digging to the 3H then leaves it with no room to play."""
    melds = [(1, "5H 6H 7H"), (1, "2S 2H 2D"), (1, "KS KH KD")]
    st = crafted_state(["QH QD", "5S 3D 3C"], stock="AH 8H 10C", discard="9H 3H QS 4H", melds=melds)
    bot, moves = make(level), 0
    while st.stage in (DRAW, PLAY) and st.current == 0:
        G.apply(st, 0, bot.choose(G.view(st, 0), G.legal_actions(st, 0), random.Random(1)))
        moves += 1
        assert moves <= 30, "the turn does not end"
    assert st.current == 0 and G.legal_actions(st, 0)[0].kind == "commit"


def _meld_feeds_position(crafted, known: str, scores: list[int]):
    """Race to 100: we can meld 4-5-6 of hearts; the opponent holds one card, the one it was seen taking."""
    st = crafted(["4H 5H 6H KS QD", known], stock="9C 4D 2C JC 5S 8D 10C", discard="3S 10D", target=100)
    st.scores = scores
    st.history = [[1, ints(known), [], [], ints("2S")[0], False]]
    G.apply(st, 0, G.legal_actions(st, 0)[0])  # draw from the stock
    return st


@pytest.mark.parametrize("seed", range(3))
def test_hard_holds_back_a_meld_that_lets_the_leader_go_out(seed):
    """The opponent (95 of 100) holds only the 7H: melding 4-5-6H lets it lay off and win the match at once, while
    holding back keeps our chance (we are at 85). The planner melds everything it can (Medium does); Hard's
    playouts check its melds against holding back and keep this one in the hand."""
    st = _meld_feeds_position(crafted_state, "7H", [85, 95])
    view, legal = G.view(st, 0), G.legal_actions(st, 0)
    assert make_bot("medium").choose(view, legal, random.Random(seed)) == Meld(("4H", "5H", "6H"))
    hard = make_bot("hard", budget_s=None, max_worlds=64)
    assert hard.choose(view, legal, random.Random(seed)).kind == "discard"


@pytest.mark.parametrize("seed", range(3))
def test_hard_still_melds_when_the_meld_feeds_no_one(seed):
    """The same hand with the opponent far behind and holding a king: the meld scores and helps no one."""
    st = _meld_feeds_position(crafted_state, "KC", [40, 20])
    hard = make_bot("hard", budget_s=None, max_worlds=32)
    assert hard.choose(G.view(st, 0), G.legal_actions(st, 0), random.Random(seed)) == Meld(("4H", "5H", "6H"))
