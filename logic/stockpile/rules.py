"""Stockpile engine: whose move it is, legal actions, applying actions, turn flow and scoring.

Choices beyond the printed rules (also explained in ``rules_text``):

* Hands start empty; each turn begins by topping the hand up to five.
* A stock card, once played, is final (it always turns a card up or empties the stock).
* ``Pass`` is allowed only with an empty hand, nothing left to draw (draw pile and set-aside both
  empty) and no legal play. When every seat passes in a row the deal is stuck: it ends with no
  winner and no points. A deal also ends with no winner when ``STALL_ROUNDS`` full rounds go by
  without any stock card being played, so every deal ends.
* A series stops after ``MAX_STUCK_DEALS`` stuck deals in a row (the leader wins) so it ends too.
"""

from __future__ import annotations

from typing import Any

from logic.game import IllegalMove
from logic.messages import Message, t_msg
from logic.stockpile.actions import (
    BUILDS,
    COMMIT,
    DISCARD,
    DISCARD_MASKS,
    DISCARD_PILES,
    DISCARDS_FOR,
    HAND_MASKS,
    HAND_SIZE,
    NEXT,
    PASS,
    SRC_HAND,
    SRC_STOCK,
    STOCK_MASKS,
    TOP,
    UNDO,
    WILD,
    Commit,
    Discard,
    NextHand,
    Pass,
    Play,
    Undo,
    parse_source,
)
from logic.stockpile.state import (
    STAGE_HAND_OVER,
    STAGE_OVER,
    STAGE_PENDING,
    STAGE_PLAY,
    State,
    deal_hands,
    fill_hand,
    source_seats,
    team_seats,
)

WIN_BASE = 25
PER_STOCK_CARD = 5
SERIES_TARGET = 500
STALL_ROUNDS = 40
MAX_STUCK_DEALS = 10


def to_move(s: State) -> tuple[int, ...]:
    st = s.stage
    if st == STAGE_PLAY or st == STAGE_PENDING:
        return (s.turn,)
    if st == STAGE_HAND_OVER:
        return tuple(i for i, w in enumerate(s.waiting) if w)
    return ()


def _has_play(s: State, seat: int) -> bool:
    needs = {len(b) + 1 for b in s.builds}
    owners = source_seats(s, seat)
    for o in owners:
        st = s.stocks[o]
        if st and (st[-1] == WILD or st[-1] in needs):
            return True
        for p in s.discards[o]:
            if p and (p[-1] == WILD or p[-1] in needs):
                return True
    for c in s.hands[seat]:
        if c == WILD or c in needs:
            return True
    return False


def can_pass(s: State, seat: int) -> bool:
    return (
        s.stage == STAGE_PLAY
        and seat == s.turn
        and not s.hands[seat]
        and not s.draw
        and not s.set_aside
        and not _has_play(s, seat)
    )


def legal_actions(s: State, seat: int) -> list[Any]:
    stage = s.stage
    if stage == STAGE_PLAY:
        if seat != s.turn:
            return []
        out: list[Any] = []
        b0, b1, b2, b3 = s.builds
        masks = [0] * 13
        masks[0] = 15
        masks[len(b0) + 1] |= 1
        masks[len(b1) + 1] |= 2
        masks[len(b2) + 1] |= 4
        masks[len(b3) + 1] |= 8
        owners = source_seats(s, seat)
        for o in owners:
            st = s.stocks[o]
            if st:
                m = masks[st[-1]]
                if m:
                    out.extend(STOCK_MASKS[o][m])
        for o in owners:
            rows = DISCARD_MASKS[o]
            for p, pile in enumerate(s.discards[o]):
                if pile:
                    m = masks[pile[-1]]
                    if m:
                        out.extend(rows[p][m])
        hand = s.hands[seat]
        for i, c in enumerate(hand):
            m = masks[c]
            if m:
                out.extend(HAND_MASKS[i][m])
        if hand:
            if s.no_wild_discards:
                out.extend(a for i, c in enumerate(hand) if c != WILD for a in DISCARD[i])
            else:
                out.extend(DISCARDS_FOR[len(hand)])
        elif not out and not s.draw and not s.set_aside:
            if s.undo:
                out.append(UNDO)
            out.append(PASS)
            return out
        if s.undo:
            out.append(UNDO)
        return out
    if stage == STAGE_PENDING:
        return [UNDO, COMMIT] if seat == s.turn else []
    if stage == STAGE_HAND_OVER:
        return [NEXT] if s.waiting[seat] else []
    return []


