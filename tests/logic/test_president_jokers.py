"""President's jokers (house rule ``jokers``, issue 52): the deal, what a joker beats alone and in a set, the 3♠,
the exchange, and jokers meeting the other switches."""

from __future__ import annotations

import json
import random

import pytest

from logic.president import NextHand, Pass, Play, PresidentGame
from logic.president.actions import HOUSE_BITS, JOKER_MASK
from tests.logic.president_support import illegal
from tests.logic.test_president_house import msg, passes, play, table
from tests.logic.test_president_random import check_no_leak

G = PresidentGame()
DECK = (1 << 52) - 1 | JOKER_MASK


def jtable(hands: list[str], turn: int = 0, **switches):
    return table(hands, turn=turn, jokers=True, **switches)


def legal(s, seat: int) -> list:
    return G.legal_actions(s, seat)


# --- the deal -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_four_players_are_dealt_14_14_13_13_with_both_jokers(seed):
    s = G.new_game(G.make_config(players=4, jokers=True), seed)
    sizes = [h.bit_count() for h in s.hands]
    assert sorted(sizes) == [13, 13, 14, 14]
    union = 0
    for h in s.hands:
        union |= h
    assert union == DECK
    big = [i for i in range(4) if sizes[i] == 14]
    assert (big[1] - big[0]) % 4 in (1, 3)  # the first two seats dealt: neighbours


@pytest.mark.parametrize("seed", range(6))
def test_five_players_are_dealt_four_elevens_and_a_ten(seed):
    s = G.new_game(G.make_config(players=5, jokers=True), seed)
    assert sorted(h.bit_count() for h in s.hands) == [10, 11, 11, 11, 11]


def hand_two(n: int, seed: int = 3):
    """Hand 1 crafted so that seats 0, 1, ... go out in that order (seat n-1 is the Beggar), then hand 2 dealt."""
    s = G.new_game(G.make_config(players=n, jokers=True), seed)
    d = G.snapshot(s)
    d.update(phase="play", turn=0, hands=[[c] for c in ("4S", "5S", "6S", "7S")[: n - 1]] + [["8S", "9S"]])
    s = G.restore(d)
    for seat in range(n - 1):
        play(s, seat, ("4S", "5S", "6S", "7S")[seat])
    assert s.phase == "hand-over" and s.finished == list(range(n))
    for seat in range(n):
        G.apply(s, seat, NextHand())
    return s


def test_from_hand_two_the_president_and_vice_get_14_and_the_beggar_of_five_gets_10():
    # dealt 14 14 13 13, then the Beggar hands 2 cards up to the President and the Vice Beggar 1 to the Vice
    assert [h.bit_count() for h in hand_two(4).hands] == [16, 15, 12, 11]
    # dealt 11 11 11 11 10, then the same exchange
    assert [h.bit_count() for h in hand_two(5).hands] == [13, 12, 11, 10, 8]


def test_the_jokers_are_the_best_cards_in_the_exchange():
    for seed in range(40):
        s = hand_two(4, seed)
        dealt = s.hands[3] | s.ex_gave[3]  # the Beggar's deal
        jokers = dealt & JOKER_MASK
        if jokers:
            break
    else:
        raise AssertionError("no seed dealt the Beggar a joker")
    taken = s.ex_gave[3]
    assert taken & jokers == jokers  # the jokers went up first
    assert s.ex_recv[0] == taken


# --- a joker alone ----------------------------------------------------------------------------------------------


def test_a_lone_joker_beats_a_two_and_only_the_three_of_spades_beats_it():
    s = jtable(["KS 4D", "2H 6C", "JK1 9H 7D", "3S 8C 3H"])
    play(s, 0, "KS")
    play(s, 1, "2H")
    assert Play(("JK1",)) in legal(s, 2)
    play(s, 2, "JK1")
    assert "Joker beats any single" in msg(s)
    assert G.view(s, None)["top"]["rank"] == "JK"
    assert legal(s, 3) == [Play(("3S",)), Pass()]
    illegal(s, 3, Play(("3H",)), "Only the 3")
    illegal(s, 3, Play(("8C",)), "Only the 3")
    play(s, 3, "3S")  # the 3 of spades ends the trick: Dot leads
    assert s.top_count == 0 and s.turn == 3 and "3\u2660 beats the Joker" in msg(s)


