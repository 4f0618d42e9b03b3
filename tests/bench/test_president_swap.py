"""The whole-hand swap bench (tests/bench/president_swap.py) on one quick match of rule players."""

from __future__ import annotations

import json

from tests.bench.arena import make_player
from tests.bench.president_swap import TITLES, main, others, play_match, swap_hand
from tests.bench.president_table import GAME, new_match

NAMES = ("yard:rules", "yard:hoarder", "yard:rules", "yard:hoarder")  # rule players: quick, and the same move twice


def test_every_hand_of_both_hero_seats_is_swapped_with_its_title_at_the_start():
    rows: list = []
    play_match(42999, 0, 2, rows, names=NAMES, hero="yard:rules", swap_in="yard:shedder")
    m = new_match(42999, 0, "real", NAMES)
    heroes = [j for j in range(4) if NAMES[m.seat_player[j]] == "yard:rules"]
    assert sorted((r["hand_no"], r["seat"]) for r in rows) == [(h, s) for h in (1, 2, 3, 4) for s in heroes]
    for r in rows:
        start = r["start"]
        assert start["hand_no"] == r["hand_no"] and not start["history"]  # nothing played yet
        want = "none" if r["hand_no"] == 1 else TITLES[start["prev_finish"].index(r["seat"])]
        assert r["title"] == want
        assert len(r["pts_e"]) == len(r["pts_s"]) == 2 and all(p in (0.0, 1.0, 2.0, 3.0) for p in r["pts_e"])
    assert any(r["diff"] != 0.0 for r in rows)  # the shedder plays some hand otherwise


def test_the_same_player_swapped_in_plays_the_same_hands():
    rows: list = []
    play_match(42998, 0, 2, rows, names=NAMES, hero="yard:rules", swap_in="yard:rules")
    assert len(rows) == 8
    assert all(r["pts_e"] == r["pts_s"] and r["diff"] == 0.0 for r in rows)
    assert all(r["real_pts"] == r["pts_e"][0] for r in rows)  # the copies play the real hand's moves


def test_the_real_match_goes_on_as_played():
    rows: list = []
    swapped = play_match(42997, 2, 2, rows, names=NAMES, hero="yard:rules", swap_in="yard:shedder")
    m = new_match(42997, 2, "real", NAMES)
    while GAME.outcome(m.state) is None:
        seat = GAME.to_move(m.state)[0]
        GAME.apply(m.state, seat, m.bots[seat].choose(GAME.view(m.state, seat), GAME.legal_actions(m.state, seat),
                                                      m.rngs[seat]))
    assert swapped.hand_points == m.state.hand_points


def test_a_swap_leaves_the_state_and_scores_the_seat_in_each_branch():
    state = GAME.new_game(GAME.make_config(players=4, hands=4, revolution=False), 42996)
    before = GAME.snapshot(state)
    bots = [make_player("president", n) for n in NAMES]
    row = swap_hand(state, 0, bots, make_player("president", "yard:shedder"), 3, "t")
    assert GAME.snapshot(state) == before
    again = swap_hand(state, 0, bots, make_player("president", "yard:shedder"), 3, "t")
    assert (again["pts_e"], again["pts_s"]) == (row["pts_e"], row["pts_s"])  # common seeds: reproducible
    assert row["diff"] == (sum(row["pts_e"]) - sum(row["pts_s"])) / 3


def test_a_logged_hand_replays_the_saved_start_move_by_move():
    from tests.bench.president_swap_log import replay

    rows: list = []
    play_match(42998, 0, 1, rows, names=NAMES, hero="yard:rules", swap_in="yard:rules")
    row = next(r for r in rows if r["hand_no"] == 2)
    bots = [make_player("president", n) for n in NAMES]
    moves, pts = replay(row["start"], row["seat"], [bots[(j + 0) % 4] for j in range(4)],
                        f"swap-42998-2-{row['seat']}-0")
    assert pts == row["pts_e"][0]  # the same players and seeds: the saved hand again
    assert sum("(out)" in m for m in moves) == 3 and any(m.startswith("*") for m in moves)


def test_reversed_the_search_seats_are_swapped_and_the_expert_branch_is_still_pts_e():
    rows: list = []
    play_match(42998, 0, 1, rows, names=NAMES, hero="yard:hoarder",
               swap_in="president:expert@max_worlds=16@min_worlds=8")  # (a small search: quick)
    m = new_match(42998, 0, "real", NAMES)
    heroes = {j for j in range(4) if NAMES[m.seat_player[j]] == "yard:hoarder"}
    assert {r["seat"] for r in rows} == heroes and all(r["hero"] == "search" for r in rows)
    assert all(r["real_pts"] == r["pts_s"][0] for r in rows)  # the seat's own (deterministic) player: pts_s
    assert all(r["diff"] == r["pts_e"][0] - r["pts_s"][0] for r in rows)
    # the rows name both sides: E the swapped-in president player, S the seat's own (with two Experts, E = the variant)
    assert all(r["e_name"].startswith("president:expert") and r["s_name"] == "yard:hoarder" for r in rows)


def test_players_sets_the_table_and_a_lone_hero_has_one_seat_swapped_a_hand(tmp_path):
    out = tmp_path / "s.json"
    main(["--players", "yard:rules,yard:hoarder,yard:hoarder,yard:hoarder", "--hero", "yard:rules", "--swap-in",
          "yard:shedder", "--matches", "2", "--seed", "42997", "--k", "1", "--save", str(out)])
    rows = json.loads(out.read_text())["rows"]
    assert sorted((r["index"], r["hand_no"]) for r in rows) == [(i, h) for i in (0, 1) for h in (1, 2, 3, 4)]
    assert {r["seat"] for r in rows if r["index"] == 1} == {3}  # match 1 rotates player 0 to seat 3


def test_a_row_keeps_every_seats_points_and_the_others_are_reported(capsys):
    rows: list = []
    play_match(42996, 0, 2, rows, names=NAMES, hero="yard:rules", swap_in="yard:shedder")
    for r in rows:
        assert len(r["all_e"]) == len(r["all_s"]) == 2 and all(sum(p) == 6 for p in r["all_e"] + r["all_s"])
        assert [float(p[r["seat"]]) for p in r["all_e"]] == r["pts_e"]
    assert len(others(rows)) == 3 and others([{k: v for k, v in r.items() if k != "all_e"} for r in rows]) == []
