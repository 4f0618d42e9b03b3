"""The President game behind the shared contract (logic.game.Game)."""

from __future__ import annotations

from typing import Any, ClassVar, cast

from pydantic import BaseModel, TypeAdapter

from logic.game import PHASE_OVER, Bot, Game, Outcome
from logic.messages import said, t_msg

from . import bots, rules, views
from .actions import ACTION_ADAPTER, PresidentAction, PresidentConfig
from .state import PresidentState, clone, new_state, restore, snapshot
from .view_types import PresidentView


class PresidentGame(Game[PresidentState, PresidentAction, PresidentView]):
    key: ClassVar[str] = "president"
    title: ClassVar[str] = "President"
    tagline: ClassVar[str] = said(t_msg("Shed your cards first to be President; the Beggar pays with "
                                        "their best cards."))  # (a str: its English)
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 5
    config_model: ClassVar[type[BaseModel]] = PresidentConfig
    action_adapter: ClassVar[TypeAdapter[Any]] = ACTION_ADAPTER
    bot_levels: ClassVar[tuple[str, ...]] = ("beginner", "normal", "expert")
    default_turn_seconds: ClassVar[int] = 20
    turn_timer_choices: ClassVar[tuple[int, ...]] = (0, 20, 30, 60, 90, 120)

    def encode_action(self, action: PresidentAction) -> dict[str, Any]:
        """The action's JSON; a play's ``end`` only when it is given (a run's joker at a chosen end), so the plays
        of every log and legal list read as they always did."""
        data = super().encode_action(action)
        if data.get("kind") == "play" and data.get("end", "") is None:
            del data["end"]
        return data

    def new_game(self, config: BaseModel, seed: int) -> PresidentState:
        if not isinstance(config, PresidentConfig):
            config = cast(PresidentConfig, self.make_config(**dict(config)))
        return new_state(config, seed)

    def to_move(self, state: PresidentState) -> tuple[int, ...]:
        return rules.to_move(state)

    def phase(self, state: PresidentState) -> str:
        return state.phase

    def legal_actions(self, state: PresidentState, seat: int) -> list[PresidentAction]:
        return rules.legal_actions(state, seat)

    def apply(self, state: PresidentState, seat: int, action: PresidentAction) -> None:
        rules.apply(state, seat, action)

    def off_turn_actions(self, state: PresidentState, seat: int) -> list[PresidentAction]:
        return rules.off_turn_moves(state, seat)

    def view(self, state: PresidentState, seat: int | None) -> PresidentView:
        return views.view(state, seat)

    def outcome(self, state: PresidentState) -> Outcome | None:
        if state.phase != PHASE_OVER:
            return None
        return Outcome.from_scores(list(state.scores))

    def clone(self, state: PresidentState) -> PresidentState:
        return clone(state)

    def snapshot(self, state: PresidentState) -> dict[str, Any]:
        return snapshot(state)

    def restore(self, data: dict[str, Any]) -> PresidentState:
        return restore(data)

    def make_bot(self, level: str) -> Bot[PresidentView, PresidentAction]:
        return bots.make_bot(level)

    def timeout_action(self, state: PresidentState, seat: int) -> PresidentAction:
        return bots.timeout_move(self.view(state, seat), self.legal_actions(state, seat))

    def describe(self, state_before: PresidentState, seat: int, action: PresidentAction) -> str | None:
        return views.describe(state_before, seat, action)

    def rules_markdown(self) -> str:
        from .rules_text import RULES_MARKDOWN  # lazy: the long rules text loads on first use

        return RULES_MARKDOWN
