"""The Expert's knobs for its own seat in the playouts (issue 54): ``own_hoard`` keeps Aces and 2s as a hoarder does,
``own_above``/``own_under`` by a hand size and the play to beat; off, its own seat keeps as the others (STEADY_KEEP)."""

from __future__ import annotations

import random

from logic.president import PresidentGame
from logic.president.bot_info import BotInfo
from logic.president.bot_search import STEADY_KEEP, PresidentSpec, World
from logic.president.bots import make_bot

G = PresidentGame()


def expert_spec(**knobs: object) -> tuple[PresidentSpec, World]:
    """The Expert's search model of the first decision of a four-player game (no playout noise), and one world of it."""
    s = G.new_game(G.make_config(players=4, hands=4, revolution=False), 7)
    seat = G.to_move(s)[0]
    view = G.view(s, seat)
    spec = PresidentSpec(G, view, BotInfo(view), keep=STEADY_KEEP, adapt=True, noise=0.0, **knobs)  # type: ignore[arg-type]
    return spec, spec.sample(view, random.Random(1))


def _own_move(**knobs: object) -> tuple[int, int] | None:
    """The searching seat's playout move with six cards (3, 5, 7, 9, J and an Ace) against a single King."""
    spec, w = expert_spec(**knobs)
    me = spec.me
    w.hands[me] = [1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0]
    w.cnt[me] = 6
    w.k, w.t, w.last, w.turn, w.passed, w.passing = 1, 10, (me + 1) % 4, me, 0, 0
    return spec.policy(w, me, (), random.Random(2))


def test_off_the_expert_spends_its_ace_in_its_own_playouts_with_six_cards():
    assert _own_move() == (11, 1)


def test_own_hoard_keeps_the_ace_while_many_low_groups_wait():
    assert _own_move(own_hoard=True) is None


def test_own_keep_keeps_the_ace_above_its_hand_size():
    assert _own_move(own_keep=(4, 99)) is None
    assert _own_move(own_keep=(6, 99)) == (11, 1)  # six cards: not above six


def test_the_knobs_reach_the_expert():
    bot = make_bot("expert", own_above=6, own_under=7, noise=0.02, own_hoard=1)
    assert (bot.own_keep, bot.noise, bot.own_hoard) == ((6, 7), 0.02, 1)
    assert make_bot("expert").own_keep is None
