"""Stockpile house rules (issue 52): no wilds on your own discard piles; partners kept to their own piles."""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError

from logic.stockpile import GAME, bots
from logic.stockpile import actions as A
from logic.stockpile import rules as R
from logic.stockpile import state as S
from logic.stockpile import views as V
from logic.stockpile.bot_common import TurnFacts
from logic.stockpile.testing import FULL, all_cards, crafted
from tests.logic.capped_bots import capped_bot
from tests.logic.stockpile_support import must_fail


def _house(s: S.State, *, no_wild: bool = False, own: bool = False) -> S.State:
    s.no_wild_discards = no_wild
    s.own_piles_only = own
    return s


# --- the switches on the option sheet --------------------------------------------------------------


def test_switches_are_off_by_default_and_grouped_under_house_rules() -> None:
    cfg = A.Config()
    assert cfg.no_wild_on_own_discards is False and cfg.no_partner_piles is False
    sheet = A.Config.OPTIONS
    assert [k for k, _ in sheet.groups] == ["game", "house"]
    assert sheet.options["no_wild_on_own_discards"].group == "house"
    assert sheet.options["no_partner_piles"].help is not None
    # partners' piles need a partner game: greyed out with a reason, refused by the config
    assert sheet.blocked("no_partner_piles", True, {"partners": False}, default=False) is not None
    assert sheet.blocked("no_partner_piles", True, {"partners": True}, default=False) is None
    with pytest.raises(ValidationError, match="partners"):
        A.Config(players=2, no_partner_piles=True)


def test_standard_snapshot_has_no_house_keys_and_restores_old_saves() -> None:
    s = GAME.new_game(A.Config(players=2), 3)
    snap = S.snapshot(s)
    assert "no_wild_discards" not in snap and "own_piles_only" not in snap
    back = S.restore(snap)
    assert back.no_wild_discards is False and back.own_piles_only is False
    on = GAME.new_game(A.Config(players=4, partners=True, no_wild_on_own_discards=True, no_partner_piles=True), 3)
    again = S.restore(S.snapshot(on))
    assert again.no_wild_discards and again.own_piles_only
    assert S.clone(on).own_piles_only and S.clone(on).no_wild_discards


# --- no wilds on your own discard piles ------------------------------------------------------------


def test_wild_discard_refused_with_reason_and_absent_from_legal() -> None:
    s = _house(crafted(hands=["W 7 3", ""], stocks=["9", "9"]), no_wild=True)
    must_fail(s, 0, A.Discard(0, 0), "wild may not go on your discard piles")
    legal = R.legal_actions(s, 0)
    discards = [a for a in legal if type(a) is A.Discard]
    assert discards and all(a.hand_index != 0 for a in discards)
    GAME.apply(s, 0, A.Discard(1, 2))  # a number is still fine
    assert s.discards[0][2] == [7]


def test_all_wild_hand_must_play_them() -> None:
    s = _house(crafted(hands=["W W", ""], stocks=["9", "9"]), no_wild=True)
    legal = R.legal_actions(s, 0)
    assert not [a for a in legal if type(a) is A.Discard]
    assert all(type(a) is A.Play for a in legal) and legal
    for level in ("easy", "medium", "hard"):
        a = bots.make_bot(level).choose(V.view(s, 0), legal, random.Random(1))
        assert a in legal
    assert GAME.timeout_action(s, 0) in legal


def test_standard_rules_still_allow_a_wild_discard() -> None:
    s = crafted(hands=["W", ""], stocks=["9", "9"])
    assert A.Discard(0, 0) in R.legal_actions(s, 0)
    GAME.apply(s, 0, A.Discard(0, 0))
    assert s.discards[0][0] == [A.WILD]


# --- partners keep to their own piles --------------------------------------------------------------


def _partner_table(own: bool) -> S.State:
    # seat 0's partner is seat 2; seat 2's stock shows a 1 and its discard pile a 1 too
    s = crafted(4, partners=True, hands=["9", "", "", ""], stocks=["8", "5", "1", "5"], discards={(2, 0): "1"})
    return _house(s, own=own)


