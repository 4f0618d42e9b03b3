"""Step-by-step examples for President's rules: small crafted positions played with real moves (checked against
the rules by tests/logic/test_examples.py). Partial positions: only a few cards each, not a real deal."""

from __future__ import annotations

from typing import Any

from logic.president.actions import Give, NextHand, Pass, Play
from logic.president.game import PresidentGame
from logic.replay import Example, pretty_card

G = PresidentGame()
NAMES = ("Ana", "Ben", "Cai", "Dot")


def position(hands: list[str], turn: int) -> Any:
    """A play-phase state with these hands (codes separated by spaces); seat ``turn`` leads."""
    s = G.new_game(G.make_config(players=len(hands)), 1)
    data = G.snapshot(s)
    data.update(hands=[h.split() for h in hands], turn=turn, phase="play", last_event=None)
    return G.restore(data)


def at_exchange() -> Any:
    """Hand 2 just dealt, after a hand 1 that Ana, Ben and Cai left in that order (Dot is the Beggar)."""
    s = position(["3C", "4C", "5C", "6C"], turn=0)
    for seat, card in enumerate(("3C", "4C", "5C")):
        G.apply(s, seat, Play((card,)))
    for seat in range(4):
        G.apply(s, seat, NextHand())
    return s


def exchange_steps(s: Any) -> list[tuple[int, Any, str]]:
    """The President and Vice President each give back their lowest cards (from the real deal of hand 2)."""
    ana = G.view(s, 0)["hand"]
    ben = G.view(s, 1)["hand"]
    low = sorted(ana, key=_strength)[:2]
    ben_low = sorted(ben, key=_strength)[:1]
    given = " and ".join(str(pretty_card(c)) for c in low)
    return [
        (0, Give(tuple(low)), f"Ana, the President, hands back her two weakest cards ({given}) to Dot."),
        (1, Give(tuple(ben_low)), f"Ben, the Vice President, gives one card ({pretty_card(ben_low[0])}) to Cai. The "
                                   "exchange is over and Dot, the Beggar, leads the first trick."),
    ]


def _strength(code: str) -> int:
    order = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
    return order.index(code[:-1])


EXAMPLES = (
    Example(
        "beat-pair", "Beating a pair",
        "A pair can only be beaten by a higher pair: the number of cards stays the same for the whole trick.",
        NAMES, lambda: position(["8S 8H 5C", "10S 10D 4H", "9C 9D 3S", "QH QC 6D"], turn=0),
        ((0, Play(("8S", "8H")), "Ana leads a pair of 8s: every answer must now be a pair too."),
         (1, Play(("10S", "10D")), "Ben beats it with a higher pair, his two 10s."),
         (2, Pass(), "Cai's 9s are not higher than 10s, and a single card does not count: Cai passes."),
         (3, Play(("QH", "QC")), "Dot tops the 10s with a pair of Queens."))),
    Example(
        "trick-won", "A trick won, and the lead passing on",
        "When all the others pass one after another, the last player to play wins the trick and leads the next "
        "one. If that player has just run out of cards, the lead moves on to the next player who still has some.",
        NAMES, lambda: position(["KS 5D 5C", "AH 2S", "6H 7D 9S", "8C JD 3H"], turn=0),
        ((0, Play(("KS",)), "Ana leads a single King."),
         (1, Play(("AH",)), "Ben answers with an Ace, which is higher."),
         (2, Pass(), "Cai passes."),
         (3, Pass(), "Dot passes."),
         (0, Pass(), "Ana passes too. Everybody else passed in a row, so Ben wins the trick and leads the next."),
         (1, Play(("2S",)), "Ben leads his last card, a 2 (the best rank), and is out of this hand."),
         (2, Pass(), "Nothing beats a 2: Cai passes."),
         (3, Pass(), "Dot passes."),
         (0, Pass(), "Ana passes. Ben has no cards left to lead with, so the lead goes to Cai, the next player "
                     "round the table who still holds cards."))),
    Example(
        "exchange", "The exchange",
        "From hand 2 on, right after the deal, Dot (last hand's Beggar) has already had to give her two best "
        "cards to Ana (the President), and Cai (Vice Beggar) his best card to Ben (Vice President). Now the "
        "President and the Vice President choose cards to give back: any cards they like.",
        NAMES, at_exchange, exchange_steps),
)