def test_nothing_else_beats_a_lone_joker_and_the_trick_goes_to_it():
    s = jtable(["JK2 4D", "2H 6C", "AS 9H", "KC 8C"])
    play(s, 0, "JK2")
    for seat in (1, 2, 3):
        assert legal(s, seat) == [Pass()]
        illegal(s, seat, Play((G.view(s, seat)["hand"][-1],)), "Only the 3")
        G.apply(s, seat, Pass())
    assert s.top_count == 0 and s.turn == 0


def test_one_joker_may_not_be_played_on_the_other():
    s = jtable(["JK1 4D", "JK2 6C", "AS 9H", "KC 8C"], same_rank_skip=True)
    play(s, 0, "JK1")
    illegal(s, 1, Play(("JK2",)), "Only the 3")


def test_a_lone_joker_beats_any_single_after_a_revolution_and_during_jack_back():
    s = jtable(["7S 7H 7D 7C 5D", "3H 6C", "JK1 9H", "KC 8C"], revolution=True)
    play(s, 0, "7S", "7H", "7D", "7C")
    assert s.rev
    passes(s, 1, 2, 3)
    play(s, 0, "5D")
    play(s, 1, "3H")  # the best single in the reversed order
    assert Play(("JK1",)) in legal(s, 2)
    play(s, 2, "JK1")
    assert s.top_rank == 13
    s = jtable(["JD 5D", "10H 6C", "JK1 9H", "KC 8C"], jack_back=True)
    play(s, 0, "JD")
    play(s, 1, "10H")
    assert s.jback and Play(("JK1",)) in legal(s, 2)
    play(s, 2, "JK1")


# --- jokers in sets ---------------------------------------------------------------------------------------------


def test_a_joker_takes_the_rank_of_its_set():
    s = jtable(["8S 8H 4D", "9S JK1 6C", "10D 10C JK2 5H", "KC KD KH 3C"])
    play(s, 0, "8S", "8H")
    assert Play(("9S", "JK1")) in legal(s, 1)
    play(s, 1, "JK1", "9S")  # any order
    assert s.top_rank == 6 and "a pair of 9s (one a Joker)" in msg(s)
    play(s, 2, "10D", "JK2")
    illegal(s, 3, Play(("KC", "KD", "KH")), "same number")


def test_three_of_a_kind_with_a_joker_and_the_limits_of_a_set():
    s = jtable(["5S 5H JK1 4D", "6S 6H 6D JK2 6C", "QD QC 9H", "KC KD KH 3C"])
    play(s, 0, "5S", "5H", "JK1")
    assert s.top_count == 3 and s.top_rank == 2
    illegal(s, 1, Play(("6S", "6H", "6D", "6C", "JK2")), "at most four")
    illegal(s, 1, Play(("6S", "JK2", "QD")), "same rank")
    play(s, 1, "6S", "6H", "JK2")
    illegal(s, 2, Play(("QD", "QC", "9H")), "same rank")


def test_a_pair_of_jokers_is_a_pair_of_the_highest_rank_in_effect():
    s = jtable(["AS AH 4D", "JK1 JK2 6C", "2D 2C 9H", "KC KD KH 3C"])
    play(s, 0, "AS", "AH")
    assert Play(("JK1", "JK2")) in legal(s, 1)
    play(s, 1, "JK1", "JK2")
    assert s.top_rank == 12 and "a pair of Jokers" in msg(s)
    illegal(s, 2, Play(("2D", "2C")), "equal rank")
    s = jtable(["2S 2H 4D", "JK1 JK2 6C", "2D 2C 9H", "KC KD KH 3C"])
    play(s, 0, "2S", "2H")
    assert Play(("JK1", "JK2")) not in legal(s, 1)
    illegal(s, 1, Play(("JK1", "JK2")), "equal rank")


