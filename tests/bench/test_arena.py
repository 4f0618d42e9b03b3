"""The arena (tests/bench/arena.py): player names, game options, seat rotation and a short real run."""

from __future__ import annotations

import pytest

from tests.bench import arena


def test_player_names_resolve_to_levels_yardsticks_and_frozen_copies():
    assert type(arena.make_player("president", "president:expert")).__name__ == "ExpertBot"
    assert type(arena.make_player("president", "normal")).__name__ == "NormalBot"
    assert type(arena.make_player("president", "yard:rules")).__name__ == "RulesPlayer"
    frozen = arena.make_player("stockpile", "frozen:hard")
    assert type(frozen).__module__ == "tests.bench.frozen.stockpile_hard"
    with pytest.raises(ValueError, match="there are: greedy, planner"):
        arena.make_player("stockpile", "yard:genius")


def test_knobs_after_the_level_reach_the_games_make_bot():
    bot = arena.make_player("rummy", "rummy:hard@budget_s=0.3@max_worlds=96")
    assert (bot.level, bot.budget_s, bot.max_worlds) == ("hard", 0.3, 96)
    assert arena.make_player("rummy", "rummy:hard@budget_s=none").budget_s is None
    assert arena.make_player("rummy", "rummy:hard").budget_s == 0.1


def test_knobs_after_a_yardstick_set_its_class_constants_on_that_player_only():
    bot = arena.make_player("stockpile", "yard:planner@HAND_CARD=0.5@STOCK_LINE_FIRST=0")
    assert (bot.HAND_CARD, bot.STOCK_LINE_FIRST) == (0.5, 0)
    assert arena.make_player("stockpile", "yard:planner@GAP_COST=-9.0/-3.0").GAP_COST == (-9.0, -3.0)
    assert arena.make_player("stockpile", "yard:planner").HAND_CARD == 2.0
    with pytest.raises(ValueError, match="no constant 'hand_card'"):
        arena.make_player("stockpile", "yard:planner@hand_card=1.0")


def test_game_options_become_config_fields():
    assert arena.parse_options(["--stock-size", "short", "--hands", "8", "--revolution", "true"]) == {
        "stock_size": "short",
        "hands": 8,
        "revolution": True,
    }


def test_seats_rotate_and_scores_follow_the_player_not_the_seat(capsys):
    names = ("stockpile:easy", "yard:greedy")
    results = [arena.play_match(("stockpile", names, 50 + i, i, {"stock_size": "short"})) for i in range(2)]
    for r in results:
        assert r.finished and sorted(r.scores) == [0.0, 1.0]  # one winner per deal, credited to a player
        assert all(r.times[p] for p in range(2))
    summary = arena.report("stockpile", names, results, 1.0)
    assert abs(summary["stockpile:easy"]["score"] + summary["yard:greedy"]["score"] - 1.0) < 1e-9
    assert "stockpile:easy - yard:greedy" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("game_key", "options", "others"),
    [("rummy", {"target": 100}, ("yard:greedy",)), ("beanie", {"rounds": 2}, ("yard:greedy",)),
     ("president", {}, ("yard:rules",) * 3)],
)
def test_search_yardsticks_play_whole_matches(game_key, options, others, monkeypatch):
    """The outside search players' stand-ins finish matches against their greedy policy: every move they pick is
    legal (the arena's ``apply`` would raise) and they decide from their view alone (``choose`` gets nothing else)."""
    from tests.bench.yardsticks import beanie, president, rummy

    for cls in (rummy.SearchRummy, beanie.SearchBeanie, president.SearchPlayer):
        monkeypatch.setattr(cls, "worlds", 2)
    result = arena.play_match((game_key, ("yard:search", *others), 7, 0, options))
    assert result.finished
    assert len(result.times[0]) > 10


