"""President house rules (issue 52): a scenario per switch and per pair of switches that meet in one play."""

from __future__ import annotations

import json
import random

import pytest

from logic.president import Pass, Play, PresidentConfig, PresidentGame
from logic.president.actions import HOUSE_BITS
from tests.logic.president_support import illegal
from tests.logic.test_president_random import check_invariants, check_no_leak

G = PresidentGame()


def table(hands: list[str], turn: int = 0, hand_no: int = 1, prev: list[int] | None = None, **switches):
    """A play-phase state with these hands (codes separated by spaces), seat ``turn`` to lead, switches on."""
    s = G.new_game(G.make_config(players=len(hands), **switches), 1)
    d = G.snapshot(s)
    d["hands"] = [h.split() for h in hands]
    d["turn"] = turn
    d["phase"] = "play"
    d["hand_no"] = hand_no
    if prev is not None:
        d["prev_finish"] = prev
    return G.restore(d)


def play(s, seat: int, *codes: str) -> None:
    G.apply(s, seat, Play(tuple(codes)))


def passes(s, *seats: int) -> None:
    for seat in seats:
        G.apply(s, seat, Pass())


def msg(s) -> str:
    return G.view(s, None)["message"] or ""


# --- trick-enders -------------------------------------------------------------------------------------------


def test_eight_cut_ends_the_trick_and_the_cutter_leads():
    s = table(["5S 6S KS", "8H 9H KH", "10D JD KD", "QC AC KC"], eight_cut=True)
    play(s, 0, "5S")
    assert "8 ends the trick" in (G.describe(s, 1, Play(("8H",))) or "")
    play(s, 1, "8H")
    assert s.top_count == 0 and s.trick == [] and s.turn == 1
    assert "8 ends the trick" in msg(s) and "Seat 2 leads" in msg(s)
    assert Pass() not in G.legal_actions(s, 1)  # a lead


def test_eight_cut_only_when_the_eights_beat_the_trick():
    s = table(["9S 6S KS", "8H 9H KH", "10D JD KD", "QC AC KC"], eight_cut=True)
    play(s, 0, "9S")
    illegal(s, 1, Play(("8H",)), "higher")
    assert Play(("8H",)) not in G.legal_actions(s, 1)


def test_eight_cut_on_the_last_card_passes_the_lead_on():
    s = table(["5S 6S KS", "8H", "10D JD KD", "QC AC KC"], eight_cut=True)
    play(s, 0, "5S")
    log = G.describe(s, 1, Play(("8H",)))
    play(s, 1, "8H")
    assert s.finished == [1] and s.top_count == 0 and s.turn == 2
    assert "8 ends the trick" in (log or "")
    assert "Seat 3 leads" in msg(s)


def test_twos_clear_the_trick():
    s = table(["5S 6S KS", "2H 9H KH", "10D JD KD", "QC AC KC"], twos_clear=True)
    play(s, 0, "KS")
    play(s, 1, "2H")
    assert s.top_count == 0 and s.turn == 1 and "clears the trick" in msg(s)


def test_twos_clear_uses_the_order_in_effect():
    """After a revolution the 3s are the top rank: they clear, the 2s do not."""
    s = table(["5S 5H 5D 5C 6S", "3H 9H 2H", "10D JD KD", "QC AC KC"], twos_clear=True, revolution=True)
    play(s, 0, "5S", "5H", "5D", "5C")
    assert s.rev
    passes(s, 1, 2, 3)
    play(s, 0, "6S")
    play(s, 1, "3H")
    assert s.top_count == 0 and s.turn == 1
    s2 = table(["5S 5H 5D 5C 2S", "3H 9H 2H", "10D JD KD", "QC AC KC"], twos_clear=True, revolution=True)
    play(s2, 0, "5S", "5H", "5D", "5C")
    passes(s2, 1, 2, 3)
    play(s2, 0, "2S")  # after a revolution a 2 is the lowest card: no clearing
    assert s2.top_count == 1 and s2.turn == 1


