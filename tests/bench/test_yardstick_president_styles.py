"""The President style yardsticks (issue 54) play their own styles, unlike ``yard:rules``, finish matches and stay
as they were calibrated."""

from __future__ import annotations

import hashlib
import random

from logic.registry import get_game
from tests.bench import arena
from tests.bench.yardsticks.president import PLAYERS, RulesPlayer
from tests.bench.yardsticks.president_lookahead import deal, look_ahead, play_out
from tests.bench.yardsticks.president_styles import HoarderPlayer, ShedderPlayer, StylePlayer

THREE, FOUR, FIVE, SIX, NINE, TEN, JACK, KING, ACE, TWO = 0, 1, 2, 3, 6, 7, 8, 10, 11, 12


def hand(*ranks: int) -> list[int]:
    h = [0] * 13
    for r in ranks:
        h[r] += 1
    return h


def unseen_of(h: list[int]) -> list[int]:
    return [4 - x for x in h]  # nothing played yet: every card not in the hand is with the others


def test_the_hoarder_keeps_aces_and_2s_for_the_end():
    h = hand(THREE, FIVE, NINE, JACK, ACE, TWO)
    assert RulesPlayer().decide(h, unseen_of(h), 1, KING, False, 9) == (ACE, 1)  # a 6-card hand spends its Ace
    assert HoarderPlayer().decide(h, unseen_of(h), 1, KING, False, 9) is None  # four low groups: still hoarding
    assert HoarderPlayer().decide(h, unseen_of(h), 1, TEN, False, 9) == (JACK, 1)
    end = hand(THREE, FIVE, ACE, TWO)
    assert HoarderPlayer().decide(end, unseen_of(end), 1, KING, False, 9) == (ACE, 1)  # four cards: the end


def test_the_hoarder_passes_where_the_rule_player_spends_its_ace():
    h = hand(THREE, FIVE, FIVE, NINE, NINE, KING, ACE, TWO)
    assert RulesPlayer().decide(h, unseen_of(h), 1, KING, False, 9) == (ACE, 1)  # eight cards: spends
    assert HoarderPlayer().decide(h, unseen_of(h), 1, KING, False, 9) is None  # four lower groups: keeps both


def test_the_shedder_leads_its_pairs_first():
    h = hand(THREE, SIX, SIX, NINE, JACK, KING, ACE, TWO, FIVE, FIVE)
    assert ShedderPlayer().decide(h, unseen_of(h), 0, -1, False, 9) == (FIVE, 2)
    assert RulesPlayer().decide(h, unseen_of(h), 0, -1, False, 9) == (THREE, 1)


def test_the_shedder_passes_rather_than_climb_far_while_its_hand_is_long():
    h = hand(THREE, FIVE, FIVE, SIX, SIX, NINE, NINE, JACK, KING, KING)
    assert ShedderPlayer().decide(h, unseen_of(h), 1, THREE, False, 9) is None  # a 3 to beat: the Jack is too far
    assert RulesPlayer().decide(h, unseen_of(h), 1, THREE, False, 9) == (JACK, 1)
    assert ShedderPlayer().decide(h, unseen_of(h), 1, SIX, False, 9) == (JACK, 1)


def _moves(names: tuple[str, ...], seeds: range, check=None) -> list[str]:
    """Every action of arena matches of ``names`` on ``seeds``; ``check(bot, view, legal, action)`` sees each."""
    game = get_game("president")
    out = []
    for i, seed in enumerate(seeds):
        seat_player = [(j + i) % len(names) for j in range(len(names))]
        bots = [arena.make_player("president", names[p]) for p in seat_player]
        rngs = [random.Random(f"arena-{seed}-{j}") for j in range(len(names))]
        state = game.new_game(game.make_config(hands=4, revolution=False, players=len(names)), seed)
        while game.outcome(state) is None:
            seat = game.to_move(state)[0]
            view, legal = game.view(state, seat), game.legal_actions(state, seat)
            action = bots[seat].choose(view, legal, rngs[seat])
            if check:
                check(bots[seat], view, legal, action)
            out.append(f"{seat}:{action!r}")
            game.apply(state, seat, action)
    return out


def test_the_style_player_with_its_defaults_plays_as_the_rule_player():
    style = StylePlayer()
    seen = []

    def check(bot, view, legal, action):
        seen.append(action)
        assert style.choose(view, legal, random.Random(0)) == action

    _moves(("yard:rules",) * 4, range(500, 504), check)
    assert len(seen) > 600


# Frozen (issue 54): the calibrated style yardsticks must not change, or their figures in docs/performance.md
# no longer hold. If this fails, the yardstick's moves changed: put it back (a new style is a new yardstick).
FROZEN_MOVES = {
    "yard:hoarder": "6c6665a125efa053",
    "yard:shedder": "ba81b86283bac6a4",
}


def test_the_calibrated_style_yardsticks_make_the_same_moves_as_when_they_were_calibrated():
    for name, digest in FROZEN_MOVES.items():
        moves = _moves((name, "yard:rules", name, name), range(600, 604))
        assert hashlib.sha256("\n".join(moves).encode()).hexdigest()[:16] == digest, name


def test_style_yardsticks_are_arena_players_and_finish_matches():
    assert {"rules", "hoarder", "shedder", "search", "search_old"} <= set(PLAYERS)
    assert (PLAYERS["search"]().PREFER_Z, PLAYERS["search_old"]().PREFER_Z) == (2.0, 0.0)
    assert arena.make_player("president", "yard:hoarder@KEEP_ABOVE=5").KEEP_ABOVE == 5
    names = ("yard:hoarder", "yard:shedder", "yard:rules", "yard:hoarder")
    for i in range(4):
        result = arena.play_match(("president", names, 70 + i, i, {}))
        assert result.finished
        assert abs(sum(result.scores) - 6.0) < 1e-9  # 3 + 2 + 1 + 0 points a hand, shared out by the players


def test_the_look_ahead_plays_the_2_that_stops_a_player_going_out_where_the_style_would_pass():
    # Seat 1 led a King and holds one card; no other Ace or 2 is out: passing lets seat 1 lead its last card.
    view = {"players": 4, "seat": 0, "seats": [{"cards": 2}, {"cards": 1}, {"cards": 12}, {"cards": 13}],
            "top": {"seat": 1, "rank": "K", "count": 1}, "passed": [], "order": "normal"}
    h = hand(ACE, TWO)
    unseen = [3, 3, 3, 3, 3, 3, 2, 2, 2, 1, 1, 0, 0]
    decide = StylePlayer().decide
    for seed in range(8):
        hands = deal(view, h, unseen, random.Random(seed))
        assert [sum(x) for x in hands] == [2, 1, 12, 13]
        assert play_out(view, [list(x) for x in hands], None, decide, False) <= 2.0  # seat 1 goes out first
        assert play_out(view, [list(x) for x in hands], (TWO, 1), decide, False) == 3.0  # the 2, then the Ace: out
    pick = look_ahead(view, h, unseen, [None, (ACE, 1), (TWO, 1)], None, decide, random.Random(1), 16, 2)
    assert pick in {(ACE, 1), (TWO, 1)}
