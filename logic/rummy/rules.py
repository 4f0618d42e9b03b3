"""Rummy, 500-style: state, actions and the rules engine.

Turn shape: draw (stock / discard top / several discards) -> any melds and lay-offs -> discard ->
"pending" (a short grace period where only Undo or Commit is possible) -> Commit passes the turn.
Everything done inside a turn stays private to the mover until Commit; other seats' views show
the table frozen as it was when the turn began (see ``views.py``).

Undo (one step at a time, newest first): a meld, a lay-off, the discard while pending, or a
pickup from the discard pile. A blind draw from the stock can never be undone.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, Field, TypeAdapter, field_validator

from logic.cards import derive_rng
from logic.game import PHASE_HAND_OVER, PHASE_OVER, PHASE_PLAY, Game, IllegalMove, Outcome
from logic.rummy.melds import (
    CODE,
    DRAW_KEY,
    KIND_NAME,
    POINTS,
    PRETTY,
    SET,
    accepts_for,
    can_use_buried,
    classify,
    extend,
    hand_melds,
    new_meld,
    parse_code,
    pretty,
)

_json_dumps = json.JSONEncoder(separators=(",", ":")).encode
_json_loads = json.JSONDecoder().decode

TARGETS = (0, 100, 200, 300, 500)
GRACE_SECONDS = 3.0
# stall safeguard: this many full rounds without anybody melding or laying off a card end the
# hand with nobody out (4 once the stock has been rebuilt, else 10). Without it a hand can
# deadlock: the cards left may never form a meld, or players may trade one discard for ever.
STALL_ROUNDS = 4
STALL_ROUNDS_NO_REBUILD = 10

# turn stages
DRAW, PLAY, PENDING, HAND_OVER, OVER = 0, 1, 2, 3, 4
STAGE_NAME = ("draw", "play", "pending", "hand-over", "over")


class RummyConfig(BaseModel):
    """Options: ``players`` 2-4; ``target`` 100/200/300/500, or 0 for no limit."""

    players: int = 2
    target: int = Field(0, title="Race to", description="The match ends when a total reaches this; 0 = no limit",
                        json_schema_extra={"choices": [0, 100, 200, 300, 500]})

    @field_validator("players")
    @classmethod
    def _players(cls, v: int) -> int:
        if not 2 <= v <= 4:
            raise ValueError("Rummy is for 2 to 4 players")
        return v

    @field_validator("target")
    @classmethod
    def _target(cls, v: int) -> int:
        if v not in TARGETS:
            raise ValueError("the target score must be 100, 200, 300 or 500 (or 0 for no limit)")
        return v


# --- actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DrawStock:
    """Draw the top card of the stock (face down)."""

    kind: Literal["draw"] = "draw"


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take ``card`` from the discard pile together with every card above it. If ``card`` is
    not the top card it must be melded or laid off this turn."""

    card: str
    kind: Literal["take"] = "take"


@dataclass(frozen=True, slots=True)
class Meld:
    """Put down a new set (3-4 of a rank) or run (3+ in suit sequence)."""

    cards: tuple[str, ...]
    kind: Literal["meld"] = "meld"


@dataclass(frozen=True, slots=True)
class LayOff:
    """Add one or more cards to meld ``meld`` (anyone's)."""

    meld: int
    cards: tuple[str, ...]
    kind: Literal["layoff"] = "layoff"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard ``card``; ends the turn after the grace period (Commit)."""

    card: str
    kind: Literal["discard"] = "discard"


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back the most recent meld, lay-off, discard (while pending) or discard-pile pickup."""

    kind: Literal["undo"] = "undo"


@dataclass(frozen=True, slots=True)
class Commit:
    """End of the discard's grace period: the turn becomes public and passes on."""

    kind: Literal["commit"] = "commit"


@dataclass(frozen=True, slots=True)
class NextHand:
    """Ready for the next hand (hand-over phase)."""

    kind: Literal["next"] = "next"


RummyAction = DrawStock | TakeDiscard | Meld | LayOff | Discard | Undo | Commit | NextHand
ACTION_TYPES = (DrawStock, TakeDiscard, Meld, LayOff, Discard, Undo, Commit, NextHand)

DRAW_STOCK = DrawStock()
UNDO = Undo()
COMMIT = Commit()
NEXT = NextHand()
TAKE = tuple(TakeDiscard(CODE[c]) for c in range(52))
DISCARD = tuple(Discard(CODE[c]) for c in range(52))
_MELD_CACHE: dict[tuple[int, ...], Meld] = {}
_LAYOFF_CACHE: dict[tuple[int, int], LayOff] = {}


