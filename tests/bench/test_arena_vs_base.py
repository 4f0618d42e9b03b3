"""arena_vs_base.py: a team's score over --save files, the stuck deals and the share of the decided ones."""

from __future__ import annotations

import json

from tests.bench import arena_vs_base


def _save(path, rows):
    matches = [{"seed": seed, "scores": scores, "finished": finished} for seed, scores, finished in rows]
    path.write_text(json.dumps({"game": "stockpile", "players": ["a", "b", "a", "b"], "matches": matches}))
    return str(path)


def test_a_team_adds_its_partners_scores_and_stuck_deals_leave_the_decided_share(tmp_path):
    part = _save(tmp_path / "p.json", [
        (1, [0.5, 0.0, 0.5, 0.0], True),   # the team won
        (2, [0.0, 0.5, 0.0, 0.5], True),   # the others won
        (3, [0.0, 0.0, 0.0, 0.0], True),   # stuck: nobody won
        (4, [0.5, 0.0, 0.5, 0.0], True),   # the team won
        (5, [0.5, 0.0, 0.5, 0.0], False),  # unfinished: left out
    ])
    rows = arena_vs_base.matches([part])
    assert sorted(rows) == [1, 2, 3, 4]
    assert arena_vs_base.scores([part], [0, 2]) == {1: 1.0, 2: 0.0, 3: 0.0, 4: 1.0}
    head, stuck = arena_vs_base.team_report(rows, [0, 2], win_rate=True)
    assert "players [0, 2]: 50.0%" in head and "the rest 25.0%" in head and "team minus the rest +25.0" in head
    assert "stuck (nobody won) 1 of 4" in stuck and "decided deals 66.7%" in stuck and "(N=3)" in stuck


def test_without_a_base_the_command_prints_the_team_report(tmp_path, capsys):
    part = _save(tmp_path / "p.json", [(1, [0.5, 0.0, 0.5, 0.0], True), (2, [0.0, 0.0, 0.0, 0.0], True)])
    arena_vs_base.main(["--player", "0,2", "--variant", part])
    out = capsys.readouterr().out
    assert "N=2, seeds 1-2" in out and "stuck (nobody won) 1 of 2" in out
