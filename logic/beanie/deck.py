"""Beanie's card ids and what is wild, with the house rule "Two jokers" (``jokers``, issue 52).

A card is an int ``suit * 13 + rank - 1`` (suits S, H, D, C = 0..3, ranks ace = 1 .. king = 13); with the jokers
on, two more cards join the deck: ``JK1`` is 52 and ``JK2`` is 53. A joker has no rank or suit (``RANK`` 0,
``SUIT`` 4) and is wild in every round, beside the round's Beanies: everything a Beanie may do, a joker may do
(fill a set, be placed with the star, be stolen by the card it stands for) and in a hand at the end of a round it
costs what a Beanie costs (HOUSE_RULES.md; the rules page's "Choices we made"). So the one question the engine and
the bots ask is ``WILD[wild][card]``: is this card wild in the round whose Beanies are rank ``wild``?
"""

from __future__ import annotations

from logic.cards import JOKER_CODES

JOKERS: tuple[int, ...] = (52, 53)
JOKER_RANK = 0  # no rank: never equal to a natural card's rank, never a round's Beanie rank
JOKER_SUIT = 4  # no suit
DECK_SIZE = {False: 52, True: 54}

RANK: tuple[int, ...] = tuple(c % 13 + 1 for c in range(52)) + (JOKER_RANK, JOKER_RANK)
SUIT: tuple[int, ...] = tuple(c // 13 for c in range(52)) + (JOKER_SUIT, JOKER_SUIT)
JOKER_IDS: dict[str, int] = dict(zip(JOKER_CODES, JOKERS, strict=True))

# WILD[w][c]: card c is wild when rank w is the Beanie (w = 1..13; row 0 only for a view without a round)
WILD: tuple[tuple[bool, ...], ...] = tuple(tuple(c >= 52 or RANK[c] == w for c in range(54)) for w in range(14))


def is_wild(card: int, wild: int) -> bool:
    """Is ``card`` wild in the round whose Beanies are rank ``wild`` (a joker always is)?"""
    return card >= 52 or RANK[card] == wild


def deck(jokers: bool) -> list[int]:
    """The cards of a round, in id order (52, or 54 with the jokers)."""
    return list(range(DECK_SIZE[jokers]))
