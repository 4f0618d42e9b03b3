"""Beanie bots: every level finishes games, answers in every phase with a legal move, decides from the
view only, stays within its time budget, and shows the behaviour its level promises."""

from __future__ import annotations

import json
import random

import pytest

from logic.beanie import GAME
from logic.beanie.actions import (
    AGREE,
    DRAW_DISCARD,
    DRAW_STOCK,
    NEXT,
    PROPOSE,
    Add,
    Discard,
    Lay,
    Star,
    Steal,
)
from logic.beanie.bot_heuristic import HeuristicHardBot
from logic.beanie.bots import make_bot
from logic.beanie.sets import CARD_ID, MATCH, RUN
from tests.logic.capped_bots import capped_bot

LEVELS = GAME.bot_levels


def ids(text: str) -> list[int]:
    return [CARD_ID[c] for c in text.split()]


def craft(hands, *, rnd=5, stage="play", sets=(), laid=None, discard="", taken=None, thrown=None, **opts):
    n = len(hands)
    st = GAME.new_game(GAME.make_config(players=n, **opts), 1)
    snap = GAME.snapshot(st)
    snap["round"] = rnd
    snap["hands"] = [ids(h) for h in hands]
    used = {c for h in snap["hands"] for c in h} | set(ids(discard))
    snap["discard"] = ids(discard)
    snap["sets"] = []
    for i, (owner, typ, cards, reps) in enumerate(sets):
        snap["sets"].append([i + 1, owner, typ, ids(cards), ids(reps)])
        used |= set(ids(cards))
    snap["next_set_id"] = len(sets) + 1
    snap["stock"] = [c for c in range(52) if c not in used]
    snap["turn"] = 0
    snap["stage"] = stage
    snap["laid"] = laid or [False] * n
    snap["turns_done"] = [1] * n
    snap["taken"] = [ids(t) for t in (taken or [""] * n)]
    snap["thrown"] = [ids(t) for t in (thrown or [""] * n)]
    return GAME.restore(snap)


def bot_move(level, st, seat=0, seed=0):
    legal = GAME.legal_actions(st, seat)
    a = GAME.make_bot(level).choose(GAME.view(st, seat), legal, random.Random(seed))
    assert a in legal
    return a


def play_bots(levels, seed, rounds=13):
    n = len(levels)
    bots = [capped_bot(make_bot, lv) for lv in levels]
    st = GAME.new_game(GAME.make_config(players=n, rounds=rounds), seed)
    rng = random.Random(seed)
    steps = 0
    while GAME.outcome(st) is None:
        for seat in GAME.to_move(st):
            legal = GAME.legal_actions(st, seat)
            a = bots[seat].choose(GAME.view(st, seat), legal, rng)
            assert a in legal
            GAME.apply(st, seat, a)
            steps += 1
            break
        assert steps < 50_000
    return st


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_finishes_full_games(level):
    for n, seed in ((2, 1), (3, 2), (4, 3)):
        st = play_bots([level] * n, seed)
        assert GAME.phase(st) == "over" and len(st.scorecard) == 13


def test_mixed_tables_finish_with_options():
    for seed in range(4):
        st = GAME.new_game(GAME.make_config(players=3, rounds=4, beanie_value=25, reclaim_own=True), seed)
        bots = [capped_bot(make_bot, lv) for lv in LEVELS]
        rng = random.Random(seed)
        while GAME.outcome(st) is None:
            seat = GAME.to_move(st)[0]
            GAME.apply(st, seat, bots[seat].choose(GAME.view(st, seat), GAME.legal_actions(st, seat), rng))
        assert len(st.scorecard) == 4


def test_bots_answer_in_every_phase_of_random_games():
    """Random play visits odd states (votes open, first turns, empty stock); every bot must cope. Six games (two at
    each table size) already reach every phase asserted below."""
    bots = {lv: capped_bot(make_bot, lv) for lv in LEVELS}
    seen_phases = set()
    for seed in range(6):
        st = GAME.new_game(GAME.make_config(players=2 + seed % 3, rounds=3), seed)
        rng = random.Random(seed)
        while GAME.outcome(st) is None:
            movers = GAME.to_move(st)
            for seat in movers:
                legal = GAME.legal_actions(st, seat)
                view = GAME.view(st, seat)
                seen_phases.add((view["phase"], view["turn_stage"], view["vote"] is not None))
                if rng.random() < 0.3:
                    for bot in bots.values():
                        assert bot.choose(json.loads(json.dumps(view)), legal, random.Random(1)) in legal
            seat = rng.choice(movers)
            GAME.apply(st, seat, rng.choice(GAME.legal_actions(st, seat)))
    assert {("play", "draw", False), ("play", "draw", True), ("play", "play", False), ("play", "play", True),
            ("hand-over", None, False)} <= (
        seen_phases
    )


