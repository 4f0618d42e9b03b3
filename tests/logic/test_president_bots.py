"""President bots: every level finishes matches, handles every phase, and decides from the view only."""

from __future__ import annotations

import copy
import random

import pytest

from logic.president import Give, NextHand, Pass, Play, PresidentGame
from logic.president.bot_deals import sample_hands
from logic.president.bot_info import BotInfo
from logic.president.bot_policy import rule_move
from logic.president.bots import ExpertBot, NormalBot

G = PresidentGame()


def bot_match(levels: list[str], seed: int, revolution: bool = False, hands: int = 4, stop_at_hand: int = 99):
    cfg = G.make_config(players=len(levels), hands=hands, revolution=revolution)
    s = G.new_game(cfg, seed)
    # the expert searches with a small worlds cap here: the same code path, a fraction of the time
    bots = [ExpertBot(budget_s=None, max_worlds=6, min_worlds=2) if lv == "expert" else G.make_bot(lv) for lv in levels]
    rng = random.Random(seed)
    phases = set()
    while G.outcome(s) is None and s.hand_no < stop_at_hand:
        tm = G.to_move(s)
        seat = tm[-1]
        phases.add(G.phase(s))
        view = G.view(s, seat)
        legal = G.legal_actions(s, seat)
        frozen = copy.deepcopy(view)
        action = bots[seat].choose(view, legal, rng)
        assert view == frozen, "a bot must not change the view it is given"
        G.apply(s, seat, action)  # raises if the bot chose something illegal
    return s, phases


@pytest.mark.parametrize("level", ["beginner", "normal", "expert"])
def test_each_level_finishes_matches_through_every_phase(level):
    for seed, players, rev in ((1, 4, False), (2, 5, True)):
        # the expert is slow-ish: two hands show every phase; the others play the whole match
        stop = 3 if level == "expert" else 99
        s, phases = bot_match([level] * players, seed, revolution=rev, hands=4, stop_at_hand=stop)
        assert phases == {"play", "exchange", "hand-over"}
        assert G.phase(s) == ("exchange" if level == "expert" else "over")


def test_mixed_levels_5_players_with_revolution():
    s, _ = bot_match(["expert", "normal", "beginner", "normal", "expert"], 7, revolution=True)
    assert G.outcome(s) is not None


def test_make_bot_rejects_unknown_level():
    with pytest.raises(ValueError, match="beginner, normal or expert"):
        G.make_bot("godlike")


def _exchange_state():
    s = G.new_game(G.make_config(players=4), 5)
    while G.phase(s) == "play":
        seat = G.to_move(s)[0]
        G.apply(s, seat, G.timeout_action(s, seat))
    for seat in range(4):
        G.apply(s, seat, NextHand())
    return s


@pytest.mark.parametrize("level", ["beginner", "normal", "expert"])
def test_bots_give_the_right_number_of_cards_and_confirm_hands(level):
    s = _exchange_state()
    bot = G.make_bot(level)
    for seat in G.to_move(s):
        action = bot.choose(G.view(s, seat), G.legal_actions(s, seat), random.Random(1))
        assert isinstance(action, Give) and len(action.cards) == s.ex_give[seat]
    view = {"phase": "hand-over", "hand": []}
    assert bot.choose(view, [NextHand()], random.Random(1)) == NextHand()


def test_normal_keeps_pairs_and_twos():
    # following a single 5 with 7 7 9 2 and many cards left: plays the lone 9, not a 7 from the pair, not the 2
    def never(r, c):
        return False

    assert rule_move(_h("7 7 9 2 3 4 4 6 6"), 9, 1, 2, False, never, 13) == (6, 1)
    # with only a pair and a 2 over a single 8: keep the 2 while the hand is long ... pass
    assert rule_move(_h("9 9 2 3 4 4 6 6"), 8, 1, 5, False, never, 13) is None
    # going out beats everything
    assert rule_move(_h("2"), 1, 1, 5, False, never, 13) == (12, 1)


