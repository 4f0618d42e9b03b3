"""Beanie's engine (the ``Game`` contract): setup, who moves, results, persistence and table hooks. Moves are
applied by ``moves.py`` (plays on the table in ``plays.py``, the turn flow and a round's end in ``turn.py``)."""

from __future__ import annotations

from typing import Any, ClassVar, cast

from pydantic import BaseModel, TypeAdapter

from logic.game import PHASE_HAND_OVER, PHASE_OVER, PHASE_PLAY, Bot, Game, Outcome
from logic.messages import said, t_msg

from .actions import ACTION_ADAPTER, BeanieAction, BeanieConfig, legal_moves, off_turn_moves, timeout_default
from .moves import apply as apply_move
from .state import BeanieState, clone_state, deal, restore_state, snapshot_state
from .view_types import BeanieView
from .views import build_view
from .views import describe as describe_move


class BeanieGame(Game[BeanieState, BeanieAction, BeanieView]):
    """Round ``k`` (1-based) makes rank ``k`` wild (aces in round 1 ... kings in round 13). Seat
    ``(k - 1) % players`` starts the round with 8 cards and goes straight to its play stage; the others
    get 7. A turn is: draw (stock or discard top), then any number of plays (lay a set, add a natural
    card, place a lone Beanie = "star", steal a Beanie, end-round vote), then one discard. Emptying the
    hand (by a play or by the discard) wins the round, but never on a seat's first turn of the round.

    Internals are plain ints and lists (see ``sets.py`` for card ids and the set layout).
    """

    key: ClassVar[str] = "beanie"
    title: ClassVar[str] = "Beanie"
    tagline: ClassVar[str] = said(t_msg("Wild-card rummy over 13 rounds: a new rank is wild every "
                                        "round."))  # (a str: its English)
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    config_model: ClassVar[type[BaseModel]] = BeanieConfig
    action_adapter: ClassVar[TypeAdapter[Any]] = ACTION_ADAPTER
    bot_levels: ClassVar[tuple[str, ...]] = ("easy", "medium", "hard")
    default_turn_seconds: ClassVar[int] = 60
    turn_timer_choices: ClassVar[tuple[int, ...]] = (30, 60, 90, 120)
    # a first timeout only makes the move and shows a notice; the computer takes the seat after two in a row
    timeouts_before_autoplay: ClassVar[int] = 2
    hand_word: ClassVar[str] = "round"
    lower_is_better: ClassVar[bool] = True  # penalty points: the lowest total wins

    # --- setup ---------------------------------------------------------------------------------
    def new_game(self, config: BaseModel, seed: int) -> BeanieState:
        if not isinstance(config, BeanieConfig):
            config = cast(BeanieConfig, self.make_config(**config.model_dump()))
        st = BeanieState()
        n = config.players
        st.players = n
        st.rounds = config.rounds
        st.beanie_value = config.beanie_value
        st.reclaim_own = config.reclaim_own
        st.last_turns = config.last_turns
        st.ace_high_runs = config.ace_high_runs
        st.jokers = config.jokers
        st.seed = seed
        st.totals = [0] * n
        st.scorecard = []
        deal(st, 1)
        return st

    # --- queries -------------------------------------------------------------------------------
    def to_move(self, state: BeanieState) -> tuple[int, ...]:
        if state.phase == PHASE_PLAY:
            return (state.turn,)
        if state.phase == PHASE_HAND_OVER:
            return tuple(i for i, ok in enumerate(state.confirmed) if not ok)
        return ()

    def phase(self, state: BeanieState) -> str:
        return state.phase

    legal_actions = staticmethod(legal_moves)
    off_turn_actions = staticmethod(off_turn_moves)

    # --- apply ---------------------------------------------------------------------------------
    apply = staticmethod(apply_move)

    # --- results, views, persistence --------------------------------------------------------------
    def outcome(self, state: BeanieState) -> Outcome | None:
        if state.phase != PHASE_OVER:
            return None
        return Outcome.from_scores(list(state.totals), lower_is_better=self.lower_is_better)

    def view(self, state: BeanieState, seat: int | None) -> BeanieView:
        return build_view(state, seat)

    clone = staticmethod(clone_state)
    snapshot = staticmethod(snapshot_state)
    restore = staticmethod(restore_state)

    # --- table helpers ---------------------------------------------------------------------------
    def make_bot(self, level: str) -> Bot[BeanieView, BeanieAction]:
        from .bots import make_bot  # lazy: computer players (and their search) load on first use

        return make_bot(level)

    timeout_action = staticmethod(timeout_default)

    def describe(self, state_before: BeanieState, seat: int, action: BeanieAction) -> str | None:
        return describe_move(state_before, seat, action)

    def rules_markdown(self) -> str:
        from .rules_text import RULES_MARKDOWN  # lazy: the long rules text loads on first use

        return RULES_MARKDOWN