def _check_seat(s: State, seat: Any) -> None:
    if not isinstance(seat, int) or not 0 <= seat < s.players:
        raise IllegalMove(t_msg("There is no such seat at this table."))


def apply(s: State, seat: int, action: Any) -> None:
    t = type(action)
    stage = s.stage
    if t is Play:
        if stage != STAGE_PLAY or seat != s.turn:
            _not_now(s, seat, t_msg("You can't play a card now."))
        _play(s, seat, action)
    elif t is Discard:
        if stage != STAGE_PLAY or seat != s.turn:
            _not_now(s, seat, t_msg("You can't discard now."))
        _discard(s, seat, action)
    elif t is Commit:
        if stage != STAGE_PENDING or seat != s.turn:
            if stage == STAGE_PLAY and seat == s.turn:
                raise IllegalMove(t_msg("Discard a card to end your turn first."))
            _not_now(s, seat, t_msg("You can't finish a turn now."))
        s.undo.clear()
        _end_turn(s)
    elif t is Undo:
        _undo(s, seat)
    elif t is Pass:
        if stage != STAGE_PLAY or seat != s.turn:
            _not_now(s, seat, t_msg("You can't pass now."))
        if not can_pass(s, seat):
            if s.hands[seat]:
                raise IllegalMove(t_msg("You can't pass while you hold cards: discard one to end your turn."))
            if s.draw or s.set_aside:
                raise IllegalMove(t_msg("You can't pass while cards are left to draw."))
            raise IllegalMove(t_msg("You can't pass while you still have a card to play."))
        s.passes += 1
        s.last = ("pass", seat)
        if s.passes >= s.players:
            _end_deal(s, -1)
            return
        _end_turn(s, passed=True)
    elif t is NextHand:
        _check_seat(s, seat)
        if stage != STAGE_HAND_OVER:
            raise IllegalMove(t_msg("There is no finished deal to move on from."))
        if not s.waiting[seat]:
            raise IllegalMove(t_msg("You are already waiting for the next deal."))
        s.waiting[seat] = False
        if not any(s.waiting):
            deal_hands(s)
    else:
        raise IllegalMove(t_msg("That is not a Stockpile move."))


def _not_now(s: State, seat: Any, what: Message) -> None:
    _check_seat(s, seat)
    if s.stage == STAGE_OVER:
        raise IllegalMove(t_msg("The game is over."))
    if s.stage == STAGE_HAND_OVER:
        raise IllegalMove(t_msg("The deal is over: press Next to continue."))
    if seat != s.turn:
        raise IllegalMove(t_msg("It is not your turn."))
    if s.stage == STAGE_PENDING:
        raise IllegalMove(t_msg("Your turn is ending: undo the discard first if you want to keep playing."))
    raise IllegalMove(what)


def _play(s: State, seat: int, action: Play) -> None:
    kind, owner, idx = parse_source(action.source)
    build = action.build
    if type(build) is not int or not 0 <= build < BUILDS:
        raise IllegalMove(t_msg("Choose one of the four building piles."))
    if kind == SRC_HAND:
        hand = s.hands[seat]
        if idx >= len(hand):
            raise IllegalMove(t_msg("You have no card in that hand slot."))
        card = hand[idx]
        src = hand
    else:
        if owner >= s.players:
            raise IllegalMove(t_msg("There is no such seat at this table."))
        if owner != seat and s.own_piles_only and owner in team_seats(s, seat):
            if kind == SRC_STOCK:
                raise IllegalMove(t_msg("House rule at this table: you may not play from your partner's stock."))
            raise IllegalMove(t_msg("House rule at this table: you may not play from your partner's discard piles."))
        if owner not in source_seats(s, seat):
            both = s.partners and not s.own_piles_only
            if kind == SRC_STOCK:
                raise IllegalMove(t_msg("You can only play from your own stock or your partner's.") if both
                                  else t_msg("You can only play from your own stock."))
            raise IllegalMove(t_msg("You can only play from your own discard piles or your partner's.") if both
                              else t_msg("You can only play from your own discard piles."))
        if kind == SRC_STOCK:
            src = s.stocks[owner]
            if not src:
                raise IllegalMove(t_msg("That stock is empty."))
        else:
            src = s.discards[owner][idx]
            if not src:
                raise IllegalMove(t_msg("That discard pile is empty."))
        card = src[-1]
    pile = s.builds[build]
    need = len(pile) + 1
    if card != WILD and card != need:
        raise IllegalMove(t_msg("That pile needs a {need} (or a wild); a {card} doesn't fit.", need=need, card=card))
    # --- validated: mutate ---
    if kind == SRC_HAND:
        del src[idx]
    else:
        src.pop()
    pile.append(card)
    s.passes = 0
    final = kind == SRC_STOCK
    cleared = False
    if need == TOP:
        s.set_aside.extend(pile)
        pile.clear()
        final = True
        cleared = True
    s.last = ("play", seat, card, need, build, kind, owner, cleared)
    if kind == SRC_STOCK:
        s.quiet = 0
        if not src:
            won = True
            if s.partners:
                for o in team_seats(s, seat):
                    if s.stocks[o]:
                        won = False
            if won:
                s.undo.clear()
                _end_deal(s, seat)
                return
    hand = s.hands[seat]
    if not hand and (s.draw or s.set_aside):
        fill_hand(s, hand, HAND_SIZE)
        final = True
    if final:
        s.undo.clear()
    else:
        s.undo.append((0, kind, owner, idx, build))


