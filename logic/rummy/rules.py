"""Rummy rules engine: the RummyGame class (setup, legal actions, the apply dispatcher, copies, views and
table helpers). What each action does to the state (and Commit's turn end and scoring) is in ``moves.py``."""

from __future__ import annotations

import random
from typing import Annotated, Any, ClassVar, cast

from pydantic import BaseModel, Field, TypeAdapter

from logic.cards import derive_rng
from logic.game import PHASE_HAND_OVER, PHASE_OVER, PHASE_PLAY, Bot, Game, IllegalMove, Outcome
from logic.messages import said, t_msg
from logic.rummy.actions import (
    ACTION_TYPES,
    CLOSE_CALL,
    COMMIT,
    DISCARD,
    DRAW_STOCK,
    FIRST_DRAW,
    MELD_CACHE,
    NEXT,
    TAKE,
    UNDO,
    Discard,
    RummyAction,
    RummyConfig,
    layoff_action,
    meld_action,
)
from logic.rummy.calls import (
    apply_call,
    apply_close,
    apply_pass,
    call_options,
    call_seats,
    close_window,
    off_turn_calls,
    window_open,
)
from logic.rummy.melds import DRAW_KEY, can_use_buried, hand_melds
from logic.rummy.moves import (  # the STALL_ROUNDS constants used to live here: still importable from this module
    STALL_ROUNDS,  # noqa: F401
    STALL_ROUNDS_NO_REBUILD,  # noqa: F401
    apply_commit,
    apply_discard,
    apply_draw,
    apply_first_draw,
    apply_layoff,
    apply_meld,
    apply_next_hand,
    apply_take_discard,
    apply_undo,
    apply_undo_discard,
    refuse,
)
from logic.rummy.state import (
    DRAW,
    FIRST_DEAL_DRAW,
    GRACE_SECONDS,
    HAND_OVER,
    OVER,
    PENDING,
    PLAY,
    RummyState,
    clone_state,
    deal_hand,
    restore_state,
    snapshot_state,
    turn_text,
)
from logic.rummy.view_types import RummyView
from logic.rummy.views import build_view

FIRST_DRAW_SECONDS = 15.0  # a person who does not tap the deck for the first deal has it drawn for them
PHASE_FIRST_DRAW = "first-draw"


