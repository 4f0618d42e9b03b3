"""Beanie rules: config, actions, state and the engine (the ``Game`` contract).

Round ``k`` (1-based) makes rank ``k`` wild (aces in round 1 ... kings in round 13). Seat
``(k - 1) % players`` starts the round with 8 cards and goes straight to its play stage; the others
get 7. A turn is: draw (stock or discard top), then any number of plays (lay a set, add a natural
card, place a lone Beanie = "star", steal a Beanie, end-round vote), then one discard. Emptying the
hand (by a play or by the discard) wins the round, but never on a seat's first turn of the round.

Internals are plain ints and lists (see ``sets.py`` for card ids and the set layout).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from logic.cards import derive_rng
from logic.game import PHASE_HAND_OVER, PHASE_OVER, PHASE_PLAY, Game, IllegalMove, Outcome

from . import sets as S
from .sets import CODES, MATCH, RANK

STAGE_DRAW = "draw"
STAGE_PLAY = "play"


# --- config --------------------------------------------------------------------------------------


class BeanieConfig(BaseModel):
    """Options of a Beanie game."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: int = 2
    rounds: int = Field(13, title="Rounds", json_schema_extra={"choices": list(range(1, 14))})
    beanie_value: int = Field(10, title="Beanie left in hand (points)", json_schema_extra={"choices": [10, 25]})
    reclaim_own: bool = Field(False, title="Reclaim your own Beanie")

    @field_validator("players")
    @classmethod
    def _players(cls, v: int) -> int:
        if not 2 <= v <= 4:
            raise ValueError("Beanie is for 2 to 4 players")
        return v

    @field_validator("rounds")
    @classmethod
    def _rounds(cls, v: int) -> int:
        if not 1 <= v <= 13:
            raise ValueError("rounds must be between 1 and 13")
        return v

    @field_validator("beanie_value")
    @classmethod
    def _beanie_value(cls, v: int) -> int:
        if v not in (10, 25):
            raise ValueError("a Beanie left in hand costs 10 or 25 points")
        return v


# --- actions -------------------------------------------------------------------------------------

