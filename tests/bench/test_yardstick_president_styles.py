"""The President style yardsticks (issue 54) play their own styles, unlike ``yard:rules``, and finish matches."""

from __future__ import annotations

from tests.bench import arena
from tests.bench.yardsticks.president import PLAYERS, RulesPlayer
from tests.bench.yardsticks.president_styles import HoarderPlayer, ShedderPlayer

THREE, FOUR, FIVE, SIX, NINE, TEN, JACK, KING, ACE, TWO = 0, 1, 2, 3, 6, 7, 8, 10, 11, 12


def hand(*ranks: int) -> list[int]:
    h = [0] * 13
    for r in ranks:
        h[r] += 1
    return h


def unseen_of(h: list[int]) -> list[int]:
    return [4 - x for x in h]  # nothing played yet: every card not in the hand is with the others


def test_the_hoarder_keeps_aces_and_2s_until_the_end_where_it_leads_them():
    h = hand(THREE, FIVE, NINE, JACK, ACE, TWO)
    assert RulesPlayer().decide(h, unseen_of(h), 1, KING, False, 9) == (ACE, 1)  # a 6-card hand spends its Ace
    assert HoarderPlayer().decide(h, unseen_of(h), 1, KING, False, 9) is None  # four low groups: still hoarding
    assert HoarderPlayer().decide(h, unseen_of(h), 1, TEN, False, 9) == (JACK, 1)
    end = hand(THREE, ACE, TWO)
    assert HoarderPlayer().decide(end, unseen_of(end), 0, -1, False, 9) == (TWO, 1)  # the lead comes back, 3 goes out


def test_the_hoarder_breaks_a_low_pair_rather_than_pass():
    h = hand(THREE, FIVE, FIVE, NINE, NINE, KING, KING, ACE, TWO)
    assert HoarderPlayer().decide(h, unseen_of(h), 1, FOUR, False, 9) == (FIVE, 1)
    assert RulesPlayer().decide(h, unseen_of(h), 1, FOUR, False, 9) is None  # keeps its pairs and its Ace and 2


def test_the_shedder_leads_its_pairs_first_and_keeps_its_top_cards_longer():
    h = hand(THREE, SIX, SIX, NINE, JACK, KING, ACE, TWO, FIVE, FIVE)
    assert ShedderPlayer().decide(h, unseen_of(h), 0, -1, False, 9) == (FIVE, 2)
    assert RulesPlayer().decide(h, unseen_of(h), 0, -1, False, 9) == (THREE, 1)
    eight = hand(THREE, FIVE, FIVE, SIX, SIX, KING, KING, ACE)
    assert ShedderPlayer().decide(eight, unseen_of(eight), 1, FOUR, False, 9) is None  # passes, its Ace kept
    assert RulesPlayer().decide(eight, unseen_of(eight), 1, FOUR, False, 9) == (ACE, 1)


def test_style_yardsticks_are_arena_players_and_finish_matches():
    assert {"rules", "hoarder", "shedder", "search", "search_old"} <= set(PLAYERS)
    assert (PLAYERS["search"]().PREFER_Z, PLAYERS["search_old"]().PREFER_Z) == (2.0, 0.0)
    assert arena.make_player("president", "yard:hoarder@SPEND_GROUPS=2").SPEND_GROUPS == 2
    names = ("yard:hoarder", "yard:shedder", "yard:rules", "yard:hoarder")
    for i in range(4):
        result = arena.play_match(("president", names, 70 + i, i, {}))
        assert result.finished
        assert abs(sum(result.scores) - 6.0) < 1e-9  # 3 + 2 + 1 + 0 points a hand, shared out by the players
