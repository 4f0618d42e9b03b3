"""Step-by-step examples for Stockpile's rules: small crafted positions played with real moves, each accepted by
the rules (tests/logic/test_examples.py checks). Partial positions: short stocks, only the cards that matter."""

from __future__ import annotations

from logic.replay import Example
from logic.stockpile.actions import Commit, Discard, Play
from logic.stockpile.state import State
from logic.stockpile.testing import crafted

NAMES = ("Ana", "Ben", "Cai", "Dot")
DRAW = "4 4 4 4 4 4 4 4 4 4"  # (the next hands: only there so a new turn can be dealt)


def _house(s: State, *, no_wild: bool = False, own: bool = False) -> State:
    s.no_wild_discards = no_wild
    s.own_piles_only = own
    return s


def ana_against_ben(hand: str, stock: str, builds: list[int]) -> State:
    """Two players, Ana to play with this hand and stock (its last card on top), Ben waiting."""
    return crafted(2, hands=[hand, ""], stocks=[stock, "6 6 8"], builds=builds, draw=DRAW)

EXAMPLES = (
    Example(
        "wild", "A wild on a building pile",
        "A wild (★) takes whatever number a building pile needs next.",
        NAMES[:2], lambda: ana_against_ben("W 7 9 2 11", "10 3 5", [3, 0, 0, 0]),
        ((0, Play("hand:0", 0), "Pile 1 shows 3. Ana plays a wild on it, and the wild counts as the 4."),
         (0, Play("stock:0", 0), "Now the 5 on top of her stock fits (4 → 5); the next stock card turns up."),
         (0, Discard(3, 0), "She ends her turn by putting her 11 on one of her discard piles."),
         (0, Commit(), "After the short pause it is Ben's turn."))),
    Example(
        "cleared", "A pile completed and cleared",
        "When a building pile reaches 12 it is complete: it is cleared away and starts again from 1.",
        NAMES[:2], lambda: ana_against_ben("12 1 6 9 9", "10 3 2", [11, 0, 0, 0]),
        ((0, Play("hand:0", 0), "Pile 1 needs a 12. Ana plays her 12: the pile is complete and is cleared away."),
         (0, Play("hand:0", 0), "Pile 1 is empty again, so it wants a 1: Ana starts it afresh with hers."),
         (0, Play("stock:0", 0), "Her stock's 2 follows on it."),
         (0, Discard(0, 1), "She discards a 6 to end her turn."),
         (0, Commit(), "Ben's turn."))),
    Example(
        "partner", "Playing from your partner's stock",
        "With partners you may also play the top card of your partner's stock and of their discard piles "
        "(never from their hand), but you discard only onto your own piles. Ana and Cai sit opposite each "
        "other and play together.",
        NAMES, lambda: crafted(4, partners=True, hands=["9 10 12 2 2", "", "", ""],
                               stocks=["8 8 7", "6 6 6", "11 3 4", "6 7 8"], builds=[3, 0, 0, 0],
                               discards={(2, 0): "5"}, draw=DRAW),
        ((0, Play("stock:2", 0), "Pile 1 shows 3. Ana plays the 4 from the top of her partner Cai's stock."),
         (0, Play("discard:2:0", 0), "Then the 5 from one of Cai's discard piles."),
         (0, Discard(0, 0), "She discards her 9, on her own discard pile."),
         (0, Commit(), "The turn moves on to Ben."))),
)

# Drawn on the rules page when the table plays the house rule named by the key (issue 52).
HOUSE_EXAMPLES = {
    "no_wild_on_own_discards": Example(
        "house-no-wild", "House rule: no wilds on your discard piles",
        "At this table a wild may not be discarded: it has to go on a building pile.",
        NAMES[:2], lambda: _house(ana_against_ben("W 7 3 9 11", "10 8 6", [1, 0, 0, 0]), no_wild=True),
        ((0, Discard(1, 0), "Ana would like to keep her wild back, so she ends her turn with the 7, not the wild."),
         (0, Commit(), "Ben's turn. Ana still holds the wild for a later turn, when it can free her stock."))),
    "no_partner_piles": Example(
        "house-own-piles", "House rule: partners keep to their own piles",
        "At this table you may not play from your partner's stock or discard piles. Ana and Cai play together.",
        NAMES, lambda: _house(crafted(4, partners=True, hands=["9 10 12 2 4", "", "", ""],
                                      stocks=["8 8 7", "6 6 6", "11 3 4", "6 7 8"], builds=[3, 0, 0, 0],
                                      draw=DRAW), own=True),
        ((0, Play("hand:4", 0), "Pile 1 shows 3. Cai's stock shows the 4, but Ana may not use it: she plays the "
                                "4 from her own hand."),
         (0, Discard(0, 0), "She discards her 9."),
         (0, Commit(), "Ben's turn. Cai's 4 waits for his own turn (pile 1 now needs a 5)."))),
}
