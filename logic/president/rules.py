"""President rules engine: who moves, legal actions, applying actions, trick and hand transitions, scoring."""

from __future__ import annotations

from typing import Any

from logic.game import PHASE_HAND_OVER, PHASE_OVER, PHASE_PLAY, IllegalMove
from logic.messages import t_msg, t_nmsg

from .actions import (
    CODES,
    LEAD_TABLE,
    NEXT,
    PASS,
    PASS_TRICK_OFF,
    PASS_TRICK_ON,
    PLAY_TABLE,
    POP4,
    Give,
    NextHand,
    Pass,
    PassTrick,
    Play,
    mask_cards,
    parse_cards,
    parse_play,
)
from .house import apply_play as _house_play
from .house import legal_plays as _house_legal
from .state import PHASE_EXCHANGE, PresidentState, deal_hand
from .trick import auto_pass, end_hand, lay, next_active, pass_turn
from .words import ranks

# "follow the lead's count" (a refusal), by the lead's number of cards
SAME_COUNT = (t_msg("Play the same number of cards as the lead or pass"),
              t_msg("Play the same number of cards as the lead (a single card) or pass"),
              t_msg("Play the same number of cards as the lead (a pair) or pass"),
              t_msg("Play the same number of cards as the lead (three of a kind) or pass"),
              t_msg("Play the same number of cards as the lead (four of a kind) or pass"))

# --- engine ---------------------------------------------------------------------------------------------


def to_move(s: PresidentState) -> tuple[int, ...]:
    ph = s.phase
    if ph == PHASE_PLAY:
        return (s.turn,)
    if ph == PHASE_EXCHANGE:
        return tuple(i for i in range(s.n) if s.ex_pending >> i & 1)
    if ph == PHASE_HAND_OVER:
        return tuple(i for i in range(s.n) if not s.confirmed >> i & 1)
    return ()


def legal_actions(s: PresidentState, seat: int) -> list[Any]:
    if s.phase == PHASE_PLAY:
        if seat != s.turn:
            return []
        if s.house:
            return _house_legal(s, seat)
        h = s.hands[seat]
        k = s.top_count
        out: list[Any] = []
        if not k:
            for r in range(13):
                nib = h >> (r << 2) & 15
                if nib:
                    out.extend(LEAD_TABLE[r][nib])
            return out
        t = s.top_rank
        ranks = range(t - 1, -1, -1) if s.rev else range(t + 1, 13)
        for r in ranks:
            nib = h >> (r << 2) & 15
            if POP4[nib] >= k:
                out.append(PLAY_TABLE[r][nib][k])
        out.append(PASS)
        return out
    if s.phase == PHASE_EXCHANGE:
        if not s.ex_pending >> seat & 1:
            return []
        return _give_options(s.hands[seat], s.ex_give[seat])
    if s.phase == PHASE_HAND_OVER:
        return [] if s.confirmed >> seat & 1 else [NEXT]
    return []


def off_turn_moves(s: PresidentState, seat: int) -> list[Any]:
    """"Pass for this trick" (or taking it back): for a seat still in the hand while another plays. The switch that
    changes something comes first; the other is accepted too and changes nothing (a second tap on a stale page)."""
    if s.phase != PHASE_PLAY or not 0 <= seat < s.n or seat == s.turn or s.out_mask >> seat & 1:
        return []
    return [PASS_TRICK_OFF, PASS_TRICK_ON] if s.passing >> seat & 1 else [PASS_TRICK_ON, PASS_TRICK_OFF]


def _give_options(h: int, k: int) -> list[Give]:
    """One Give per distinct multiset of ranks (suits do not matter), lowest ranks first."""
    cards = mask_cards(h)
    out: list[Give] = []
    seen: set[tuple[int, ...]] = set()
    if k == 1:
        for c in cards:
            key: tuple[int, ...] = (c >> 2,)
            if key not in seen:
                seen.add(key)
                out.append(Give((CODES[c],)))
        return out
    for i, a in enumerate(cards):
        for b in cards[i + 1 :]:
            key = (a >> 2, b >> 2)
            if key not in seen:
                seen.add(key)
                out.append(Give((CODES[a], CODES[b])))
    return out


def apply(s: PresidentState, seat: int, action: Any) -> None:
    cls = type(action)
    if cls is Play:
        _apply_play(s, seat, action)
    elif cls is Pass:
        _apply_pass(s, seat)
    elif cls is Give:
        _apply_give(s, seat, action)
    elif cls is NextHand:
        _apply_next(s, seat)
    elif cls is PassTrick:
        _apply_pass_trick(s, seat, action)
    else:
        raise IllegalMove(t_msg("That action makes no sense in President"))


def _check_turn(s: PresidentState, seat: int) -> None:
    if s.phase != PHASE_PLAY:
        if s.phase == PHASE_EXCHANGE:
            raise IllegalMove(t_msg("Cards are being exchanged; play starts when the exchange is done"))
        if s.phase == PHASE_HAND_OVER:
            raise IllegalMove(t_msg("This hand is over; continue to the next hand"))
        raise IllegalMove(t_msg("The match is over"))
    if seat != s.turn:
        raise IllegalMove(t_msg("It is not your turn"))


