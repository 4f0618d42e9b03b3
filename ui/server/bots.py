"""The computer players' runner: when a table's computer players are due, it makes their moves, one at a time, each on
top of a saved one, through the same path as a person's tap (``apply``: the hub's ``run``).

Searching levels think in NiceGUI's process pool; the others on the event loop. Under NiceGUI's user simulation
(``inline``) the moves are made at once, in the caller.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

from nicegui import background_tasks, run

from logic.bot_worker import choose_bot_action
from logic.game import IllegalMove
from logic.table import Table, turns
from logic.view_types import TableView

log = logging.getLogger("cardnight.hub")

Change = Callable[[Table, float], Any]


def bot_move(seat: int, action: Any) -> Change:
    """The table change "computer player ``seat`` plays ``action``" (for :meth:`ui.server.hub.Hub.run`)."""
    return lambda t, now: turns.act_for(t, seat, action, now)


def bot_inputs(table: Table, seat: int) -> tuple[str, str, TableView, list[Any], str]:
    """Everything a bot may know: its seat's view and the legal actions (never the state)."""
    game = table.game
    rng_key = f"{table.seed}:bot:{len(table.log)}:{seat}"
    legal = game.legal_actions(table.state, seat) if seat in game.to_move(table.state) else \
        game.off_turn_actions(table.state, seat)  # a window open to others too (Game.window_seats)
    return game.key, turns.bot_level_for(table, seat), game.view(table.state, seat), legal, rng_key


class BotRunner:
    def __init__(self, apply: Callable[[Table, Change], Any], until_saved: Callable[[Table], Awaitable[None]],
                 current: Callable[[str], Table | None], clock: Callable[[], float], inline: bool) -> None:
        """``apply(table, change)``: make a change (the hub's ``run``); ``until_saved(table)``: wait for its current
        version to be saved; ``current(code)``: the table the registry holds under ``code`` now."""
        self.apply, self.until_saved, self.current, self.clock = apply, until_saved, current, clock
        self.inline = inline
        self.choose = choose_bot_action  # (tests swap in a runaway computer player)
        self.busy: set[str] = set()
        self.tasks: set[asyncio.Task[None]] = set()
        self.stopping = False

    def kick(self, table: Table, now: float) -> None:
        """Start computer players' moves for this table unless they are already running."""
        if self.stopping or table.code in self.busy or not turns.bots_to_move(table, now):
            return
        self.busy.add(table.code)
        if self.inline:
            try:
                self.moves_now(table)
            finally:
                self.busy.discard(table.code)
        else:
            task = background_tasks.create(self._moves(table), name=f"bots-{table.code}")
            self.tasks.add(task)
            task.add_done_callback(partial(self._task_done, code=table.code))

    def stop(self) -> None:
        """Shutting down: running computer players are stopped (their next move is made after the restart)."""
        self.stopping = True
        for task in list(self.tasks):
            task.cancel()

    def _task_done(self, task: asyncio.Task[None], code: str) -> None:
        """Also when a task is cancelled before it ever ran (its own ``finally`` would not run then)."""
        self.tasks.discard(task)
        self.busy.discard(code)

    def moves_now(self, table: Table) -> None:
        """Every computer move due now, made at once (user simulation; a bounded number against a runaway)."""
        for _ in range(10_000):
            seats = turns.bots_to_move(table, self.clock())
            if not seats:
                return
            action = self.choose(*bot_inputs(table, seats[0]))
            self.apply(table, bot_move(seats[0], turns.checked_bot_action(table, seats[0], action)))

    async def _moves(self, table: Table) -> None:
        """Let computer players move until a person is due (or pacing asks us to wait)."""
        while not self.stopping:
            await self.until_saved(table)  # a move is made only on top of a saved one
            seats = turns.bots_to_move(table, self.clock())
            if not seats or self.current(table.code) is not table:
                return
            seat = seats[0]
            inputs = bot_inputs(table, seat)
            version = table.version
            if inputs[1] == table.game.bot_levels[-1]:  # search bots think in another process
                action = await run.cpu_bound(self.choose, *inputs)
                if action is None:  # shutting down
                    return
            else:
                action = self.choose(*inputs)
            if version != table.version or seat not in turns.bots_to_move(table, self.clock()):
                continue  # the table moved on while we were thinking
            try:
                self.apply(table, bot_move(seat, turns.checked_bot_action(table, seat, action)))
            except IllegalMove as exc:
                log.error("table %s: bot move refused (%s); using a fallback", table.code, exc)
                legal = table.game.legal_actions(table.state, seat)
                self.apply(table, bot_move(seat, legal[0]))