def _h(text: str) -> list[int]:
    from logic.president.actions import RANK_LABELS

    h = [0] * 13
    for label in text.split():
        h[RANK_LABELS.index(label)] += 1
    return h


def test_the_counting_rule_takes_a_sure_way_out():
    # the playout rule of a player who counts the cards (sure_out): Kings and up can no longer be beaten here
    def safe(r, c):
        return r >= 9

    hand = _h("5 K K A")  # leading, three groups, all but the 5 unbeatable: cash the Ace, keep the lead
    assert rule_move(hand, 4, 0, -1, False, safe, 13, sure_out=True) == (11, 1)
    assert rule_move(hand, 4, 0, -1, False, safe, 13) == (2, 1)  # the shared rule leads the 5
    # following a single 10 with ten cards: the lone Ace is normally kept while the hand is long, but with only
    # the pair of 3s beatable after it, it wins the lead and the hand goes out
    hand = _h("3 3 Q Q K K A 2 2 2")
    assert rule_move(hand, 10, 1, 7, False, safe, 13, 8, 99, sure_out=True) == (11, 1)
    assert rule_move(hand, 10, 1, 7, False, safe, 13, 8, 99) is None


def test_normal_cashes_a_sure_trick_before_going_out():
    # 2 of the 2s are gone and we hold the other two: lead the 2s first, then the 5
    view = {
        "seat": 0,
        "players": 4,
        "hand": ["5S", "2S", "2H"],
        "played": ["2D", "2C"],
        "order": "normal",
        "revolution": False,
        "top": None,
        "passed": [],
        "finished": [],
        "history": [],
        "seats": [{"cards": 3}, {"cards": 5}, {"cards": 5}, {"cards": 5}],
        "exchange": None,
    }
    legal = [Play(("5S",)), Play(("2S",)), Play(("2S", "2H"))]
    assert NormalBot().choose(view, legal, random.Random(0)) == Play(("2S", "2H"))


def test_expert_goes_out_when_it_can_and_passes_are_handled():
    view = {
        "seat": 1,
        "players": 4,
        "hand": ["KS", "KH"],
        "played": ["9S", "9H"],
        "order": "normal",
        "revolution": False,
        "top": {"seat": 0, "cards": ["9S", "9H"], "rank": "9", "count": 2},
        "passed": [],
        "finished": [],
        "history": [{"seat": 0, "cards": ["9S", "9H"]}],
        "seats": [{"cards": 5}, {"cards": 2}, {"cards": 6}, {"cards": 6}],
        "exchange": None,
    }
    legal = [Play(("KS", "KH")), Pass()]
    assert ExpertBot().choose(view, legal, random.Random(0)) == Play(("KS", "KH"))
    assert ExpertBot().choose(view, [Pass()], random.Random(0)) == Pass()


def test_expert_samples_worlds_consistent_with_its_view():
    s = _exchange_state()
    pres, beggar = s.prev_finish[0], s.prev_finish[-1]
    # the President gives back its two lowest; the VP gives one; then look at the Beggar's deal from above
    for seat in G.to_move(s):
        G.apply(s, seat, G.timeout_action(s, seat))
    view = G.view(s, pres)
    info = BotInfo(view)
    taken = view["exchange"]["received"]
    from logic.president.actions import RANK_LABELS

    cap = min(RANK_LABELS.index(c[:-1]) for c in taken)
    assert info.cap == {beggar: cap}
    given = view["exchange"]["given"]
    rng = random.Random(3)
    for _ in range(50):
        hands = sample_hands(info, rng)
        assert hands[pres] == info.h
        for seat in range(4):
            assert sum(hands[seat]) == view["seats"][seat]["cards"]
        totals = [sum(hands[p][r] for p in range(4)) for r in range(13)]
        assert totals == [4] * 13  # nothing played yet: every card is somewhere
        for code in given:  # the President knows the Beggar holds what it gave back
            assert hands[beggar][RANK_LABELS.index(code[:-1])] >= 1
        # the Beggar's other cards rank no higher than the lowest card taken from it
        rest = list(hands[beggar])
        for code in given:
            rest[RANK_LABELS.index(code[:-1])] -= 1
        assert all(rest[r] == 0 for r in range(cap + 1, 13))