def _apply_play(s: PresidentState, seat: int, action: Play) -> None:
    if s.phase != PHASE_PLAY or seat != s.turn:
        _check_turn(s, seat)
    if s.house:
        _house_play(s, seat, action)
        return
    cards = action.cards
    if type(cards) is not tuple:
        cards = tuple(cards) if isinstance(cards, list) else cards
        if type(cards) is not tuple:
            raise IllegalMove(t_msg("Choose the cards to play"))
    mask, rank, count = parse_play(cards)
    h = s.hands[seat]
    if h & mask != mask:
        raise IllegalMove(t_msg("You can only play cards from your own hand"))
    k = s.top_count
    if k:
        if count != k:
            raise IllegalMove(SAME_COUNT[k])
        t = s.top_rank
        if (rank >= t) if s.rev else (rank <= t):
            if rank == t:
                raise IllegalMove(t_msg("An equal rank does not beat the {ranks}: play higher or pass",
                                        ranks=ranks(t)))
            if s.rev:
                raise IllegalMove(t_msg("Play a higher rank than the {ranks} (the order is reversed: lower ranks are "
                                        "higher now), or pass", ranks=ranks(t)))
            raise IllegalMove(t_msg("Play a higher rank than the {ranks}, or pass", ranks=ranks(t)))
    # --- valid: mutate
    h = lay(s, seat, mask, rank, count)
    flipped = False
    if count == 4 and s.revolution:
        s.rev = not s.rev
        flipped = True
    went_out = False
    if not h:
        went_out = True
        s.finished.append(seat)
        s.out_mask |= 1 << seat
        if len(s.finished) == s.n - 1:
            last = next(i for i in range(s.n) if not s.out_mask >> i & 1)
            s.finished.append(last)
            s.out_mask |= 1 << last
            s.last_event = ("play", seat, mask, flipped, went_out)
            end_hand(s)
            return
    s.last_event = ("play", seat, mask, flipped, went_out)
    s.turn = next_active(s, seat)
    auto_pass(s)


def _apply_pass(s: PresidentState, seat: int) -> None:
    if s.phase != PHASE_PLAY or seat != s.turn:
        _check_turn(s, seat)
    if not s.top_count:
        raise IllegalMove(t_msg("You are leading, so you must play something"))
    pass_turn(s, seat)
    auto_pass(s)


def _apply_give(s: PresidentState, seat: int, action: Give) -> None:
    if s.phase != PHASE_EXCHANGE:
        raise IllegalMove(t_msg("There is no card exchange right now"))
    if not s.ex_pending >> seat & 1:
        if s.ex_give[seat]:
            raise IllegalMove(t_msg("You have already given your cards back"))
        raise IllegalMove(t_msg("Only the President and Vice President give cards back"))
    need = s.ex_give[seat]
    cards = action.cards
    if not isinstance(cards, (tuple, list)):
        raise IllegalMove(t_msg("Choose the cards to give back"))
    mask, ints = parse_cards(cards)
    if len(ints) != need:
        raise IllegalMove(t_nmsg("Give back exactly {n} card", "Give back exactly {n} cards", n=need))
    if s.hands[seat] & mask != mask:
        raise IllegalMove(t_msg("You can only give cards from your own hand"))
    partner = s.ex_partner[seat]
    s.hands[seat] &= ~mask
    s.hands[partner] |= mask
    s.ex_gave[seat] = mask
    s.ex_recv[partner] = mask
    s.ex_pending &= ~(1 << seat)
    s.last_event = ("give", seat, 0, need)
    if not s.ex_pending:
        s.phase = PHASE_PLAY
        s.turn = s.prev_finish[-1]  # the Beggar leads
        s.last_event = ("give", seat, 0, need, s.turn)


def _apply_pass_trick(s: PresidentState, seat: int, action: PassTrick) -> None:
    if s.phase != PHASE_PLAY:
        raise IllegalMove(t_msg("You can pass a trick only while cards are being played"))
    if not 0 <= seat < s.n:
        raise IllegalMove(t_msg("It is not your turn"))
    if s.out_mask >> seat & 1:
        raise IllegalMove(t_msg("You are already out of this hand"))
    if seat == s.turn:
        raise IllegalMove(t_msg("It is your turn: play, or press Pass"))
    bit = 1 << seat
    if action.on:
        s.passing |= bit
    else:
        s.passing &= ~bit


def _apply_next(s: PresidentState, seat: int) -> None:
    if s.phase != PHASE_HAND_OVER:
        raise IllegalMove(t_msg("The hand is not over yet") if s.phase != PHASE_OVER else t_msg("The match is over"))
    if not 0 <= seat < s.n:
        raise IllegalMove(t_msg("It is not your turn"))
    if s.confirmed >> seat & 1:
        raise IllegalMove(t_msg("You are already waiting for the others"))
    s.confirmed |= 1 << seat
    if s.confirmed == (1 << s.n) - 1:
        deal_hand(s, s.hand_no + 1)
