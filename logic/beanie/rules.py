"""Beanie's engine (the ``Game`` contract): applying moves, round scoring, persistence and table hooks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, cast

from pydantic import BaseModel, TypeAdapter

from logic.cards import derive_rng
from logic.game import PHASE_HAND_OVER, PHASE_OVER, PHASE_PLAY, Bot, Game, IllegalMove, Outcome
from logic.messages import t_msg

from . import sets as S
from .actions import (
    ACTION_ADAPTER,
    Add,
    Agree,
    BeanieAction,
    BeanieConfig,
    Discard,
    Draw,
    Lay,
    NextHand,
    Propose,
    Star,
    Steal,
    Withdraw,
    legal_moves,
    off_turn_moves,
    timeout_default,
)
from .sets import MATCH, RANK, SHOWN
from .state import STAGE_DRAW, STAGE_PLAY, BeanieState, clone_state, deal, restore_state, seat_name, snapshot_state
from .view_types import BeanieView

# --- the game ------------------------------------------------------------------------------------


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
    tagline: ClassVar[str] = "Wild-card rummy over 13 rounds: a new rank is wild every round."
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
        st.seed = seed
        st.totals = [0] * n
        st.scorecard = []
        self._deal(st, 1)
        return st

    _deal = staticmethod(deal)

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
    def apply(self, state: BeanieState, seat: int, action: BeanieAction) -> None:
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalMove("That is not a Beanie move.")
        if state.phase == PHASE_OVER:
            raise IllegalMove("The game is over.")
        if state.phase == PHASE_HAND_OVER:
            if type(action) is not NextHand:
                raise IllegalMove("The round is over: confirm to go on to the next round.")
            if not 0 <= seat < state.players:
                raise IllegalMove("There is no such seat.")
            if state.confirmed[seat]:
                raise IllegalMove("You are already ready for the next round.")
            self._next_hand(state, seat)
            return
        if seat != state.turn:
            if type(action) is Withdraw and 0 <= seat < state.players:
                self._withdraw(state, seat, action)
                return
            raise IllegalMove("It is not your turn.")
        if type(action) is NextHand:
            raise IllegalMove("The round is still being played.")
        handler(self, state, seat, action)

    def _draw(self, st: BeanieState, seat: int, a: Draw) -> None:
        if st.stage != STAGE_DRAW:
            raise IllegalMove("You have already drawn a card this turn.")
        if a.source == "stock":
            if not st.stock:
                raise IllegalMove("The stock is empty: take the top card of the discard pile.")
            c = st.stock.pop()
            st.message = f"{seat_name(seat)} drew from the stock."
        elif a.source == "discard":
            if not st.discard:
                raise IllegalMove("The discard pile is empty.")
            c = st.discard.pop()
            st.taken[seat].append(c)
            st.message = f"{seat_name(seat)} took {SHOWN[c]} from the discard pile."
        else:
            raise IllegalMove("Draw from the stock or from the discard pile.")
        st.hands[seat].append(c)
        st.drawn = c
        st.stage = STAGE_PLAY

    def _need_play_stage(self, st: BeanieState) -> None:
        if st.stage != STAGE_PLAY:
            raise IllegalMove("Draw a card first.")

    def _cards_left_check(self, st: BeanieState, seat: int, used: int) -> None:
        left = len(st.hands[seat]) - used
        if st.turns_done[seat] == 0 and left < 2:
            raise IllegalMove(
                "You can't go out on your first turn of the round: keep two cards (one to discard, one to hold)."
            )

    def _lay(self, st: BeanieState, seat: int, a: Lay) -> None:
        self._need_play_stage(st)
        if not isinstance(a.cards, (tuple, list)):
            raise IllegalMove("Choose the cards to lay.")
        cards = [S.parse_code(x) for x in a.cards]
        if len(set(cards)) != len(cards):
            raise IllegalMove("Each card can be used only once.")
        hand = st.hands[seat]
        for c in cards:
            if c not in hand:
                raise IllegalMove(f"{SHOWN[c]} is not in your hand.")
        typ, placed, reps = S.build_set(cards, st.round, a.as_type, a.end, st.ace_high_runs)
        self._cards_left_check(st, seat, len(cards))
        for c in cards:
            hand.remove(c)
        st.sets.append([st.next_set_id, seat, typ, placed, reps])
        st.next_set_id += 1
        st.laid[seat] = True
        st.message = f"{seat_name(seat)} laid a {S.TYPE_NAMES[typ]}: {' '.join(SHOWN[c] for c in placed)}."
        self._after_play(st, seat)

    def _find_set(self, st: BeanieState, set_id: object) -> list[Any]:
        for s in st.sets:
            if s[0] == set_id:
                return s
        raise IllegalMove("There is no such set on the table.")

    def _needs_laid(self, st: BeanieState, seat: int, what: str) -> None:
        if not st.laid[seat]:
            raise IllegalMove(f"Lay a set of your own this round before you {what}.")

    def _add(self, st: BeanieState, seat: int, a: Add) -> None:
        self._need_play_stage(st)
        c = S.parse_code(a.card)
        hand = st.hands[seat]
        if c not in hand:
            raise IllegalMove(f"{SHOWN[c]} is not in your hand.")
        s = self._find_set(st, a.set_id)
        self._needs_laid(st, seat, "add to sets")
        if RANK[c] == st.round:
            raise IllegalMove(f"{SHOWN[c]} is a Beanie this round: place it with the star button.")
        if c not in S.accepts(s, st.round, st.ace_high_runs):
            if s[2] == MATCH and len(s[4]) >= 4:
                raise IllegalMove("That match is full: it holds one card of each suit.")
            raise IllegalMove(f"{SHOWN[c]} does not fit {S.set_label(s)}.")
        self._cards_left_check(st, seat, 1)
        hand.remove(c)
        S.add_natural(s, c)
        st.message = f"{seat_name(seat)} added {SHOWN[c]} to {S.set_label(s)}."
        self._after_play(st, seat)

    def _star(self, st: BeanieState, seat: int, a: Star) -> None:
        self._need_play_stage(st)
        c = S.parse_code(a.card)
        hand = st.hands[seat]
        if c not in hand:
            raise IllegalMove(f"{SHOWN[c]} is not in your hand.")
        if RANK[c] != st.round:
            raise IllegalMove(f"{SHOWN[c]} is not a Beanie this round: add it with the + button.")
        s = self._find_set(st, a.set_id)
        self._needs_laid(st, seat, "place a Beanie on a set")
        ends = S.star_ends(s, st.ace_high_runs)
        if not ends:
            raise IllegalMove(f"{S.set_label(s).capitalize()} has no room for a Beanie.")
        if a.end not in (None, "low", "high"):
            raise IllegalMove("A Beanie at the end of a run goes at the low end or the high end.")
        if ends == ("low", "high"):
            if a.end is None:
                raise IllegalMove("Both ends of that run are open: choose low or high for the Beanie.")
            side = a.end
        elif s[2] == MATCH:
            side = None
        else:
            side = "low" if S.star_sides(s, st.ace_high_runs)[0] else "high"
            if a.end is not None and a.end != side:
                raise IllegalMove(f"That run is closed at the {a.end} end.")
        self._cards_left_check(st, seat, 1)
        hand.remove(c)
        rep = S.add_star(s, c, side)
        st.message = f"{seat_name(seat)} placed a Beanie on {S.set_label(s)} as {SHOWN[rep]}."
        self._after_play(st, seat)

    def _steal(self, st: BeanieState, seat: int, a: Steal) -> None:
        self._need_play_stage(st)
        c = S.parse_code(a.card)
        hand = st.hands[seat]
        if c not in hand:
            raise IllegalMove(f"{SHOWN[c]} is not in your hand.")
        s = self._find_set(st, a.set_id)
        self._needs_laid(st, seat, "steal a Beanie")
        if s[1] == seat and not st.reclaim_own:
            raise IllegalMove("You can only steal Beanies from other players' sets.")
        if RANK[c] == st.round:
            raise IllegalMove("Steal with a natural card, not with a Beanie.")
        reps = s[4]
        for i, r in enumerate(reps):
            if r == c and s[3][i] != c:
                break
        else:
            raise IllegalMove(f"No Beanie in {S.set_label(s)} stands for {SHOWN[c]}.")
        w = s[3][i]
        s[3][i] = c
        hand.remove(c)
        hand.append(w)
        st.taken[seat].append(w)
        st.message = (
            f"{seat_name(seat)} stole the Beanie {SHOWN[w]} from {S.set_label(s)}, putting {SHOWN[c]} in its place."
        )

    def _after_play(self, st: BeanieState, seat: int) -> None:
        if not st.hands[seat]:
            st.turns_done[seat] += 1
            st.round_turns += 1
            if st.last_turns:
                self._went_out(st, seat)
                return
            st.message = f"{seat_name(seat)} went out and wins round {st.round}!"
            self._end_round(st, seat)

    def _went_out(self, st: BeanieState, seat: int) -> None:
        """House rule "one last turn each": the round goes on until every other seat has had one more turn.
        A seat that goes out on its last turn scores 0 too; the first to go out is the round's winner."""
        if st.out_seat < 0:
            st.out_seat = seat
            st.proposer = -1  # an open end-round vote lapses: the round is ending anyway
            st.agreed = [False] * st.players
            st.message = f"{seat_name(seat)} went out: everyone else has one last turn."
        else:
            st.message = f"{seat_name(seat)} went out on their last turn."
        self._pass_turn(st, seat)

    def _pass_turn(self, st: BeanieState, seat: int) -> None:
        """The turn goes to the next seat; with last turns running, the round ends when it comes back to the seat
        that went out."""
        n = st.players
        st.turn = (seat + 1) % n
        st.stage = STAGE_DRAW
        st.drawn = -1
        st.proposed = False
        if st.out_seat >= 0 and st.turn == st.out_seat:
            self._end_round(st, st.out_seat)
            return
        if not st.stock and len(st.discard) >= 2:
            top = st.discard.pop()
            st.stock = st.discard
            st.reshuffles += 1
            derive_rng(st.seed, st.round, "reshuffle", st.reshuffles).shuffle(st.stock)
            st.discard = [top]
            # the reshuffled cards are out of sight again: drop them from the public history
            moved = set(st.stock)
            st.taken = [[c for c in x if c not in moved] for x in st.taken]
            st.thrown = [[c for c in x if c not in moved] for x in st.thrown]

    def _discard(self, st: BeanieState, seat: int, a: Discard) -> None:
        self._need_play_stage(st)
        c = S.parse_code(a.card)
        hand = st.hands[seat]
        if c not in hand:
            raise IllegalMove(f"{SHOWN[c]} is not in your hand.")
        if len(hand) == 1 and st.turns_done[seat] == 0:
            raise IllegalMove("You can't go out on your first turn of the round.")
        hand.remove(c)
        st.discard.append(c)
        st.thrown[seat].append(c)
        st.turns_done[seat] += 1
        st.round_turns += 1
        if not hand:
            if st.last_turns:
                self._went_out(st, seat)
                return
            st.message = f"{seat_name(seat)} discarded {SHOWN[c]} and went out: round {st.round} is theirs!"
            self._end_round(st, seat)
            return
        st.message = f"{seat_name(seat)} discarded {SHOWN[c]}."
        self._pass_turn(st, seat)

    def _propose(self, st: BeanieState, seat: int, a: Propose) -> None:
        self._need_play_stage(st)
        if st.out_seat >= 0:
            raise IllegalMove(t_msg("Someone has gone out: the round ends after these last turns."))
        if st.proposer >= 0:
            raise IllegalMove("An end-round vote is already open.")
        if st.proposed:
            raise IllegalMove("You have already proposed once this turn.")
        st.proposer = seat
        st.proposed = True
        st.agreed = [False] * st.players
        st.agreed[seat] = True
        st.message = f"{seat_name(seat)} proposes ending the round as a draw."

    def _agree(self, st: BeanieState, seat: int, a: Agree) -> None:
        self._need_play_stage(st)
        if st.proposer < 0:
            raise IllegalMove("Nobody has proposed ending the round.")
        if st.agreed[seat]:
            raise IllegalMove("You have already agreed to end the round.")
        st.agreed[seat] = True
        if all(st.agreed):
            st.message = f"Everyone agreed: round {st.round} ends as a draw."
            self._end_round(st, -1)
        else:
            st.message = f"{seat_name(seat)} agrees to end the round."

    def _withdraw(self, st: BeanieState, seat: int, a: Withdraw) -> None:
        """Any seat that voted takes its vote back, on its own play step or during another seat's turn."""
        if st.proposer < 0:
            raise IllegalMove("There is no end-round vote to withdraw from.")
        if not st.agreed[seat]:
            raise IllegalMove("You have not voted to end the round.")
        if seat == st.turn:
            self._need_play_stage(st)
        if st.proposer == seat:
            st.proposer = -1
            st.agreed = [False] * st.players
            st.message = f"{seat_name(seat)} withdrew the end-round vote: the round goes on."
        else:
            st.agreed[seat] = False
            st.message = f"{seat_name(seat)} withdrew from the end-round vote; the vote stays open."

    def _next_hand(self, st: BeanieState, seat: int) -> None:
        st.confirmed[seat] = True
        if all(st.confirmed):
            self._deal(st, st.round + 1)
        else:
            st.message = f"{seat_name(seat)} is ready for the next round."

    def _end_round(self, st: BeanieState, winner: int) -> None:
        wild, bv = st.round, st.beanie_value
        pts = [0 if i == winner else S.hand_points(h, wild, bv) for i, h in enumerate(st.hands)]
        st.result = [winner, pts, [len(h) for h in st.hands]]
        st.scorecard.append(pts)
        st.totals = [t + p for t, p in zip(st.totals, pts, strict=True)]
        st.confirmed = [False] * st.players
        st.drawn = -1
        st.proposer = -1
        st.agreed = [False] * st.players
        st.phase = PHASE_OVER if st.round >= st.rounds else PHASE_HAND_OVER

    # --- results, views, persistence --------------------------------------------------------------
    def outcome(self, state: BeanieState) -> Outcome | None:
        if state.phase != PHASE_OVER:
            return None
        return Outcome.from_scores(list(state.totals), lower_is_better=True)

    def view(self, state: BeanieState, seat: int | None) -> BeanieView:
        from .views import build_view

        return build_view(state, seat)

    clone = staticmethod(clone_state)
    snapshot = staticmethod(snapshot_state)
    restore = staticmethod(restore_state)

    # --- table helpers ---------------------------------------------------------------------------
    def make_bot(self, level: str) -> Bot[BeanieView, BeanieAction]:
        from .bots import make_bot

        return make_bot(level)

    timeout_action = staticmethod(timeout_default)

    def describe(self, state_before: BeanieState, seat: int, action: BeanieAction) -> str | None:
        from .views import describe

        return describe(state_before, seat, action)

    def rules_markdown(self) -> str:
        from .rules_text import RULES_MARKDOWN

        return RULES_MARKDOWN


_HANDLERS: dict[type, Callable[..., None]] = {
    Draw: BeanieGame._draw,
    Lay: BeanieGame._lay,
    Add: BeanieGame._add,
    Star: BeanieGame._star,
    Steal: BeanieGame._steal,
    Discard: BeanieGame._discard,
    Propose: BeanieGame._propose,
    Agree: BeanieGame._agree,
    Withdraw: BeanieGame._withdraw,
    NextHand: BeanieGame._next_hand,
}