def test_plain_search_keeps_the_preferred_move_unless_another_is_clearly_better():
    """Every candidate sees the same deals; ``prefer`` stands unless the best beats it by more than z standard
    errors of the paired differences (a lead by chance on a few deals is not enough)."""
    import random

    from tests.bench.yardsticks.search import plain_search

    def noisy(offsets: dict[str, float]):
        def play_out(world: float, cand: str, rng: random.Random) -> float:
            return world + offsets[cand] + rng.gauss(0, 5)  # the deal's own swing, plus noise of the playout
        return play_out

    def pick(offsets: dict[str, float], prefer: str | None, seed: int) -> str:
        return plain_search(list(offsets), lambda r: r.gauss(0, 30), noisy(offsets), lambda w: w, random.Random(seed),
                            worlds=16, budget_s=60, prefer=prefer)

    even = {"a": 0.0, "b": 0.0, "c": 0.0}
    assert {pick(even, None, s) for s in range(20)} == {"a", "b", "c"}  # plain: chance picks
    assert {pick(even, "b", s) for s in range(20)} == {"b"}  # kept: nothing beats it clearly ...
    clear = {"a": 0.0, "b": 0.0, "c": 12.0}
    assert {pick(clear, "b", s) for s in range(20)} == {"c"}  # ... until something does


def test_a_run_in_parts_reports_as_the_whole_run(tmp_path, capsys):
    names = ("stockpile:easy", "yard:greedy")
    options = {"stock_size": "short"}
    whole = arena.run("stockpile", names, 4, 50, 1, options)
    arena.run("stockpile", names, 2, 50, 1, options, save=str(tmp_path / "a.json"))
    arena.run("stockpile", names, 2, 52, 1, options, save=str(tmp_path / "b.json"))
    capsys.readouterr()
    parts = arena.load([str(tmp_path / "a.json"), str(tmp_path / "b.json")])
    assert "4 matches (0 unfinished)" in capsys.readouterr().out
    for name in names:
        assert parts[name]["score"] == whole[name]["score"]


def test_an_unfinished_match_shows_its_last_moves(monkeypatch, capsys):
    monkeypatch.setattr(arena, "MAX_MOVES", 10)
    result = arena.play_match(("stockpile", ("stockpile:easy", "yard:greedy"), 50, 0, {"stock_size": "short"}))
    assert not result.finished and len(result.last_moves) == 10 and result.last_moves[-1].startswith("seat ")
    arena.report("stockpile", ("stockpile:easy", "yard:greedy"), [result], 1.0)
    assert "unfinished: match 0 after 10 moves" in capsys.readouterr().err


def test_a_shipped_rule_card_or_a_random_mix_of_switches_sets_the_options(capsys):
    """``--card ID`` plays under a shipped card; ``--mix`` draws each match its own switches, only sets the game takes
    (heads-up Stockpile never gets the partners-only switch)."""
    from tests.bench.arena_rules import card_options, house_switches, mixed_options

    assert card_options("rummy", "rummy-easy-going") == {"keep_dug_card": True, "no_final_discard": True}
    with pytest.raises(SystemExit, match="there are: rummy-top-card-table, rummy-easy-going"):
        card_options("rummy", "rummy-nope")
    assert house_switches("stockpile") == ["no_wild_on_own_discards", "no_partner_piles"]
    assert "rummy_call_seconds" not in house_switches("rummy")
    mixes = [mixed_options("rummy", {"target": 100}, 2, seed) for seed in range(40)]
    assert all(m["target"] == 100 for m in mixes)
    assert mixed_options("rummy", {}, 2, 7) == mixed_options("rummy", {}, 2, 7)  # from the match's seed
    for switch in house_switches("rummy"):
        assert {bool(m.get(switch)) for m in mixes} == {False, True}
    assert not any(m["keep_dug_card"] and m["top_card_only"] for m in mixes)  # the clash is drawn again
    heads_up = [mixed_options("stockpile", {}, 2, seed) for seed in range(20)]
    assert not any(m["no_partner_piles"] for m in heads_up)
    arena.run("stockpile", ("stockpile:easy", "yard:greedy"), 2, 50, 1, {"stock_size": "short"}, mix=True)
    assert "--mix: matches with each switch on: no_wild_on_own_discards" in capsys.readouterr().out
