"""Replays built on the game contract (logic/replay.py): a whole game of every game replays to the state and
standings it ended with, and stepping back and forward gives the same views."""

from __future__ import annotations

import random

import pytest

from logic.registry import all_games, get_game
from logic.replay import CHECKPOINT_EVERY, Replay
from tests.replay_support import play_out


@pytest.mark.parametrize("key", [g.key for g in all_games()])
def test_a_finished_game_replays_to_its_final_state_and_standings(key: str) -> None:
    game = get_game(key)
    config, final, log = play_out(key, 3)
    replay = Replay(game, log, config=config, seed=3)
    assert replay.steps == len(log) > CHECKPOINT_EVERY
    assert game.snapshot(replay.state_at(replay.steps)) == game.snapshot(final)
    assert game.outcome(replay.state_at(replay.steps)) == game.outcome(final)
    assert all(m.words for m in replay.moves)
    starts = replay.hand_starts()
    assert starts[0][0] == 0 and [s for s, _ in starts] == sorted({s for s, _ in starts})


@pytest.mark.parametrize("key", [g.key for g in all_games()])
def test_stepping_back_and_forward_gives_the_same_views(key: str) -> None:
    game = get_game(key)
    config, _final, log = play_out(key, seed=8)
    replay = Replay(game, log, config=config, seed=8)
    seats = config.players
    forward = [replay.views_at(i, seats) for i in range(replay.steps + 1)]
    for i in range(replay.steps, -1, -1):  # backwards, as the Back button goes
        assert replay.views_at(i, seats) == forward[i]
    rng = random.Random(1)
    for i in rng.sample(range(replay.steps + 1), 10):  # jumps
        assert replay.views_at(i, seats) == forward[i]
    assert replay.views_at(-5, seats) == forward[0] and replay.views_at(10**6, seats) == forward[-1]


def test_a_log_that_does_not_replay_is_refused_with_a_reason() -> None:
    game = get_game("president")
    config, _final, log = play_out("president", 3)
    broken = [list(e) for e in log[:5]] + [[log[5][0], {"kind": "play", "cards": ["ZZ"]}]]
    with pytest.raises(ValueError):
        Replay(game, broken, config=config, seed=3)


def test_moves_without_a_public_line_get_one_naming_their_cards() -> None:
    from logic.replay import fallback_words

    assert fallback_words({"kind": "discard", "card": "10H"}) == "discarded 10♥"
    assert fallback_words({"kind": "meld", "cards": ["8C", "9C", "10C"]}) == "melded 8♣ 9♣ 10♣"
    assert fallback_words({"kind": "draw"}) == "drew from the stock"
    assert fallback_words({"kind": "draw", "source": "discard"}) == "took the top card of the discard pile"
    assert fallback_words({"kind": "discard", "card": "<b>"}) == "discarded"  # not a card: no echo
    assert fallback_words({"kind": "mystery"}) == "moved"


def test_a_rummy_replay_lists_each_move_once_with_the_logs_verbs() -> None:
    """One line per step and no turn summary besides: every line of a turn is a part of the summary the table's log
    shows for that turn (the same verbs), and the commit only ends the turn."""
    from logic.rummy.step_words import TURN_DONE

    game = get_game("rummy")
    config, _final, log = play_out("rummy", 5)
    replay = Replay(game, log, config=config, seed=5)
    summaries = [game.describe(replay.state_at(i), m.seat, game.decode_action(m.action))
                 for i, m in enumerate(replay.moves) if m.action["kind"] == "commit"]  # the table log's lines
    turns: list[list[str]] = [[]]
    for move in replay.moves:
        kind = move.action["kind"]
        if kind == "commit":
            assert move.words == TURN_DONE
            turns.append([])
        elif kind in ("draw", "take", "meld", "layoff", "discard"):
            turns[-1].append(move.words)
        elif kind == "undo":
            turns[-1] = []  # (a move taken back is not in the turn's summary)
    turns = [t for t in turns if t]
    assert len(turns) >= 10 and len(turns) == len(summaries)
    for lines, summary in zip(turns, summaries, strict=True):
        for line in lines:  # the log's own words (a meld the same turn added to shows in the log as it ended)
            assert line in summary or (line.startswith("melded ") and all(c in summary for c in line.split()[1:])), \
                (line, summary)
            assert " and " not in line and "," not in line  # one move, not a summary


@pytest.mark.parametrize("key", [g.key for g in all_games()])
def test_hand_starts_read_at_phase_changes_match_a_label_read_at_every_step(key: str) -> None:
    game = get_game(key)
    config, _final, log = play_out(key, 3)
    replay = Replay(game, log, config=config, seed=3)
    expected: list[tuple[int, str]] = []
    last = None
    for i in range(replay.steps + 1):
        state = replay.state_at(i)
        label = game.view(state, None).get("round_label")
        if label != last and game.phase(state) not in ("hand-over", "over"):
            expected.append((i, str(label or f"Step {i}")))
            last = label
    assert replay.hand_starts() == expected
