"""Rummy rules engine: the RummyGame class (legal actions, apply, commit and scoring)."""

from __future__ import annotations

import random
from typing import Annotated, Any, ClassVar

from pydantic import BaseModel, Field, TypeAdapter

from logic.cards import derive_rng
from logic.game import PHASE_HAND_OVER, PHASE_OVER, PHASE_PLAY, Game, IllegalMove, Outcome
from logic.rummy.actions import (
    _MELD_CACHE,
    ACTION_TYPES,
    COMMIT,
    DISCARD,
    DRAW_STOCK,
    NEXT,
    TAKE,
    UNDO,
    RummyAction,
    RummyConfig,
    _layoff_action,
    _meld_action,
    _parse_cards,
    _parse_one,
)
from logic.rummy.melds import (
    DRAW_KEY,
    POINTS,
    PRETTY,
    SET,
    accepts_for,
    can_use_buried,
    classify,
    extend,
    hand_melds,
    new_meld,
    pretty,
)
from logic.rummy.state import (
    DRAW,
    HAND_OVER,
    OVER,
    PENDING,
    PLAY,
    RummyState,
    _deal,
    _find_meld,
    _freeze,
    _refill,
    clone_state,
    restore_state,
    snapshot_state,
    turn_text,
)

GRACE_SECONDS = 3.0
# stall safeguard: this many full rounds without anybody melding or laying off a card end the
# hand with nobody out (4 once the stock has been rebuilt, else 10). Without it a hand can
# deadlock: the cards left may never form a meld, or players may trade one discard for ever.
STALL_ROUNDS = 4
STALL_ROUNDS_NO_REBUILD = 10


