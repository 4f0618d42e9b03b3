"""A computer player caught in a cycle inside its turn (say: take the top discard, undo it, take it again ...)
cannot stop a table: after ``RUNAWAY_MOVES`` moves in a row from one seat the hub plays the game's out-of-time move
for it instead, and the turn passes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from logic.rummy.actions import UNDO
from logic.table import turns
from ui.server.runtime import build_hub

LIMIT = 40  # the real limit (turns.RUNAWAY_MOVES) works the same, only the test would take 10x the moves


class Stuck(Exception):
    pass


CALLS = [0]


def cycling_bot(game_key: str, level: str, view: Any, legal: list[Any], rng_key: str) -> Any:
    """Takes the top discard whenever it may and undoes it whenever it may: never ends a turn by itself."""
    CALLS[0] += 1
    if CALLS[0] > 20 * LIMIT:  # far more than eight turns need: without the guard the first turn never ends
        raise Stuck(f"{CALLS[0]} moves and the turn has not passed")
    takes = [a for a in legal if a.kind == "take"]
    if takes:
        return takes[-1]
    if UNDO in legal:
        return UNDO
    return legal[0]


def turn_lengths(log: list) -> list[int]:
    """Moves in each committed turn (the first-deal draws left out)."""
    out, run = [], 0
    for _seat, action in log:
        if action["kind"] == "first-draw":
            continue
        run += 1
        if action["kind"] == "commit":
            out.append(run)
            run = 0
    return out


def test_a_bot_that_cycles_still_lets_the_turns_pass(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(turns, "RUNAWAY_MOVES", LIMIT)
    CALLS[0] = 0
    hub = build_hub(tmp_path / "data", inline_bots=True)
    hub.bots.choose = cycling_bot
    table = hub.create("rummy", "me", "Me", "🙂", options={"target": 100}, practice=True, level="hard", speed=0,
                       seed=5)
    table.seats[0].autoplay = True  # the computer plays my seat too
    for _ in range(8):
        hub.bots.moves_now(table)  # until a person is due or a turn waits to be committed
        if table.commit_deadline is not None:
            hub.run(table, lambda t, now: t.tick(t.commit_deadline))  # a computer's turn is committed at once
    lengths = turn_lengths(table.log)
    assert len(lengths) == 8  # eight turns passed
    # the bot itself never ended a turn: each ran to the limit, then the out-of-time move (discard, commit) ended it
    assert all(LIMIT <= n <= LIMIT + 4 for n in lengths), lengths
    assert hub.saves.store.load(table.code)["log"] == table.log  # every move saved
