"""President rules from crafted states: config, the deal, tricks, revolution, persistence, views."""

from __future__ import annotations

import json

import pytest

from logic.game import IllegalMove
from logic.president import Give, NextHand, Pass, Play, PresidentGame
from logic.registry import get_game
from tests.logic.president_support import G, craft, finish_hand_1, illegal, play

# --- config and registration -----------------------------------------------------------------------------


def test_registered_and_class_vars():
    g = get_game("president")
    assert isinstance(g, PresidentGame)
    assert (g.min_players, g.max_players) == (4, 5)
    assert g.bot_levels == ("beginner", "normal", "expert")
    assert g.default_turn_seconds == 20


@pytest.mark.parametrize(
    "opts, msg",
    [
        ({"players": 3}, "4 or 5 players"),
        ({"players": 6}, "4 or 5 players"),
        ({"players": 4, "hands": 5}, "4 or 8 hands"),
        ({"players": 4, "wild_threes": True}, "wild_threes"),  # no such option (jokers is a house rule now)
    ],
)
def test_bad_config_is_readable(opts, msg):
    with pytest.raises(ValueError, match=msg):
        G.make_config(**opts)


def test_good_config():
    cfg = G.make_config(players=5, hands=8, revolution=True)
    assert (cfg.players, cfg.hands, cfg.revolution) == (5, 8, True)


# --- dealing and the first lead --------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(10))
def test_deal_four_players(seed):
    s = G.new_game(G.make_config(players=4), seed)
    assert [h.bit_count() for h in s.hands] == [13] * 4
    assert sum(s.hands) == (1 << 52) - 1
    assert G.phase(s) == "play"
    assert G.to_move(s) == (next(i for i in range(4) if "3C" in G.view(s, i)["hand"]),)


@pytest.mark.parametrize("seed", range(10))
def test_deal_five_players_first_hand(seed):
    s = G.new_game(G.make_config(players=5), seed)
    counts = [h.bit_count() for h in s.hands]
    assert sorted(counts) == [10, 10, 10, 11, 11]
    big = [i for i in range(5) if counts[i] == 11]
    # the two extra cards go to two neighbouring seats (the first two dealt to)
    assert (big[1] - big[0]) % 5 in (1, 4)


def test_first_leader_may_play_anything():
    s = G.new_game(G.make_config(players=4), 3)
    seat = G.to_move(s)[0]
    legal = G.legal_actions(s, seat)
    assert Pass() not in legal
    # it need not contain the 3 of clubs
    other = next(a for a in legal if "3C" not in a.cards)
    G.apply(s, seat, other)
    assert G.view(s, seat)["trick"][0]["cards"] == list(other.cards)


# --- playing tricks ----------------------------------------------------------------------------------------


def test_follow_rules_count_and_rank():
    s = craft(["9S 9H 4C", "10S 10H KS 9D 9C", "3S 3H 2C", "5S 5H 6C"])
    play(s, 0, "9S", "9H")
    illegal(s, 1, Play(("KS",)), r"same number of cards as the lead \(a pair\)")
    illegal(s, 1, Play(("9D", "9C")), "equal rank does not beat")
    illegal(s, 1, Play(("10S", "KS")), "same rank")
    illegal(s, 1, Play(("JS", "JH")), "your own hand")
    illegal(s, 1, Play(("XX",)), "not a card")
    illegal(s, 2, Pass(), "not your turn")
    illegal(s, 0, Play(("4C",)), "not your turn")
    play(s, 1, "10S", "10H")
    illegal(s, 2, Play(("3S", "3H")), "higher rank")
    assert G.view(s, 2)["top"] == {"seat": 1, "cards": ["10S", "10H"], "rank": "10", "count": 2}


def test_leader_cannot_pass_and_pass_keeps_your_turn_later():
    s = craft(["4S 9S", "5S KS", "6S 7S", "8S AS"])
    illegal(s, 0, Pass(), "must play")
    play(s, 0, "4S")
    G.apply(s, 1, Pass())  # seat 1 passes ...
    play(s, 2, "6S")
    play(s, 3, "8S")
    play(s, 0, "9S")  # seat 0 goes out (1st)
    play(s, 1, "KS")  # ... and may still play later in the same trick
    assert G.view(s, 1)["finished"] == [0]
    assert G.view(s, 1)["top"]["seat"] == 1