def test_expert_is_deterministic_for_a_given_rng():
    s = G.new_game(G.make_config(players=4), 21)
    seat = G.to_move(s)[0]
    view, legal = G.view(s, seat), G.legal_actions(s, seat)
    a = ExpertBot(budget_s=None, max_worlds=40).choose(view, legal, random.Random(5))
    b = ExpertBot(budget_s=None, max_worlds=40).choose(view, legal, random.Random(5))
    assert a == b and a in legal


def test_timeout_action_in_every_phase():
    s = _exchange_state()
    for seat in G.to_move(s):
        assert isinstance(G.timeout_action(s, seat), Give)
        G.apply(s, seat, G.timeout_action(s, seat))
    seat = G.to_move(s)[0]
    assert isinstance(G.timeout_action(s, seat), Play)


def _follow_view(hand: str, top: tuple[str, ...], counts: list[int], history=None) -> dict:
    return {
        "seat": 0,
        "players": 4,
        "hand": hand.split(),
        "played": [c for e in (history or []) for c in e["cards"]],
        "order": "normal",
        "revolution": False,
        "top": {"seat": 3, "cards": list(top), "rank": top[0][:-1], "count": len(top)},
        "passed": [],
        "finished": [],
        "history": history or [{"seat": 3, "cards": list(top)}],
        "seats": [{"cards": c} for c in counts],
        "exchange": None,
        "hands": 4,
        "hand_no": 1,
    }


def test_expert_keeps_its_twos_early_in_the_hand():
    # twelve cards, a pair of 10s to beat: the 2s stay for winning the lead back later (Jacks or a pass)
    view = _follow_view("3S 4S 5H 6D 7C 8S 9H JS JH KD 2S 2H", ("10S", "10H"), [12, 13, 13, 11])
    legal = [Play(("JS", "JH")), Play(("2S", "2H")), Pass()]
    got = ExpertBot(budget_s=None, max_worlds=60).choose(view, legal, random.Random(3))
    assert got in (Play(("JS", "JH")), Pass())


def test_a_pass_makes_deals_where_the_passer_could_follow_rare():
    from logic.president.bot_search import PresidentSpec, pass_events

    # seat 1 passed on a pair of 5s: a pair from 6 to King would have been the natural answer
    history = [{"seat": 0, "cards": ["5S", "5H"]}, {"seat": 1, "cards": []}, {"seat": 2, "cards": ["7S", "7H"]}]
    view = _follow_view("3S 3H 4S 8D 9C JS QH KD AS 2H 5D", ("7S", "7H"), [11, 13, 11, 13], history)
    view["top"]["seat"] = 2
    events = pass_events(view)
    assert [(p, t, k) for p, t, k, _, _ in events] == [(1, 2, 2)]
    spec = PresidentSpec(G, view, BotInfo(view))
    rng = random.Random(8)

    def could_follow(h):
        return any(h[r] == 2 for r in range(3, 11))  # an exact pair of 6s ... Kings

    informed = sum(could_follow(spec.sample(view, rng).hands[1]) for _ in range(100))
    plain = sum(could_follow(sample_hands(BotInfo(view), rng)[1]) for _ in range(100))
    assert informed < 0.9 * plain  # a soft filter: people do pass on purpose


