"""The Stockpile game object: the shared contract (logic.game.Game) over the engine in ``rules``."""

from __future__ import annotations

import random
from typing import Any, ClassVar, cast

from pydantic import BaseModel, TypeAdapter

from logic.game import Bot, Game, IllegalMove, Outcome
from logic.messages import said, t_msg
from logic.stockpile import actions as A
from logic.stockpile import bot_common
from logic.stockpile import rules as R
from logic.stockpile import state as S
from logic.stockpile import views as V
from logic.stockpile.view_types import StockpileView

PAUSE_SECONDS = 3.0


class StockpileGame(Game[S.State, A.StockpileAction, StockpileView]):
    key: ClassVar[str] = "stockpile"
    title: ClassVar[str] = "Stockpile"
    tagline: ClassVar[str] = said(t_msg("Climb four shared piles from 1 to 12 and be the first to "
                                        "clear your stock."))  # (a str: its English)
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    config_model: ClassVar[type[BaseModel]] = A.Config
    action_adapter: ClassVar[TypeAdapter[Any]] = A.action_adapter
    bot_levels: ClassVar[tuple[str, ...]] = ("easy", "medium", "hard")
    default_turn_seconds: ClassVar[int] = 90
    turn_timer_choices: ClassVar[tuple[int, ...]] = (0, 30, 60, 90, 120)
    hand_word: ClassVar[str] = "deal"

    # --- building and playing ---------------------------------------------------------------
    def new_game(self, config: BaseModel, seed: int) -> S.State:
        if not isinstance(config, A.Config):
            config = cast(A.Config, self.make_config(**dict(config)))
        return S.new_game(config, seed)

    def to_move(self, state: S.State) -> tuple[int, ...]:
        return R.to_move(state)

    def phase(self, state: S.State) -> str:
        return state.stage

    def legal_actions(self, state: S.State, seat: int) -> list[A.StockpileAction]:
        return R.legal_actions(state, seat)

    def apply(self, state: S.State, seat: int, action: A.StockpileAction) -> None:
        if isinstance(action, dict):
            action = self.decode_action(action)
        R.apply(state, seat, action)

    def view(self, state: S.State, seat: int | None) -> StockpileView:
        return V.view(state, seat)

    def outcome(self, state: S.State) -> Outcome | None:
        if state.stage != S.STAGE_OVER:
            return None
        return Outcome.from_scores(state.scores)

    def clone(self, state: S.State) -> S.State:
        return S.clone(state)

    def snapshot(self, state: S.State) -> dict[str, Any]:
        return S.snapshot(state)

    def restore(self, data: dict[str, Any]) -> S.State:
        return S.restore(data)

    # --- table helpers ----------------------------------------------------------------------
    def make_bot(self, level: str) -> Bot[StockpileView, A.StockpileAction]:
        from logic.stockpile import bots  # lazy: computer players (and their search) load on first use

        return bots.make_bot(level)

    def timeout_action(self, state: S.State, seat: int) -> A.StockpileAction:
        """Time is up: finish the turn at once. A pending discard is committed; otherwise the
        hand's least useful card is discarded (the easy bot's choice); with no hand card the
        easy bot plays on, and a stuck seat passes."""
        legal = R.legal_actions(state, seat)
        if not legal:
            raise IllegalMove(t_msg("It is not this seat's turn."))
        if state.stage == S.STAGE_PENDING:
            return A.COMMIT
        if state.stage == S.STAGE_HAND_OVER:
            return A.NEXT
        from logic.stockpile import bots  # lazy: computer players load on first use

        v = V.view(state, seat)
        if v["hand"] and any(type(a) is A.Discard for a in legal):
            return bot_common.keep_legal(v, legal, bots.easy_discard(v))
        return bots.make_bot("easy").choose(v, legal, random.Random(0))

    def pending_commit(self, state: S.State) -> tuple[float, int, A.StockpileAction] | None:
        if state.stage == S.STAGE_PENDING:
            return (PAUSE_SECONDS, state.turn, A.COMMIT)
        return None

    def describe(self, state_before: S.State, seat: int, action: A.StockpileAction) -> str | None:
        return V.describe(state_before, seat, action)

    def rules_markdown(self) -> str:
        from logic.stockpile.rules_text import RULES_MARKDOWN  # lazy: the long rules text loads on first use

        return RULES_MARKDOWN