def test_four_burn_counts_the_rank_across_the_trick():
    s = table(["9S 3S", "9H 3H", "9D 3D", "9C 4C"], four_burn=True, same_rank_skip=True)
    play(s, 0, "9S")  # a lead: nobody is skipped
    assert s.turn == 1
    play(s, 1, "9H")
    assert s.turn == 3 and "Seat 3 is skipped" in msg(s)
    play(s, 3, "9C")
    assert s.turn == 1  # seat 0 skipped
    passes(s, 1)
    assert s.top_count == 1
    play(s, 2, "9D")
    assert s.top_count == 0 and s.trick == [] and s.turn == 2 and "burns" in msg(s)


def test_four_burn_without_skip_is_four_of_a_kind():
    s = table(["9S 9H 9D 9C 3S", "3H 4H", "3D 4D", "3C 4C"], four_burn=True)
    play(s, 0, "9S", "9H", "9D", "9C")
    assert not s.rev and s.top_count == 0 and s.turn == 0


def test_four_of_a_kind_burns_and_revolts():
    s = table(["9S 9H 9D 9C 3S", "3H 4H", "3D 4D", "3C 4C"], four_burn=True, revolution=True)
    play(s, 0, "9S", "9H", "9D", "9C")
    assert s.rev and s.top_count == 0 and s.turn == 0
    assert "revolution" in msg(s) and "burns" in msg(s)


# --- same-rank skip -----------------------------------------------------------------------------------------


def test_same_rank_is_legal_and_skips_the_next_seat_who_has_not_passed():
    s = table(["7S 3S", "7H 4H", "8D 3D", "9C 4C"], same_rank_skip=True)
    play(s, 0, "7S")
    assert Play(("7H",)) in G.legal_actions(s, 1)
    play(s, 1, "7H")
    assert s.turn == 3 and not s.passed >> 2 & 1
    passes(s, 3, 0)
    assert s.turn == 2  # the skipped seat plays when its turn comes again (seat 1 holds the play to beat)
    play(s, 2, "8D")


def test_same_rank_is_refused_without_the_switch():
    s = table(["7S 3S", "7H 4H", "8D 3D", "9C 4C"])
    play(s, 0, "7S")
    illegal(s, 1, Play(("7H",)), "equal rank")


def test_same_rank_with_two_players_left_skips_nobody():
    s2 = table(["7S 5S", "7H 4H", "KD", "KC"], same_rank_skip=True)
    s2.out_mask = 0b1100
    s2.finished = [2, 3]
    s2.hands[2] = s2.hands[3] = 0
    play(s2, 0, "7S")
    play(s2, 1, "7H")
    assert s2.turn == 0 and "skipped" not in msg(s2)


# --- jack-back ----------------------------------------------------------------------------------------------


def test_jack_back_reverses_the_order_until_the_trick_ends():
    s = table(["JS 3S 5S", "10H 4H 6H", "QD KD AD", "9C KC AC"], jack_back=True)
    play(s, 0, "JS")
    v = G.view(s, 1)
    assert v["order"] == "reversed" and v["jack_back"] is True
    assert "Jack-back: the order is reversed until the trick ends" in msg(s)
    play(s, 1, "10H")  # lower beats under jack-back
    passes(s, 2, 3, 0)
    assert s.top_count == 0 and not s.rev and G.view(s, 1)["jack_back"] is False
    assert "Jack-back is over: the order is normal again." in msg(s)
    assert G.view(s, 1)["order"] == "normal"


def test_jack_back_refuses_a_higher_rank_with_a_reason():
    s = table(["JS 3S 5S", "QH 4H 6H", "QD KD AD", "9C KC AC"], jack_back=True)
    play(s, 0, "JS")
    illegal(s, 1, Play(("QH",)), "Jack-back")


def test_jack_back_under_revolution_brings_back_the_normal_order_for_the_trick():
    s = table(["5S 5H 5D 5C JS 3S", "QH 4H 6H", "QD KD AD", "9C KC AC"], jack_back=True, revolution=True)
    play(s, 0, "5S", "5H", "5D", "5C")
    passes(s, 1, 2, 3)
    assert s.rev
    play(s, 0, "JS")
    assert not s.rev and G.view(s, 1)["order"] == "normal"
    play(s, 1, "QH")  # the normal order is in effect for this trick
    passes(s, 2, 3, 0)
    assert s.rev and G.view(s, 1)["order"] == "reversed"  # the revolution stays


def test_jack_back_ends_with_an_eight_cut():
    s = table(["JS 3S", "8H 4H", "QD KD", "9C KC"], jack_back=True, eight_cut=True)
    play(s, 0, "JS")
    play(s, 1, "8H")  # 8 is below the Jack: it beats under jack-back, and cuts
    assert s.top_count == 0 and not s.rev and not s.jback and s.turn == 1


