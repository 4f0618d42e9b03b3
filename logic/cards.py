"""Standard 52-card deck values: cards, suits, ranks, parsing ("QS", "10H") and sorting.

A card is a small immutable value. Internally ranks are ints 2..14 (ace high = 14); games
that count aces low map them themselves. Suit letters are S, H, D, C.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import NamedTuple

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAME = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANKS: tuple[int, ...] = tuple(range(2, 15))
RANK_LABEL = {11: "J", 12: "Q", 13: "K", 14: "A"}
RANK_NAME = {11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}
_LABEL_RANK = {"J": 11, "Q": 12, "K": 13, "A": 14}
JOKER_CODES: tuple[str, ...] = ("JK1", "JK2")  # the two jokers of a game that plays with them (not Card values)


def is_joker(code: str) -> bool:
    return code in JOKER_CODES


class Card(NamedTuple):
    """A playing card. ``Card(12, 'S')`` is the queen of spades; ``str()`` gives ``'QS'``."""

    rank: int
    suit: str

    def __str__(self) -> str:
        return self.code

    @property
    def code(self) -> str:
        return f"{rank_label(self.rank)}{self.suit}"

    @property
    def name(self) -> str:
        """Accessible name, e.g. 'Queen of spades'."""
        return f"{RANK_NAME.get(self.rank, str(self.rank))} of {SUIT_NAME[self.suit]}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse 'QS', '10H', 'TH', '3c'. Raises ValueError with a readable message."""
        t = text.strip().upper()
        if len(t) < 2 or t[-1] not in SUITS:
            raise ValueError(f"Not a card: {text!r}")
        label, suit = t[:-1], t[-1]
        if label == "T":
            label = "10"
        if label in _LABEL_RANK:
            return cls(_LABEL_RANK[label], suit)
        if label.isdigit() and 2 <= int(label) <= 10:
            return cls(int(label), suit)
        raise ValueError(f"Not a card: {text!r}")


def rank_label(rank: int) -> str:
    """'2'..'10', 'J', 'Q', 'K', 'A' (rank 1 also prints as 'A' for ace-low games)."""
    if rank == 1:
        return "A"
    return RANK_LABEL.get(rank, str(rank))


def full_deck() -> list[Card]:
    """The 52 cards in a fixed order (suits S,H,D,C; ranks 2..A)."""
    return [Card(r, s) for s in SUITS for r in RANKS]


def shuffled_deck(rng: random.Random) -> list[Card]:
    deck = full_deck()
    rng.shuffle(deck)
    return deck


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse 'QS 10H 3C' or an iterable of codes."""
    items = text.split() if isinstance(text, str) else list(text)
    return [Card.parse(c) for c in items]


def sort_by_suit(cards: Iterable[Card]) -> list[Card]:
    """Suit order S,H,D,C then rank ascending."""
    order = {s: i for i, s in enumerate(SUITS)}
    return sorted(cards, key=lambda c: (order[c.suit], c.rank))


def sort_by_rank(cards: Iterable[Card]) -> list[Card]:
    order = {s: i for i, s in enumerate(SUITS)}
    return sorted(cards, key=lambda c: (c.rank, order[c.suit]))


def derive_rng(seed: int, *parts: int | str) -> random.Random:
    """A Random derived from the game seed and e.g. the deal number, stable across runs."""
    key = ":".join([str(seed), *map(str, parts)])
    return random.Random(key)