@pytest.mark.parametrize("players", [2, 3])
def test_bots_decide_from_the_view_only(players):
    """Shuffle everything the seat cannot see: the choice must not change (heads-up Hard also searches its vote)."""
    for seed in range(20):
        st = GAME.new_game(GAME.make_config(players=players, rounds=2), seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(5, 60)):
            if GAME.outcome(st) is not None:
                break
            seat = GAME.to_move(st)[0]
            GAME.apply(st, seat, rng.choice(GAME.legal_actions(st, seat)))
        if GAME.phase(st) != "play":
            continue
        seat = st.turn
        other = GAME.clone(st)
        hidden = list(other.stock)
        for i in range(players):
            if i != seat:
                keep = [c for c in other.hands[i] if c in other.taken[i]]
                secret = [c for c in other.hands[i] if c not in other.taken[i]]
                hidden += secret
                other.hands[i] = keep
        random.Random(seed + 99).shuffle(hidden)
        for i in range(players):
            if i != seat:
                need = len(st.hands[i]) - len(other.hands[i])
                other.hands[i] = other.hands[i] + hidden[:need]
                hidden = hidden[need:]
        other.stock = hidden
        v1, v2 = GAME.view(st, seat), GAME.view(other, seat)
        assert v1 == v2
        for lv in LEVELS:  # Hard's search capped by worlds, not time, so a loaded machine cannot change its move
            a1 = make_bot(lv, budget_s=None, max_worlds=8).choose(v1, GAME.legal_actions(st, seat), random.Random(5))
            a2 = make_bot(lv, budget_s=None, max_worlds=8).choose(v2, GAME.legal_actions(other, seat), random.Random(5))
            assert a1 == a2


def test_unknown_level_is_a_value_error():
    with pytest.raises(ValueError, match="easy, medium or hard"):
        GAME.make_bot("grandmaster")


# --- behaviour per level ----------------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_confirms_hand_over(level):
    st = craft(["9C", "AC 8C"], rnd=2)
    GAME.apply(st, 0, Discard("9C"))
    assert GAME.make_bot(level).choose(GAME.view(st, 1), GAME.legal_actions(st, 1), random.Random(0)) == NEXT


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_lays_a_set_it_holds(level):
    st = craft(["QS QH QD 9C 2H 7D", "JC 8C JD"], rnd=1)
    assert isinstance(bot_move(level, st), Lay)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_takes_a_discard_that_completes_a_set(level):
    st = craft(["QS QH 9C 3D 7H", "JC 8C JD"], rnd=1, stage="draw", discard="4S QD")
    assert bot_move(level, st) == DRAW_DISCARD
    st = craft(["QS 5H 9C 3D 7H", "JC 8C JD"], rnd=1, stage="draw", discard="4S KD")
    assert bot_move(level, st) == DRAW_STOCK


def test_easy_discards_its_highest_card_without_partner():
    st = craft(["KS 2H 3H 9C 4D", "JC 8C JD"], rnd=1)
    assert bot_move("easy", st) == Discard("KS")


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_medium_and_hard_steal_then_use_the_beanie(level):
    sets = [(1, RUN, "6D 4C 8D", "6D 7D 8D"), (0, MATCH, "JS JH JD", "JS JH JD")]
    st = craft(["7D 9S 2H", "JC 8C QC"], rnd=4, sets=sets, laid=[True, True])
    assert bot_move(level, st) == Steal(1, "7D")
    GAME.apply(st, 0, Steal(1, "7D"))
    assert isinstance(bot_move(level, st), Star)


def test_easy_never_steals_or_places_beanies():
    sets = [(1, RUN, "6D 4C 8D", "6D 7D 8D"), (0, MATCH, "JS JH JD", "JS JH JD")]
    st = craft(["7D 9S 4H", "JC 8C QC"], rnd=4, sets=sets, laid=[True, True])
    a = bot_move("easy", st)
    assert not isinstance(a, (Steal, Star))


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_planned_lays_shed_the_most_points(level):
    # 9H 10H JH QH run (39 points) beats the JS JH JD match if JH may go only once
    st = craft(["9H 10H JH QH JS JD 2C 3S", "4C 8C 5D"], rnd=6)
    a = bot_move(level, st)
    assert isinstance(a, Lay) and set(a.cards) == {"9H", "10H", "JH", "QH"}


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_adds_cards_that_fit(level):
    sets = [(1, RUN, "5D 6D 7D", "5D 6D 7D")]
    st = craft(["8D KS 2H 9C", "JC 8C QC"], rnd=1, sets=sets, laid=[True, True])
    assert bot_move(level, st) == Add(1, "8D")