def test_trick_ends_when_all_others_pass_and_last_player_leads():
    s = craft(["4S 5S", "6S 7S", "8S 9S", "10S JS"])
    play(s, 0, "5S")
    G.apply(s, 1, Pass())
    G.apply(s, 2, Pass())
    assert G.to_move(s) == (3,)
    G.apply(s, 3, Pass())
    v = G.view(s, 0)
    assert v["trick"] == [] and v["lead_seat"] == 0 and G.to_move(s) == (0,)
    assert "Seat 1 leads" in v["message"]
    assert v["can_pass"] is False


def test_when_the_last_player_went_out_the_next_player_still_in_leads():
    s = craft(["2S", "6S 7S", "8S 9S", "10S JS"])
    play(s, 0, "2S")  # seat 0 goes out with the top play
    assert G.view(s, 1)["seats"][0]["status"] == ["out"]
    G.apply(s, 1, Pass())
    G.apply(s, 2, Pass())
    G.apply(s, 3, Pass())
    assert G.to_move(s) == (1,)
    assert G.view(s, 1)["trick"] == []


def test_next_player_after_an_out_leader_skips_players_who_are_out():
    s = craft(["4S", "2S", "8S 9S", "10S JS"])
    play(s, 0, "4S")  # seat 0 out first
    play(s, 1, "2S")  # seat 1 out second
    G.apply(s, 2, Pass())
    G.apply(s, 3, Pass())
    assert G.to_move(s) == (2,)


def test_hand_end_scoring_and_titles():
    s = craft(["4S", "5S", "6S", "7S 8S"])
    play(s, 0, "4S")
    play(s, 1, "5S")
    play(s, 2, "6S")  # only seat 3 is left: it is the Beggar
    assert G.phase(s) == "hand-over"
    assert s.scores == [3, 2, 1, 0]
    v = G.view(s, 3)
    assert [x["title"] for x in v["seats"]] == ["President", "Vice President", "Vice Beggar", "Beggar"]
    assert v["summary"]["rows"][0] == {"seat": 0, "place": 1, "title": "President", "points": 3, "total": 3}
    assert [r["seat"] for r in v["summary"]["rows"]] == [0, 1, 2, 3]
    assert v["to_move"] == [0, 1, 2, 3]
    G.apply(s, 2, NextHand())
    illegal(s, 2, NextHand(), "already waiting")
    assert G.to_move(s) == (0, 1, 3)
    assert "ready" in G.view(s, 0)["seats"][2]["status"]


def test_five_player_scores_and_citizen():
    s = craft(["4S", "5S", "6S", "7S", "8S 9S"])
    for seat, code in enumerate(["4S", "5S", "6S", "7S"]):
        play(s, seat, code)
    assert s.scores == [4, 3, 2, 1, 0]
    assert G.view(s, None)["seats"][2]["title"] == "Citizen"


def test_any_suits_of_the_right_rank_are_accepted_and_legal_list_is_canonical():
    s = craft(["9S 9H 9D 4C", "5S", "6S", "7S"])
    legal = G.legal_actions(s, 0)
    assert legal == [Play(("4C",)), Play(("9S",)), Play(("9S", "9H")), Play(("9S", "9H", "9D"))]
    play(s, 0, "9D", "9S")
    assert G.view(s, 0)["hand"] == ["4C", "9H"]


def test_following_legal_actions_end_with_pass():
    s = craft(["4S", "5S 5H 7S 2C", "6S", "7H"])
    play(s, 0, "4S")
    assert G.legal_actions(s, 1) == [Play(("5S",)), Play(("7S",)), Play(("2C",)), Pass()]
    assert G.legal_actions(s, 2) == []


# --- revolution ----------------------------------------------------------------------------------------------


def test_revolution_flips_and_flips_back():
    s = craft(["9S 9H 9D 9C 4S", "3S 5S", "2S 5H", "3H 3D 3C KS"], revolution=True)
    play(s, 0, "9S", "9H", "9D", "9C")
    v = G.view(s, 1)
    assert v["order"] == "reversed"
    assert "revolution" in v["message"]
    G.apply(s, 1, Pass())
    G.apply(s, 2, Pass())
    G.apply(s, 3, Pass())
    play(s, 0, "4S")  # seat 0 is out; under the reversed order only a lower rank beats a 4
    illegal(s, 1, Play(("5S",)), "reversed")
    play(s, 1, "3S")
    illegal(s, 2, Play(("2S",)), "higher rank")


