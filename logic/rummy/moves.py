"""Rummy moves: how each action changes a RummyState, one function per action and stage, called by
``RummyGame.apply`` once it has checked the seat and the turn; the Commit that ends a turn and the
scoring of a finished hand live here too, since they are what Commit does."""

from __future__ import annotations

from typing import Any, NoReturn

from logic.game import IllegalMove
from logic.messages import said, seat_msg, t_msg, t_pmsg
from logic.rummy.actions import parse_card, parse_cards
from logic.rummy.calls import open_window
from logic.rummy.melds import (
    POINTS,
    PRETTY,
    SET,
    accepts_for,
    can_use_buried,
    classify,
    extend,
    new_meld,
    pretty,
)
from logic.rummy.state import (
    DRAW,
    FIRST_DEAL_DRAW,
    HAND_OVER,
    OVER,
    PENDING,
    PLAY,
    RummyState,
    deal_hand,
    find_meld,
    freeze,
    refill_stock,
    turn_words,
)

# stall safeguard: this many full rounds without anybody melding or laying off a card end the
# hand with nobody out (4 once the stock has been rebuilt, else 10). Without it a hand can
# deadlock: the cards left may never form a meld, or players may trade one discard for ever.
STALL_ROUNDS = 4
STALL_ROUNDS_NO_REBUILD = 10


def refuse(stage: int, kind: str) -> NoReturn:
    """The IllegalMove for an action ``kind`` that the current ``stage`` does not take."""
    if stage == FIRST_DEAL_DRAW:
        raise IllegalMove(t_msg("First everyone draws a card for the first deal: tap the deck."))
    if kind == "first-draw":
        raise IllegalMove(t_msg("The draw for the first deal is over."))
    if stage == HAND_OVER:
        raise IllegalMove(t_msg("The hand is over: press Next hand to continue."))
    if stage == DRAW:
        if kind == "undo":
            raise IllegalMove(t_msg("There is nothing to undo yet."))
        raise IllegalMove(t_msg("Draw first: take the top card of the stock or pick up from the discard pile."))
    if stage == PENDING:
        raise IllegalMove(t_msg("You have discarded: undo the discard or wait for your turn to end."))
    # stage == PLAY
    if kind == "draw" or kind == "take":
        raise IllegalMove(t_msg("You have already drawn this turn."))
    if kind == "commit":
        raise IllegalMove(t_msg("Discard a card to end your turn."))
    raise IllegalMove(t_msg("That move is not possible now."))


# --- the draw for the first deal -----------------------------------------------------------
def apply_first_draw(st: RummyState, seat: int) -> None:
    """``seat`` turns up its card; once everyone has, the highest card begins hand 1 (dealt already)."""
    if st.first_drawn[seat]:
        raise IllegalMove(t_msg("You have drawn your card already: wait for the others."))
    st.first_drawn[seat] = True
    if all(st.first_drawn):
        st.stage = DRAW
        w = st.first_draw_winner
        st.message = said(t_msg("{player} drew the highest card ({card}) and goes first.", player=seat_msg(w),
                                card=PRETTY[st.first_draw[w]]))
    else:
        st.message = said(t_msg("{player} drew the {card}.", player=seat_msg(seat),
                                card=PRETTY[st.first_draw[seat]]))


# --- hand over ------------------------------------------------------------------------------
def apply_next_hand(st: RummyState, seat: int) -> None:
    """Next hand: ``seat`` is ready; once every seat is, deal the next hand."""
    if st.confirmed[seat]:
        raise IllegalMove(t_msg("You are already waiting for the next hand."))
    st.confirmed[seat] = True
    if all(st.confirmed):
        st.hand_no += 1
        st.first_seat = (st.first_seat + 1) % st.n
        deal_hand(st)


# --- stage DRAW -----------------------------------------------------------------------------
def apply_draw(st: RummyState, seat: int) -> None:
    """Blind draw from the stock (never undoable)."""
    hand = st.hands[seat]
    if not st.stock:
        raise IllegalMove(t_msg("The stock is empty: take the top card of the discard pile."))
    if st.frozen is None:
        freeze(st)
    hand.append(st.stock.pop())
    st.drew = 1
    st.stage = PLAY
    if not st.stock:
        refill_stock(st)


def apply_take_discard(st: RummyState, seat: int, action: Any) -> None:
    """Pick up from the discard pile: the top card, or dig down to a buried one (which must then be used)."""
    hand = st.hands[seat]
    c = parse_card(action.card)
    disc = st.discard
    if c not in disc:
        raise IllegalMove(t_msg("The {card} is not in the discard pile.", card=PRETTY[c]))
    i = disc.index(c)
    taken = disc[i:]
    buried = len(taken) > 1
    if buried and st.top_only:
        raise IllegalMove(t_msg("House rule at this table: only the top card of the discard pile may be taken."))
    if st.keep_dug:
        buried = False  # house rule: a dug card may be kept, so nothing must be used
    elif buried and not can_use_buried(c, hand + taken, len(hand) + len(taken), st.melds, st.wrap):
        raise IllegalMove(t_msg(
            "You can only dig down to the {card} if you can meld it or lay it off this turn "
            "(and still keep a card to discard).", card=PRETTY[c]))
    if st.frozen is None:
        freeze(st)
    st.undo.append(("t", taken, list(hand), st.must_use))
    del disc[i:]
    hand.extend(taken)
    st.must_use = c if buried else -1
    st.drew = 2
    st.stage = PLAY