def test_the_legal_moves_list_joker_plays_after_the_others():
    s = jtable(["9S 9H JK1 JK2 4D", "6C", "9D", "3C"])
    moves = legal(s, 0)
    plain = [m for m in moves if not any(c.startswith("JK") for c in m.cards)]
    assert moves[: len(plain)] == plain
    joker = [m.cards for m in moves[len(plain):]]
    assert ("JK1",) in joker and ("JK1", "JK2") in joker and ("9S", "JK1") in joker and ("9S", "9H", "JK1") in joker
    assert ("9S", "9H", "JK1", "JK2") in joker and ("4D", "JK1") in joker
    assert all("JK2" not in c or "JK1" in c for c in joker)  # the jokers are alike: JK1 first
    for m in moves:
        t = G.clone(s)
        G.apply(t, 0, m)


# --- jokers and the other switches -------------------------------------------------------------------------


def test_three_of_a_kind_and_a_joker_make_a_revolution_and_a_four_burn():
    s = jtable(["7S 7H 7D JK1 5D", "3H 6C", "9H 9D", "KC 8C"], revolution=True, four_burn=True)
    play(s, 0, "7S", "7H", "7D", "JK1")
    assert s.rev and s.top_count == 0 and s.turn == 0 and "burns" in msg(s)


def test_jacks_with_a_joker_set_off_jack_back_and_eights_with_a_joker_cut():
    s = jtable(["JS JK1 5D", "10H 10C 6C", "QD QC", "8C 8D 3C"], jack_back=True, eight_cut=True)
    play(s, 0, "JS", "JK1")
    assert s.jback and s.rev
    play(s, 1, "10H", "10C")
    s = jtable(["5S 5H 4D", "8H JK1 6C", "QD QC", "9C 9D 3C"], eight_cut=True)
    play(s, 0, "5S", "5H")
    play(s, 1, "8H", "JK1")
    assert s.top_count == 0 and s.turn == 1 and "8 ends the trick" in msg(s)


def test_a_set_with_a_joker_matches_the_rank_for_same_rank_skip():
    s = jtable(["9S 9H 4D", "9C JK1 6C", "QD QC", "KC KD 3C"], same_rank_skip=True)
    play(s, 0, "9S", "9H")
    assert Play(("9C", "JK1")) in legal(s, 1)
    play(s, 1, "9C", "JK1")  # a pair of 9s on a pair of 9s: Cai is skipped
    assert s.turn == 3 and "Seat 3 is skipped" in msg(s)


def test_twos_clear_with_a_lone_joker():
    s = jtable(["KS 4D", "JK1 6C", "AS 9H", "KC 8C"], twos_clear=True)
    play(s, 0, "KS")
    play(s, 1, "JK1")
    assert s.top_count == 0 and s.turn == 1 and "clears the trick" in msg(s)


def test_going_out_on_a_joker_is_a_foul_with_no_top_finish():
    s = jtable(["KS 4D", "JK1", "AS 9H", "KC 8C"], no_top_finish=True)
    play(s, 0, "KS")
    play(s, 1, "JK1")
    assert 1 in s.bottom and 1 not in s.finished and "foul" in msg(s)
    s = jtable(["5S 5H 4D", "9S JK1", "AS 9H", "KC 8C"], no_top_finish=True)
    play(s, 0, "5S", "5H")
    play(s, 1, "9S", "JK1")
    assert 1 in s.bottom


def test_a_joker_never_sets_a_suit_lock_and_fills_one():
    s = jtable(["5S 9D", "JK1 7S", "10S 10H", "KD 4C"], suit_lock=True)
    play(s, 0, "5S")
    play(s, 1, "JK1")
    assert s.lock == 0
    s = jtable(["5S 5H 9D", "7S 7H 4C", "10S JK1 10D", "KD KC 4D"], suit_lock=True)
    play(s, 0, "5S", "5H")
    play(s, 1, "7S", "7H")
    assert s.lock == 0b0011
    assert Play(("10S", "JK1")) in legal(s, 2)
    illegal(s, 2, Play(("10D", "JK1")), "locked")
    play(s, 2, "10S", "JK1")
    assert Play(("KD", "KC")) not in legal(s, 3)