def test_second_quad_restores_order():
    s = craft(["9S 9H 9D 9C 4S", "5S", "6S", "3H 3D 3C 3S KS"], revolution=True)
    play(s, 0, "9S", "9H", "9D", "9C")
    G.apply(s, 1, Pass())
    G.apply(s, 2, Pass())
    play(s, 3, "3H", "3D", "3C", "3S")  # 3s are high now and flip the order back
    assert G.view(s, 0)["order"] == "normal"


def test_no_revolution_without_the_option():
    s = craft(["9S 9H 9D 9C 4S", "5S", "6S", "7S"])
    play(s, 0, "9S", "9H", "9D", "9C")
    assert G.view(s, 1)["order"] == "normal"


# --- persistence, describe, timeout, rules text ----------------------------------------------------------


def test_snapshot_restore_clone_round_trip():
    s = finish_hand_1(5, seed=9, revolution=True)
    d = G.snapshot(s)
    assert json.loads(json.dumps(d)) == d
    assert G.snapshot(G.restore(d)) == d
    c = G.clone(s)
    pres = G.to_move(c)[0]
    G.apply(c, pres, G.legal_actions(c, pres)[0])
    assert G.snapshot(s) == d
    with pytest.raises(ValueError):
        G.restore({"n": 4})


def test_action_json_round_trip():
    for a in (Play(("10H", "10S")), Pass(), Give(("3C", "4D")), NextHand()):
        data = G.encode_action(a)
        assert json.loads(json.dumps(data)) == data
        assert G.decode_action(data) == a
    assert G.encode_action(Play(("QS",))) == {"cards": ["QS"], "kind": "play"}
    with pytest.raises(IllegalMove):
        G.decode_action({"kind": "dance"})


def test_describe_reveals_nothing_hidden():
    s = craft(["9S 9H 4C", "10S 10H", "3S", "5S"], revolution=True)
    assert G.describe(s, 0, Play(("9S", "9H"))) == "played a pair of 9s"
    assert G.describe(s, 0, Pass()) == "passed"
    assert G.describe(s, 0, Give(("9S", "4C"))) == "gave back 2 cards"
    assert G.describe(s, 0, NextHand()) is None
    s = craft(["9S 9H 9D 9C", "5S", "6S", "7S"], revolution=True)
    assert G.describe(s, 0, Play(("9S", "9H", "9D", "9C"))) == "played four 9s \u2014 revolution! and is out"


def test_timeout_actions():
    s = craft(["9S 9H 4C", "10S 10H KS", "3S", "5S"])
    assert G.timeout_action(s, 0) == Play(("4C",))
    play(s, 0, "9S", "9H")
    assert G.timeout_action(s, 1) == Play(("10S", "10H"))
    s = finish_hand_1()
    pres = s.prev_finish[0]
    a = G.timeout_action(s, pres)
    hand = G.view(s, pres)["hand"]
    assert a == Give(tuple(hand[:2]))


def test_rules_text_sections():
    md = G.rules_markdown()
    for heading in ("## How to play", "## Controls", "## Options", "## Choices we made", "## FAQ", "## Examples"):
        assert heading in md
    assert 3 <= md.count("**Q:") <= 6


def test_the_last_player_still_holding_cards_is_last_not_out():
    for seed in (1, 2, 3):
        s = G.new_game(G.make_config(players=4), seed)
        while G.phase(s) == "play":  # the lowest-play policy to the end of the hand
            seat = G.to_move(s)[0]
            G.apply(s, seat, G.timeout_action(s, seat))
        assert G.phase(s) == "hand-over"
        seats = G.view(s, None)["seats"]
        last = max(range(4), key=lambda i: seats[i]["place"] or 0)
        assert seats[last]["place"] == 4 and seats[last]["cards"] > 0
        assert "out" not in seats[last]["status"] and seats[last]["status"][:1] == ["last"]
        assert all(seats[i]["status"][:1] == ["out"] and seats[i]["cards"] == 0 for i in range(4) if i != last)
