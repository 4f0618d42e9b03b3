"""The Expert's ``prefer_z`` (issue 54): the rule's move stands unless the search's pick beats it clearly."""

from __future__ import annotations

import random

from logic.president import Play, PresidentGame
from logic.president.bot_info import BotInfo
from logic.president.bots import ExpertBot, action_map, make_bot, normal_choice

G = PresidentGame()


def test_the_expert_keeps_the_rules_move_unless_the_search_clearly_beats_it():
    s = G.new_game(G.make_config(players=4, hands=4, revolution=False), 54)
    plain = ExpertBot(budget_s=None, max_worlds=24, ismcts=False)  # the flat search's rule-move preference
    # only a gain on every deal alike beats the rule
    firm = ExpertBot(budget_s=None, max_worlds=24, prefer_z=1e9, ismcts=False)
    kept = 0
    for _ in range(70):  # the first hand
        seat = G.to_move(s)[0]
        view, legal = G.view(s, seat), G.legal_actions(s, seat)
        a = plain.choose(view, legal, random.Random(seat))
        b = firm.choose(view, legal, random.Random(seat))
        if any(isinstance(x, Play) for x in legal) and len(legal) > 1:
            rule = action_map(legal).get(normal_choice(BotInfo(view)))
            assert b in (a, rule)
            kept += a != b
        G.apply(s, seat, a)
        if G.outcome(s) is not None or s.hand_no > 1:
            break
    assert kept  # the search alone would have played another move somewhere in the hand


def test_the_arena_can_set_the_experts_knobs():
    assert make_bot("expert", prefer_z=2.0).prefer_z == 2.0
    assert make_bot("expert").prefer_z == 0.0
