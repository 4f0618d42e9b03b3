"""President runs with jokers (house rules ``runs`` and ``jokers``, issue 52): a joker left over beyond a run's
ordinary cards stands at the end its player names (``Play.end``: "low" below, "high" or None above; at the 2 it can
only go below)."""

from __future__ import annotations

import random

from logic.president import Play, PresidentGame
from logic.president.bots import BeginnerBot
from logic.president.runs import joker_end_choice
from tests.logic.president_support import illegal
from tests.logic.test_president_house import msg, play, table

G = PresidentGame()


def jtable(hands: list[str], turn: int = 0, **switches):
    return table(hands, turn=turn, jokers=True, runs=True, **switches)


def test_the_legal_moves_offer_both_ends_only_where_both_have_room() -> None:
    s = jtable(["5S 6S JK1 4D", "6H 7H 8H 4C", "AD 2D JK2", "3C"])
    legal = G.legal_actions(s, 0)
    assert Play(("5S", "6S", "JK1")) in legal and Play(("5S", "6S", "JK1"), end="low") in legal
    assert Play(("5S", "6S", "JK1"), end="high") not in legal  # "high" is the play without an end
    assert joker_end_choice(("5S", "6S", "JK1")) == ((1, 3), (2, 4))  # 4-6 or 5-7 (ranks count from the 3)
    assert joker_end_choice(("AD", "2D", "JK2")) is None  # nothing above the 2
    assert joker_end_choice(("3S", "4S", "JK2")) is None  # nothing below the 3: 3-4-5 is the one way
    assert joker_end_choice(("5S", "JK1", "7S")) is None  # the joker fills the gap: no choice
    assert joker_end_choice(("9S", "9H", "JK1")) is None  # a set, not a run


def test_a_joker_below_the_run_makes_its_top_card_lower() -> None:
    s = jtable(["5S 6S JK1 4D", "5H 6H 7H 4C", "8D 9D 10D", "3C"])
    G.apply(s, 0, Play(("5S", "6S", "JK1"), end="low"))
    view = G.view(s, None)
    assert view["top_run"] and view["top"]["rank"] == "6"
    assert "a run 4-6 of spades (with a Joker)" in msg(s)
    assert Play(("5H", "6H", "7H")) in G.legal_actions(s, 1)  # 5-7 ends higher than 4-6
    play(s, 1, "5H", "6H", "7H")
    assert G.view(s, None)["top"]["rank"] == "7"


def test_by_default_and_with_high_the_joker_goes_above() -> None:
    for end in (None, "high"):
        s = jtable(["5S 6S JK1 4D", "5H 6H 7H 4C", "8D 9D 10D", "3C"])
        G.apply(s, 0, Play(("5S", "6S", "JK1"), end=end))
        assert G.view(s, None)["top"]["rank"] == "7"
        illegal(s, 1, Play(("5H", "6H", "7H")), "ends higher")


def test_under_a_reversed_order_only_the_joker_below_may_beat() -> None:
    s = jtable(["8S 9S 10S 4D", "8H 9H JK2 4C", "3D", "3C"], revolution=True)
    s.rev = True  # a revolution earlier in the hand
    play(s, 0, "8S", "9S", "10S")
    legal = G.legal_actions(s, 1)
    assert Play(("8H", "9H", "JK2"), end="low") in legal and Play(("8H", "9H", "JK2")) not in legal
    illegal(s, 1, Play(("8H", "9H", "JK2")), "ends higher")
    G.apply(s, 1, Play(("8H", "9H", "JK2"), end="low"))  # 7-8-9: lower, so higher in the reversed order
    assert G.view(s, None)["top"]["rank"] == "7"


def test_an_end_without_room_or_of_no_kind_is_refused() -> None:
    s = jtable(["3S 4S JK1 AD 2D JK2", "6H 7H 8H 4C", "9D", "3C"])
    illegal(s, 0, Play(("3S", "4S", "JK1"), end="low"), "no room below")
    illegal(s, 0, Play(("AD", "2D", "JK2"), end="high"), "no room above")
    illegal(s, 0, Play(("5S", "6S", "JK1"), end="middle"), "low end or the high end")
    G.apply(s, 0, Play(("AD", "2D", "JK2")))  # no end: below at the 2, K-A-2 as before
    assert G.view(s, None)["top"]["rank"] == "2"


def test_the_end_is_in_the_log_only_when_given() -> None:
    assert G.encode_action(Play(("9S",))) == {"kind": "play", "cards": ["9S"]}
    data = G.encode_action(Play(("5S", "6S", "JK1"), end="low"))
    assert data == {"kind": "play", "cards": ["5S", "6S", "JK1"], "end": "low"}
    assert G.decode_action(data) == Play(("5S", "6S", "JK1"), end="low")
    assert G.decode_action({"kind": "play", "cards": ["9S"]}) == Play(("9S",))


def test_the_beginner_answers_with_the_stronger_end_of_the_same_cards() -> None:
    bot = BeginnerBot(noise=0.0)
    s = jtable(["3H 4H 5H 9D", "5S 6S JK1 9C", "3D", "3C"])
    play(s, 0, "3H", "4H", "5H")
    legal = G.legal_actions(s, 1)
    assert Play(("5S", "6S", "JK1"), end="low") in legal  # 4-6 beats 3-5 too
    assert bot.choose(G.view(s, 1), legal, random.Random(1)) == Play(("5S", "6S", "JK1"))  # 5-7 is stronger