def test_a_joker_fills_a_gap_in_a_run():
    s = jtable(["5S 7S JK1 4D 9S", "6H 7H 8H 4C", "8D 9D 10D", "3C"], runs=True)
    assert Play(("5S", "7S", "JK1")) in legal(s, 0) and Play(("5S", "7S", "JK1", "9S")) not in legal(s, 0)
    illegal(s, 0, Play(("5S", "JK1", "4D")), "same rank")  # not a run: two suits
    illegal(s, 0, Play(("7S", "9S", "JK1", "JK1")), "twice")
    play(s, 0, "JK1", "7S", "5S")  # any order: 5-joker-7
    assert G.view(s, None)["top_run"] and G.view(s, None)["top"]["rank"] == "7"
    assert "a run 5-7 of spades (with a Joker)" in msg(s)
    assert Play(("6H", "7H", "8H")) in legal(s, 1)
    play(s, 1, "6H", "7H", "8H")
    play(s, 2, "8D", "9D", "10D")


def test_a_joker_left_over_extends_a_run_upwards_or_below_a_two():
    s = jtable(["5S 6S JK1 4D", "6H 7H 8H 4C", "AD 2D JK2", "3C"], runs=True)
    assert Play(("5S", "6S", "JK1")) in legal(s, 0)
    play(s, 0, "5S", "6S", "JK1")  # 5-6 and a joker as the 7
    assert G.view(s, None)["top"]["rank"] == "7" and "a run 5-7 of spades" in msg(s)
    illegal(s, 1, Play(("5H", "6H", "7H")), "own hand")
    play(s, 1, "6H", "7H", "8H")  # 6-7-8 ends higher
    assert Play(("AD", "2D", "JK2")) in legal(s, 2)
    play(s, 2, "AD", "2D", "JK2")  # no rank above the 2: the joker is the King, K-A-2
    assert "a run K-2 of diamonds (with a Joker)" in msg(s)
    assert G.view(s, None)["top"]["rank"] == "2"
    s = jtable(["5S JK1 JK2 4D", "6H 7H 8H 4C", "9D", "3C"], runs=True)
    play(s, 0, "5S", "JK1", "JK2")  # one ordinary card and two jokers: three 5s, not a run
    assert s.top_rank == 2 and s.top_count == 3 and not G.view(s, None)["top_run"]


def test_going_out_on_a_run_with_a_joker_is_a_foul():
    s = jtable(["5S 7S JK1", "6H 7H 8H 4C", "8D 9D 10D", "3C"], runs=True, no_top_finish=True)
    play(s, 0, "5S", "JK1", "7S")
    assert 0 in s.bottom


# --- random matches: every switch set with jokers -------------------------------------------------------------


def random_joker_match(seed: int, check_views: bool = False) -> None:
    rng = random.Random(seed)
    switches = {name: rng.random() < 0.4 for name in HOUSE_BITS}
    switches["jokers"] = True
    revolution = rng.random() < 0.5
    switches["run_revolution"] = switches["run_revolution"] and switches["runs"] and revolution
    cfg = G.make_config(players=4 + seed % 2, hands=4, revolution=revolution, **switches)
    s = G.new_game(cfg, seed)
    log = []
    while G.outcome(s) is None:
        seat = rng.choice(G.to_move(s))
        action = rng.choice(G.legal_actions(s, seat))
        log.append((seat, G.encode_action(action)))
        G.apply(s, seat, action)
        if s.phase in ("play", "exchange"):
            union = played = 0
            for h in s.hands:
                assert not union & h
                union |= h
            for _, m in s.history:
                played |= m
            assert union | played == DECK and not union & played
        if check_views:
            check_no_leak(s)
        assert len(log) < 10_000
    assert G.snapshot(G.replay(cfg, seed, json.loads(json.dumps(log)))) == G.snapshot(s)


@pytest.mark.parametrize("seed", range(12))
def test_random_matches_with_jokers_and_other_switches_end_and_replay(seed):
    random_joker_match(seed)


@pytest.mark.parametrize("seed", range(3))
def test_views_with_jokers_leak_nothing(seed):
    random_joker_match(100 + seed, check_views=True)


# --- computer players -------------------------------------------------------------------------------------------


def bots():
    from logic.president.bots import BeginnerBot, ExpertBot, NormalBot

    return (BeginnerBot(noise=0), NormalBot(), ExpertBot(budget_s=None, max_worlds=16, min_worlds=16))