class RummyGame(Game):
    """Turn shape: draw (stock / discard top / several discards) -> any melds and lay-offs -> discard ->
    "pending" (a short grace period where only Undo or Commit is possible) -> Commit passes the turn.
    Everything done inside a turn stays private to the mover until Commit; other seats' views show
    the table frozen as it was when the turn began (see ``views.py``).

    Undo (one step at a time, newest first): a meld, a lay-off, the discard while pending, or a
    pickup from the discard pile. A blind draw from the stock can never be undone.
    """

    key: ClassVar[str] = "rummy"
    title: ClassVar[str] = "Rummy"
    tagline: ClassVar[str] = "500-style rummy: dig into the discard pile, meld, lay off and race to the target."
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    config_model: ClassVar[type[BaseModel]] = RummyConfig
    action_adapter: ClassVar[TypeAdapter] = TypeAdapter(Annotated[RummyAction, Field(discriminator="kind")])
    bot_levels: ClassVar[tuple[str, ...]] = ("easy", "medium", "hard")
    default_turn_seconds: ClassVar[int] = 0
    turn_timer_choices: ClassVar[tuple[int, ...]] = (0, 30, 60, 90, 120)

    # --- building ---------------------------------------------------------------------------
    def new_game(self, config: BaseModel, seed: int) -> RummyState:
        if not isinstance(config, RummyConfig):
            config = self.make_config(**dict(config))
        st = RummyState()
        st.n = config.players
        st.target = config.target
        st.seed = seed
        st.scores = [0] * st.n
        st.summary = None
        # draw for first deal: each seat reveals a different card, highest wins
        deck = list(range(52))
        derive_rng(seed, "first-draw").shuffle(deck)
        st.first_draw = deck[: st.n]
        st.first_draw_winner = max(range(st.n), key=lambda s: DRAW_KEY[st.first_draw[s]])
        st.first_seat = st.first_draw_winner
        st.hand_no = 1
        _deal(st)
        return st

    # --- queries ----------------------------------------------------------------------------
    def to_move(self, state: RummyState) -> tuple[int, ...]:
        stage = state.stage
        if stage <= PENDING:
            return (state.current,)
        if stage == HAND_OVER:
            return tuple(s for s in range(state.n) if not state.confirmed[s])
        return ()

    def phase(self, state: RummyState) -> str:
        stage = state.stage
        if stage <= PENDING:
            return PHASE_PLAY
        return PHASE_HAND_OVER if stage == HAND_OVER else PHASE_OVER

    def legal_actions(self, state: RummyState, seat: int) -> list[Any]:
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
                    if i == top:
                        out.append(TAKE[c])
                    else:
                        taken = disc[i:]
                        if can_use_buried(c, hand + taken, len(hand) + len(taken), state.melds):
                            out.append(TAKE[c])
                return out
            if stage == PLAY:
                hand = state.hands[seat]
                nh = len(hand)
                out = []
                if nh > 1:
                    for cards in hand_melds(hand):
                        if len(cards) < nh:
                            a = _MELD_CACHE.get(cards)
                            out.append(a if a is not None else _meld_action(cards))
                    hs = None
                    for m in state.melds:
                        acc = m[8]
                        if acc:
                            if hs is None:
                                hs = set(hand)
                            for c in acc:
                                if c in hs:
                                    out.append(_layoff_action(m[0], c))
                mu = state.must_use
                if mu < 0 or mu not in hand:
                    out.extend([DISCARD[c] for c in hand])
                if state.undo:
                    out.append(UNDO)
                return out
            return [COMMIT, UNDO]
        if stage == HAND_OVER and not state.confirmed[seat]:
            return [NEXT]
        return []

    def outcome(self, state: RummyState) -> Outcome | None:
        if state.stage != OVER:
            return None
        return Outcome.from_scores(list(state.scores))

    # --- applying ---------------------------------------------------------------------------
    def apply(self, state: RummyState, seat: int, action: Any) -> None:
        st = state
        if type(action) not in ACTION_TYPES:
            raise IllegalMove("That is not a Rummy move.")
        if not isinstance(seat, int) or not 0 <= seat < st.n:
            raise IllegalMove("There is no such seat at this table.")
        kind = action.kind
        stage = st.stage
        if stage == OVER:
            raise IllegalMove("The match is over.")
        if stage == HAND_OVER:
            if kind != "next":
                raise IllegalMove("The hand is over: press Next hand to continue.")
            if st.confirmed[seat]:
                raise IllegalMove("You are already waiting for the next hand.")
            st.confirmed[seat] = True
            if all(st.confirmed):
                st.hand_no += 1
                st.first_seat = (st.first_seat + 1) % st.n
                _deal(st)
            return
        if seat != st.current:
            raise IllegalMove("It is not your turn.")
        if kind == "next":
            raise IllegalMove("The hand is still being played.")
        hand = st.hands[seat]

        if stage == DRAW:
            if kind == "draw":
                if not st.stock:
                    raise IllegalMove("The stock is empty: take the top card of the discard pile.")
                if st.frozen is None:
                    _freeze(st)
                hand.append(st.stock.pop())
                st.drew = 1
                st.stage = PLAY
                if not st.stock:
                    _refill(st)
                return
            if kind == "take":
                c = _parse_one(action.card)
                disc = st.discard
                if c not in disc:
                    raise IllegalMove(f"The {PRETTY[c]} is not in the discard pile.")
                i = disc.index(c)
                taken = disc[i:]
                buried = len(taken) > 1
                if buried and not can_use_buried(c, hand + taken, len(hand) + len(taken), st.melds):
                    raise IllegalMove(
                        f"You can only dig down to the {PRETTY[c]} if you can meld it or lay it off this turn "
                        "(and still keep a card to discard)."
                    )
                if st.frozen is None:
                    _freeze(st)
                st.undo.append(("t", taken, list(hand), st.must_use))
                del disc[i:]
                hand.extend(taken)
                st.must_use = c if buried else -1
                st.drew = 2
                st.stage = PLAY
                return
            if kind == "undo":
                raise IllegalMove("There is nothing to undo yet.")
            raise IllegalMove("Draw first: take the top card of the stock or pick up from the discard pile.")

        if stage == PENDING:
            if kind == "commit":
                self._commit(st)
                return
            if kind == "undo":
                entry = st.undo.pop()
                st.discard.pop()
                st.hands[seat] = list(entry[2])
                st.stage = PLAY
                return
            raise IllegalMove("You have discarded: undo the discard or wait for your turn to end.")

        # stage == PLAY
        if kind == "meld":
            cards = _parse_cards(action.cards, hand)
            shape = classify(cards)
            if shape is None:
                if len(cards) < 3:
                    raise IllegalMove("A meld needs at least three cards.")
                raise IllegalMove("Those cards are neither a set (same rank) nor a run (same suit, in sequence).")
            if len(cards) >= len(hand):
                raise IllegalMove("Keep at least one card: every turn ends with a discard.")
            mid = st.next_id
            st.undo.append(("m", mid, list(hand), 0))
            st.next_id = mid + 1
            st.melds.append(new_meld(mid, seat, cards, shape))
            cs = set(cards)
            st.hands[seat] = [c for c in hand if c not in cs]
            st.pts[seat] += sum(POINTS[c] for c in cards)
            return
        if kind == "layoff":
            idx = _find_meld(st, action.meld)
            cards = _parse_cards(action.cards, hand)
            meld = st.melds[idx]
            res = extend(meld, cards)
            if res is None:
                what = "set" if meld[2] == SET else "run"
                raise IllegalMove(f"{pretty(cards)} cannot be added to that {what} ({pretty(meld[6])}).")
            if len(cards) >= len(hand):
                raise IllegalMove("Keep at least one card: every turn ends with a discard.")
            st.undo.append(("l", idx, list(hand), [meld[4], meld[5], list(meld[6]), len(meld[7]), list(meld[8])],
                            list(cards)))
            lo, hi, shown = res
            meld[4], meld[5], meld[6] = lo, hi, shown
            meld[7].extend([seat, c] for c in cards)
            meld[8] = accepts_for(meld[2], meld[3], lo, hi, shown)
            cs = set(cards)
            st.hands[seat] = [c for c in hand if c not in cs]
            st.pts[seat] += sum(POINTS[c] for c in cards)
            return
        if kind == "discard":
            c = _parse_one(action.card)
            if c not in hand:
                raise IllegalMove(f"You do not hold the {PRETTY[c]}.")
            mu = st.must_use
            if mu >= 0 and mu in hand:
                raise IllegalMove(
                    f"You took the {PRETTY[mu]} from under the pile: meld it or lay it off before you discard "
                    "(or undo the pickup)."
                )
            st.undo.append(("d", c, list(hand), 0))
            hand.remove(c)
            st.discard.append(c)
            st.stage = PENDING
            return
        if kind == "undo":
            if not st.undo:
                raise IllegalMove("A card drawn from the stock cannot be put back.")
            entry = st.undo.pop()
            tag = entry[0]
            if tag == "m":
                m = st.melds.pop()
                st.next_id = entry[1]
                st.pts[seat] -= sum(POINTS[c] for c in m[6])
            elif tag == "l":
                meld = st.melds[entry[1]]
                lo, hi, shown, nlay, acc = entry[3]
                added = meld[7][nlay:]
                st.pts[seat] -= sum(POINTS[x[1]] for x in added)
                del meld[7][nlay:]
                meld[4], meld[5], meld[6], meld[8] = lo, hi, list(shown), tuple(acc)
            elif tag == "t":
                st.discard.extend(entry[1])
                st.must_use = entry[3]
                st.drew = 0
                st.stage = DRAW
            st.hands[seat] = list(entry[2])
            return
        if kind == "draw" or kind == "take":
            raise IllegalMove("You have already drawn this turn.")
        if kind == "commit":
            raise IllegalMove("Discard a card to end your turn.")
        raise IllegalMove("That move is not possible now.")

    def _commit(self, st: RummyState) -> None:
        seat = st.current
        took = None
        melded: list[list[int]] = []
        laid: list[list[Any]] = []
        disc = -1
        for entry in st.undo:
            tag = entry[0]
            if tag == "t":
                took = list(entry[1])
            elif tag == "m":
                for m in st.melds:
                    if m[0] == entry[1]:
                        melded.append(list(m[6]))
                        break
            elif tag == "l":
                meld = st.melds[entry[1]]
                laid.append([meld[0], list(entry[4])])
            else:
                disc = entry[1]
        out = not st.hands[seat]
        hist = [seat, took, melded, laid, disc, out]
        st.history.append(hist)
        st.message = f"Player {seat + 1} {turn_text(hist)}."
        st.undo = []
        st.frozen = None
        st.must_use = -1
        st.drew = 0
        if out:
            self._end_hand(st, seat)
            return
        st.stall = 0 if (melded or laid) else st.stall + 1
        if st.stall >= (STALL_ROUNDS if st.rebuilds else STALL_ROUNDS_NO_REBUILD) * st.n:
            st.message += " Nobody has melded or laid off for too long: the hand ends with nobody out."
            self._end_hand(st, -1)
            return
        st.current = (seat + 1) % st.n
        st.stage = DRAW
        st.turn_start_pts = st.pts[st.current]
        if not st.stock:
            _refill(st)

    def _end_hand(self, st: RummyState, winner: int) -> None:
        """Score the hand. ``winner`` -1: the hand stalled and nobody went out."""
        one_turn = winner >= 0 and st.turn_start_pts == 0
        rows = []
        for s in range(st.n):
            melded = st.pts[s]
            held = sum(POINTS[c] for c in st.hands[s])
            if s == winner:
                score = melded * 2 if one_turn else melded
            else:
                score = melded - held
            st.scores[s] += score
            rows.append([s, melded, held, score, st.scores[s]])
        st.summary = [st.hand_no, winner, one_turn, rows]
        st.confirmed = [False] * st.n
        if st.target and max(st.scores) >= st.target:
            st.stage = OVER
        else:
            st.stage = HAND_OVER


    # --- copies and persistence -------------------------------------------------------------
    def clone(self, state: RummyState) -> RummyState:
        return clone_state(state)

    def snapshot(self, state: RummyState) -> dict[str, Any]:
        return snapshot_state(state)

    def restore(self, data: dict[str, Any]) -> RummyState:
        return restore_state(data)

    # --- presentation -----------------------------------------------------------------------
    def view(self, state: RummyState, seat: int | None) -> dict[str, Any]:
        from logic.rummy.views import build_view

        return build_view(state, seat)

    def describe(self, state_before: RummyState, seat: int, action: Any) -> str | None:
        """Only the Commit is described (with the whole turn): before that, the turn is private."""
        if getattr(action, "kind", None) != "commit" or state_before.stage != PENDING:
            return None
        st = self.clone(state_before)
        try:
            self.apply(st, seat, action)
        except IllegalMove:
            return None
        return turn_text(st.history[-1]) if st.history else None

    # --- table helpers ----------------------------------------------------------------------
    def make_bot(self, level: str):
        from logic.rummy.bots import make_bot

        return make_bot(level)

    def pending_commit(self, state: RummyState) -> tuple[float, int, Any] | None:
        if state.stage == PENDING:
            return (GRACE_SECONDS, state.current, COMMIT)
        return None

    def timeout_action(self, state: RummyState, seat: int) -> Any:
        """Out of time: draw from the stock; after drawing, discard (no melding on the player's
        behalf; an unfinished deep pickup is undone first); while pending, commit."""
        legal = self.legal_actions(state, seat)
        if not legal:
            raise IllegalMove("It is not your turn.")
        stage = state.stage
        if stage == DRAW:
            return legal[0]  # the stock if it has cards, else the top discard
        if stage == PLAY:
            discards = [a for a in legal if a.kind == "discard"]
            if not discards:
                return UNDO
            from logic.rummy.bots import easy_discard

            return easy_discard(self.view(state, seat), discards)
        return legal[0]  # Commit, or Next hand

    def rules_markdown(self) -> str:
        from logic.rummy.rules_text import RULES_MARKDOWN

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