def test_hard_avoids_feeding_the_next_player():
    # seat 1 picked up 9H and 9S earlier; 9D is seat 0's highest useless card, 8C the next one
    hands = ["9D 8C 2S 3H 5C", "9H 9S 8H QC", "AC 4C"]
    st = craft(hands, rnd=7, taken=["", "9H 9S", ""])
    assert bot_move("medium", st) == Discard("9D")  # plain value: the highest card
    assert bot_move("hard", st) == Discard("8C")  # but the next player collects nines
    st2 = craft(["9D 8C 2S 3H 5C", "JH JS 8H QC", "AC 4C"], rnd=7, taken=["", "JH JS", ""])
    assert bot_move("hard", st2) == Discard("9D")


def test_hard_places_beanies_where_they_cannot_be_stolen():
    # run 6H-8H: its low end stands for 5H, which lies in the match (nobody can steal with it);
    # the high end (9H) and the match's free suit (5C) stand for cards someone may hold
    sets = [(1, RUN, "6H 7H 8H", "6H 7H 8H"), (1, MATCH, "5S 5H 5D", "5S 5H 5D")]
    st = craft(["4C 2S KD", "JC 8C QC"], rnd=4, sets=sets, laid=[True, True])
    a = bot_move("hard", st)
    assert a == Star(1, "4C", "low")


def hard_move(st, seat=0, seed=0):
    """Hard's move with its search capped by worlds (the same move on any machine)."""
    from logic.beanie.bot_hard import HardBot

    legal = GAME.legal_actions(st, seat)
    a = HardBot(budget_s=None).choose(GAME.view(st, seat), legal, random.Random(seed))
    assert a in legal
    return a


def test_hard_heads_up_agrees_to_a_draw_that_beats_playing_on():
    """Holding 7 points against an opponent's 56, ending the round now is worth far more than playing on."""
    st = craft(["3C 4C", "KD QD JS 9C 8H 7S 2C"], rnd=1)
    st.proposer, st.agreed = 1, [False, True]
    assert hard_move(st) == AGREE
    st.proposer, st.agreed = -1, [False, False]
    assert hard_move(st) != PROPOSE  # a live round is not offered as a draw ...
    st.round_turns = 16
    assert hard_move(st) == PROPOSE  # ... one that has stalled is


def test_hard_heads_up_refuses_a_draw_when_playing_on_is_better():
    """56 points in hand against two cards that cannot go out yet (no set of their own laid): a draw now would
    lock in the 56; playing on lets Hard shed them first. The old rule (agree whenever behind in cards) agreed."""
    st = craft(["KD QD JS 9C 8H 7S 2C", "3C 4C"], rnd=1, laid=[False, False])
    st.proposer, st.agreed = 1, [False, True]
    assert HeuristicHardBot().choose(GAME.view(st, 0), GAME.legal_actions(st, 0), random.Random(0)) == AGREE
    assert hard_move(st) not in (AGREE, PROPOSE)


def test_heuristic_hard_proposes_only_once_the_round_drags_on():
    """The heuristic's vote rules (Hard's search replaces them; they stay in the heuristic player): a live round
    is played on, not offered as a draw (it used to propose in 40% of rounds); once the round drags on and an
    opponent is about to go out, it proposes."""

    def heuristic(st):
        return HeuristicHardBot().choose(GAME.view(st, 0), GAME.legal_actions(st, 0), random.Random(0))

    st = craft(["KD QD JS 9C 8H 7S", "3C 4D", "5H 6D"], rnd=1)
    st.round_turns = 12
    assert PROPOSE in GAME.legal_actions(st, 0) and heuristic(st) != PROPOSE
    st.round_turns = 24
    assert heuristic(st) == PROPOSE
    st = craft(["3C 4D", "KD QD JS 9C 8H 7S", "JH QH KS 9S 8S"], rnd=1)
    st.round_turns = 24
    assert heuristic(st) != PROPOSE


def test_bots_return_the_only_legal_action():
    st = craft(["3C 4D", "KD QD"], rnd=1)
    odd = object()
    for level in GAME.bot_levels:
        assert GAME.make_bot(level).choose(GAME.view(st, 0), [odd], random.Random(0)) is odd


def test_medium_sheds_high_cards_when_the_opponent_is_about_to_go_out():
    """Half-built sets are kept early in a round, but once the opponent is down to two cards a high card
    that only half-fits is worth less than its penalty."""
    st = craft(["10S AC 6S 6H 9S", "9D 6D 8D AD 2H 8S 8C"], rnd=5)
    assert bot_move("medium", st) == Discard("AC")
    st = craft(["10S AC 6S 6H 9S", "9D 6D"], rnd=5)
    assert bot_move("medium", st) == Discard("10S")
