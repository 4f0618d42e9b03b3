"""The Expert's ``infer`` knob (issue 54): sampled deals are read against every play and pass the others made."""

from __future__ import annotations

import random
import statistics

from logic.president import PresidentGame
from logic.president.bot_deals import sample_hands
from logic.president.bot_history import play_events, unusual_plays
from logic.president.bot_info import BotInfo, rank_counts
from logic.president.bot_search import STEADY_KEEP, PresidentSpec
from logic.president.bots import ExpertBot, make_bot
from tests.bench.yardsticks.president_styles import HoarderPlayer
from tests.logic.test_bots_no_peeking import redeal_president

G = PresidentGame()


def _view(history: list[tuple[int, list[str]]]) -> dict:
    """A view for seat 0 of a four-player hand with this history, ten cards in every hand now."""
    return {
        "players": 4, "seat": 0, "hand": [], "revolution": False,
        "seats": [{"cards": 10} for _ in range(4)],
        "history": [{"seat": p, "cards": cards} for p, cards in history],
    }


def _hands(**seat_ranks: dict[int, int]) -> list[list[int]]:
    hands = [[0] * 14 for _ in range(4)]
    for name, ranks in seat_ranks.items():
        for r, c in ranks.items():
            hands[int(name[1:])][r] = c
    return hands


# seat 0 leads a 5; seat 1 follows with a 9; 2, 3 and 0 pass; seat 1 leads a pair of 4s (rank index 0 = 3)
HISTORY = [(0, ["5H"]), (1, ["9S"]), (2, []), (3, []), (0, []), (1, ["4C", "4D"])]


def test_the_checks_read_what_each_play_and_pass_says_about_a_hand():
    checks = play_events(_view(HISTORY))
    # seat 1's 9 over a 5: it broke a group if it still holds a 9; it skipped an exact match of a 6, 7 or 8
    assert checks[0] == (1, 6, 1, ((3, 1), (4, 1), (5, 1)))
    # seats 2 and 3 passed on a single 9: holding exactly one 10, J, Q or K would have been unusual
    assert checks[1] == (2, -1, 0, ((7, 1), (8, 1), (9, 1), (10, 1)))
    assert checks[2][0] == 3
    # seat 1's pair of 4s: a third 4 held now means it broke a group (a lead is not read for exact matches)
    assert checks[3] == (1, 1, 1, ())
    assert len(checks) == 4  # the searching seat's own entries are not read


def test_a_deal_is_unusual_once_per_entry_it_contradicts():
    checks = play_events(_view(HISTORY))
    assert unusual_plays(_hands(), checks) == 0
    assert unusual_plays(_hands(s1={4: 1}), checks) == 1  # one 7: the 9 went over an exact match
    assert unusual_plays(_hands(s1={4: 2}), checks) == 0  # a pair of 7s is no match for a single
    assert unusual_plays(_hands(s1={6: 1, 4: 1}), checks) == 1  # one count per entry
    assert unusual_plays(_hands(s1={1: 1}, s2={7: 1}, s3={10: 1}), checks) == 3
    assert unusual_plays(_hands(s2={11: 1}), checks) == 0  # an Ace kept back on a pass is usual


def test_a_rank_played_twice_tells_nothing_and_runs_are_left_out():
    history = [(1, ["6S"]), (2, []), (3, []), (0, []), (1, ["6C"])]  # 6, then another 6: broken whatever the deal
    checks = [c for c in play_events(_view(history)) if c[0] == 1]
    assert checks == [(1, 3, 1, ())]  # only the second 6 is read: another 6 held now would be unusual
    assert play_events(_view([(1, ["5S", "6S", "7S"])])) == []  # a run (house rule)


def _true_hands(s) -> list[list[int]]:
    return [rank_counts(G.view(s, p)["hand"]) for p in range(4)]


def test_deals_kept_with_infer_are_closer_to_the_truth():
    """Over real hands (every seat the rule yardstick yard:hoarder): the actual deal is hardly ever unusual, random
    deals often are, and the deals the search keeps with ``infer`` are closer to the actual hands than without it."""
    s = G.new_game(G.make_config(players=4, hands=4, revolution=False), 54)
    bot = HoarderPlayer()
    true_bad, rand_bad, dist_off, dist_on = [], [], [], []
    rng = random.Random(1)
    for step in range(60):
        seat = G.to_move(s)[0]
        view, legal = G.view(s, seat), G.legal_actions(s, seat)
        if seat == 0 and len(view.get("history", ())) > 8 and view["hand"]:
            true = _true_hands(s)
            info = BotInfo(view)
            checks = play_events(view)
            true_bad.append(unusual_plays(true, checks))
            rand_bad.append(statistics.mean(unusual_plays(sample_hands(info, rng), checks) for _ in range(10)))
            for on, out in ((0.0, dist_off), (0.05, dist_on)):
                spec = PresidentSpec(G, view, info, keep=STEADY_KEEP, adapt=True, sure_out=True, infer=on, tries=30)
                for _ in range(20):
                    w = spec.sample(view, rng)
                    out.append(sum(abs(w.hands[p][r] - true[p][r]) for p in range(1, 4) for r in range(13)))
        G.apply(s, seat, bot.choose(view, legal, random.Random(step)))
    assert len(true_bad) >= 5
    assert statistics.mean(true_bad) < 0.5 < 2 < statistics.mean(rand_bad)
    assert statistics.mean(dist_on) < statistics.mean(dist_off) * 0.95


def test_the_expert_with_infer_plays_legal_moves_from_its_view_only():
    s = G.new_game(G.make_config(players=4, hands=4, revolution=False), 7)
    bot = ExpertBot(budget_s=None, max_worlds=6, min_worlds=2, infer=0.05, tries=30)
    checked = 0
    for step in range(80):
        seat = G.to_move(s)[0]
        view, legal = G.view(s, seat), G.legal_actions(s, seat)
        a = bot.choose(view, legal, random.Random(step))
        assert a in legal
        if step % 3 == 1 and len(legal) > 1 and view.get("history"):
            other = G.clone(s)
            redeal_president(other, seat, random.Random(step))
            assert G.view(other, seat) == view
            assert bot.choose(G.view(other, seat), legal, random.Random(step)) == a, "infer peeked"
            checked += 1
        G.apply(s, seat, a)
        if G.outcome(s) is not None:
            break
    assert checked >= 5
    assert make_bot("expert", infer=0.05, tries=30).infer == 0.05
    assert not make_bot("expert").infer