def test_twos_clear_under_jack_back_is_the_threes():
    s = table(["JS 6S", "3H 2H 5H", "QD KD", "9C KC"], jack_back=True, twos_clear=True)
    play(s, 0, "JS")
    play(s, 1, "3H")
    assert s.top_count == 0 and s.turn == 1 and not s.rev


# --- suit lock ----------------------------------------------------------------------------------------------


def test_two_plays_in_the_same_suit_lock_the_trick():
    s = table(["5S 9H 9S", "7S 3H", "10H JS QH", "KD KC 4C"], suit_lock=True)
    play(s, 0, "5S")
    play(s, 1, "7S")
    v = G.view(s, 2)
    assert v["lock"] == ["S"] and "locked to spades" in msg(s)
    assert G.legal_actions(s, 2) == [Play(("JS",)), Pass()]
    illegal(s, 2, Play(("10H",)), "locked")
    passes(s, 2, 3)
    play(s, 0, "9S")
    passes(s, 1, 2, 3)
    assert s.lock == 0 and G.view(s, 0)["lock"] == []


def test_suit_lock_on_pairs_and_every_choice_of_suits_is_offered():
    s = table(["5S 5H 3C", "7S 7H 7D", "10S 10H 4C", "KD KC 4D"], suit_lock=True)
    play(s, 0, "5S", "5H")
    legal = G.legal_actions(s, 1)
    assert {tuple(a.cards) for a in legal if isinstance(a, Play)} == {("7S", "7H"), ("7S", "7D"), ("7H", "7D")}
    play(s, 1, "7S", "7H")
    assert s.lock == 0b0011
    assert G.legal_actions(s, 2) == [Play(("10S", "10H")), Pass()]
    illegal(s, 3, Play(("KD", "KC")), "not your turn")


# --- no finishing on a top card -----------------------------------------------------------------------------


def test_going_out_on_a_two_is_a_foul_ranked_below_everyone():
    s = table(["KS 2S", "3H 4H", "5D 6D", "7C 8C 9C"], no_top_finish=True)
    play(s, 0, "KS")
    passes(s, 1, 2, 3)
    play(s, 0, "2S")
    assert s.out_mask & 1 and s.bottom == [0] and "foul" in msg(s)
    v = G.view(s, 1)
    assert v["seats"][0]["place"] == 4 and "foul" in v["seats"][0]["status"]
    passes(s, 1, 2, 3)  # the trick ends; seat 0 is out, so the next seat still in leads
    assert s.turn == 1
    play(s, 1, "3H")
    play(s, 2, "5D")
    play(s, 3, "7C")
    passes(s, 1, 2)
    play(s, 3, "8C")
    passes(s, 1, 2)
    play(s, 3, "9C")
    passes(s, 1, 2)
    play(s, 1, "4H")
    assert s.phase == "hand-over"
    assert s.finished == [3, 1, 2, 0]  # the foul ranks below seat 2, left holding cards
    assert s.hand_points[-1] == [0, 2, 1, 3]


def test_two_fouls_the_earlier_ranks_lower():
    s = table(["2S", "2H 3H", "5D 6D 7D", "8C 9C 10C"], no_top_finish=True)
    play(s, 0, "2S")
    passes(s, 1, 2, 3)  # seat 0 is out: the next seat still in leads
    assert s.turn == 1
    play(s, 1, "3H")
    passes(s, 2, 3)
    play(s, 1, "2H")
    assert s.bottom == [0, 1]
    v = G.view(s, 2)
    assert v["seats"][0]["place"] == 4 and v["seats"][1]["place"] == 3


def test_eight_is_a_top_card_with_eight_cut():
    s = table(["8S", "3H 4H", "5D 6D", "7C 9C"], no_top_finish=True, eight_cut=True)
    play(s, 0, "8S")
    assert s.bottom == [0] and s.top_count == 0 and s.turn == 1


def test_a_top_card_under_revolution_is_a_three():
    s = table(["5S 5H 5D 5C 3S", "4H 6H", "7D 6D", "9C 10C"], no_top_finish=True, revolution=True)
    play(s, 0, "5S", "5H", "5D", "5C")
    passes(s, 1, 2, 3)
    play(s, 0, "3S")
    assert s.bottom == [0]


