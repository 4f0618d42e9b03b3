"""House rule "Rummy!" (``rummy_call``, issue 52): after a discard, any other player who can use the card at once may
call "Rummy!" and take it.

The window opens when a turn is committed (so never during the grace period, while the discard can still be taken
back) and shows on every screen after every discard, whoever may call: showing it tells nobody anything about a
hand. It holds the next player's turn (the table makes no computer move for them meanwhile) and closes when its
seconds run out (``CloseCall``, made by the table's timer, so it is in the log and replays match), when the next
player draws, or when somebody calls. The first call the server receives wins.

A call is one move: the caller takes the card off the discard pile and at once lays it off on a meld on the table or
melds it with cards from their hand (keeping at least one card), with no discard after it. Eligibility is judged from
the public melds and the caller's own hand. Nobody may call their own discard, and no call is possible while the
stock is empty (the pile is all that is left to draw from).
"""

from __future__ import annotations

from typing import Any

from logic.game import IllegalMove
from logic.messages import t_msg
from logic.rummy.actions import PASS_CALL, CallRummy, parse_card, parse_cards
from logic.rummy.melds import CODE, POINTS, PRETTY, accepts_for, classify, extend, hand_melds, new_meld, pretty
from logic.rummy.state import DRAW, RummyState, find_meld, turn_text


def window_open(st: RummyState) -> bool:
    """Is a "Rummy!" window open (the card on top of the pile, the next player not yet drawn)?"""
    return st.call_card >= 0 and st.stage == DRAW


def discarder(st: RummyState) -> int:
    """The seat whose discard is in the window (the one before the player to draw)."""
    return (st.current - 1) % st.n


def open_window(st: RummyState, card: int) -> None:
    """After a committed discard of ``card`` at a "Rummy!" table: everyone else gets the chance to call it."""
    if st.call_on and card >= 0 and st.stock:
        st.call_card = card
        st.call_passed = [False] * st.n


def close_window(st: RummyState) -> None:
    st.call_card = -1
    st.call_passed = [False] * st.n


def call_options(st: RummyState, seat: int) -> list[CallRummy]:
    """Every way ``seat`` may call the card in the window now: lay-offs first, then melds with hand cards."""
    if not window_open(st) or not 0 <= seat < st.n or seat == discarder(st) or st.call_passed[seat] or not st.stock:
        return []
    c = st.call_card
    code = CODE[c]
    hand = st.hands[seat]
    out = [CallRummy(code, meld=m[0]) for m in st.melds if c in m[8]]
    for cards in hand_melds(hand + [c], st.wrap):
        if c in cards and len(cards) - 1 < len(hand):  # keep a card in hand
            out.append(CallRummy(code, cards=tuple(CODE[x] for x in cards if x != c)))
    return out


def off_turn_calls(st: RummyState, seat: int) -> list[Any]:
    """What a seat other than the one to draw may do in the window: call (any way it can), or let the card go."""
    if seat == st.current:
        return []
    calls: list[Any] = call_options(st, seat)
    return calls + [PASS_CALL] if calls else []


def call_seats(st: RummyState) -> tuple[int, ...]:
    """Seats other than the one to draw that could call now (the table asks its computer players among them)."""
    if not window_open(st):
        return ()
    return tuple(s for s in range(st.n) if s != st.current and call_options(st, s))


def apply_call(st: RummyState, seat: int, action: CallRummy) -> None:
    """Take the card in the window and use it at once; the window closes (the first call wins)."""
    if not window_open(st):
        raise IllegalMove(t_msg("There is no discard to call \"Rummy!\" on now."))
    if seat == discarder(st):
        raise IllegalMove(t_msg("You cannot call \"Rummy!\" on your own discard."))
    if not st.stock:
        raise IllegalMove(t_msg("No \"Rummy!\" while the stock is empty."))
    c = parse_card(action.card)
    if c != st.call_card:
        raise IllegalMove(t_msg("The {card} is not the discard in the \"Rummy!\" window.", card=PRETTY[c]))
    hand = st.hands[seat]
    melded: list[list[int]] = []
    laid: list[list[Any]] = []
    if action.meld is not None:
        if action.cards:
            raise IllegalMove(t_msg("Call \"Rummy!\" to lay the card off on a meld or to meld it, not both."))
        meld = st.melds[find_meld(st, action.meld)]
        res = extend(meld, [c], st.wrap)
        if res is None:
            raise IllegalMove(t_msg("The {card} does not fit that meld.", card=PRETTY[c]))
        meld[4], meld[5], meld[6] = res
        meld[7].append([seat, c])
        meld[8] = accepts_for(meld[2], meld[3], meld[4], meld[5], meld[6], st.wrap)
        laid.append([meld[0], [c]])
        used = [c]
    else:
        own = parse_cards(action.cards, hand)
        used = own + [c]
        shape = classify(used, st.wrap)
        if shape is None:
            raise IllegalMove(t_msg("{cards} is neither a set nor a run.", cards=pretty(used)))
        if len(own) >= len(hand):
            raise IllegalMove(t_msg("Keep at least one card in your hand when you call \"Rummy!\"."))
        st.melds.append(new_meld(st.next_id, seat, used, shape, st.wrap))
        st.next_id += 1
        melded.append(list(st.melds[-1][6]))
        gone = set(own)
        st.hands[seat] = [x for x in hand if x not in gone]
    st.discard.pop()
    st.pts[seat] += sum(POINTS[x] for x in used)
    if seat == st.current:
        st.turn_start_pts = st.pts[seat]  # melded before the turn: no one-turn double for it
    entry = [seat, [c], melded, laid, -1, False, True]
    st.history.append(entry)
    st.stall = 0
    close_window(st)
    st.message = f"Player {seat + 1} {turn_text(entry)}."


def apply_pass(st: RummyState, seat: int) -> None:
    if PASS_CALL not in off_turn_calls(st, seat):
        raise IllegalMove(t_msg("There is no \"Rummy!\" call for you to let go."))
    st.call_passed[seat] = True


def apply_close(st: RummyState, seat: int) -> None:
    if not window_open(st):
        raise IllegalMove(t_msg("The \"Rummy!\" window is already closed."))
    if seat != st.current:
        raise IllegalMove("It is not your turn.")
    close_window(st)