def test_partner_piles_refused_with_reason_and_absent_from_legal() -> None:
    s = _partner_table(own=True)
    must_fail(s, 0, A.Play("stock:2", 0), "your partner's stock")
    must_fail(s, 0, A.Play("discard:2:0", 0), "your partner's discard piles")
    legal = R.legal_actions(s, 0)
    assert A.Discard(0, 0) in legal  # nothing of seat 0's own fits: it can only discard
    assert not [a for a in legal if type(a) is A.Play and a.source.split(":")[1] == "2"]
    v = V.view(s, 0)
    assert v["my_sources"] == [0]
    assert not [p for b in v["build"] for p in b["playable"] if p.startswith(("stock:2", "discard:2"))]


def test_standard_partners_may_use_each_others_piles() -> None:
    s = _partner_table(own=False)
    assert A.Play("stock:2", 0) in R.legal_actions(s, 0)
    assert V.view(s, 0)["my_sources"] == [0, 2]


def test_own_piles_team_still_wins_together() -> None:
    """Each partner empties their own stock; the deal is the team's once both stocks are empty."""
    s = _house(crafted(4, partners=True, hands=["", "", "", ""], stocks=["1", "5", "", "5"]), own=True)
    GAME.apply(s, 0, A.Play("stock:0", 0))
    assert s.stage == S.STAGE_OVER and s.scores[0] == s.scores[2] > 0


def test_cannot_pass_counts_only_own_piles() -> None:
    """With the rule on, a partner's playable top is no reason to refuse a pass."""
    s = _house(crafted(4, partners=True, hands=["", "", "", ""], stocks=["8", "5", "1", "5"]), own=True)
    assert R.can_pass(s, 0)
    assert not R.can_pass(_house(S.clone(s), own=False), 0)


# --- both switches in one play ------------------------------------------------------------------


def test_both_switches_meet() -> None:
    s = _house(crafted(4, partners=True, hands=["W 4", "", "", ""], stocks=["8", "5", "1", "5"],
                       discards={(2, 0): "1"}), no_wild=True, own=True)
    legal = R.legal_actions(s, 0)
    assert A.Discard(0, 0) not in legal and A.Discard(1, 0) in legal
    assert A.Play("stock:2", 0) not in legal and A.Play("hand:0", 0) in legal
    must_fail(s, 0, A.Discard(0, 1), "wild")
    must_fail(s, 0, A.Play("discard:2:0", 1), "partner")


@pytest.mark.parametrize("players,partners", [(2, False), (4, True), (6, True)])
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bots_play_whole_games_under_the_switches(level: str, players: int, partners: bool) -> None:
    """Every bot move is legal (the game refuses anything else) and games end; cards are conserved."""
    cfg = A.Config(players=players, partners=partners, stock_size="short", no_wild_on_own_discards=True,
                   no_partner_piles=partners)
    for seed in range(2 if level == "hard" else 3):
        s = GAME.new_game(cfg, seed)
        bot = capped_bot(bots.make_bot, level)
        rng = random.Random(seed)
        steps = 0
        while s.stage != S.STAGE_OVER:
            seat = R.to_move(s)[0]
            legal = R.legal_actions(s, seat)
            a = bot.choose(V.view(s, seat), legal, rng)
            assert a in legal, (level, seed, a)
            GAME.apply(s, seat, a)
            steps += 1
            assert steps < 20_000
        assert all_cards(s) == FULL
        assert not any(c == A.WILD for d in s.discards for p in d for c in p)