Side = Literal["low", "high"]


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of the stock or of the discard pile."""

    source: Literal["stock", "discard"] = "stock"
    kind: Literal["draw"] = "draw"


@dataclass(frozen=True, slots=True)
class Lay:
    """Lay a new set from the hand. ``as_type`` only when it could be a match or a run; ``end`` only
    when the Beanies beyond the natural cards of a run could go at either end."""

    cards: tuple[str, ...] = ()
    as_type: Literal["match", "run"] | None = None
    end: Side | None = None
    kind: Literal["lay"] = "lay"


@dataclass(frozen=True, slots=True)
class Add:
    """Add one natural card to a set on the table."""

    set_id: int = 0
    card: str = ""
    kind: Literal["add"] = "add"


@dataclass(frozen=True, slots=True)
class Star:
    """Place one Beanie from the hand onto a set (``end`` when a run is open at both ends)."""

    set_id: int = 0
    card: str = ""
    end: Side | None = None
    kind: Literal["star"] = "star"


@dataclass(frozen=True, slots=True)
class Steal:
    """Swap the real card ``card`` from the hand for the Beanie standing for it in set ``set_id``."""

    set_id: int = 0
    card: str = ""
    kind: Literal["steal"] = "steal"


@dataclass(frozen=True, slots=True)
class Discard:
    card: str = ""
    kind: Literal["discard"] = "discard"


@dataclass(frozen=True, slots=True)
class Propose:
    """Propose ending the round as a draw."""

    kind: Literal["propose"] = "propose"


@dataclass(frozen=True, slots=True)
class Agree:
    kind: Literal["agree"] = "agree"


@dataclass(frozen=True, slots=True)
class Withdraw:
    """The proposer cancels the end-round vote."""

    kind: Literal["withdraw"] = "withdraw"


@dataclass(frozen=True, slots=True)
class NextHand:
    """Confirm the round summary (hand-over)."""

    kind: Literal["next"] = "next"


BeanieAction = Draw | Lay | Add | Star | Steal | Discard | Propose | Agree | Withdraw | NextHand

DRAW_STOCK = Draw("stock")
DRAW_DISCARD = Draw("discard")
PROPOSE = Propose()
AGREE = Agree()
WITHDRAW = Withdraw()
NEXT = NextHand()
DISCARDS = tuple(Discard(code) for code in CODES)


# --- state ---------------------------------------------------------------------------------------


class BeanieState:
    """Whole game state. ``sets``: list of ``[id, owner, typ, cards, reps]`` (see sets.py).
    ``drawn``: card drawn this turn (-1 before drawing or for the round's starter).
    ``turns_done``: completed turns per seat this round (0 = still on the first turn).
    ``taken``/``thrown``: per seat, the cards that went publicly into its hand this round (from the
    discard pile or stolen from the table) and the cards it discarded this round; cards shuffled back
    into the stock leave both lists.
    ``result``: last round's result ``[winner or -1, points per seat, cards left per seat]``."""

    __slots__ = (
        "players", "rounds", "beanie_value", "reclaim_own", "seed",
        "round", "phase", "turn", "stage", "hands", "stock", "discard", "sets", "next_set_id",
        "laid", "turns_done", "drawn", "proposer", "agreed", "proposed", "round_turns", "reshuffles",
        "taken", "thrown", "totals", "scorecard", "confirmed", "result", "message",
    )  # fmt: skip

    def __init__(self) -> None:
        self.players = 2
        self.rounds = 13
        self.beanie_value = 10
        self.reclaim_own = False
        self.seed = 0
        self.round = 1
        self.phase = PHASE_PLAY
        self.turn = 0
        self.stage = STAGE_PLAY
        self.hands: list[list[int]] = []
        self.stock: list[int] = []
        self.discard: list[int] = []
        self.sets: list[list] = []
        self.next_set_id = 1
        self.laid: list[bool] = []
        self.turns_done: list[int] = []
        self.drawn = -1
        self.proposer = -1
        self.agreed: list[bool] = []
        self.proposed = False  # the seat to move has proposed during this turn already
        self.round_turns = 0
        self.reshuffles = 0
        self.taken: list[list[int]] = []
        self.thrown: list[list[int]] = []
        self.totals: list[int] = []
        self.scorecard: list[list[int]] = []
        self.confirmed: list[bool] = []
        self.result: list | None = None
        self.message: str | None = None


def _copy_sets(sets: list[list]) -> list[list]:
    return [[s[0], s[1], s[2], s[3][:], s[4][:]] for s in sets]


def _name(seat: int) -> str:
    return f"Player {seat + 1}"


# --- the game ------------------------------------------------------------------------------------


class BeanieGame(Game):
    key: ClassVar[str] = "beanie"
    title: ClassVar[str] = "Beanie"
    tagline: ClassVar[str] = "Wild-card rummy over 13 rounds: a new rank is wild every round."
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    config_model: ClassVar[type[BaseModel]] = BeanieConfig
    action_adapter: ClassVar[TypeAdapter] = TypeAdapter(Annotated[BeanieAction, Field(discriminator="kind")])
    bot_levels: ClassVar[tuple[str, ...]] = ("easy", "medium", "hard")
    default_turn_seconds: ClassVar[int] = 60
    turn_timer_choices: ClassVar[tuple[int, ...]] = (30, 60, 90, 120)

    # --- setup ---------------------------------------------------------------------------------
    def new_game(self, config: BaseModel, seed: int) -> BeanieState:
        if not isinstance(config, BeanieConfig):
            config = self.make_config(**config.model_dump())
        st = BeanieState()
        n = config.players
        st.players = n
        st.rounds = config.rounds
        st.beanie_value = config.beanie_value
        st.reclaim_own = config.reclaim_own
        st.seed = seed
        st.totals = [0] * n
        st.scorecard = []
        self._deal(st, 1)
        return st

    def _deal(self, st: BeanieState, rnd: int) -> None:
        n = st.players
        deck = list(range(52))
        derive_rng(st.seed, rnd).shuffle(deck)
        starter = (rnd - 1) % n
        hands = []
        pos = 0
        for seat in range(n):
            k = 8 if seat == starter else 7
            hands.append(deck[pos : pos + k])
            pos += k
        st.round = rnd
        st.phase = PHASE_PLAY
        st.turn = starter
        st.stage = STAGE_PLAY  # the starter's extra card counts as its draw
        st.hands = hands
        st.stock = deck[pos:]
        st.discard = []
        st.sets = []
        st.laid = [False] * n
        st.turns_done = [0] * n
        st.drawn = -1
        st.proposer = -1
        st.agreed = [False] * n
        st.proposed = False
        st.round_turns = 0
        st.reshuffles = 0
        st.taken = [[] for _ in range(n)]
        st.thrown = [[] for _ in range(n)]
        st.confirmed = [False] * n
        st.message = f"Round {rnd}: {S.RANK_PLURAL[rnd]} are wild. {_name(starter)} starts."

    # --- queries -------------------------------------------------------------------------------
    def to_move(self, state: BeanieState) -> tuple[int, ...]:
        if state.phase == PHASE_PLAY:
            return (state.turn,)
        if state.phase == PHASE_HAND_OVER:
            return tuple(i for i, ok in enumerate(state.confirmed) if not ok)
        return ()

    def phase(self, state: BeanieState) -> str:
        return state.phase

    def legal_actions(self, state: BeanieState, seat: int) -> list[Any]:
        if not 0 <= seat < state.players:
            return []
        if state.phase == PHASE_HAND_OVER:
            return [] if state.confirmed[seat] else [NEXT]
        if state.phase != PHASE_PLAY or seat != state.turn:
            return []
        if state.stage == STAGE_DRAW:
            out = []
            if state.stock:
                out.append(DRAW_STOCK)
            if state.discard:
                out.append(DRAW_DISCARD)
            return out
        hand = state.hands[seat]
        wild = state.round
        first = state.turns_done[seat] == 0
        nh = len(hand)
        out = []
        # Lay (on the first turn, keep two cards: one to discard, one to hold)
        limit = nh - 2 if first else nh
        if limit >= 3:
            for cards, at, end in S.lay_options(hand, wild):
                if len(cards) <= limit:
                    out.append(Lay(tuple(CODES[c] for c in cards), at, end))
        if state.laid[seat] and (nh > 2 or not first):
            sets = state.sets
            inhand = set(hand)
            for s in sets:
                for c in S.accepts(s, wild):
                    if c in inhand:
                        out.append(Add(s[0], CODES[c]))
            wl = [c for c in hand if RANK[c] == wild]
            if wl:
                for s in sets:
                    ends = S.star_ends(s)
                    for w in wl:
                        for e in ends:
                            out.append(Star(s[0], CODES[w], e))
        if state.laid[seat]:
            inhand = set(hand)
            for s in state.sets:
                if s[1] == seat and not state.reclaim_own:
                    continue
                for c, r in zip(s[3], s[4], strict=True):
                    if RANK[c] == wild and r != c and r in inhand and RANK[r] != wild:
                        out.append(Steal(s[0], CODES[r]))
        if nh > 1 or not first:
            out.extend(DISCARDS[c] for c in hand)
        if state.proposer < 0:
            if not state.proposed:
                out.append(PROPOSE)
        elif state.proposer == seat:
            out.append(WITHDRAW)
        elif not state.agreed[seat]:
            out.append(AGREE)
        return out

    # --- apply ---------------------------------------------------------------------------------
    def apply(self, state: BeanieState, seat: int, action: Any) -> None:
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
            st.message = f"{_name(seat)} drew from the stock."
        elif a.source == "discard":
            if not st.discard:
                raise IllegalMove("The discard pile is empty.")
            c = st.discard.pop()
            st.taken[seat].append(c)
            st.message = f"{_name(seat)} took {CODES[c]} from the discard pile."
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
                raise IllegalMove(f"{CODES[c]} is not in your hand.")
        typ, placed, reps = S.build_set(cards, st.round, a.as_type, a.end)
        self._cards_left_check(st, seat, len(cards))
        for c in cards:
            hand.remove(c)
        st.sets.append([st.next_set_id, seat, typ, placed, reps])
        st.next_set_id += 1
        st.laid[seat] = True
        st.message = f"{_name(seat)} laid a {S.TYPE_NAMES[typ]}: {' '.join(CODES[c] for c in placed)}."
        self._after_play(st, seat)

    def _find_set(self, st: BeanieState, set_id: object) -> list:
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
            raise IllegalMove(f"{CODES[c]} is not in your hand.")
        s = self._find_set(st, a.set_id)
        self._needs_laid(st, seat, "add to sets")
        if RANK[c] == st.round:
            raise IllegalMove(f"{CODES[c]} is a Beanie this round: place it with the star button.")
        if c not in S.accepts(s, st.round):
            if s[2] == MATCH and len(s[4]) >= 4:
                raise IllegalMove("That match is full: it holds one card of each suit.")
            raise IllegalMove(f"{CODES[c]} does not fit {S.set_label(s)}.")
        self._cards_left_check(st, seat, 1)
        hand.remove(c)
        S.add_natural(s, c)
        st.message = f"{_name(seat)} added {CODES[c]} to {S.set_label(s)}."
        self._after_play(st, seat)

    def _star(self, st: BeanieState, seat: int, a: Star) -> None:
        self._need_play_stage(st)
        c = S.parse_code(a.card)
        hand = st.hands[seat]
        if c not in hand:
            raise IllegalMove(f"{CODES[c]} is not in your hand.")
        if RANK[c] != st.round:
            raise IllegalMove(f"{CODES[c]} is not a Beanie this round: add it with the + button.")
        s = self._find_set(st, a.set_id)
        self._needs_laid(st, seat, "place a Beanie on a set")
        ends = S.star_ends(s)
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
            side = "low" if S.RANK[s[4][0]] > 1 else "high"
            if a.end is not None and a.end != side:
                raise IllegalMove(f"That run is closed at the {a.end} end.")
        self._cards_left_check(st, seat, 1)
        hand.remove(c)
        rep = S.add_star(s, c, side)
        st.message = f"{_name(seat)} placed a Beanie on {S.set_label(s)} as {CODES[rep]}."
        self._after_play(st, seat)

    def _steal(self, st: BeanieState, seat: int, a: Steal) -> None:
        self._need_play_stage(st)
        c = S.parse_code(a.card)
        hand = st.hands[seat]
        if c not in hand:
            raise IllegalMove(f"{CODES[c]} is not in your hand.")
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
            raise IllegalMove(f"No Beanie in {S.set_label(s)} stands for {CODES[c]}.")
        w = s[3][i]
        s[3][i] = c
        hand.remove(c)
        hand.append(w)
        st.taken[seat].append(w)
        st.message = (
            f"{_name(seat)} stole the Beanie {CODES[w]} from {S.set_label(s)}, putting {CODES[c]} in its place."
        )

    def _after_play(self, st: BeanieState, seat: int) -> None:
        if not st.hands[seat]:
            st.turns_done[seat] += 1
            st.round_turns += 1
            st.message = f"{_name(seat)} went out and wins round {st.round}!"
            self._end_round(st, seat)

    def _discard(self, st: BeanieState, seat: int, a: Discard) -> None:
        self._need_play_stage(st)
        c = S.parse_code(a.card)
        hand = st.hands[seat]
        if c not in hand:
            raise IllegalMove(f"{CODES[c]} is not in your hand.")
        if len(hand) == 1 and st.turns_done[seat] == 0:
            raise IllegalMove("You can't go out on your first turn of the round.")
        hand.remove(c)
        st.discard.append(c)
        st.thrown[seat].append(c)
        st.turns_done[seat] += 1
        st.round_turns += 1
        if not hand:
            st.message = f"{_name(seat)} discarded {CODES[c]} and went out: round {st.round} is theirs!"
            self._end_round(st, seat)
            return
        st.message = f"{_name(seat)} discarded {CODES[c]}."
        n = st.players
        st.turn = (seat + 1) % n
        st.stage = STAGE_DRAW
        st.drawn = -1
        st.proposed = False
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

    def _propose(self, st: BeanieState, seat: int, a: Propose) -> None:
        self._need_play_stage(st)
        if st.proposer >= 0:
            raise IllegalMove("An end-round vote is already open.")
        if st.proposed:
            raise IllegalMove("You have already proposed once this turn.")
        st.proposer = seat
        st.proposed = True
        st.agreed = [False] * st.players
        st.agreed[seat] = True
        st.message = f"{_name(seat)} proposes ending the round as a draw."

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
            st.message = f"{_name(seat)} agrees to end the round."

    def _withdraw(self, st: BeanieState, seat: int, a: Withdraw) -> None:
        self._need_play_stage(st)
        if st.proposer != seat:
            raise IllegalMove("Only the player who proposed the vote can withdraw it.")
        st.proposer = -1
        st.agreed = [False] * st.players
        st.message = f"{_name(seat)} withdrew the end-round vote."

    def _next_hand(self, st: BeanieState, seat: int) -> None:
        st.confirmed[seat] = True
        if all(st.confirmed):
            self._deal(st, st.round + 1)
        else:
            st.message = f"{_name(seat)} is ready for the next round."

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

    def view(self, state: BeanieState, seat: int | None) -> dict[str, Any]:
        from .views import build_view

        return build_view(state, seat)

    def clone(self, state: BeanieState) -> BeanieState:
        st = BeanieState.__new__(BeanieState)
        st.players = state.players
        st.rounds = state.rounds
        st.beanie_value = state.beanie_value
        st.reclaim_own = state.reclaim_own
        st.seed = state.seed
        st.round = state.round
        st.phase = state.phase
        st.turn = state.turn
        st.stage = state.stage
        st.hands = [h[:] for h in state.hands]
        st.stock = state.stock[:]
        st.discard = state.discard[:]
        st.sets = _copy_sets(state.sets)
        st.next_set_id = state.next_set_id
        st.laid = state.laid[:]
        st.turns_done = state.turns_done[:]
        st.drawn = state.drawn
        st.proposer = state.proposer
        st.agreed = state.agreed[:]
        st.proposed = state.proposed
        st.round_turns = state.round_turns
        st.reshuffles = state.reshuffles
        st.taken = [x[:] for x in state.taken]
        st.thrown = [x[:] for x in state.thrown]
        st.totals = state.totals[:]
        st.scorecard = [x[:] for x in state.scorecard]
        st.confirmed = state.confirmed[:]
        st.result = None if state.result is None else [state.result[0], state.result[1][:], state.result[2][:]]
        st.message = state.message
        return st

    def snapshot(self, state: BeanieState) -> dict[str, Any]:
        c = self.clone(state)
        return {name: getattr(c, name) for name in BeanieState.__slots__}

    def restore(self, data: dict[str, Any]) -> BeanieState:
        try:
            tmp = BeanieState.__new__(BeanieState)
            for name in BeanieState.__slots__:
                setattr(tmp, name, data[name])
            tmp.sets = [[int(s[0]), int(s[1]), int(s[2]), list(s[3]), list(s[4])] for s in data["sets"]]
            return self.clone(tmp)
        except (KeyError, TypeError, IndexError) as exc:
            raise ValueError(f"Not a Beanie snapshot ({exc}).") from None

    # --- table helpers ---------------------------------------------------------------------------
    def make_bot(self, level: str) -> Any:
        from .bots import make_bot

        return make_bot(level)

    def timeout_action(self, state: BeanieState, seat: int) -> Any:
        """Out of time: before drawing, draw from the stock (the discard pile when the stock is empty);
        after drawing, discard the drawn card, or when it has been played, the highest-value natural card
        (a Beanie only when nothing else is left). The table calls this again while the seat is still to
        move, so a timeout before the draw becomes "draw, then discard"."""
        if state.phase == PHASE_HAND_OVER:
            return NEXT
        if state.phase != PHASE_PLAY or seat != state.turn:
            raise IllegalMove("It is not your turn.")
        if state.stage == STAGE_DRAW:
            return DRAW_STOCK if state.stock else DRAW_DISCARD
        hand = state.hands[seat]
        if state.drawn in hand:
            return DISCARDS[state.drawn]
        wild = state.round
        naturals = [c for c in hand if RANK[c] != wild]
        pool = naturals or hand
        best = max(pool, key=lambda c: (S.NATURAL_POINTS[c], RANK[c], -hand.index(c)))
        return DISCARDS[best]

    def describe(self, state_before: BeanieState, seat: int, action: Any) -> str | None:
        from .views import describe

        return describe(state_before, seat, action)

    def rules_markdown(self) -> str:
        from .rules_text import RULES_MARKDOWN

        return RULES_MARKDOWN


_HANDLERS = {
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
