"""President bots with house rules on (issue 52): legal under every switch, and sensible where it counts."""

from __future__ import annotations

import copy
import random

import pytest

from logic.president import Pass, Play, PresidentGame
from logic.president.actions import HOUSE_BITS
from logic.president.bots import ExpertBot, NormalBot
from tests.logic.test_president_house import table

G = PresidentGame()


def house_bot_match(seed: int, switches: dict[str, bool]) -> None:
    revolution = seed % 3 == 0 or switches.get("run_revolution", False)
    cfg = G.make_config(players=4 + seed % 2, hands=4, revolution=revolution, **switches)
    s = G.new_game(cfg, seed)
    levels = ["beginner", "normal", "expert", "normal", "beginner"][: cfg.players]
    bots = [ExpertBot(budget_s=None, max_worlds=4, min_worlds=2) if lv == "expert" else G.make_bot(lv) for lv in levels]
    rng = random.Random(seed)
    while G.outcome(s) is None:
        seat = G.to_move(s)[-1]
        view = G.view(s, seat)
        legal = G.legal_actions(s, seat)
        frozen = copy.deepcopy(view)
        action = bots[seat].choose(view, legal, rng)
        assert view == frozen
        G.apply(s, seat, action)  # raises if the bot chose something illegal


@pytest.mark.parametrize("switch", [*HOUSE_BITS, "all"])
def test_every_level_plays_each_switch_to_the_end(switch):
    switches = {name: switch in (name, "all") for name in HOUSE_BITS}
    switches["runs"] = switches["runs"] or switches["run_revolution"]  # (runs revolt needs runs)
    house_bot_match(7 + len(switch), switches)


def test_an_eight_cut_is_taken_to_keep_the_lead():
    """8 and 3 left: without the cut the bots lead the 3 (the 8 can be beaten); with it the 8 keeps the lead."""
    hands = ["8S 3C", "9H 10H KH AH", "QD KD AD 2D", "QC AC 2C 2H"]
    for bot in (NormalBot(), ExpertBot(budget_s=None, max_worlds=12, min_worlds=12)):
        for cut, lead in ((True, "8S"), (False, "3C")):
            s = table(hands, eight_cut=cut)
            action = bot.choose(G.view(s, 0), G.legal_actions(s, 0), random.Random(1))
            assert action == Play((lead,)), (type(bot).__name__, cut)


def test_no_top_finish_keeps_the_bots_from_going_out_on_twos():
    hands = ["2S 2H", "KS KH 4H", "QD 5D 6D", "7C 8C 9C"]
    for bot in (NormalBot(), ExpertBot(budget_s=None, max_worlds=12, min_worlds=12)):
        s = table(hands, turn=1, no_top_finish=True)
        G.apply(s, 1, Play(("KS", "KH")))
        G.apply(s, 2, Pass())
        G.apply(s, 3, Pass())
        assert bot.choose(G.view(s, 0), G.legal_actions(s, 0), random.Random(1)) == Pass(), type(bot).__name__
        plain = table(hands, turn=1)
        G.apply(plain, 1, Play(("KS", "KH")))
        G.apply(plain, 2, Pass())
        G.apply(plain, 3, Pass())
        assert bot.choose(G.view(plain, 0), G.legal_actions(plain, 0), random.Random(1)) == Play(("2S", "2H"))
