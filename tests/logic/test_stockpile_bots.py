"""Stockpile computer players: they finish games, answer in every phase, decide from the view only."""

from __future__ import annotations

import random

import pytest

from logic.stockpile import GAME
from logic.stockpile import actions as A
from logic.stockpile import rules as R
from logic.stockpile.actions import Commit, Discard, NextHand, Pass, Play
from logic.stockpile.bots import HardBot, MediumBot, make_bot
from logic.stockpile.testing import FULL, all_cards, crafted
from tests.logic.capped_bots import capped_bot


def play_bots(levels, seed, **opts):
    config = GAME.make_config(players=len(levels), **opts)
    s = GAME.new_game(config, seed)
    bots = [capped_bot(make_bot, lv) for lv in levels]
    rng = random.Random(seed)
    log = []
    while s.stage != "over":
        seats = GAME.to_move(s)
        seat = seats[0]
        legal = GAME.legal_actions(s, seat)
        a = bots[seat].choose(GAME.view(s, seat), legal, rng)
        assert a in legal
        GAME.apply(s, seat, a)
        log.append((seat, GAME.encode_action(a)))
        assert len(log) < 50_000
    assert all_cards(s) == FULL
    assert GAME.snapshot(GAME.replay(config, seed, log)) == GAME.snapshot(s)
    return s


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_each_level_finishes_games(level):
    for seed in range(3):
        s = play_bots([level, level], seed, stock_size="short")
        assert GAME.outcome(s) is not None


def test_mixed_tables_series_and_partners():
    s = play_bots(["easy", "medium", "hard", "medium"], 1, stock_size="short", series="500", partners=True)
    assert max(s.scores) >= 500 or s.stuck_deals >= R.MAX_STUCK_DEALS
    s = play_bots(["hard", "easy", "medium", "hard", "easy", "medium"], 2, stock_size="short", partners=True)
    assert GAME.outcome(s) is not None
    play_bots(["hard", "medium", "easy"], 3, stock_size="standard")


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bots_answer_in_every_phase(level):
    bot = GAME.make_bot(level)
    rng = random.Random(0)
    # pending pause -> commit
    s = crafted(hands=["3 9", ""], draw="1 2 3 4 5 6")
    GAME.apply(s, 0, Discard(0, 0))
    assert bot.choose(GAME.view(s, 0), GAME.legal_actions(s, 0), rng) == Commit()
    # stuck -> pass
    s = crafted(hands=["", ""], stocks=["9", "9"], builds=[2, 2, 2, 2])
    assert bot.choose(GAME.view(s, 0), GAME.legal_actions(s, 0), rng) == Pass()
    # hand-over -> next
    s = crafted(hands=["3", ""], stocks=["1", "4"], series="500")
    GAME.apply(s, 0, Play("stock:0", 0))
    assert bot.choose(GAME.view(s, 1), GAME.legal_actions(s, 1), rng) == NextHand()
    # no hand but plays left: plays on
    s = crafted(hands=["", ""], stocks=["9", "9"], discards={(0, 0): "1"})
    assert bot.choose(GAME.view(s, 0), GAME.legal_actions(s, 0), rng) == Play("discard:0:0", 0)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_stock_card_first(level):
    s = crafted(hands=["1 2 3 W", ""], stocks=["8 1", "5"])
    a = GAME.make_bot(level).choose(GAME.view(s, 0), GAME.legal_actions(s, 0), random.Random(0))
    assert a.source == "stock:0"


@pytest.mark.parametrize("bot", [MediumBot(), HardBot()])
def test_chain_to_stock_keeps_the_wild(bot):
    # stock 6, pile at 3; hand 4 and a wild, discard pile shows 5: 4, 5, then the stock 6
    s = crafted(hands=["W 4 9", ""], stocks=["2 6", "7"], builds=[3, 0, 0, 0], discards={(0, 1): "5"})
    moves = []
    while True:
        legal = GAME.legal_actions(s, 0)
        a = bot.choose(GAME.view(s, 0), legal, random.Random(0))
        moves.append(a)
        GAME.apply(s, 0, a)
        if type(a) is not Play or a.source == "stock:0":
            break
    assert moves == [Play("hand:1", 0), Play("discard:0:1", 0), Play("stock:0", 0)]
    assert A.WILD in s.hands[0]


def test_wild_spent_when_it_frees_the_stock():
    s = crafted(hands=["W 3", ""], stocks=["2 9", "7"], builds=[7, 0, 0, 0])
    a = HardBot().choose(GAME.view(s, 0), GAME.legal_actions(s, 0), random.Random(0))
    assert a == Play("hand:0", 0)


