"""Step-by-step examples for Rummy's rules: small crafted positions (a few cards, not a real deal) played with
real moves, each accepted by the rules (tests/logic/test_examples.py checks)."""

from __future__ import annotations

from typing import Any

from logic.replay import Example
from logic.rummy import GAME
from logic.rummy.actions import Commit, Discard, DrawStock, LayOff, Meld, TakeDiscard

NAMES = ("Ana", "Ben")


def position(hands: list[str], *, stock: str = "", discard: str = "", current: int = 0) -> Any:
    """Seat ``current`` to draw, with exactly these cards (a stock's and a discard pile's last card is its top)."""
    data = GAME.snapshot(GAME.new_game(GAME.make_config(players=len(hands)), 1))
    data.update(hands=[h.split() for h in hands], stock=stock.split(), discard=discard.split(), melds=[], next_id=1,
                current=current, first_seat=current, pts=[0] * len(hands), turn_start_pts=0, message=None,
                first_draw=[])  # (no "draw for the first deal" in a partial position)
    return GAME.restore(data)


EXAMPLES = (
    Example(
        "dig", "Digging into the discard pile",
        "You may take a card from deep in the discard pile, together with every card lying on top of it, but "
        "only when you can use that deepest card at once.",
        NAMES, lambda: position(["9S 9H 5D 6C 3H", "2D 4H 8C JD QD"], stock="7S 10C 2H",
                                discard="9D 4C KH 2S"),
        ((0, TakeDiscard("9D"), "Ana digs down to the 9♦: she takes it and the three cards above it (4♣, K♥, 2♠)."),
         (0, Meld(("9S", "9H", "9D")), "The card she dug for has to be used this turn: she melds it with her other "
                                       "two 9s."),
         (0, Discard("KH"), "She discards the K♥ to end her turn."),
         (0, Commit(), "After the short pause Ben sees all of Ana's turn at once, and it is his go."))),
    Example(
        "layoff", "Laying off on someone else's meld",
        "After drawing you may add cards to any meld on the table, your own or another player's. The points "
        "count for the player who laid the card off.",
        NAMES, lambda: position(["8H 4S QC KD", "5H 6H 7H 3C 10S JH"], stock="6C 10C 2H 9S", discard="5S",
                                current=1),
        ((1, DrawStock(), "Ben draws the top card of the stock."),
         (1, Meld(("5H", "6H", "7H")), "He melds a run: 5♥ 6♥ 7♥."),
         (1, Discard("JH"), "He discards the J♥."),
         (1, Commit(), "Ana now sees Ben's run, and it is her turn."),
         (0, DrawStock(), "Ana draws from the stock."),
         (0, LayOff(1, ("8H",)), "She lays off her 8♥ on Ben's run: its 5 points count for Ana, not for Ben."),
         (0, Discard("KD"), "She discards the K♦."),
         (0, Commit(), "The turn passes back to Ben."))),
    Example(
        "going-out", "Going out",
        "The hand ends when someone discards their last card. Putting everything down in one single turn doubles "
        "that player's score.",
        NAMES, lambda: position(["JS QS KS 5C", "2D 3C 10S JH 8D 9C"], stock="10C 2H AS", discard="4D"),
        ((0, DrawStock(), "Ana draws the A♠ from the stock."),
         (0, Meld(("JS", "QS", "KS", "AS")), "She melds J♠ Q♠ K♠ A♠: an ace may sit above the King in a run."),
         (0, Discard("5C"), "She discards her last card, the 5♣, and goes out."),
         (0, Commit(), "The hand is over. Ana melded everything in one turn, so her 45 points are doubled; Ben "
                       "loses the value of the cards still in his hand."))),
)
