"""Rummy state: the state class, dealing and refilling, turn summaries and copy/snapshot/restore helpers."""

from __future__ import annotations

import json
from typing import Any

from logic.cards import derive_rng
from logic.game import IllegalMove
from logic.messages import Message, listing, said, said_from_json, said_to_json, seat_msg, t_msg, t_nmsg
from logic.rummy.melds import CODE, KIND_NAME, PRETTY, accepts_for, parse_code, pretty

_json_dumps = json.JSONEncoder(separators=(",", ":")).encode
_json_loads = json.JSONDecoder().decode

# turn stages (FIRST_DEAL_DRAW comes before hand 1 but is numbered last: "stage <= PENDING" means a hand is played)
DRAW, PLAY, PENDING, HAND_OVER, OVER, FIRST_DEAL_DRAW = 0, 1, 2, 3, 4, 5
STAGE_NAME = ("draw", "play", "pending", "hand-over", "over", "first-draw")
GRACE_SECONDS = 3.0  # a finished turn waits this long (PENDING) for an undo before it is committed


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
        "first_drawn",
        "message",
        "top_only",
        "keep_dug",
        "no_final_discard",
        "wrap",
        "call_on",
        "call_seconds",
        "call_card",
        "call_passed",
    )

    # the fields' types, for the type checker (the slots above hold them)
    n: int
    target: int
    seed: int
    hand_no: int
    first_seat: int
    current: int
    stage: int
    hands: list[list[int]]
    stock: list[int]
    discard: list[int]
    melds: list[list[Any]]  # [id, owner, kind, ..., cards, [[seat, card], ...], ...] (see melds.py)
    next_id: int
    scores: list[int]
    pts: list[int]
    turn_start_pts: int
    must_use: int
    drew: int
    undo: list[Any]
    frozen: Any  # the public table at the start of the turn (tuples; lists after a restore), or None
    history: list[Any]
    rebuilds: int
    stall: int
    confirmed: list[bool]
    summary: Any  # [hand_no, winner, one_turn, rows] after a hand, else None
    first_draw: list[int]
    first_draw_winner: int
    first_drawn: list[bool]
    message: str | None

    # house rules (issue 52), fixed for the match; kept out of a snapshot while off (see HOUSE)
    top_only: bool
    keep_dug: bool
    no_final_discard: bool
    wrap: bool  # runs may turn the corner (K-A-2)
    call_on: bool  # "Rummy!" (see calls.py)
    call_seconds: int  # how long its window stays open
    call_card: int  # the discard that may be called now (-1: no window open)
    call_passed: list[bool]  # per seat: let this window's card go (computer players say so)

    # field name -> kind for snapshot/restore
    _PLAIN = ("n", "target", "seed", "hand_no", "first_seat", "current", "stage", "next_id", "must_use", "drew",
              "turn_start_pts", "rebuilds", "stall", "first_draw_winner", "message")


# House-rule fields: written to a snapshot only when on, so a standard game's snapshot is as it always was and
# a snapshot saved before they existed restores with them off.
HOUSE = ("top_only", "keep_dug", "no_final_discard", "wrap")
HOUSE_OPTIONS = (("wrap_around", "wrap"), ("top_card_only", "top_only"), ("keep_dug_card", "keep_dug"),
                 ("no_final_discard", "no_final_discard"))


def set_call_fields(st: RummyState, data: dict[str, Any] | None = None) -> None:
    """Set the "Rummy!" fields from a snapshot's ``data`` (absent: the rule is off, as in saves from before it)."""
    data = data or {}
    st.call_on = bool(data.get("call_on", False))
    st.call_seconds = int(data.get("call_seconds", 5))
    code = data.get("call_card")
    st.call_card = parse_code(code) if code else -1
    st.call_passed = [bool(x) for x in data.get("call_passed", [False] * st.n)]


def _deep_list(x: Any) -> Any:
    """A fresh copy of plain data with every tuple turned into a list (JSON's shape)."""
    return _json_loads(_json_dumps(x))


def freeze(st: RummyState) -> None:
    """Remember the public table as it is at the start of the turn (shown to the other seats
    until the turn is committed)."""
    st.frozen = (
        len(st.stock),
        tuple(st.discard),
        tuple(len(h) for h in st.hands),
        tuple((m[0], m[1], m[2], tuple(m[6]), tuple(tuple(x) for x in m[7])) for m in st.melds),
        tuple(st.pts),
    )


def refill_stock(st: RummyState) -> None:
    """An empty stock is rebuilt at once from the discard pile minus its top card."""
    if not st.stock and len(st.discard) > 1:
        st.rebuilds += 1
        rest = st.discard[:-1]
        derive_rng(st.seed, "rebuild", st.hand_no, st.rebuilds).shuffle(rest)
        st.stock = rest
        st.discard = [st.discard[-1]]