def test_going_out_on_a_clearing_two_is_a_foul_and_the_next_player_leads():
    s = table(["2S", "KH 3H", "5D 6D", "7C 8C"], turn=1, no_top_finish=True, twos_clear=True)
    play(s, 1, "KH")
    passes(s, 2, 3)
    play(s, 0, "2S")
    assert s.bottom == [0] and s.top_count == 0 and s.turn == 1


def test_under_jack_back_the_top_card_is_a_three():
    s = table(["JS 9S", "3H", "5D 6D", "7C 8C"], no_top_finish=True, jack_back=True)
    play(s, 0, "JS")
    play(s, 1, "3H")
    assert s.bottom == [1] and "foul" in msg(s)


def test_four_jacks_that_burn_end_their_own_jack_back():
    s = table(["JS JH JD JC 3S", "3H 4H", "5D 6D", "7C 8C"], four_burn=True, jack_back=True)
    play(s, 0, "JS", "JH", "JD", "JC")
    assert s.top_count == 0 and not s.rev and not s.jback and s.turn == 0


# --- downfall -----------------------------------------------------------------------------------------------


def test_downfall_drops_the_president_to_last_place():
    s = table(["3S 4S", "KH", "5D 6D", "7C 8C"], turn=1, hand_no=2, prev=[0, 1, 2, 3], downfall=True)
    play(s, 1, "KH")
    assert s.out_mask == 0b11 and s.bottom == [0] and s.hands[0]  # the President keeps their cards
    v = G.view(s, 2)
    assert "downfall" in v["seats"][0]["status"] and v["seats"][0]["place"] == 4
    assert "3S" not in str(v) and "drops to last place" in msg(s)
    passes(s, 2, 3)
    assert s.turn == 2
    play(s, 2, "5D")
    play(s, 3, "7C")
    passes(s, 2)
    play(s, 3, "8C")
    assert s.phase == "hand-over" and s.finished == [1, 3, 2, 0]


def test_no_downfall_when_the_president_goes_out_first_or_in_hand_one():
    s = table(["KS", "3H 4H", "5D 6D", "7C 8C"], hand_no=2, prev=[0, 1, 2, 3], downfall=True)
    play(s, 0, "KS")
    assert s.bottom == [] and s.finished == [0]
    s1 = table(["3S 4S", "KH", "5D 6D", "7C 8C"], turn=1, downfall=True)
    play(s1, 1, "KH")
    assert s1.bottom == []


def test_downfall_at_five_players():
    s = table(["3S 4S", "KH", "5D 6D", "7C 8C", "9S 10S"], turn=1, hand_no=2, prev=[0, 1, 2, 3, 4], downfall=True)
    play(s, 1, "KH")
    assert s.bottom == [0] and G.view(s, 3)["seats"][0]["place"] == 5
    assert s.turn == 2 and G.view(s, 3)["finished"] == [1, 0]


def test_a_foul_does_not_count_as_going_out_first():
    s = table(["3S 4S", "2H", "5D 6D", "7C 8C"], turn=1, hand_no=2, prev=[0, 1, 2, 3], downfall=True,
              no_top_finish=True)
    play(s, 1, "2H")
    assert s.bottom == [1] and not s.out_mask & 1  # the President is still in
    passes(s, 2, 3, 0)
    play(s, 2, "5D")
    passes(s, 3, 0)
    play(s, 2, "6D")  # seat 2 goes out first, cleanly: now the President falls
    assert s.bottom == [1, 0]


# --- all off, config ----------------------------------------------------------------------------------------


def test_all_off_snapshot_has_no_house_keys():
    s = G.new_game(G.make_config(players=4), 3)
    assert "house" not in G.snapshot(s) and s.house == 0
    on = G.new_game(G.make_config(players=4, eight_cut=True, downfall=True), 3)
    assert G.snapshot(on)["house"] == on.house != 0


@pytest.mark.parametrize("name", ["eight_cut", "twos_clear", "four_burn", "same_rank_skip", "jack_back",
                                  "suit_lock", "no_top_finish", "downfall", "runs", "run_revolution", "jokers"])
def test_every_switch_is_on_the_house_sheet(name):
    sheet = PresidentConfig.OPTIONS
    assert sheet.options[name].group == "house" and sheet.options[name].help is not None
    assert getattr(G.make_config(), name) is False