def test_hard_counts_its_partner_on_its_side_when_partners_keep_to_their_own_piles() -> None:
    """Own piles only: seat 2 is still seat 0's partner. Hard's model took the partner for an opponent once their
    piles were not ours to play (``my_sources`` is only our seat), so it held back the 3 that brings the partner's
    stock 4 in reach, to "block" them, and never counted the help."""
    s = _house(crafted(4, partners=True, hands=["3 11 11 11 12", "", "", ""], stocks=["9", "12", "4", "12"],
                       builds=[2, 6, 6, 6], draw="10 10 10 10 10 10 10 10 10 10"), own=True)
    view = V.view(s, 0)
    turn = TurnFacts(view)
    assert [dist for dist, _, _ in turn.opp] == [1, 3]  # seats 1 and 3; not the partner at distance 2
    assert turn.partner_tops == [4] and [o for o, _ in turn.targets] == [0]  # their card counts, we may not play it
    assert view["my_sources"] == [0]
    legal = R.legal_actions(s, 0)
    # the one-turn planner's board score (the team look-ahead, on by default here, reads the board through it too)
    assert bots.HardBot(budget_s=None, team_look=0).choose(view, legal, random.Random(1)) == A.Play("hand:0", 0)


def _team_look_calls(own: bool, **knobs: float) -> tuple[A.StockpileAction, list[tuple]]:
    """Hard's move at a four-seat partner table with no stock card in reach, and the look-ahead calls it made."""
    from logic.stockpile import reply

    s = _house(crafted(4, partners=True, hands=["4 6 9 2 2", "", "", ""], stocks=["8 8 11", "5 5 5", "7 7", "10"],
                       builds=[1, 3, 0, 6], draw="1 2 3 4 5 6 7 8 9 10 11 12"), own=own)
    view, legal = V.view(s, 0), R.legal_actions(s, 0)
    calls: list[tuple] = []
    real = reply.evaluate

    def recording(*args, **kw):
        calls.append(args)
        return real(*args, **kw)

    reply.evaluate = recording
    try:
        move = bots.HardBot(**knobs).choose(view, legal, random.Random(1))
    finally:
        reply.evaluate = real
    assert move in legal
    return move, calls


def test_hard_plays_out_its_turn_with_its_partner_on_its_side_where_partners_keep_to_their_own_piles() -> None:
    """Own piles only (issue 52, house8): with no stock card in reach Hard plays its ends of turn out over the next
    turns with the partner's stock cards counted with ours (``reply.team_rollout``), within ``TEAM_BUDGET``; with
    ``team_look`` off, and at tables where partners share piles, the one-turn planner decides as before."""
    from logic.stockpile import hard

    _, calls = _team_look_calls(True, budget_s=None)
    assert calls and all(args[8] == frozenset((0, 2)) and args[9] is False for args in calls)
    _, calls = _team_look_calls(True, budget_s=None, team_empty=1)  # seats with an empty stock play (knob, house9)
    assert calls and all(args[8] == frozenset((0, 2)) and args[9] is True for args in calls)
    _, calls = _team_look_calls(True)  # the shipped budget: the look-ahead gets TEAM_BUDGET, not budget_s's 0.3 s
    assert calls and all(args[5] <= hard.TEAM_BUDGET < 0.3 for args in calls)
    assert not _team_look_calls(True, budget_s=None, team_look=0)[1]
    assert not _team_look_calls(False, budget_s=None)[1]


def test_hard_plays_a_second_round_out_at_own_piles_tables_with_team_turns() -> None:
    """``team_turns`` (house10): at own-piles tables the team look-ahead plays that many turns after the round (4: a
    second round at four seats); without it one round (the four seats' turns), and tables where partners share
    piles never reach the look-ahead."""
    from logic.stockpile import hard

    _, calls = _team_look_calls(True, budget_s=None, team_turns=4)
    assert calls and all(args[6] == 8 for args in calls)
    _, calls = _team_look_calls(True, budget_s=None, team_turns=0)
    assert calls and all(args[6] == 4 for args in calls)
    _, calls = _team_look_calls(True, budget_s=None)
    assert calls and all(args[6] == 4 + hard.TEAM_TURNS for args in calls)
    assert not _team_look_calls(False, budget_s=None, team_turns=4)[1]
