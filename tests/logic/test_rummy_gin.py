"""Rummy bots at a Gin-style table (house rule "top card only", issue 52): Medium reads which discard the
opponent can use, from the view alone (``logic/rummy/bot_gin.py``)."""

from __future__ import annotations

import random

from logic.rummy import GAME
from logic.rummy.actions import COMMIT, DRAW_STOCK, Discard
from logic.rummy.bot_eval import Params, Seen, discard_choice, discard_risk, live_cards
from logic.rummy.bot_gin import declined, hold_chances, use_chance
from logic.rummy.melds import parse_code
from logic.rummy.state import PLAY
from tests.logic.rummy_support import crafted, ints
from tests.logic.test_bots_no_peeking import redeal_rummy

G = GAME


def _gin_position(top_only: bool):
    """Seat 0 has drawn and must discard from Q♠ J♦ 3♣ 7♥ 5♠ (no melds, no partners). The other three queens and
    the spade neighbours of Q♠ (10♠ J♠ K♠) lie under the top of the discard pile: nobody can meld Q♠ unless the pile
    is dug. J♦'s partners are all unseen: the opponent may hold two of them."""
    st = crafted(["QS JD 3C 7H 5S", "2H 3H 8D 8C 4C 6D 9S 9H 2S 4D 6C AC KC"],
                 stock="5D 5H 10H 10D 2C 4H 6H", discard="QH 10S QD JS KS QC")
    st.top_only = top_only
    st.stage, st.drew = PLAY, 1
    return st


def test_medium_throws_the_card_nobody_can_meld_at_a_top_card_only_table() -> None:
    st = _gin_position(top_only=True)
    a = G.make_bot("medium").choose(G.view(st, 0), G.legal_actions(st, 0), random.Random(1))
    assert a == Discard("QS")


def test_the_safe_throw_is_the_new_skill_not_a_tie_break() -> None:
    """The same choice without the skill throws the live jack (same points, and the higher card wins the tie);
    at a standard table the queen is the dangerous one (the next player digs the three queens under it)."""
    st = _gin_position(top_only=True)
    seen = Seen(G.view(st, 0))
    p = Params("medium")
    p.gin = False
    cands = ints("QS JD 3C 7H 5S")
    assert discard_choice(seen, p, cands, discard_risk(seen, p), live_cards(seen, p)) == parse_code("JD")
    std = _gin_position(top_only=False)
    a = G.make_bot("medium").choose(G.view(std, 0), G.legal_actions(std, 0), random.Random(1))
    assert a == Discard("JD")


def test_passes_and_discards_are_read_from_the_history() -> None:
    """Seat 1 drew from the stock when 7♥ was on top (a pass) and threw K♣: both count as turned down, and cards of
    those ranks become less likely to be in its hand than an unrelated card."""
    st = crafted(["QS JD 3C 7H 5S", "2H 3H 8D 8C KC"], stock="5D 5H 10H 10D 2C 4H 6H 9C", discard="AS")
    st.top_only = True
    for seat, throw in ((0, "7H"), (1, "KC")):
        G.apply(st, seat, DRAW_STOCK)
        G.apply(st, seat, Discard(throw))
        G.apply(st, seat, COMMIT)
    seen = Seen(G.view(st, 0))
    downs = declined(seen)
    assert downs[1] == set(ints("7H KC"))
    chances = hold_chances(seen, 1, downs[1])
    seven, king, other = (chances[c] for c in ints("7C KD 10C"))
    assert seven < other and king < other
    assert abs(sum(chances.values()) - seen.counts[1]) < 1e-9  # the chances add up to the hand's size


def test_use_chance_counts_sets_and_runs() -> None:
    nines = dict.fromkeys(ints("9H 9D"), 1.0)
    assert use_chance(parse_code("9S"), nines, wrap=False) == 1.0
    assert use_chance(parse_code("9S"), {parse_code("9H"): 1.0}, wrap=False) == 0.0
    corner = dict.fromkeys(ints("KS 2S"), 1.0)  # K-A-2 only when runs wrap
    assert use_chance(parse_code("AS"), corner, wrap=False) == 0.0
    assert use_chance(parse_code("AS"), corner, wrap=True) == 1.0
    low = dict.fromkeys(ints("2S 3S"), 1.0)
    assert use_chance(parse_code("AS"), low, wrap=False) == 1.0


def test_medium_at_a_top_card_only_table_decides_from_the_view_only() -> None:
    """The no-peeking proof of tests/logic/test_bots_no_peeking.py, at Gin-style tables."""
    checked = 0
    for seed in range(3):
        st = G.new_game(G.make_config(players=2, target=300, top_card_only=True), 200 + seed)
        rng = random.Random(seed)
        bot = G.make_bot("medium")
        for step in range(300):
            if G.outcome(st) is not None:
                break
            seat = G.to_move(st)[0]
            legal = G.legal_actions(st, seat)
            if step % 3 == 1 and {a.kind for a in legal} & {"draw", "take", "discard"}:
                other = G.clone(st)
                redeal_rummy(other, seat, random.Random(step))
                assert G.view(other, seat) == G.view(st, seat)
                a = bot.choose(G.view(st, seat), legal, random.Random(step))
                b = bot.choose(G.view(other, seat), G.legal_actions(other, seat), random.Random(step))
                assert a == b, f"peeked at seed {seed}, step {step}: {a} vs {b}"
                checked += 1
            G.apply(st, seat, bot.choose(G.view(st, seat), legal, rng))
    assert checked >= 30