# --- random switch sets -------------------------------------------------------------------------------------

SWITCHES = list(HOUSE_BITS)


def random_house_match(seed: int, check_views: bool) -> None:
    rng = random.Random(seed)
    opts = {name: rng.random() < 0.5 for name in SWITCHES}
    revolution = rng.random() < 0.5
    opts["run_revolution"] = opts["run_revolution"] and opts["runs"] and revolution
    cfg = G.make_config(players=4 + seed % 2, hands=4, revolution=revolution, **opts)
    s = G.new_game(cfg, seed)
    log = []
    steps = 0
    while G.outcome(s) is None:
        seat = rng.choice(G.to_move(s))
        legal = G.legal_actions(s, seat)
        assert legal
        if check_views:
            check_no_leak(s)
        action = rng.choice(legal)
        if action.kind in ("play", "pass", "give"):
            assert G.describe(s, seat, action)
        log.append((seat, G.encode_action(action)))
        G.apply(s, seat, action)
        check_invariants(s)
        if s.phase == "play":
            assert not s.out_mask >> s.turn & 1 and s.turn != s.last_seat or not s.top_count
        steps += 1
        assert steps < 10_000
    assert G.snapshot(G.replay(cfg, seed, json.loads(json.dumps(log)))) == G.snapshot(s)
    assert G.snapshot(G.restore(json.loads(json.dumps(G.snapshot(s))))) == G.snapshot(s)


@pytest.mark.parametrize("chunk", range(4))
def test_random_switch_sets_end_conserve_and_replay(chunk):
    for seed in range(chunk * 40, chunk * 40 + 40):
        random_house_match(seed, check_views=False)


@pytest.mark.parametrize("seed", range(6))
def test_random_switch_sets_leak_nothing(seed):
    random_house_match(500 + seed, check_views=True)


def test_rule_cards_name_real_switches_that_differ_from_the_defaults():
    from logic.president.rule_cards import RULE_CARDS

    assert {c.id for c in RULE_CARDS} == {"president-daifugo", "president-scum"}
    for card in RULE_CARDS:
        assert card.game == "president" and card.where is not None and card.options
        defaults = G.make_config()
        for name, value in card.options.items():
            assert getattr(defaults, name) != value
        G.new_game(G.make_config(**card.options), 1)  # a valid config


def test_rules_text_explains_every_switch_with_an_example():
    md = G.rules_markdown()
    house = md[md.index("## House rules"):md.index("## Controls")]
    for label in ("8 ends the trick", "2s clear the trick", "Four of a rank burn the trick",
                  "Same rank skips the next player", "Jack-back", "Suit lock", "No finishing on a top card",
                  "Downfall", "Runs", "Runs revolt"):
        assert f"**{label}" in house
    assert house.count("*Example:*") == 10
    assert md.count("House rules:") >= 5  # the choices we made


# --- runs ---------------------------------------------------------------------------------------------------


def test_a_run_is_led_and_beaten_by_a_higher_run_of_the_same_length():
    s = table(["5S 6S 7S 3D", "6H 7H 8H 9H", "9D 10D JD 4C", "QC KC AC 2C"], runs=True)
    assert Play(("5S", "6S", "7S")) in G.legal_actions(s, 0)
    play(s, 0, "7S", "5S", "6S")  # any order
    v = G.view(s, 1)
    assert v["top"] is not None and v["top_run"] and v["top"]["rank"] == "7" and v["top"]["count"] == 3
    assert "a run 5-7 of spades" in msg(s)
    legal = G.legal_actions(s, 1)
    assert Play(("6H", "7H", "8H")) in legal and Play(("7H", "8H", "9H")) in legal
    assert Play(("6H", "7H", "8H", "9H")) not in legal and Play(("6H",)) not in legal
    illegal(s, 1, Play(("6H", "7H", "8H", "9H")), "same length")
    illegal(s, 1, Play(("6H",)), "same length")
    play(s, 1, "6H", "7H", "8H")
    illegal(s, 2, Play(("4C",)), "same length")
    play(s, 2, "9D", "10D", "JD")
    play(s, 3, "QC", "KC", "AC")
    assert s.top_count == 3 and s.turn == 0