class RummyGame(Game[RummyState, RummyAction, RummyView]):
    """Turn shape: draw (stock / discard top / several discards) -> any melds and lay-offs -> discard ->
    "pending" (a short grace period where only Undo or Commit is possible) -> Commit passes the turn.
    Everything done inside a turn stays private to the mover until Commit; other seats' views show
    the table frozen as it was when the turn began (see ``views.py``).

    Undo (one step at a time, newest first): a meld, a lay-off, the discard while pending, or a
    pickup from the discard pile. A blind draw from the stock can never be undone.
    """

    key: ClassVar[str] = "rummy"
    title: ClassVar[str] = "Rummy"
    tagline: ClassVar[str] = said(t_msg("500-style rummy: dig into the discard pile, meld, lay off "
                                        "and race to the target."))  # (a str: its English)
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    config_model: ClassVar[type[BaseModel]] = RummyConfig
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(Annotated[RummyAction, Field(discriminator="kind")])
    bot_levels: ClassVar[tuple[str, ...]] = ("easy", "medium", "hard")
    default_turn_seconds: ClassVar[int] = 0
    turn_timer_choices: ClassVar[tuple[int, ...]] = (0, 30, 60, 90, 120)
    table_defaults: ClassVar[dict[str, Any]] = {"first_draw": True}  # people tap the deck at new tables

    # --- building ---------------------------------------------------------------------------
    def new_game(self, config: BaseModel, seed: int) -> RummyState:
        if not isinstance(config, RummyConfig):
            config = cast(RummyConfig, self.make_config(**dict(config)))
        st = RummyState()
        st.n = config.players
        st.target = config.target
        st.seed = seed
        st.top_only = config.top_card_only
        st.keep_dug = config.keep_dug_card
        st.no_final_discard = config.no_final_discard
        st.wrap = config.wrap_around
        st.call_on, st.call_seconds, st.call_card, st.call_passed = (config.rummy_call, config.rummy_call_seconds,
                                                                     -1, [False] * config.players)
        st.scores = [0] * st.n
        st.summary = None
        # draw for first deal: each seat reveals a different card, highest wins
        deck = list(range(52))
        derive_rng(seed, "first-draw").shuffle(deck)
        st.first_draw = deck[: st.n]
        st.first_draw_winner = max(range(st.n), key=lambda s: DRAW_KEY[st.first_draw[s]])
        st.first_seat = st.first_draw_winner
        st.hand_no = 1
        deal_hand(st)  # dealt now (it depends only on the seed and the winner), shown once the draw is over
        st.first_drawn = [not config.first_draw] * st.n
        if config.first_draw:
            st.stage = FIRST_DEAL_DRAW
            st.message = said(t_msg("Draw for the first deal: everyone taps the deck; the highest card goes first."))
        return st

    # --- queries ----------------------------------------------------------------------------
    def to_move(self, state: RummyState) -> tuple[int, ...]:
        stage = state.stage
        if stage <= PENDING:
            return (state.current,)
        if stage == HAND_OVER:
            return tuple(s for s in range(state.n) if not state.confirmed[s])
        if stage == FIRST_DEAL_DRAW:
            return tuple(s for s in range(state.n) if not state.first_drawn[s])
        return ()

    def phase(self, state: RummyState) -> str:
        stage = state.stage
        if stage <= PENDING:
            return PHASE_PLAY
        if stage == FIRST_DEAL_DRAW:
            return PHASE_FIRST_DRAW
        return PHASE_HAND_OVER if stage == HAND_OVER else PHASE_OVER

    def phase_timeout(self, state: RummyState) -> float | None:
        return FIRST_DRAW_SECONDS if state.stage == FIRST_DEAL_DRAW else None

    def legal_actions(self, state: RummyState, seat: int) -> list[RummyAction]:
        stage = state.stage
        if stage <= PENDING:
            if seat != state.current:
                return []
            if stage == DRAW:
                out: list[Any] = []
                if state.stock:
                    out.append(DRAW_STOCK)
                disc = state.discard
                hand = state.hands[seat]
                top = len(disc) - 1
                for i in range(top, -1, -1):
                    c = disc[i]
                    if i == top or state.keep_dug:
                        out.append(TAKE[c])
                    elif state.top_only:
                        break
                    else:
                        taken = disc[i:]
                        if can_use_buried(c, hand + taken, len(hand) + len(taken), state.melds, state.wrap):
                            out.append(TAKE[c])
                if state.call_card >= 0:  # "Rummy!": the next player may call the discard too
                    out.extend(call_options(state, seat))
                return out
            if stage == PLAY:
                hand = state.hands[seat]
                nh = len(hand)
                out = []
                # going out without a discard (house rule): the last cards may be melded or laid off
                keep = 0 if state.no_final_discard else 1
                if nh > keep:
                    for cards in hand_melds(hand, state.wrap):
                        if len(cards) <= nh - keep:
                            a = MELD_CACHE.get(cards)
                            out.append(a if a is not None else meld_action(cards))
                    hs = None
                    for m in state.melds:
                        acc = m[8]
                        if acc:
                            if hs is None:
                                hs = set(hand)
                            for c in acc:
                                if c in hs:
                                    out.append(layoff_action(m[0], c))
                mu = state.must_use
                if mu < 0 or mu not in hand:
                    out.extend([DISCARD[c] for c in hand])
                if state.undo:
                    out.append(UNDO)
                return out
            return [COMMIT, UNDO]
        if stage == HAND_OVER and not state.confirmed[seat]:
            return [NEXT]
        if stage == FIRST_DEAL_DRAW and 0 <= seat < state.n and not state.first_drawn[seat]:
            return [FIRST_DRAW]
        return []

    def off_turn_actions(self, state: RummyState, seat: int) -> list[RummyAction]:
        """House rule "Rummy!": while its window is open, a seat that can use the discard may call it (or, as a
        computer player, let it go)."""
        return off_turn_calls(state, seat) if state.call_card >= 0 else []

    def window_seats(self, state: RummyState) -> tuple[int, ...]:
        return call_seats(state) if state.call_card >= 0 else ()

    def pending_waits_for_people(self, state: RummyState) -> bool:
        return window_open(state)

    def outcome(self, state: RummyState) -> Outcome | None:
        if state.stage != OVER:
            return None
        return Outcome.from_scores(list(state.scores))

    # --- applying ---------------------------------------------------------------------------
    def apply(self, state: RummyState, seat: int, action: RummyAction) -> None:
        """Check the action fits the seat, turn and stage, then hand it to its function in ``moves.py``."""
        st = state
        if type(action) not in ACTION_TYPES:
            raise IllegalMove(t_msg("That is not a Rummy move."))
        if not isinstance(seat, int) or not 0 <= seat < st.n:
            raise IllegalMove(t_msg("There is no such seat at this table."))
        kind = action.kind
        stage = st.stage
        if stage == OVER:
            raise IllegalMove(t_msg("The match is over."))
        if stage == HAND_OVER or stage == FIRST_DEAL_DRAW:  # everyone still to act may act, in any order
            if stage == HAND_OVER and kind == "next":
                apply_next_hand(st, seat)
            elif stage == FIRST_DEAL_DRAW and kind == "first-draw":
                apply_first_draw(st, seat)
            else:
                refuse(stage, kind)
            return
        if kind == "first-draw":
            refuse(stage, kind)
        if kind == "rummy":  # house rule "Rummy!": out of turn
            apply_call(st, seat, cast(Any, action))
            return
        if kind == "rummy-pass":
            apply_pass(st, seat)
            return
        if kind == "rummy-close":
            apply_close(st, seat)
            return
        if seat != st.current:
            raise IllegalMove(t_msg("It is not your turn."))
        if kind == "next":
            raise IllegalMove(t_msg("The hand is still being played."))
        if stage == DRAW:
            if kind == "draw":
                apply_draw(st, seat)
            elif kind == "take":
                apply_take_discard(st, seat, action)
            else:
                refuse(stage, kind)
            if st.call_card >= 0:
                close_window(st)  # the next player has drawn: the "Rummy!" window closes
        elif stage == PENDING:
            if kind == "commit":
                apply_commit(st)
            elif kind == "undo" and st.undo and st.undo[-1][0] != "d":  # out without a discard: undo that step
                apply_undo(st, seat)
                st.stage = PLAY
            elif kind == "undo":
                apply_undo_discard(st, seat)
            else:
                refuse(stage, kind)
        # stage == PLAY
        elif kind == "meld":
            apply_meld(st, seat, action)
        elif kind == "layoff":
            apply_layoff(st, seat, action)
        elif kind == "discard":
            apply_discard(st, seat, action)
        elif kind == "undo":
            apply_undo(st, seat)
        else:
            refuse(stage, kind)

    # --- copies and persistence -------------------------------------------------------------
    def clone(self, state: RummyState) -> RummyState:
        return clone_state(state)

    def snapshot(self, state: RummyState) -> dict[str, Any]:
        return snapshot_state(state)

    def restore(self, data: dict[str, Any]) -> RummyState:
        return restore_state(data)

    # --- presentation -----------------------------------------------------------------------
    def view(self, state: RummyState, seat: int | None) -> RummyView:
        return build_view(state, seat)

    def describe(self, state_before: RummyState, seat: int, action: RummyAction) -> str | None:
        """Only the Commit is described (with the whole turn): before that, the turn is private. A "Rummy!" call is
        public at once."""
        kind = getattr(action, "kind", None)
        if kind == "rummy":
            st = self.clone(state_before)
            try:
                self.apply(st, seat, action)
            except IllegalMove:
                return None
            return turn_text(st.history[-1])
        if kind != "commit" or state_before.stage != PENDING:
            return None
        st = self.clone(state_before)
        try:
            self.apply(st, seat, action)
        except IllegalMove:
            return None
        return turn_text(st.history[-1]) if st.history else None

    # --- table helpers ----------------------------------------------------------------------
    def make_bot(self, level: str) -> Bot[RummyView, RummyAction]:
        from logic.rummy.bots import make_bot  # lazy: computer players (and their search) load on first use

        return make_bot(level)

    def pending_commit(self, state: RummyState) -> tuple[float, int, RummyAction] | None:
        if state.stage == PENDING:
            return (GRACE_SECONDS, state.current, COMMIT)
        if state.call_card >= 0 and window_open(state):
            return (float(state.call_seconds), state.current, CLOSE_CALL)
        return None

    def timeout_action(self, state: RummyState, seat: int) -> RummyAction:
        """Out of time: draw from the stock; after drawing, discard (no melding on the player's
        behalf; an unfinished deep pickup is undone first); while pending, commit."""
        legal = self.legal_actions(state, seat)
        if not legal:
            raise IllegalMove(t_msg("It is not your turn."))
        stage = state.stage
        if stage == DRAW:
            return legal[0]  # the stock if it has cards, else the top discard
        if stage == PLAY:
            discards = [a for a in legal if isinstance(a, Discard)]
            if not discards:
                return UNDO
            from logic.rummy.bots import easy_discard  # lazy: computer players load on first use

            return easy_discard(self.view(state, seat), discards)
        return legal[0]  # Commit, or Next hand

    def rules_markdown(self) -> str:
        from logic.rummy.rules_text import RULES_MARKDOWN  # lazy: the long rules text loads on first use

        return RULES_MARKDOWN


def random_playout(game: RummyGame, state: RummyState, rng: random.Random, max_actions: int = 100000) -> int:
    """Uniform-random moves until the hand/match stops needing play; returns actions applied."""
    n = 0
    while state.stage <= PENDING and n < max_actions:
        seat = state.current
        legal = game.legal_actions(state, seat)
        game.apply(state, seat, legal[rng.randrange(len(legal))])
        n += 1
    return n
