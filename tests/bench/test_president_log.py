"""The logged President matches (president_log.py), their report and the arena's players by place (arena_seats.py)."""

from __future__ import annotations

from tests.bench import arena, arena_seats, president_log, president_log_report

RULES = ("yard:rules", "yard:hoarder", "yard:rules", "yard:hoarder")


def test_a_logged_match_is_the_arenas_match():
    for i in range(4):  # every rotation
        logged = president_log.play_logged(RULES, 300 + i, i)
        played = arena.play_match(("president", RULES, 300 + i, i, {}))
        assert logged["scores"] == played.scores
        assert [len(t) for t in logged["times"]] == [len(t) for t in played.times]


def test_the_log_holds_every_hand_and_every_play_of_the_match():
    logged = president_log.play_logged(RULES, 77, 1)
    log = logged["log"]
    assert log["seat_player"] == [1, 2, 3, 0]
    assert len(log["hands"]) == 4 and all(sum(h["points"]) == 6 for h in log["hands"])
    points = [sum(h["points"][s] for h in log["hands"]) / 4 for s in range(4)]
    assert sorted(points) == sorted(logged["scores"])
    for hand_no, hand in enumerate(log["hands"], start=1):  # the seats that went out played their 13 cards
        for seat in range(4):
            played = sum(r[3][1] for r in log["moves"] if r[0] == hand_no and r[1] == seat and r[3] is not None)
            assert played == 13 if seat in hand["finish"][:3] else played < 13


def test_the_report_reads_titles_tricks_and_choices(tmp_path):
    rows = [president_log.play_logged(RULES, 500 + i, i) for i in range(2)]
    path = tmp_path / "log.json"
    president_log.save(str(path), RULES, rows, 1.0)
    loaded = president_log_report.load_logs([str(path)])
    pts = president_log_report.points_by_title(loaded)
    assert len(pts["rules", "none"]) == len(pts["hoarder", "none"]) == 4  # hand 1: two seats of each, two matches
    assert sum(len(v) for v in pts.values()) == 2 * 4 * 4
    for leader, winner, place, cards in president_log_report.tricks(loaded):
        assert leader in ("rules", "hoarder") and winner in ("rules", "hoarder") and 0 <= place < 4 and cards >= 1
    nb = president_log_report.by_neighbours(loaded)
    assert set(nb) == {("rules", "hoarder", "hoarder"), ("hoarder", "rules", "rules")}  # R H R H: each between two
    assert sum(len(v) for v in nb.values()) == 2 * 4 * 4
    won = president_log_report.leads_by_next(loaded)
    assert sum(len(v) for v in won.values()) == len(president_log_report.tricks(loaded))
    ch = president_log_report.choices(loaded)
    hoard = ch["hoarder", "follow"]
    assert hoard and all(r[0] == r[2] for r in hoard)  # the hoarder's move is yard:hoarder's, as logged
    assert sum(r[0] == r[1] for r in ch["rules", "follow"]) > 0.9 * len(ch["rules", "follow"])
    assert arena.load([str(path)])  # the saved scores are an arena run


def test_arena_seats_names_neighbours_and_pairs_players():
    names = ["president:expert", "yard:search", "yard:search", "yard:search"]
    rows = [[2.0, 1.0, 1.5, 1.5], [1.0, 2.0, 1.5, 1.5]]
    by = arena_seats.by_index(names, rows)
    assert (by[1]["before"], by[1]["after"]) == ("president:expert", "yard:search")
    assert (by[3]["before"], by[3]["after"]) == ("yard:search", "president:expert")
    assert by[0]["score"] == 1.5
    assert arena_seats.diff(rows, 0, 1)[0] == 0.0 and arena_seats.diff(rows, 2, 3) == (0.0, 0.0)