def _meld_action(cards: tuple[int, ...]) -> Meld:
    a = _MELD_CACHE.get(cards)
    if a is None:
        a = _MELD_CACHE[cards] = Meld(tuple(CODE[c] for c in cards))
    return a


def _layoff_action(mid: int, card: int) -> LayOff:
    key = (mid, card)
    a = _LAYOFF_CACHE.get(key)
    if a is None:
        if len(_LAYOFF_CACHE) > 20000:
            _LAYOFF_CACHE.clear()
        a = _LAYOFF_CACHE[key] = LayOff(mid, (CODE[card],))
    return a


# --- state ---------------------------------------------------------------------------------


class RummyState:
    """Plain-data game state. Cards are ints 0..51 (see ``melds.py``)."""

    __slots__ = (
        "n",
        "target",
        "seed",
        "hand_no",
        "first_seat",
        "current",
        "stage",
        "hands",
        "stock",
        "discard",
        "melds",
        "next_id",
        "scores",
        "pts",
        "turn_start_pts",
        "must_use",
        "drew",
        "undo",
        "frozen",
        "history",
        "rebuilds",
        "stall",
        "confirmed",
        "summary",
        "first_draw",
        "first_draw_winner",
        "message",
    )

    # field name -> kind for snapshot/restore
    _PLAIN = ("n", "target", "seed", "hand_no", "first_seat", "current", "stage", "next_id", "must_use", "drew",
              "turn_start_pts", "rebuilds", "stall", "first_draw_winner", "message")


def _deep_list(x: Any) -> Any:
    """A fresh copy of plain data with every tuple turned into a list (JSON's shape)."""
    return _json_loads(_json_dumps(x))


def _freeze(st: RummyState) -> None:
    """Remember the public table as it is at the start of the turn (shown to the other seats
    until the turn is committed)."""
    st.frozen = (
        len(st.stock),
        tuple(st.discard),
        tuple(len(h) for h in st.hands),
        tuple((m[0], m[1], m[2], tuple(m[6]), tuple(tuple(x) for x in m[7])) for m in st.melds),
        tuple(st.pts),
    )


def _refill(st: RummyState) -> None:
    """An empty stock is rebuilt at once from the discard pile minus its top card."""
    if not st.stock and len(st.discard) > 1:
        st.rebuilds += 1
        rest = st.discard[:-1]
        derive_rng(st.seed, "rebuild", st.hand_no, st.rebuilds).shuffle(rest)
        st.stock = rest
        st.discard = [st.discard[-1]]


def _deal(st: RummyState) -> None:
    rng = derive_rng(st.seed, "deal", st.hand_no)
    deck = list(range(52))
    rng.shuffle(deck)
    k = 13 if st.n == 2 else 7
    st.hands = [deck[i * k:(i + 1) * k] for i in range(st.n)]
    rest = deck[st.n * k:]
    st.discard = [rest.pop()]
    st.stock = rest
    st.melds = []
    st.next_id = 1
    st.pts = [0] * st.n
    st.current = st.first_seat
    st.stage = DRAW
    st.turn_start_pts = 0
    st.must_use = -1
    st.drew = 0
    st.undo = []
    st.frozen = None
    st.history = []
    st.rebuilds = 0
    st.stall = 0
    st.confirmed = [False] * st.n
    st.message = f"Hand {st.hand_no} dealt; player {st.first_seat + 1} goes first."


def _find_meld(st: RummyState, mid: Any) -> int:
    if isinstance(mid, int):
        for i, m in enumerate(st.melds):
            if m[0] == mid:
                return i
    raise IllegalMove("There is no such meld on the table.")


def _parse_cards(codes: Any, hand: list[int]) -> list[int]:
    if not isinstance(codes, (tuple, list)) or not codes:
        raise IllegalMove("Pick at least one card.")
    out = []
    for code in codes:
        try:
            c = parse_code(code)
        except ValueError:
            raise IllegalMove(f"{code!r} is not a card.") from None
        if c in out:
            raise IllegalMove(f"{PRETTY[c]} is listed twice.")
        if c not in hand:
            raise IllegalMove(f"You do not hold the {PRETTY[c]}.")
        out.append(c)
    return out


def _parse_one(code: Any) -> int:
    try:
        return parse_code(code)
    except ValueError:
        raise IllegalMove(f"{code!r} is not a card.") from None