# --- stage PLAY -----------------------------------------------------------------------------
def apply_meld(st: RummyState, seat: int, action: Any) -> None:
    """Put a new set or run on the table from the hand."""
    hand = st.hands[seat]
    cards = parse_cards(action.cards, hand)
    shape = classify(cards, st.wrap)
    if shape is None:
        if len(cards) < 3:
            raise IllegalMove(t_msg("A meld needs at least three cards."))
        raise IllegalMove(t_msg("Those cards are neither a set (same rank) nor a run (same suit, in sequence)."))
    if len(cards) >= len(hand) and not st.no_final_discard:
        raise IllegalMove(t_msg("Keep at least one card: every turn ends with a discard."))
    mid = st.next_id
    st.undo.append(("m", mid, list(hand), 0))
    st.next_id = mid + 1
    st.melds.append(new_meld(mid, seat, cards, shape, st.wrap))
    cs = set(cards)
    st.hands[seat] = [c for c in hand if c not in cs]
    st.pts[seat] += sum(POINTS[c] for c in cards)
    _out_without_discard(st, seat)


def _out_without_discard(st: RummyState, seat: int) -> None:
    """House rule "go out without a discard": an empty hand ends the turn as a discard would (the grace period,
    then Commit goes out)."""
    if not st.hands[seat]:
        st.stage = PENDING


def apply_layoff(st: RummyState, seat: int, action: Any) -> None:
    """Add cards from the hand to a meld already on the table (anybody's)."""
    hand = st.hands[seat]
    idx = find_meld(st, action.meld)
    cards = parse_cards(action.cards, hand)
    meld = st.melds[idx]
    res = extend(meld, cards, st.wrap)
    if res is None:
        if meld[2] == SET:
            raise IllegalMove(t_msg("{cards} cannot be added to that set ({meld}).", cards=pretty(cards),
                                    meld=pretty(meld[6])))
        raise IllegalMove(t_msg("{cards} cannot be added to that run ({meld}).", cards=pretty(cards),
                                meld=pretty(meld[6])))
    if len(cards) >= len(hand) and not st.no_final_discard:
        raise IllegalMove(t_msg("Keep at least one card: every turn ends with a discard."))
    st.undo.append(("l", idx, list(hand), [meld[4], meld[5], list(meld[6]), len(meld[7]), list(meld[8])], list(cards)))
    lo, hi, shown = res
    meld[4], meld[5], meld[6] = lo, hi, shown
    meld[7].extend([seat, c] for c in cards)
    meld[8] = accepts_for(meld[2], meld[3], lo, hi, shown, st.wrap)
    cs = set(cards)
    st.hands[seat] = [c for c in hand if c not in cs]
    st.pts[seat] += sum(POINTS[c] for c in cards)
    _out_without_discard(st, seat)


def apply_discard(st: RummyState, seat: int, action: Any) -> None:
    """Discard a card: the turn goes PENDING (only Undo or Commit from here)."""
    hand = st.hands[seat]
    c = parse_card(action.card)
    if c not in hand:
        raise IllegalMove(t_msg("You do not hold the {card}.", card=PRETTY[c]))
    mu = st.must_use
    if mu >= 0 and mu in hand:
        raise IllegalMove(t_msg(
            "You took the {card} from under the pile: meld it or lay it off before you discard "
            "(or undo the pickup).", card=PRETTY[mu]))
    st.undo.append(("d", c, list(hand), 0))
    hand.remove(c)
    st.discard.append(c)
    st.stage = PENDING


def apply_undo(st: RummyState, seat: int) -> None:
    """Undo the newest meld, lay-off or discard-pile pickup of this turn."""
    if not st.undo:
        raise IllegalMove(t_msg("A card drawn from the stock cannot be put back."))
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


# --- stage PENDING --------------------------------------------------------------------------
def apply_undo_discard(st: RummyState, seat: int) -> None:
    """Take the discard back into the hand during the grace period."""
    entry = st.undo.pop()
    st.discard.pop()
    st.hands[seat] = list(entry[2])
    st.stage = PLAY


def apply_commit(st: RummyState) -> None:
    """End the turn: record it in the history, then go out, stall out or pass the turn on."""
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
                if m[0] == entry[1]:  # as put down: cards laid off on it later this turn are named as lay-offs
                    added = {c for _, c in m[7]}
                    melded.append([c for c in m[6] if c not in added])
                    break
        elif tag == "l":
            meld = st.melds[entry[1]]
            laid.append([meld[0], list(entry[4])])
        else:
            disc = entry[1]
    out = not st.hands[seat]
    hist = [seat, took, melded, laid, disc, out]
    st.history.append(hist)
    line = t_pmsg("log line", "{player} {move}.", player=seat_msg(seat), move=turn_words(hist))
    st.message = said(line)
    st.undo = []
    st.frozen = None
    st.must_use = -1
    st.drew = 0
    if out:
        end_hand(st, seat)
        return
    st.stall = 0 if (melded or laid) else st.stall + 1
    if st.stall >= (STALL_ROUNDS if st.rebuilds else STALL_ROUNDS_NO_REBUILD) * st.n:
        st.message = said(t_msg("{line} Nobody has melded or laid off for too long: the hand ends with nobody out.",
                                line=line))
        end_hand(st, -1)
        return
    st.current = (seat + 1) % st.n
    st.stage = DRAW
    st.turn_start_pts = st.pts[st.current]
    if not st.stock:
        refill_stock(st)
    if st.call_on:
        open_window(st, disc)  # house rule "Rummy!": the discard may be called for a few seconds


def end_hand(st: RummyState, winner: int) -> None:
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
