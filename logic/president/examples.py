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


EXAMPLES: tuple[Example, ...] = (
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


def house_position(hands: list[str], turn: int, hand_no: int = 1, **switches: bool) -> Any:
    """Like :func:`position`, with house rules switched on (hand 2 and later: Ana was President, Dot Beggar)."""
    s = G.new_game(G.make_config(players=len(hands), **switches), 1)
    data = G.snapshot(s)
    data.update(hands=[h.split() for h in hands], turn=turn, phase="play", last_event=None, hand_no=hand_no)
    if hand_no > 1:
        data["prev_finish"] = list(range(len(hands)))
    return G.restore(data)


HOUSE_EXAMPLES: tuple[Example, ...] = (
    Example(
        "eight-cut", "House rule: 8 ends the trick",
        "With 8-cut on, 8s that beat the play on top end the trick at once.",
        NAMES, lambda: house_position(["5S KS", "8H 4H", "10D 6D", "QC 7C"], turn=0, eight_cut=True),
        ((0, Play(("5S",)), "Ana leads a single 5."),
         (1, Play(("8H",)), "Ben plays an 8: the trick ends at once, nobody else gets a say."),
         (1, Play(("4H",)), "Ben, who cut, leads the next trick - here with his 4."))),
    Example(
        "twos-clear", "House rule: 2s clear the trick",
        "With 2s clear on, the top rank ends the trick: the 2s, or the 3s while the order is reversed.",
        NAMES, lambda: house_position(["KS 3S", "2H 4H", "10D 6D", "QC 7C"], turn=0, twos_clear=True),
        ((0, Play(("KS",)), "Ana leads a King."),
         (1, Play(("2H",)), "Ben plays a 2: the table is cleared."),
         (1, Play(("4H",)), "Ben leads the next trick."))),
    Example(
        "four-burn", "House rule: four of a rank burn the trick",
        "With four-burn on, once all four cards of a rank are in the trick, it ends.",
        NAMES, lambda: house_position(["9S 9H 9D 9C 3S", "4H 5H", "6D 7D", "8C 10C"], turn=0, four_burn=True),
        ((0, Play(("9S", "9H", "9D", "9C")), "Ana leads all four 9s: the trick burns at once."),
         (0, Play(("3S",)), "Ana leads again, with her 3."))),
    Example(
        "same-rank-skip", "House rule: same rank skips the next player",
        "With same-rank skip on, you may match the rank on top instead of beating it; the next player is skipped.",
        NAMES, lambda: house_position(["7S 3S", "7H 4H", "8D 5D", "9C 6C"], turn=0, same_rank_skip=True),
        ((0, Play(("7S",)), "Ana leads a 7."),
         (1, Play(("7H",)), "Ben matches it with his 7: Cai is skipped."),
         (3, Play(("9C",)), "Dot plays a 9. Cai has not passed: he may still play when his turn comes."),
         (0, Pass(), "Ana passes."),
         (1, Pass(), "Ben passes."),
         (2, Pass(), "Cai passes too; Dot wins the trick."))),
    Example(
        "jack-back", "House rule: Jack-back",
        "With Jack-back on, Jacks reverse the order until the trick ends.",
        NAMES, lambda: house_position(["JS 3S", "10H KH", "QD 5D", "9C 6C"], turn=0, jack_back=True),
        ((0, Play(("JS",)), "Ana leads a Jack: until this trick ends, lower ranks beat higher ones."),
         (1, Play(("10H",)), "Ben beats it with a 10."),
         (2, Pass(), "Cai's Queen is too high now: he passes."),
         (3, Play(("9C",)), "Dot plays a 9, lower still."),
         (0, Pass(), "Ana passes."),
         (1, Pass(), "Ben passes."),
         (2, Pass(), "Cai passes: Dot wins the trick, and the ordinary order is back."))),
    Example(
        "suit-lock", "House rule: suit lock",
        "With suit lock on, two plays in a row in the same suits lock the trick to those suits.",
        NAMES, lambda: house_position(["5S 9H", "7S 4H", "10H JS", "KD 4C"], turn=0, suit_lock=True),
        ((0, Play(("5S",)), "Ana leads the 5 of spades."),
         (1, Play(("7S",)), "Ben follows with the 7 of spades: the trick is locked to spades."),
         (2, Play(("JS",)), "Cai may not play his 10 of hearts; the Jack of spades is fine."),
         (3, Pass(), "Dot has no spade: he passes."))),
    Example(
        "no-top-finish", "House rule: no finishing on a top card",
        "With this rule on, going out with a 2 (a 3 when the order is reversed, an 8 with 8-cut) is a foul.",
        NAMES, lambda: house_position(["KS 2S", "3H 4H", "5D 6D", "7C 8C"], turn=0, no_top_finish=True),
        ((0, Play(("KS",)), "Ana leads a King."),
         (1, Pass(), "Ben passes."),
         (2, Pass(), "Cai passes."),
         (3, Pass(), "Dot passes: Ana wins the trick."),
         (0, Play(("2S",)), "Ana goes out on her 2: a foul. She is out, but places below everyone else."))),
    Example(
        "downfall", "House rule: downfall",
        "From hand 2, with downfall on: Ana is President. If anyone else goes out first, she drops to last place.",
        NAMES, lambda: house_position(["3S 4S", "KH", "5D 6D", "7C 8C"], turn=1, hand_no=2, downfall=True),
        ((1, Play(("KH",)), "Ben goes out first with his King: Ana falls to last place at once and keeps her "
                            "cards."),
         (2, Pass(), "Cai passes."),
         (3, Pass(), "Dot passes: the next player still in, Cai, leads."))),
)
HOUSE_EXAMPLES += (
    Example(
        "runs", "House rule: runs",
        "With runs on, three or more cards of one suit in a row make a play; only a higher run of the same length "
        "answers it.",
        NAMES, lambda: house_position(["5S 6S 7S", "6H 7H 8H 4C", "9D 9C 3D", "JC QC KC"], turn=0, runs=True),
        ((0, Play(("5S", "6S", "7S")), "Ana leads a run: 5, 6 and 7 of spades."),
         (1, Play(("6H", "7H", "8H")), "Ben answers with a run ending higher: 6, 7 and 8 of hearts."),
         (2, Pass(), "Cai's pair of 9s may not answer a run: he passes."),
         (3, Play(("JC", "QC", "KC")), "Dot plays Jack, Queen and King of clubs."))),
)
HOUSE_EXAMPLES += (
    Example(
        "jokers", "House rule: jokers",
        "With jokers on, a joker alone beats any single card, a 2 included; only the 3 of spades beats it back. In a "
        "set a joker stands for the set's rank.",
        NAMES, lambda: house_position(["KS 9S JK2 4D", "2H 6C", "JK1 9H 7D", "3S 8C 8D QD"], turn=0, jokers=True),
        ((0, Play(("KS",)), "Ana leads a King."),
         (1, Play(("2H",)), "Ben plays a 2, the best ordinary card."),
         (2, Play(("JK1",)), "Cai plays a joker on its own: it beats the 2."),
         (3, Play(("3S",)), "Dot plays the 3 of spades, the one card that beats a lone joker: the trick ends and "
                            "Dot leads."),
         (3, Play(("8C", "8D")), "Dot leads a pair of 8s."),
         (0, Play(("9S", "JK2")), "Ana answers with her 9 and her joker: a pair of 9s."),
         (1, Pass(), "Ben passes."),
         (2, Pass(), "Cai passes."),
         (3, Pass(), "Dot passes: Ana wins the trick."))),
)
HOUSE_EXAMPLES += (
    Example(
        "run-revolution", "House rule: a run of four revolts",
        "With runs, revolution and this rule on, a run of four or more cards turns the order around, as four of a "
        "kind does.",
        NAMES, lambda: house_position(["5S 6S 7S 8S 4D", "3H KH", "9D 10D", "QC JC"], turn=0, runs=True,
                                      revolution=True, run_revolution=True),
        ((0, Play(("5S", "6S", "7S", "8S")), "Ana leads a run of four, 5 to 8 of spades: a revolution. From now on "
                                             "lower ranks beat higher ones."),
         (1, Pass(), "Ben has no run of four: he passes."),
         (2, Pass(), "Cai passes."),
         (3, Pass(), "Dot passes: Ana wins the trick and leads again."),
         (0, Play(("4D",)), "Ana leads her 4."),
         (1, Play(("3H",)), "Ben beats it with a 3: in the reversed order the 3 is above the 4."),
         (2, Pass(), "Cai's 9 and 10 are too high now: he passes."))),
)
EXAMPLES = EXAMPLES + HOUSE_EXAMPLES
