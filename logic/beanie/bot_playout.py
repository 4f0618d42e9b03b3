"""A fast playout of the rest of a Beanie round, for the Hard level's search (``bot_search.py``).

It works straight on a ``BeanieState`` (no legal-move lists, no views): every seat plays the same plain,
sound policy, written from the rules. Draw the discard when it makes a set with the hand (or the stock is
empty); lay the sets that shed the most points; steal a Beanie whenever the hand holds the card it stands
for; add every natural card that fits; place spare Beanies; then discard the costliest natural card that
has no partner. Nobody votes. The first-turn rule (keep two cards) is kept.

``play_round`` returns each seat's penalty for the round (0 for the seat that went out); a round that is
still going after ``max_turns`` turns is valued as if it ended as a draw there.
"""

from __future__ import annotations

import random
from typing import Any

from . import sets as S
from .bot_eval import has_partner as has_partner
from .deck import WILD
from .sets import NATURAL_POINTS, RANK, SUIT
from .state import STAGE_DRAW, STAGE_PLAY, BeanieState


def makes_set(top: int, hand: list[int], wild: int) -> bool:
    """Whether ``top`` lays at once with two cards of ``hand`` (natural partners or Beanies)."""
    if WILD[wild][top]:
        return sum(1 for c in hand if not WILD[wild][c] and has_partner(c, hand + [top])) >= 1 or any(
            WILD[wild][c] for c in hand
        )
    nw = sum(1 for c in hand if WILD[wild][c])
    rt, su = RANK[top], SUIT[top]
    same_rank = {SUIT[c] for c in hand if RANK[c] == rt and c != top and not WILD[wild][c]}
    same_rank.discard(su)
    if len(same_rank) + nw >= 2:
        return True
    ranks = {RANK[c] for c in hand if SUIT[c] == su and not WILD[wild][c]}
    for lo in range(rt - 2, rt + 1):  # windows of three ranks holding rt
        if lo < 1 or lo + 2 > 13:
            continue
        missing = sum(1 for r in range(lo, lo + 3) if r != rt and r not in ranks)
        if missing <= nw:
            return True
    return False


def _lay_points(cards: tuple[int, ...], wild: int, bv: int) -> int:
    return sum(bv if WILD[wild][c] else NATURAL_POINTS[c] for c in cards)


def _best_lay(hand: list[int], wild: int, bv: int, keep: int, ace_high: bool = False) -> tuple[Any, ...] | None:
    """The lay option shedding the most points (then the most cards, the fewest Beanies) that leaves
    at least ``keep`` cards in hand."""
    best, best_key = None, None
    limit = len(hand) - keep
    for cards, at, end in S.lay_options(hand, wild, ace_high):
        if len(cards) > limit:
            continue
        nw = sum(1 for c in cards if WILD[wild][c])
        key = (_lay_points(cards, wild, bv) - 4 * nw, len(cards), -nw)
        if best_key is None or key > best_key:
            best, best_key = (cards, at, end), key
    return best


class RoundPlayout:
    """Plays a world (a ``BeanieState`` in its play phase) to the end of the round, in place."""

    def __init__(self, max_turns: int = 40):
        self.max_turns = max_turns

    def play_round(self, st: BeanieState, rng: random.Random) -> list[int]:
        start = st.round_turns
        while st.round_turns - start < self.max_turns:
            winner = self.play_turn(st, rng)
            if winner is not None:
                return [0 if i == winner else S.hand_points(h, st.round, st.beanie_value) for i, h in
                        enumerate(st.hands)]
        return [S.hand_points(h, st.round, st.beanie_value) for h in st.hands]

    def play_turn(self, st: BeanieState, rng: random.Random) -> int | None:
        """One turn of the seat to move (from its draw or its play step); the winner if it went out."""
        seat = st.turn
        hand = st.hands[seat]
        wild = st.round
        if st.stage == STAGE_DRAW:
            if not st.stock and not st.discard:
                return -1  # nothing to draw: treat as stuck (valued as a draw by the caller's cap)
            if st.discard and (not st.stock or makes_set(st.discard[-1], hand, wild)):
                c = st.discard.pop()
                st.taken[seat].append(c)
            else:
                c = st.stock.pop()
            hand.append(c)
            st.drawn = c
            st.stage = STAGE_PLAY
        keep = 2 if st.turns_done[seat] == 0 else 0
        if self._melds(st, seat, hand, wild, keep):
            return seat
        # discard
        if len(hand) == 1 and keep:
            return None  # cannot happen with keep=2; defensive
        nat = [c for c in hand if not WILD[wild][c]]
        useless = [c for c in nat if not has_partner(c, nat)]
        pool = useless or nat or hand
        d = max(pool, key=lambda c: (NATURAL_POINTS[c], RANK[c], c))
        hand.remove(d)
        st.discard.append(d)
        st.thrown[seat].append(d)
        st.turns_done[seat] += 1
        st.round_turns += 1
        if not hand:
            return seat
        st.turn = (seat + 1) % st.players
        st.stage = STAGE_DRAW
        st.drawn = -1
        if not st.stock and len(st.discard) >= 2:
            top = st.discard.pop()
            st.stock = st.discard
            rng.shuffle(st.stock)
            st.discard = [top]
        return None

    def _melds(self, st: BeanieState, seat: int, hand: list[int], wild: int, keep: int) -> bool:
        """Lay, steal, add and place Beanies while anything helps; True when the hand is empty."""
        bv = st.beanie_value
        changed = True
        while changed:
            changed = False
            ah = st.ace_high_runs
            lay = _best_lay(hand, wild, bv, keep, ah) if len(hand) - keep >= 3 else None
            if lay is not None:
                cards, at, end = lay
                typ, placed, reps = S.build_set(list(cards), wild, at, end, ah)
                for c in cards:
                    hand.remove(c)
                st.sets.append([st.next_set_id, seat, typ, placed, reps])
                st.next_set_id += 1
                st.laid[seat] = True
                changed = True
                if not hand:
                    return True
                continue
            if not st.laid[seat]:
                return False
            if self._steal(st, seat, hand, wild):
                changed = True
                continue
            if len(hand) - keep < 1:
                return False
            for s in st.sets:
                fits = [c for c in S.accepts(s, wild, ah) if c in hand]
                if fits:
                    c = max(fits, key=NATURAL_POINTS.__getitem__)
                    hand.remove(c)
                    S.add_natural(s, c)
                    changed = True
                    break
            if changed:
                if not hand:
                    return True
                continue
            for c in hand:
                if not WILD[wild][c]:
                    continue
                for s in st.sets:
                    ends = S.star_ends(s, ah)
                    if ends:
                        side = None if s[2] == S.MATCH else ("high" if S.star_sides(s, ah)[1] else "low")
                        hand.remove(c)
                        S.add_star(s, c, side)
                        changed = True
                        break
                if changed:
                    break
            if changed and not hand:
                return True
        return False

    def _steal(self, st: BeanieState, seat: int, hand: list[int], wild: int) -> bool:
        for s in st.sets:
            if s[1] == seat and not st.reclaim_own:
                continue
            cards, reps = s[3], s[4]
            for i, (c, r) in enumerate(zip(cards, reps, strict=True)):
                if WILD[wild][c] and r != c and not WILD[wild][r] and r in hand:
                    cards[i] = r
                    hand.remove(r)
                    hand.append(c)
                    st.taken[seat].append(c)
                    return True
        return False