def _discard(s: State, seat: int, action: Discard) -> None:
    i, p = action.hand_index, action.pile
    hand = s.hands[seat]
    if type(i) is not int or not 0 <= i < len(hand):
        raise IllegalMove(t_msg("Pick a card from your hand to discard.") if hand
                          else t_msg("You have no card to discard."))
    if type(p) is not int or not 0 <= p < DISCARD_PILES:
        raise IllegalMove(t_msg("Choose one of your four discard piles."))
    if s.no_wild_discards and hand[i] == WILD:
        raise IllegalMove(t_msg("House rule at this table: a wild may not go on your discard piles. "
                                "Play it on a building pile."))
    card = hand.pop(i)
    s.discards[seat][p].append(card)
    s.undo.append((1, i, p))
    s.stage = STAGE_PENDING
    s.last = ("discard", seat, card, p)


def _undo(s: State, seat: int) -> None:
    if s.stage not in (STAGE_PLAY, STAGE_PENDING) or seat != s.turn:
        _not_now(s, seat, t_msg("You can't undo now."))
    if not s.undo:
        raise IllegalMove(t_msg("Nothing to undo: a move that turned up or drew a card or cleared a pile is final."))
    rec = s.undo.pop()
    if rec[0] == 1:
        _, i, p = rec
        card = s.discards[seat][p].pop()
        s.hands[seat].insert(i, card)
        s.stage = STAGE_PLAY
    else:
        _, kind, owner, idx, build = rec
        card = s.builds[build].pop()
        if kind == SRC_HAND:
            s.hands[seat].insert(idx, card)
        else:
            s.discards[owner][idx].append(card)
    s.last = ("undo", seat)


def _end_turn(s: State, passed: bool = False) -> None:
    if not passed:
        s.passes = 0
        s.last = ("turn", s.turn)
    s.stage = STAGE_PLAY
    s.undo.clear()
    s.quiet += 1
    if s.quiet >= STALL_ROUNDS * s.players:
        _end_deal(s, -1)
        return
    s.turn = nxt = (s.turn + 1) % s.players
    hand = s.hands[nxt]
    if len(hand) < HAND_SIZE:
        fill_hand(s, hand, HAND_SIZE)


def _end_deal(s: State, winner: int) -> None:
    n = s.players
    s.undo.clear()
    pts = [0] * n
    if winner >= 0:
        team = team_seats(s, winner)
        left = sum(len(s.stocks[o]) for o in range(n) if o not in team)
        points = WIN_BASE + PER_STOCK_CARD * left
        for o in team:
            pts[o] = points
        s.stuck_deals = 0
        s.last = ("win", winner, points)
    else:
        s.stuck_deals += 1
        s.last = ("stuck", -1)
    s.deal_points = pts
    s.deal_winner = winner
    if s.series:
        s.scores = [a + b for a, b in zip(s.scores, pts, strict=True)]
        if max(s.scores) >= SERIES_TARGET or s.stuck_deals >= MAX_STUCK_DEALS:
            s.stage = STAGE_OVER
        else:
            s.stage = STAGE_HAND_OVER
            s.waiting = [True] * n
    else:
        s.scores = pts[:]
        s.stage = STAGE_OVER


def phase(s: State) -> str:
    return s.stage