def test_hard_does_not_set_up_next_players_stock():
    # playing the 4 would leave the pile needing 5 = the opponent's stock card
    s = crafted(hands=["4 10 11", ""], stocks=["12", "5"], builds=[3, 0, 0, 0], draw="1 1 1 1 1 1")
    a = HardBot().choose(GAME.view(s, 0), GAME.legal_actions(s, 0), random.Random(0))
    assert isinstance(a, Discard)
    medium = MediumBot().choose(GAME.view(s, 0), GAME.legal_actions(s, 0), random.Random(0))
    assert medium == Play("hand:0", 0)


def test_tidy_discards():
    s = crafted(hands=["7 W 9", ""], discards={(0, 0): "10", (0, 1): "3"}, stocks=["12", "12"], draw="1 1 1 1 1")
    for bot in (MediumBot(), HardBot()):
        a = bot.choose(GAME.view(s, 0), GAME.legal_actions(s, 0), random.Random(0))
        assert a == Discard(2, 0)  # the 9 on the 10 (a descending run), never the wild


def test_bots_only_see_the_view():
    """Hidden cards shuffled: every bot makes the same choice."""
    s = GAME.new_game(GAME.make_config(players=3, stock_size="short"), 12)
    seat = s.turn
    other = GAME.clone(s)
    hidden = other.draw + [c for i in range(3) if i != seat for c in other.hands[i]]
    random.Random(1).shuffle(hidden)
    for i in range(3):
        if i != seat:
            k = len(other.hands[i])
            other.hands[i], hidden = hidden[:k], hidden[k:]
    other.draw = hidden
    assert all_cards(other) == FULL
    for level in GAME.bot_levels:
        bot = GAME.make_bot(level)
        a = bot.choose(GAME.view(s, seat), GAME.legal_actions(s, seat), random.Random(3))
        b = bot.choose(GAME.view(other, seat), GAME.legal_actions(other, seat), random.Random(3))
        assert a == b


def test_unknown_level():
    with pytest.raises(ValueError):
        GAME.make_bot("expert")


def test_hard_empties_its_hand_mid_turn_when_that_opens_the_way_to_its_stock():
    # hand W W 7, stock top 10, piles wanting 6 2 2 2, own discard tops 9 and 11: W (6), 7, W (8), the 9,
    # then the stock 10. The hand is empty after the second wild: five new cards come and the turn goes on.
    s = crafted(
        hands=["W W 7", ""],
        stocks=["3 10", "12"],
        builds=[5, 1, 1, 1],
        discards={(0, 0): "9", (0, 1): "11"},
        draw="12 12 12 12 12 12 12 12 12 12",
    )
    bot = HardBot()
    rng = random.Random(0)
    for _ in range(8):
        a = bot.choose(GAME.view(s, 0), GAME.legal_actions(s, 0), rng)
        assert isinstance(a, Play), f"stopped with {a} before the stock card"
        GAME.apply(s, 0, a)
        if a.source == "stock:0":
            break
    assert s.stocks[0] == [3]  # the 10 went down


def test_hard_decides_the_same_for_the_same_rng():
    s = crafted(hands=["4 6 9 W 2", ""], stocks=["8", "5"], builds=[1, 3, 0, 6], draw="1 2 3 4 5 6 7 8 9")
    view, legal = GAME.view(s, 0), GAME.legal_actions(s, 0)
    assert HardBot().choose(view, legal, random.Random(4)) == HardBot().choose(view, legal, random.Random(4))


def test_hard_plays_toward_its_stock_card_before_loose_cards():
    # the 6 lets the stock 7 down; the 3 also fits (pile 2 at 2) but can wait until the card under the 7 shows,
    # so the chain comes first. Scoring every play alike (loose_first=None), the 3 went first.
    s = crafted(hands=["3 6 11 11 11", ""], stocks=["9 7", "10"], builds=[2, 5, 9, 9], draw="12 12 12 12 12")
    view, legal = GAME.view(s, 0), GAME.legal_actions(s, 0)
    assert HardBot(budget_s=None).choose(view, legal, random.Random(1)) == Play("hand:1", 1)
    assert HardBot(budget_s=None, loose_first=None).choose(view, legal, random.Random(1)) == Play("hand:0", 0)


def test_hard_plays_toward_its_partners_stock_card_before_loose_cards():
    # partners (seats 0 and 2): the 6 lets the partner's stock 7 down, the 3 is a loose card that can wait.
    # The one-turn planner alone (partner_lines=0, Hard at partner tables before) put the 3 down first.
    s = crafted(4, partners=True, hands=["3 6 11 11 11", "", "", ""], stocks=["9", "10", "9 7", "10"],
                builds=[2, 5, 9, 9], draw="12 12 12 12 12 12 12 12 12 12")
    view, legal = GAME.view(s, 0), GAME.legal_actions(s, 0)
    assert HardBot(budget_s=None).choose(view, legal, random.Random(1)) == Play("hand:1", 1)
    assert HardBot(budget_s=None, partner_lines=0).choose(view, legal, random.Random(1)) == Play("hand:0", 0)
