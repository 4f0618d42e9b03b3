"""The give-back screening bench (tests/bench/president_give.py) on quick matches of rule players."""

from __future__ import annotations

import json

from tests.bench.president_give import main, play_match
from tests.bench.president_table import GAME, new_match

NAMES = ("yard:rules", "yard:rules", "yard:hoarder", "yard:hoarder")  # rule players: quick


def test_every_give_of_a_hero_seat_is_screened_and_only_differing_ones_are_played():
    rows: list = []
    swapped = play_match(48999, 1, 2, rows, names=NAMES, hero="yard:rules", variant="president:beginner")
    m = new_match(48999, 1, "real", NAMES)
    heroes = {j for j in range(4) if NAMES[m.seat_player[j]] == "yard:rules"}
    assert rows and {r["seat"] for r in rows} <= heroes and all(r["hand_no"] > 1 for r in rows)
    assert any(r["same"] for r in rows) and not all(r["same"] for r in rows)
    for r in rows:
        assert r["title"] in ("President", "Vice President") and len(r["give_h"]) == len(r["give_v"])
        if r["same"]:
            assert r["diff"] == 0.0 and "pts_h" not in r
        else:
            assert len(r["pts_h"]) == len(r["pts_v"]) == 2 and r["diff"] == (sum(r["pts_v"]) - sum(r["pts_h"])) / 2
    while GAME.outcome(m.state) is None:  # the real match goes on as played
        seat = GAME.to_move(m.state)[0]
        GAME.apply(m.state, seat, m.bots[seat].choose(GAME.view(m.state, seat), GAME.legal_actions(m.state, seat),
                                                      m.rngs[seat]))
    assert swapped.hand_points == m.state.hand_points


def test_the_same_player_gives_the_same_and_a_run_saves_and_loads(tmp_path, capsys):
    out = tmp_path / "g.json"
    main(["--players", ",".join(NAMES), "--hero", "yard:rules", "--variant", "yard:rules", "--matches", "2",
          "--seed", "48990", "--k", "1", "--save", str(out)])
    rows = json.loads(out.read_text())["rows"]
    assert rows and all(r["same"] and r["diff"] == 0.0 for r in rows)
    main(["--load", str(out)])
    assert "0 differing" in capsys.readouterr().out
