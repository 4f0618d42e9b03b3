"""With the knob ``run_lead`` on, Normal and Expert lead runs (house rule ``runs``) by bot_runs' rule; with it off (the
default), without the switch, and for Beginner, they lead as before."""

from __future__ import annotations

import random

from logic.president import Play, PresidentGame
from logic.president.bots import BeginnerBot, ExpertBot, NormalBot
from tests.logic.test_president_house import table

G = PresidentGame()
HANDS = ["4S 5S 6S 9H JD KC", "3H 7H 8H 10H QH AH", "3D 4D 7D 9D QD 2D", "3C 4C 7C 9C QC 2C"]


def searching_bots(run_lead: bool = True) -> list:
    knobs = {"run_lead": run_lead}
    return [NormalBot(**knobs), ExpertBot(budget_s=None, max_worlds=12, min_worlds=12, **knobs)]


def choose(bot, s, seat: int = 0):
    return bot.choose(G.view(s, seat), G.legal_actions(s, seat), random.Random(1))


def test_normal_and_expert_lead_their_run_of_lone_cards():
    for bot in searching_bots():
        assert choose(bot, table(HANDS, runs=True)) == Play(("4S", "5S", "6S")), type(bot).__name__


def test_without_the_switch_or_with_the_knob_off_they_lead_as_before():
    for bot in searching_bots():
        assert len(choose(bot, table(HANDS)).cards) == 1, type(bot).__name__
    for bot in [*searching_bots(run_lead=False), NormalBot(), ExpertBot(budget_s=None, max_worlds=12, min_worlds=12)]:
        move = choose(bot, table(HANDS, runs=True))
        assert len(move.cards) == 1, type(bot).__name__


def test_a_run_that_would_break_a_pair_or_spend_an_ace_is_not_led():
    paired = ["4S 5S 6S 6H 9H KC", *HANDS[1:]]  # the 6 is a pair: leading the run would break it
    aced = ["QS KS AS 4H 9H JD", *HANDS[1:]]  # Q-K-A: an Ace stays to win a lead back
    for bot in searching_bots():
        for hands in (paired, aced):
            move = choose(bot, table(hands, runs=True))
            assert not (len(move.cards) >= 3 and len({c[:-1] for c in move.cards}) > 1), (type(bot).__name__, move)


def test_the_longest_run_is_led():
    hands = ["4S 5S 6S 9H 10H JH QH", *HANDS[1:]]
    for bot in searching_bots():
        assert choose(bot, table(hands, runs=True)) == Play(("9H", "10H", "JH", "QH")), type(bot).__name__


def test_beginner_keeps_leading_its_lowest_cards():
    assert choose(BeginnerBot(noise=0.0), table(HANDS, runs=True)) == Play(("4S",))


def test_where_a_run_of_four_revolts_only_three_are_led():
    hands = ["9H 10H JH QH 4S KC", *HANDS[1:]]
    for bot in searching_bots():
        move = choose(bot, table(hands, runs=True, run_revolution=True, revolution=True))
        assert move == Play(("9H", "10H", "JH")), (type(bot).__name__, move)
