"""The Expert's ``hoard`` knob (issue 54): its playouts model the others as hoarders (yard:hoarder's keeping)."""

from __future__ import annotations

import random

from logic.president import PresidentGame
from logic.president.bots import ExpertBot, make_bot
from logic.president.playout_moves import hoarding

G = PresidentGame()


def _hand(**ranks: int) -> list[int]:
    """Rank counts from names r0..r12 (0 = 3 ... 11 = Ace, 12 = 2) plus the joker slot."""
    h = [0] * 14
    for name, c in ranks.items():
        h[int(name[1:])] = c
    return h


def test_a_hoarder_keeps_its_aces_while_it_has_many_low_groups():
    h = _hand(r0=1, r2=1, r4=1, r6=1, r11=1)  # four low groups, one of Aces: 4 > 1 + 1
    assert hoarding(h, 5, rev=False)
    assert not hoarding(h, 4, rev=False)  # four cards or fewer: spent
    few = _hand(r0=2, r2=2, r11=1)  # two low groups, one of Aces: 2 > 2 is false, the plan lets it spend
    assert not hoarding(few, 5, rev=False)
    # in a revolution the 3s and 4s are the top: the Aces count as a low group
    assert hoarding(_hand(r0=1, r3=1, r5=1, r7=1, r11=1), 5, rev=True)


def test_the_expert_with_hoard_plays_a_legal_hand():
    s = G.new_game(G.make_config(players=4, hands=4, revolution=False), 54)
    bot = ExpertBot(budget_s=None, max_worlds=24, hoard=True)
    for _ in range(70):  # the first hand, every seat played by it
        seat = G.to_move(s)[0]
        view, legal = G.view(s, seat), G.legal_actions(s, seat)
        a = bot.choose(view, legal, random.Random(seat))
        assert a in legal
        G.apply(s, seat, a)
        if G.outcome(s) is not None or s.hand_no > 1:
            break
    assert make_bot("expert").hoard and make_bot("expert").own_hoard  # the default since issue 54
    assert not make_bot("expert", hoard=0).hoard


def _spec_hoarders(monkeypatch, config: dict) -> int:
    """The hoarding seats (a bit mask) of the playout model the default Expert builds for its first decision."""
    import logic.president.bots as bots

    built = []

    class Recorder(bots.PresidentSpec):
        def __init__(self, *a, **k):
            super().__init__(*a, **k)
            built.append(self)

    monkeypatch.setattr(bots, "PresidentSpec", Recorder)
    s = G.new_game(G.make_config(players=4, hands=4, **config), 54)
    bot = ExpertBot(budget_s=None, max_worlds=4, min_worlds=2)
    while not built:
        seat = G.to_move(s)[0]
        G.apply(s, seat, bot.choose(G.view(s, seat), G.legal_actions(s, seat), random.Random(seat)))
    return built[0].hoarders


def test_the_default_expert_models_hoarders_at_standard_rules_only(monkeypatch):
    assert _spec_hoarders(monkeypatch, {"revolution": False}) != 0  # its own seat at least
    assert _spec_hoarders(monkeypatch, {"revolution": True}) == 0  # never measured with the revolution
    assert _spec_hoarders(monkeypatch, {"revolution": False, "eight_cut": True}) == 0  # nor under house rules
