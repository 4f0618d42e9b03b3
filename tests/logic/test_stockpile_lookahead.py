"""Stockpile Hard's look-ahead (logic/stockpile/reply.py): sampled worlds, the simulated turn, the rollout value."""

from __future__ import annotations

import random
from collections import Counter
from contextlib import contextmanager

from logic.stockpile import GAME, reply
from logic.stockpile import actions as A
from logic.stockpile.hard import HardBot
from logic.stockpile.testing import FULL, V, crafted


@contextmanager
def _evaluate_calls():
    """Record the (args, kwargs) of every call to the look-ahead while the block runs."""
    calls = []
    real = reply.evaluate

    def recording(*args, **kw):
        calls.append((args, kw))
        return real(*args, **kw)

    reply.evaluate = recording
    try:
        yield calls
    finally:
        reply.evaluate = real


def _world(builds, hands, stocks, piles=None, draw=""):
    piles = piles or [[[] for _ in range(4)] for _ in hands]
    return reply.World(list(builds), [V(h) for h in hands], [V(s) for s in stocks], piles, V(draw))


def test_a_sampled_world_keeps_what_the_seat_sees_and_deals_the_rest():
    s = GAME.new_game(GAME.make_config(players=3, stock_size="short"), 5)
    seat = s.turn
    view = GAME.view(s, seat)
    w = reply.sample_world(view, random.Random(2))
    assert w.hands[seat] == s.hands[seat]
    for o in range(3):
        assert len(w.hands[o]) == len(s.hands[o])
        assert len(w.stocks[o]) == len(s.stocks[o])
        assert w.stocks[o][-1] == s.stocks[o][-1]  # the face-up top
    assert len(w.draw) == len(s.draw)
    dealt = Counter(w.draw)
    for o in range(3):
        dealt.update(w.hands[o])
        dealt.update(w.stocks[o])
    assert all(dealt[v] <= FULL[v] for v in dealt)  # never more of a card than the deck has
    other = reply.sample_world(view, random.Random(3))
    assert (other.draw, other.hands) != (w.draw, w.hands)  # a different deal of the unseen cards


def test_the_simulated_turn_plays_the_chain_to_its_stock_and_the_next_stock_card():
    # pile at 3, hand 4 5, stock 6 and under it 7; the 8 would then hand the next player their 9: kept back
    w = _world([3, 0, 0, 0], ["4 5 11 8 11", "1 1 1 1 1"], ["2 7 6", "9"], draw="12 12 12")
    assert reply.sim_turn(w, 0, next_top=9) == 2
    assert w.stocks[0] == V("2") and w.builds[0] == 7
    assert sorted(w.hands[0]) == V("8 11") and w.piles[0][0] == V("11")  # the highest number discarded


def test_a_simulated_win_and_loose_plays_that_would_open_the_next_stock_card():
    w = _world([4, 0, 0, 0], ["5", "1"], ["6", "9"])
    assert reply.sim_turn(w, 0, next_top=9) == -1  # the last stock card went down
    # 7 fits the pile at 6 but would leave it needing the next player's 8: kept back, the turn ends with a discard
    w = _world([6, 0, 0, 0], ["7 12", "1"], ["3", "8"], draw="")
    reply.sim_turn(w, 0, next_top=8)
    assert w.builds[0] == 6 and w.hands[0] == V("7")


def test_the_rollout_counts_the_next_players_stock_cards_against_us():
    # the next player's stock shows a 5; a pile left at 4 hands it to them, a pile left at 2 does not
    open_board = _world([4, 0, 0, 0], ["10 10 10 10", "12 12 12 12 12"], ["9 9 9 9 11", "12 12 12 12 5"],
                        draw="12 12 12 12 12 12 12 12 12 12")
    shut_board = open_board.copy()
    shut_board.builds = [2, 0, 0, 0]
    assert reply.rollout(open_board.copy(), 0, 2, False) < reply.rollout(shut_board.copy(), 0, 2, False)


def test_hard_looks_ahead_only_where_the_turn_offers_a_choice_and_stays_deterministic():
    s = crafted(hands=["4 6 9 2 2", ""], stocks=["8 8 11", "5 5 5"], builds=[1, 3, 0, 6], draw="1 2 3 4 5 6 7 8 9")
    view, legal = GAME.view(s, 0), GAME.legal_actions(s, 0)
    with _evaluate_calls() as calls:
        a = HardBot(budget_s=None).choose(view, legal, random.Random(1))
        b = HardBot(budget_s=None).choose(view, legal, random.Random(1))
    assert a == b and a in legal
    assert calls and all(len(args[1]) > 1 for args, _ in calls)  # several ends of turn were played out
    # a stock card in reach is played without any look-ahead
    s = crafted(hands=["6 9", ""], stocks=["8 7", "5"], builds=[5, 0, 0, 0])
    with _evaluate_calls() as calls:
        a = HardBot(budget_s=None).choose(GAME.view(s, 0), GAME.legal_actions(s, 0), random.Random(1))
    assert a == A.Play("hand:0", 0) and not calls


