"""Playing a table straight through its model, as the server does (pending moves land, hands end, the next starts),
for tests that need a match in a given state quickly."""

from __future__ import annotations

from collections.abc import Callable

from logic.table import STATUS_PLAYING, Table, timers, turns


def play_out(table: Table, choose: Callable[[int], object], now: Callable[[], float],
             stop: Callable[[Table], bool] | None = None, moves: int = 20_000) -> None:
    """Moves chosen by ``choose(seat)`` land on the table until the match ends, ``stop(table)`` says so or ``moves``
    run out; a pending move's commit time is skipped to."""
    for _ in range(moves):
        if table.status != STATUS_PLAYING or (stop is not None and stop(table)):
            return
        if table.commit_deadline is not None:
            timers.tick(table, table.commit_deadline)
            continue
        seat = table.to_move()[0]
        turns.act_for(table, seat, choose(seat), now())