def turn_text(entry: list) -> str:
    """Public summary of one committed turn (a history entry)."""
    seat, took, melded, laid, disc, out = entry[:6]
    parts = []
    if took is None:
        parts.append("drew from the stock")
    elif len(took) == 1:
        parts.append(f"took the {PRETTY[took[0]]} from the discard pile")
    else:
        parts.append(f"took {len(took)} cards from the discard pile (down to the {PRETTY[took[0]]})")
    for cards in melded:
        parts.append(f"melded {pretty(cards)}")
    for _mid, cards in laid:
        parts.append(f"laid off {pretty(cards)}")
    parts.append(f"went out discarding the {PRETTY[disc]}" if out else f"discarded the {PRETTY[disc]}")
    if len(parts) > 2:
        return ", ".join(parts[:-1]) + " and " + parts[-1]
    return " and ".join(parts)


class RummyGame(Game):
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
        st = RummyState()
        for name in RummyState._PLAIN:
            setattr(st, name, getattr(state, name))
        st.hands = [list(h) for h in state.hands]
        st.stock = list(state.stock)
        st.discard = list(state.discard)
        st.melds = [[m[0], m[1], m[2], m[3], m[4], m[5], list(m[6]), [list(x) for x in m[7]], m[8]]
                    for m in state.melds]
        st.scores = list(state.scores)
        st.pts = list(state.pts)
        st.undo = list(state.undo)  # entries are never mutated in place
        st.frozen = state.frozen
        st.history = list(state.history)
        st.confirmed = list(state.confirmed)
        st.summary = state.summary
        st.first_draw = list(state.first_draw)
        return st

    def snapshot(self, state: RummyState) -> dict[str, Any]:
        st = state
        data: dict[str, Any] = {name: getattr(st, name) for name in RummyState._PLAIN}
        data.update(
            hands=[[CODE[c] for c in h] for h in st.hands],
            stock=[CODE[c] for c in st.stock],
            discard=[CODE[c] for c in st.discard],
            melds=[
                {"id": m[0], "owner": m[1], "kind": m[2], "key": m[3], "lo": m[4], "hi": m[5],
                 "cards": [CODE[c] for c in m[6]], "layoffs": [[s, CODE[c]] for s, c in m[7]]}
                for m in st.melds
            ],
            scores=list(st.scores),
            pts=list(st.pts),
            undo=_deep_list(st.undo),
            frozen=_deep_list(st.frozen),
            history=_deep_list(st.history),
            confirmed=list(st.confirmed),
            summary=_deep_list(st.summary),
            first_draw=[CODE[c] for c in st.first_draw],
        )
        return data

    def restore(self, data: dict[str, Any]) -> RummyState:
        st = RummyState()
        for name in RummyState._PLAIN:
            setattr(st, name, data[name])
        st.hands = [[parse_code(c) for c in h] for h in data["hands"]]
        st.stock = [parse_code(c) for c in data["stock"]]
        st.discard = [parse_code(c) for c in data["discard"]]
        st.melds = []
        for m in data["melds"]:
            cards = [parse_code(c) for c in m["cards"]]
            st.melds.append([m["id"], m["owner"], m["kind"], m["key"], m["lo"], m["hi"], cards,
                             [[s, parse_code(c)] for s, c in m["layoffs"]],
                             accepts_for(m["kind"], m["key"], m["lo"], m["hi"], cards)])
        st.scores = list(data["scores"])
        st.pts = list(data["pts"])
        st.undo = _deep_list(data["undo"])
        st.frozen = _deep_list(data["frozen"])
        st.history = _deep_list(data["history"])
        st.confirmed = list(data["confirmed"])
        st.summary = _deep_list(data["summary"])
        st.first_draw = [parse_code(c) for c in data["first_draw"]]
        return st

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


def stage_name(state: RummyState) -> str:
    return STAGE_NAME[state.stage]


def kind_name(kind: int) -> str:
    return KIND_NAME[kind]


def random_playout(game: RummyGame, state: RummyState, rng: random.Random, max_actions: int = 100000) -> int:
    """Uniform-random moves until the hand/match stops needing play; returns actions applied."""
    n = 0
    while state.stage <= PENDING and n < max_actions:
        seat = state.current
        legal = game.legal_actions(state, seat)
        game.apply(state, seat, legal[rng.randrange(len(legal))])
        n += 1
    return n