def test_expert_playouts_model_players_who_keep_aces_against_any_lead():
    from logic.president.bot_search import STEADY_KEEP, PresidentSpec

    # ten cards with a lone Ace, a single King to beat: the shared rule (Normal) spends the Ace on a high single,
    # the Expert's playouts keep it while the hand is long, whatever was led (as a steady human does)
    view = _follow_view("3S 4S 5H 6D 7C 8S 9H 10H JS AS", ("KD",), [10, 13, 13, 12])
    normal = PresidentSpec(G, view, BotInfo(view), noise=0.0, match_aware=False)
    steady = PresidentSpec(G, view, BotInfo(view), noise=0.0, keep=STEADY_KEEP)
    rng = random.Random(2)
    world = steady.sample(view, rng)
    ace = 11
    assert normal.policy(world.copy(), 0, [], rng) == (ace, 1)
    assert steady.policy(world.copy(), 0, [], rng) is None
    # with eight cards the steady model plays the Ace again
    short = _follow_view("3S 4S 5H 6D 7C 8S JS AS", ("KD",), [8, 13, 13, 12])
    spec = PresidentSpec(G, short, BotInfo(short), noise=0.0, keep=STEADY_KEEP)
    assert spec.policy(spec.sample(short, rng), 0, [], rng) == (ace, 1)


def test_expert_models_an_opponent_seen_spending_an_ace_early_by_the_shared_rule():
    from logic.president.bot_search import STEADY_KEEP, PresidentSpec, early_spenders

    # seat 1 led a single Ace holding 13 cards (a steady player never does); seat 2 then played a 2 on it,
    # which is no cheap spend; the others passed, seat 2 led a 5, then a 9, a Queen and a King
    history = [
        {"seat": 1, "cards": ["AD"]},
        {"seat": 2, "cards": ["2C"]},
        {"seat": 3, "cards": []},
        {"seat": 0, "cards": []},
        {"seat": 1, "cards": []},
        {"seat": 2, "cards": ["5C"]},
        {"seat": 3, "cards": ["9C"]},
        {"seat": 0, "cards": ["QS"]},
        {"seat": 1, "cards": []},
        {"seat": 2, "cards": []},
        {"seat": 3, "cards": ["KD"]},
    ]
    view = _follow_view("3S 3H 4S 4H 5H 6D 7C 8S 9H 10H JS AS", ("KD",), [12, 12, 11, 11], history)
    assert early_spenders(view) == {1}
    spec = PresidentSpec(G, view, BotInfo(view), noise=0.0, keep=STEADY_KEEP, adapt=True)
    rng = random.Random(4)
    world = spec.sample(view, rng)
    # the same ten cards with a lone Ace for seats 1 and 2 in turn, a single King to beat
    ace_hand = [1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 1, 0]
    for seat in (1, 2):
        world.hands[seat] = list(ace_hand)
        world.cnt[seat] = sum(ace_hand)
    ace = 11
    assert spec.policy(world.copy(), 1, [], rng) == (ace, 1)  # the shown spender: the shared rule spends it
    assert spec.policy(world.copy(), 2, [], rng) is None  # the others: kept while the hand is long
    # without the inference every seat is modelled as steady
    plain = PresidentSpec(G, view, BotInfo(view), noise=0.0, keep=STEADY_KEEP)
    assert plain.policy(world.copy(), 1, [], rng) is None


def test_the_pass_checks_count_as_reading_each_pass_anew():
    """bot_history.pass_checks reads the passes once; the count per deal is the plain reading's: a pass was unusual
    when the seat held an exact match above the play and below the Aces (counting what it played later)."""
    from logic.president.bot_history import pass_checks, unusual_pass_checks
    from logic.president.bot_policy import ACE_STRENGTH, strength

    def plain(hands, events):
        return sum(any(strength(t, rev) < strength(r, rev) < ACE_STRENGTH and hands[p][r] + played[r] == k
                       for r in range(13)) for p, t, k, rev, played in events)

    rng = random.Random(4)
    for _ in range(300):
        events = [(rng.randrange(1, 4), rng.randrange(13), rng.randrange(1, 4), rng.random() < 0.3,
                   [rng.choice((0, 0, 0, 1, 2)) for _ in range(13)]) for _ in range(rng.randrange(6))]
        hands = [[rng.randrange(5) for _ in range(13)] for _ in range(4)]
        assert unusual_pass_checks(hands, pass_checks(events)) == plain(hands, events)