def deal_hand(st: RummyState) -> None:
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
    st.message = said(t_msg("Hand {hand} dealt; {player} goes first.", hand=st.hand_no,
                            player=seat_msg(st.first_seat, "player")))


def find_meld(st: RummyState, mid: Any) -> int:
    if isinstance(mid, int):
        for i, m in enumerate(st.melds):
            if m[0] == mid:
                return i
    raise IllegalMove(t_msg("There is no such meld on the table."))


def turn_text(entry: list[Any]) -> str:
    """Public summary of one committed turn (a history entry), in English with its message (:class:`Said`)."""
    return said(turn_words(entry))


def took_msg(n: int, card: int) -> Message:
    """"took the 9♠ from the discard pile", or "took 3 cards from the discard pile (down to the 9♠)"."""
    if n <= 1:
        return t_msg("took the {card} from the discard pile", card=PRETTY[card])
    return t_nmsg("took {n} card from the discard pile (down to the {card})",
                  "took {n} cards from the discard pile (down to the {card})", n=n, card=PRETTY[card])


def discard_msg(card: int, out: bool) -> Message:
    if out:
        return t_msg("went out discarding the {card}", card=PRETTY[card])
    return t_msg("discarded the {card}", card=PRETTY[card])


def turn_words(entry: list[Any]) -> Message:
    """The parts of a turn, one after the other: "took the 9♠ from the discard pile, melded 7♠ 7♥ 7♣ and discarded
    the 2♦"."""
    seat, took, melded, laid, disc, out = entry[:6]
    if len(entry) > 6 and entry[6]:  # a "Rummy!" call
        if melded:
            return t_msg("called Rummy! on the {card} and melded {cards}", card=PRETTY[took[0]],
                         cards=pretty(melded[0]))
        return t_msg("called Rummy! on the {card} and laid it off ({cards})", card=PRETTY[took[0]],
                     cards=pretty(laid[0][1]))
    parts = [t_msg("drew from the stock") if took is None else took_msg(len(took), took[0])]
    for cards in melded:
        parts.append(t_msg("melded {cards}", cards=pretty(cards)))
    for _mid, cards in laid:
        parts.append(t_msg("laid off {cards}", cards=pretty(cards)))
    parts.append(t_msg("went out without a discard") if disc < 0 else discard_msg(disc, out))
    return listing(parts)


def clone_state(state: RummyState) -> RummyState:
    st = RummyState()
    for name in RummyState._PLAIN:
        setattr(st, name, getattr(state, name))
    for name in HOUSE:
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
    st.first_drawn = list(state.first_drawn)
    st.call_on, st.call_seconds, st.call_card = state.call_on, state.call_seconds, state.call_card
    st.call_passed = list(state.call_passed)
    return st


def snapshot_state(state: RummyState) -> dict[str, Any]:
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
        first_drawn=list(st.first_drawn),
    )
    data.update({name: True for name in HOUSE if getattr(st, name)})
    data["message"] = said_to_json(st.message)  # the line's message: it comes back in every viewer's language
    if st.call_on:  # "Rummy!": kept out of a snapshot while off, like the switches above
        data.update(call_on=True, call_seconds=st.call_seconds, call_card=CODE[st.call_card] if st.call_card >= 0
                    else None, call_passed=list(st.call_passed))
    return data


def restore_state(data: dict[str, Any]) -> RummyState:
    st = RummyState()
    for name in RummyState._PLAIN:
        setattr(st, name, data[name])
    for name in HOUSE:
        setattr(st, name, bool(data.get(name, False)))
    set_call_fields(st, data)
    st.hands = [[parse_code(c) for c in h] for h in data["hands"]]
    st.stock = [parse_code(c) for c in data["stock"]]
    st.discard = [parse_code(c) for c in data["discard"]]
    st.melds = []
    for m in data["melds"]:
        cards = [parse_code(c) for c in m["cards"]]
        st.melds.append([m["id"], m["owner"], m["kind"], m["key"], m["lo"], m["hi"], cards,
                         [[s, parse_code(c)] for s, c in m["layoffs"]],
                         accepts_for(m["kind"], m["key"], m["lo"], m["hi"], cards, st.wrap)])
    st.scores = list(data["scores"])
    st.pts = list(data["pts"])
    st.undo = _deep_list(data["undo"])
    st.frozen = _deep_list(data["frozen"])
    st.history = _deep_list(data["history"])
    st.confirmed = list(data["confirmed"])
    st.summary = _deep_list(data["summary"])
    st.first_draw = [parse_code(c) for c in data["first_draw"]]
    st.message = said_from_json(data["message"])  # (an older snapshot: the English line)
    # which seats have drawn for the first deal; tables saved before that was a phase drew all at once
    st.first_drawn = [bool(x) for x in data.get("first_drawn", [True] * st.n)]
    return st


def stage_name(state: RummyState) -> str:
    return STAGE_NAME[state.stage]


def kind_name(kind: int) -> str:
    return KIND_NAME[kind]