def choose(bot, s, seat: int):
    return bot.choose(G.view(s, seat), G.legal_actions(s, seat), random.Random(1))


def test_bots_keep_a_joker_rather_than_spend_it_on_an_early_single():
    hands = ["2S 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 3H",
             "5D 7D 9C JD KS AS JK1 3D 6S 8S 10C QS 4C",
             "5C 7C 9D JC KD AD 3C 6D 8D 10D QD 4D 2D",
             "5S 7S 9S JS KC AC JK2 3S 6C 8C 10S QC 4S 2C"]
    for bot in bots()[1:]:
        s = jtable(hands)
        play(s, 0, "2S")
        assert choose(bot, s, 1) == Pass(), type(bot).__name__


def test_bots_stop_a_player_on_their_last_card_with_a_joker():
    for bot in bots()[1:]:
        s = jtable(["KS 4H", "5D 7D 9C JD JK1 3D", "5C 7C 9D JC", "5S 7S 9S JS"])
        play(s, 0, "KS")
        assert choose(bot, s, 1) == Play(("JK1",)), type(bot).__name__


def test_bots_go_out_with_a_set_made_up_by_a_joker():
    for bot in bots():
        s = jtable(["8S 8H 4H", "9S JK1", "5C 7C 9D JC", "5S 7S 9S JS"])
        play(s, 0, "8S", "8H")
        assert choose(bot, s, 1) == Play(("9S", "JK1")), type(bot).__name__


def test_the_timeout_move_spends_a_joker_last():
    from logic.president.bots import timeout_move

    s = jtable(["9S JK1 4D", "6C", "9D", "3C"])
    assert timeout_move(G.view(s, 0), G.legal_actions(s, 0)) == Play(("4D",))


@pytest.mark.parametrize("seed", range(4))
def test_every_level_plays_matches_with_jokers_to_the_end(seed):
    from logic.president.bots import ExpertBot

    rng = random.Random(seed)
    switches = {name: rng.random() < 0.3 for name in HOUSE_BITS}
    switches.update(jokers=True, run_revolution=False)
    cfg = G.make_config(players=4 + seed % 2, hands=4, revolution=seed % 2 == 0, **switches)
    s = G.new_game(cfg, seed)
    levels = ["expert", "normal", "beginner", "normal", "expert"][: cfg.players]
    players = [ExpertBot(budget_s=None, max_worlds=4, min_worlds=2) if lv == "expert" else G.make_bot(lv)
               for lv in levels]
    jokers_played = 0
    while G.outcome(s) is None:
        seat = G.to_move(s)[-1]
        action = players[seat].choose(G.view(s, seat), G.legal_actions(s, seat), rng)
        jokers_played += sum(1 for c in getattr(action, "cards", ()) if c.startswith("JK"))
        G.apply(s, seat, action)  # raises if a bot chose something illegal
    assert jokers_played >= 4  # the jokers do get played


def test_a_decision_with_jokers_is_reviewed_and_the_hidden_hands_redealt_with_them():
    from logic.review import DecisionPoint, review_point
    from logic.review.practice import redeal_president

    s = G.new_game(G.make_config(players=4, jokers=True), 17)  # seat 0 holds the 3 of clubs and a joker
    seat = G.to_move(s)[0]
    moves = G.legal_actions(s, seat)
    joker = next(m for m in moves if "JK1" in m.cards and len(m.cards) == 1)
    review = review_point("president", DecisionPoint(0, seat, G.view(s, seat), moves, joker))
    assert review is not None and review.best != review.chosen  # leading a lone joker first is a clear mistake
    others = [p for p in range(4) if p != seat]
    hidden = 0
    for p in others:
        hidden |= s.hands[p]
    assert hidden & JOKER_MASK
    for rng_seed in range(5):
        t = G.clone(s)
        redeal_president(t, seat, G.view(t, seat), random.Random(rng_seed))
        assert t.hands[seat] == s.hands[seat]
        again = 0
        for p in others:
            again |= t.hands[p]
            assert t.hands[p].bit_count() == s.hands[p].bit_count()
        assert again == hidden  # the other joker stays among the hidden cards
