"""The President search's worlds: the other seats' hands dealt from the unseen cards (as rank counts), within what
the hand has shown (bot_search.py samples these and keeps the deals the others' plays make likely)."""

from __future__ import annotations

import random

from .bot_info import COUNTS, BotInfo


def sample_hands(info: BotInfo, rng: random.Random) -> list[list[int]]:
    """Hands of all seats (counts): ours as is, the others dealt from the unseen cards, respecting the
    hand sizes, the cards the exchange showed us and the Beggar's rank cap."""
    n = info.n
    hands = [[0] * COUNTS for _ in range(n)]
    assert info.me is not None, "hands are sampled for a seated player"
    hands[info.me] = list(info.h)
    pool = list(info.unseen)
    need = [0 if (p == info.me or info.out_mask >> p & 1) else info.cnt[p] for p in range(n)]
    for p, known in info.known.items():
        if not need[p]:
            continue
        for r in range(COUNTS):
            take = min(known[r], pool[r], need[p])
            if take:
                hands[p][r] += take
                pool[r] -= take
                need[p] -= take
    cards = []
    for r in range(COUNTS):  # the jokers (13) too: a sampled hand may hold them
        cards.extend([r] * pool[r])
    rng.shuffle(cards)
    # seats with a rank cap (Beggar seen by the President) take their cards first from the low ones
    for p, cap in info.cap.items():
        if not need[p]:
            continue
        rest = []
        for r in cards:
            if need[p] and r <= cap:
                hands[p][r] += 1
                need[p] -= 1
            else:
                rest.append(r)
        cards = rest
    pos = 0
    for p in range(n):
        k = need[p]
        if k:
            for r in cards[pos : pos + k]:
                hands[p][r] += 1
            pos += k
    return hands