def test_the_race_value_seeks_risk_when_behind_and_avoids_it_when_ahead():
    def after(mine, theirs):
        return _world([0, 0, 0, 0], ["", ""], ["5 " * mine, "5 " * theirs])

    # level: one stock card near the current lead counts about one, a win is worth the most there is
    assert abs(reply.race_value(after(5, 5), 0, 0, 8.0)) < 1e-9
    assert 0.95 < reply.race_value(after(4, 5), 0, 0, 8.0) < 1.0
    assert reply.race_value(after(0, 5), 0, 0, 8.0) == 8.0
    assert reply.race_value(after(3, 0), 0, 0, 8.0) == -8.0

    # trailing by 6: a coin flip between trailing by 2 and by 10 beats trailing by 6 for sure; leading, the reverse
    def spread(lead_now, centre):
        sure = reply.race_value(after(10, 10 + centre), 0, lead_now, 8.0)
        flip = (reply.race_value(after(10, 14 + centre), 0, lead_now, 8.0)
                + reply.race_value(after(10, 6 + centre), 0, lead_now, 8.0)) / 2
        return flip - sure

    assert spread(-6, -6) > 0.1
    assert spread(6, 6) < -0.1


def test_hard_values_its_look_ahead_as_a_race():
    s = crafted(hands=["4 6 9 2 2", ""], stocks=["8 8 11", "5 5 5"], builds=[1, 3, 0, 6], draw="1 2 3 4 5 6 7 8 9")
    view, legal = GAME.view(s, 0), GAME.legal_actions(s, 0)
    with _evaluate_calls() as calls:
        HardBot(budget_s=None).choose(view, legal, random.Random(1))
        HardBot(budget_s=None, race=0).choose(view, legal, random.Random(1))
    scales = [args[7] if len(args) > 7 else kw.get("race") for args, kw in calls]
    assert scales == [8.0, None]  # race=0 turns it off: stock cards gained, counted linearly


def test_the_team_rollout_counts_the_partners_stock_cards_with_ours_and_wins_with_the_whole_team():
    # four seats, partners 0 and 2 on their own piles: the partner (seat 2) gets its 5 down on the pile at 4
    def table(our_stock: str, partner_stock: str) -> reply.World:
        return _world([4, 0, 0, 0], ["10 10 10 10", "12 12 12 12 12", "12 12 12 12 12", "12 12 12 12 12"],
                      [our_stock, "11 11", partner_stock, "11 11"], [[[] for _ in range(4)] for _ in range(4)])

    team = frozenset((0, 2))
    assert reply.team_rollout(table("9 9", "11 5"), 0, 4, team, False, 3) == 1.0
    assert reply.rollout(table("9 9", "11 5"), 0, 4, False, 3) == -1.0  # the plain rollout: an opponent's card
    assert reply.team_rollout(table("9 9", "5"), 0, 4, team, False, 3) == 1.0  # our stock is left: no win yet
    assert reply.team_rollout(table("", "5"), 0, 4, team, False, 3) == 1.0 + reply.WIN  # both out: the deal


def test_a_seat_whose_stock_is_empty_plays_its_hand_for_its_partner_in_the_team_rollout():
    # partners 0 and 2 on their own piles; our stock is empty, the partner's top is a 5 and the pile stands at 3.
    # Our turn comes first (the hand was just emptied): we lay the 4, keep our 5 off the pile the partner's 5 needs
    # (it goes on nothing else), discard a 12, and the partner gets its 5 down
    def table() -> reply.World:
        return _world([3, 9, 9, 9], ["4 5 12 12 12", "12 12 12 12 12", "12 12 12 12 12", "12 12 12 12 12"],
                      ["", "11 11", "11 5", "11 11"])

    team = frozenset((0, 2))
    assert reply.team_rollout(table(), 0, 4, team, True, 3) == 0.0  # sitting the turn out: the 5 never fits
    w = table()
    assert reply.team_rollout(w, 0, 4, team, True, 3, empty_plays=True) == 1.0
    assert w.hands[0] == V("5 12 12") and w.piles[0][0] == V("12") and w.builds[0] == 5
    w = table()
    reply.helper_turn(w, 0, -1, -1)  # no partner's card to keep: the 4 and the 5 go down as loose numbers
    assert w.builds[0] == 5 and w.hands[0] == V("12 12")


def test_a_seat_whose_stock_empties_plays_on_for_its_partner_in_the_team_rollout():
    # our last stock card (a 4) goes on the 3; the turn goes on: the 6 from hand readies the partner's 7 on that pile
    def table() -> reply.World:
        return _world([3, 9, 9, 9], ["5 6 12 12 12", "12 12 12 12 12", "12 12 12 12 12", "12 12 12 12 12"],
                      ["4", "11 11", "11 7", "11 11"])

    team = frozenset((0, 2))
    assert reply.team_rollout(table(), 0, 4, team, True, 3) == 1.0  # the partner's 7 waits
    assert reply.team_rollout(table(), 0, 4, team, True, 3, empty_plays=True) == 2.0


def test_the_team_race_value_sets_the_two_teams_totals_against_each_other():
    # seats 0 and 2 against 1 and 3 (the knob team_race): our 2 + 3 left against their 1 + 6; a team is out only
    # when both its stocks are
    w = _world([0, 0, 0, 0], ["", "", "", ""], ["5 5", "5", "5 5 5", "5 5 5 5 5 5"])
    team = frozenset((0, 2))
    assert 1.95 < reply.race_value(w, 0, 0, 8.0, team) < 2.0  # 7 against 5: two up (the plain value: one down)
    assert reply.race_value(w, 0, 0, 8.0) < 0
    w.stocks[0], w.stocks[2] = [], []
    assert reply.race_value(w, 0, 0, 8.0, team) == 8.0
    w.stocks[0], w.stocks[2], w.stocks[1], w.stocks[3] = [5], [], [], []
    assert reply.race_value(w, 0, 0, 8.0, team) == -8.0
