"""The President yardsticks play the house rules (issue 52): each switch's handling on a hand-made view, whole matches
under each shipped card and random switch sets with every yardstick, and the layer frozen by a digest of its moves
(as issue 54 froze their standard-rules play: ``test_yardstick_president_styles.py`` / ``_search.py``)."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

from logic.president.actions import Give, Pass, Play
from logic.registry import get_game
from tests.bench import arena
from tests.bench.arena_rules import card_options, mixed_options
from tests.bench.yardsticks.president import RulesPlayer
from tests.bench.yardsticks.president_search import SearchPlayer
from tests.bench.yardsticks.president_styles import HoarderPlayer, ShedderPlayer

DAIFUGO = card_options("president", "president-daifugo")
SCUM = card_options("president", "president-scum")
PLAYERS = (HoarderPlayer, RulesPlayer, ShedderPlayer)


def view(hand: list[str], house: list[str], top: list[str] | None = None, *, trick: list[list[str]] | None = None,
         played: list[str] = (), order: str = "normal", sizes: tuple[int, ...] = (9, 9, 9),
         top_run: bool = False, jack_back: bool = False) -> dict[str, Any]:
    """Seat 0's view: its hand, the play to beat (``top``, the last of ``trick``), the other hands' sizes."""
    trick = trick if trick is not None else ([top] if top else [])
    top_d = None
    if top:
        ranks = [c[:-1] for c in top if not c.startswith("JK")]
        label = "JK" if not ranks else (max(ranks, key="3 4 5 6 7 8 9 10 J Q K A 2".split().index)
                                         if top_run else ranks[0])
        top_d = {"seat": 1, "cards": top, "rank": label, "count": len(top)}
    return {"seat": 0, "hand": hand, "played": list(played) + [c for p in trick for c in p], "house": house,
            "order": order, "seats": [{"cards": len(hand), "title": None}] + [{"cards": n, "title": None}
                                                                               for n in sizes],
            "finished": [], "top": top_d, "top_run": top_run, "trick": [{"seat": 1, "cards": p} for p in trick],
            "jack_back": jack_back, "hand_no": 1}


def choose(player: Any, v: dict[str, Any], legal: list) -> Any:
    return player.choose(v, legal, random.Random(0))


def plays(*groups: str) -> list:
    return [Play(tuple(g.split())) for g in groups]


LONG = ["4S", "5H", "6D", "9C", "10S", "QH", "KD"]  # seven low and middle singles


def test_jokers_are_never_given_and_kept_as_the_best_single_until_they_are_needed():
    hand = ["3S", "4H", "9D", "KS", "JK1"]
    legal = [Give(("3S", "4H")), Give(("3S", "JK1")), Give(("JK1", "KS"))]
    for p in PLAYERS:
        assert choose(p(), view(hand, ["jokers"]), legal) == Give(("3S", "4H"))
    hand = LONG + ["AS", "JK1"]
    legal = plays("AS", "JK1") + [Pass()]
    assert choose(HoarderPlayer(), view(hand, ["jokers"], ["KH"]), legal) == Pass()  # the hoard waits
    stop = view(hand, ["jokers"], ["KH"], sizes=(1, 9, 9))  # a player on their last card: the best single
    assert choose(HoarderPlayer(), stop, legal) == Play(("JK1",))


def test_a_trick_ender_wins_the_lead_back_so_it_is_cashed_before_the_last_group():
    # Two groups: the 8 is no unbeatable card, but under 8-cut it ends the trick: lead it, then the 4 goes out.
    hand = ["4S", "8H"]
    legal = plays("4S", "8H")
    assert RulesPlayer().decide([0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0], [4] * 13, 0, -1, False, 9) == (1, 1)
    for p in PLAYERS:
        assert choose(p(), view(hand, ["eight_cut"]), legal) == Play(("8H",))


def test_no_going_out_on_a_top_card():
    legal = plays("2S") + [Pass()]
    assert RulesPlayer().choose(view(["2S"], ["twos_clear"], ["KH"]), legal, random.Random(0)) == Play(("2S",))
    for p in PLAYERS:
        assert choose(p(), view(["2S"], ["no_top_finish"], ["KH"]), legal) == Pass()
        assert choose(p(), view(["8S"], ["no_top_finish", "eight_cut"], ["5H"]), plays("8S") + [Pass()]) == Pass()


def test_four_burn_and_same_rank_skip_are_taken_when_cheap():
    hand = LONG + ["7S", "7C", "9S", "9H"]
    legal = plays("7S 7C", "9S 9H") + [Pass()]
    burn = view(hand, ["four_burn", "same_rank_skip"], ["7H", "7D"])
    for p in PLAYERS:
        assert choose(p(), burn, legal) == Play(("7S", "7C"))  # the fourth 7: the trick burns, this seat leads
    hand = ["4S", "5H", "6S", "9C", "10S", "JS", "QH", "KD"]
    legal = plays("6S", "9C", "10S", "JS", "QH", "KD") + [Pass()]
    assert choose(RulesPlayer(), view(hand, ["same_rank_skip"], ["6H"]), legal) == Play(("6S",))


def test_runs_are_led_when_held_and_answered_with_the_lowest_run():
    hand = ["3C", "4S", "5S", "6S", "9H", "10D", "KC", "KD"]
    legal = plays("3C", "4S", "5S", "6S", "9H", "10D", "KC", "KC KD", "4S 5S 6S")
    for p in PLAYERS:
        assert choose(p(), view(hand, ["runs"]), legal) == Play(("4S", "5S", "6S"))
    top = ["4H", "5H", "6H"]
    legal = plays("7S 8S 9S", "8S 9S 10S") + [Pass()]
    hand = ["3C", "7S", "8S", "9S", "10S", "KD"]
    for p in PLAYERS:
        assert choose(p(), view(hand, ["runs"], top, top_run=True), legal) == Play(("7S", "8S", "9S"))


def test_jack_back_plays_in_the_reversed_order_the_view_gives():
    hand = ["4S", "9S", "10H", "AS", "JK1"]
    legal = plays("4S", "9S", "10H", "JK1") + [Pass()]
    v = view(hand, ["jack_back", "jokers"], ["JD"], order="reversed", jack_back=True)
    assert choose(RulesPlayer(), v, legal) == Play(("10H",))  # the weakest card that beats a Jack, in reverse


def test_suit_lock_chooses_among_the_legal_moves_only():
    # Locked to spades and hearts: the style's 10s (spades and diamonds) are not legal: the nearest legal pair.
    hand = LONG + ["10D", "QS", "KH"]
    legal = plays("QS QH") + [Pass()]
    v = view(hand + ["QH"], ["suit_lock"], ["9S", "9H"], trick=[["8S", "8H"], ["9S", "9H"]])
    for p in PLAYERS:
        assert choose(p(), v, legal) == Play(("QS", "QH"))
    # No lock yet: of the suits it may play, the ones that lock the trick (those of the play before).
    legal = plays("10S 10H", "10H 10D", "10S 10D") + [Pass()]
    v = view(["4S", "10H", "10D", "10S", "KD"], ["suit_lock"], ["9S", "9H"])  # short: the triple may be broken
    assert choose(RulesPlayer(), v, legal) == Play(("10S", "10H"))


def test_only_the_3_of_spades_on_a_lone_joker():
    legal = plays("3S") + [Pass()]
    assert choose(HoarderPlayer(), view(LONG + ["3S"], ["jokers"], ["JK2"]), legal) == Play(("3S",))


def test_with_the_layer_off_it_plays_its_plain_rule_where_legal_else_passes():
    hoarder = HoarderPlayer()
    hoarder.HOUSE = 0
    legal = plays("QS QH") + [Pass()]
    v = view(LONG + ["10D", "10S", "QS", "QH"], ["suit_lock"], ["9S", "9H"], trick=[["8S", "8H"], ["9S", "9H"]])
    assert choose(hoarder, v, legal) == Pass()  # its 10s are locked out
    assert choose(hoarder, view(["2S"], ["no_top_finish"], ["KH"]), plays("2S") + [Pass()]) == Play(("2S",))


def _moves(names: tuple[str, ...], options: dict[str, Any], seeds: range, mix: bool = False) -> list[str]:
    """Every action of arena matches (seats rotated as the arena does); each one is checked legal."""
    game = get_game("president")
    out = []
    for i, seed in enumerate(seeds):
        opts = mixed_options("president", options, len(names), seed) if mix else options
        seat_player = [(j + i) % len(names) for j in range(len(names))]
        bots = [arena.make_player("president", names[p]) for p in seat_player]
        rngs = [random.Random(f"arena-{seed}-{j}") for j in range(len(names))]
        state = game.new_game(game.make_config(**{"hands": 4, **opts, "players": len(names)}), seed)
        while game.outcome(state) is None:
            seat = game.to_move(state)[0]
            view_, legal = game.view(state, seat), game.legal_actions(state, seat)
            action = bots[seat].choose(view_, legal, rngs[seat])
            assert action in legal
            out.append(f"{seat}:{action!r}")
            game.apply(state, seat, action)
    return out


TABLE = ("yard:rules", "yard:hoarder", "yard:shedder", "yard:search")


@pytest.mark.parametrize("options,mix", [(DAIFUGO, False), (SCUM, False), ({}, True)],
                         ids=["daifugo", "scum", "mix"])
def test_every_yardstick_finishes_whole_matches_under_each_card_and_the_mix(options, mix):
    assert len(_moves(TABLE, options, range(700, 720), mix)) > 20 * 150
    off = ("yard:hoarder@HOUSE=0", "yard:rules@HOUSE=0", "yard:shedder@HOUSE=0", "yard:hoarder")
    _moves(off, options, range(720, 730), mix)


def test_the_search_yardstick_plays_its_house_aware_policy_under_house_rules():
    search, policy = SearchPlayer(), HoarderPlayer()
    game = get_game("president")
    state = game.new_game(game.make_config(hands=4, players=4, **DAIFUGO), 740)
    for _ in range(60):
        seat = game.to_move(state)[0]
        v, legal = game.view(state, seat), game.legal_actions(state, seat)
        action = search.choose(v, legal, random.Random(1))
        assert action == policy.choose(v, legal, random.Random(1))
        game.apply(state, seat, action)


# Frozen (issue 52): the house layer must not change once the Expert is measured against it (docs/performance.md,
# "President yardsticks under the house rules"). If this fails, the yardsticks' house-rule moves changed.
FROZEN_MOVES = {"daifugo": "9b6d7546d42da107", "scum": "3773024ecc648a2e"}


def test_the_house_layer_makes_the_same_moves_as_when_it_was_frozen():
    for name, options in (("daifugo", DAIFUGO), ("scum", SCUM)):
        moves = _moves(("yard:hoarder", "yard:rules", "yard:shedder", "yard:search"), options, range(750, 754))
        assert hashlib.sha256("\n".join(moves).encode()).hexdigest()[:16] == FROZEN_MOVES[name], name
