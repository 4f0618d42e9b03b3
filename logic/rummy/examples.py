"""Step-by-step examples for Rummy's rules: small crafted positions (a few cards, not a real deal) played with
real moves, each accepted by the rules (tests/logic/test_examples.py checks)."""

from __future__ import annotations

from typing import Any

from logic.replay import Example
from logic.rummy import GAME
from logic.rummy.actions import CallRummy, Commit, Discard, DrawStock, LayOff, Meld, TakeDiscard

NAMES = ("Ana", "Ben")


def position(hands: list[str], *, stock: str = "", discard: str = "", current: int = 0) -> Any:
    """Seat ``current`` to draw, with exactly these cards (a stock's and a discard pile's last card is its top)."""
    data = GAME.snapshot(GAME.new_game(GAME.make_config(players=len(hands)), 1))
    data.update(hands=[h.split() for h in hands], stock=stock.split(), discard=discard.split(), melds=[], next_id=1,
                current=current, first_seat=current, pts=[0] * len(hands), turn_start_pts=0, message=None,
                first_draw=[])  # (no "draw for the first deal" in a partial position)
    return GAME.restore(data)


def _house(st: Any, **on: bool) -> Any:
    """The position at a table playing these house rules (state field names: wrap, top_only, keep_dug,
    no_final_discard, call_on)."""
    for name, value in on.items():
        setattr(st, name, value)
    return st


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

# Drawn on the rules page when the table plays the house rule named by the key (issue 52).
HOUSE_EXAMPLES = {
    "wrap_around": Example(
        "house-wrap-around", "House rule: K-A-2 wraps",
        "At this table a run may turn the corner: the ace sits between the King and the 2.",
        NAMES, lambda: _house(position(["KH 2H 9C 5D", "2D 4H 8C JD"], stock="10C 3H 9S", discard="7S AH"),
                              wrap=True),
        ((0, TakeDiscard("AH"), "Ana takes the A♥ from the top of the discard pile."),
         (0, Meld(("KH", "AH", "2H")), "She melds K♥ A♥ 2♥: a run round the corner, worth 10 + 15 + 5 = 30 "
                                       "points (the ace counts 15 here too)."),
         (0, Discard("9C"), "She discards the 9♣."),
         (0, Commit(), "Ben's turn: the run takes the Q♥ below or the 3♥ above."))),
    "rummy_call": Example(
        "house-rummy-call", "House rule: Rummy!",
        "At this table a discard can be snatched: whoever can use it at once may call Rummy! before the next player "
        "draws.",
        ("Ana", "Ben", "Cleo"),
        lambda: _house(position(["8H 4S QC KD", "2D 4H 8C JD", "9H 10H 3C 5S"], stock="10C 2H 9S 6D"),
                       call_on=True),
        ((0, DrawStock(), "Ana draws from the stock."),
         (0, Discard("8H"), "She discards the 8♥."),
         (0, Commit(), "Her turn is over: the 8♥ shows on every screen with a short countdown, and Ben's draw "
                       "waits for it."),
         (2, CallRummy("8H", cards=("9H", "10H")), "Cleo calls Rummy! first: she takes the 8♥ out of turn and "
                                                  "melds 8♥ 9♥ 10♥ at once, with no discard."),
         (1, DrawStock(), "Ben's turn goes on as usual: he draws from the stock."))),
    "top_card_only": Example(
        "house-top-card", "House rule: top card only",
        "At this table nobody digs: only the top card of the discard pile may be taken.",
        NAMES, lambda: _house(position(["7H 7D 2C KD", "2D 4H 8C JD"], stock="10C 2H 9S", discard="7S QH 5C"),
                              top_only=True),
        ((0, DrawStock(), "The 7♠ deep in the pile would make a set with Ana's 7s, but she may not dig for it: "
                          "she draws from the stock."),
         (0, Discard("KD"), "She discards the K♦."),
         (0, Commit(), "Ben's turn: the 7♠ stays buried."))),
    "keep_dug_card": Example(
        "house-keep-dug", "House rule: keep a dug card",
        "At this table a card dug from the discard pile does not have to be used the same turn.",
        NAMES, lambda: _house(position(["7H 7D 2C KD", "2D 4H 8C JD"], stock="10C 2H 9S", discard="JC QH 5C"),
                              keep_dug=True),
        ((0, TakeDiscard("JC"), "Ana digs down to the J♣ and takes the Q♥ and 5♣ above it too, though the J♣ fits "
                                "nothing yet."),
         (0, Discard("KD"), "She keeps the J♣ for later and discards the K♦."),
         (0, Commit(), "Ben's turn."))),
    "no_final_discard": Example(
        "house-no-final-discard", "House rule: go out without a discard",
        "At this table you may go out by melding or laying off your last card.",
        NAMES, lambda: _house(position(["5H 6H", "2D 4H 8C JD"], stock="10C 2H 9S", discard="7H"),
                              no_final_discard=True),
        ((0, TakeDiscard("7H"), "Ana takes the 7♥ from the discard pile."),
         (0, Meld(("5H", "6H", "7H")), "She melds 5♥ 6♥ 7♥: her hand is empty, and no discard is needed."),
         (0, Commit(), "After the short pause the hand is over: Ana went out without a discard."))),
}