def test_runs_need_one_suit_in_a_row_and_do_not_wrap():
    s = table(["5S 6H 7S KD AD 2D 3D", "6C", "9D", "QC"], runs=True)
    illegal(s, 0, Play(("5S", "6H", "7S")), "same rank")
    illegal(s, 0, Play(("AD", "2D", "3D")), "same rank")
    play(s, 0, "KD", "AD", "2D")  # up to the 2 is fine
    assert s.top_count == 3


def test_a_set_cannot_answer_a_run_nor_a_run_a_set():
    s = table(["5S 6S 7S", "8H 8D 8C", "9D 10D JD", "QC"], runs=True)
    play(s, 0, "5S", "6S", "7S")
    illegal(s, 1, Play(("8H", "8D", "8C")), "same length")
    s2 = table(["5S 5H 5D", "8H 8D 8C", "9D 10D JD", "QC"], runs=True)
    play(s2, 0, "5S", "5H", "5D")
    illegal(s2, 2, Play(("9D", "10D", "JD")), "not your turn")
    illegal(s2, 1, Play(("8H", "8D")), "same number")
    G.apply(s2, 1, Pass())
    illegal(s2, 2, Play(("9D", "10D", "JD")), "only answer a run")


def test_runs_never_trigger_eight_cut_or_jack_back():
    s = table(["6S 7S 8S 3D", "9H 10H JH", "4C", "QC"], runs=True, eight_cut=True, jack_back=True)
    play(s, 0, "6S", "7S", "8S")
    assert s.top_count == 3 and s.turn == 1
    play(s, 1, "9H", "10H", "JH")
    assert not s.rev and not s.jback and s.top_count == 3


def test_runs_under_revolution_compare_by_the_lowest_card():
    s2 = table(["9S 10S JS 3D", "8H 9H 10H", "6D 7D 8D", "QC KC AC"], runs=True, revolution=True)
    s2.rev = True  # as after a revolution
    play(s2, 0, "9S", "10S", "JS")
    v = G.view(s2, 1)
    assert v["top"] is not None and v["top"]["rank"] == "9"  # its top card in the reversed order
    assert G.legal_actions(s2, 1) == [Play(("8H", "9H", "10H")), Pass()]
    illegal(s2, 3, Play(("QC", "KC", "AC")), "not your turn")
    play(s2, 1, "8H", "9H", "10H")
    play(s2, 2, "6D", "7D", "8D")
    assert s2.top_count == 3 and s2.turn == 3


def test_a_run_of_four_revolts_only_with_run_revolution():
    hands = ["5S 6S 7S 8S 3D", "4H", "4C", "4D"]
    s = table(hands, runs=True, revolution=True)
    play(s, 0, "5S", "6S", "7S", "8S")
    assert not s.rev
    s2 = table(hands, runs=True, revolution=True, run_revolution=True)
    play(s2, 0, "5S", "6S", "7S", "8S")
    assert s2.rev and "revolution" in msg(s2)
    assert "revolution" in (G.describe(table(hands, runs=True, revolution=True, run_revolution=True), 0,
                                       Play(("5S", "6S", "7S", "8S"))) or "")


def test_run_revolution_needs_runs_and_revolution():
    with pytest.raises(ValueError, match="needs runs"):
        G.make_config(run_revolution=True, runs=True)
    reason = PresidentConfig.OPTIONS.blocked("run_revolution", True, {"runs": False, "revolution": True}, False)
    assert reason is not None and reason.english() == "Needs runs"


def test_going_out_on_a_run_ending_with_a_two_is_a_foul():
    s = table(["KS AS 2S", "3H", "4H", "5H"], runs=True, no_top_finish=True)
    play(s, 0, "KS", "AS", "2S")
    assert s.bottom == [0]


def test_bots_answer_a_run_with_the_lowest_run_that_beats_it():
    from logic.president.bots import ExpertBot, NormalBot

    for bot in (G.make_bot("beginner"), NormalBot(), ExpertBot(budget_s=None, max_worlds=4, min_worlds=2)):
        s = table(["5S 6S 7S 3D", "9H 10H JH 6H 7H 8H", "9D", "QC"], runs=True)
        play(s, 0, "5S", "6S", "7S")
        assert bot.choose(G.view(s, 1), G.legal_actions(s, 1), random.Random(2)) == Play(("6H", "7H", "8H"))
