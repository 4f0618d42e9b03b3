"""Step-by-step examples for Beanie's rules: small crafted positions in round 5 (the 5s are Beanies) played with
real moves, each accepted by the rules (tests/logic/test_examples.py checks). Partial positions, not real deals."""

from __future__ import annotations

from typing import Any

from logic.beanie import GAME
from logic.beanie.actions import Agree, Discard, Draw, Lay, Propose, Star, Steal
from logic.beanie.sets import CARD_ID, MATCH, RUN, rank_plural
from logic.messages import said, said_to_json, seat_msg, t_msg
from logic.replay import Example

NAMES = ("Ana", "Ben", "Cai")


def _ids(codes: str) -> list[int]:
    return [CARD_ID[c] for c in codes.split()]


# the table's line before the first step, as a round's start says it (a message: in every viewer's language)
ROUND_5 = said_to_json(said(t_msg("Round {round}: {ranks} are wild. {player} starts.", round=5, ranks=rank_plural(5),
                                  player=seat_msg(0))))


def position(hands: list[str], *, stock: str, stage: str = "draw", discard: str = "",
             sets: tuple[tuple[int, int, str, str], ...] = (), laid: list[bool] | None = None) -> Any:
    """Round 5, Ana (seat 0) to move at ``stage``; ``sets``: (owner, MATCH/RUN, cards, what each stands for).
    The stock's last card is its top."""
    n = len(hands)
    st = GAME.new_game(GAME.make_config(players=n), 1)
    data = GAME.snapshot(st)
    data.update(round=5, turn=0, stage=stage, hands=[_ids(h) for h in hands], stock=_ids(stock),
                discard=_ids(discard), laid=laid or [False] * n, turns_done=[1] * n, drawn=-1,
                message=ROUND_5)
    data["sets"] = [[i + 1, owner, typ, _ids(cards), _ids(reps)] for i, (owner, typ, cards, reps) in enumerate(sets)]
    data["next_set_id"] = len(sets) + 1
    return GAME.restore(data)


EXAMPLES = (
    Example(
        "gap", "A Beanie in the gap",
        "This round the 5s are the Beanies (★). In a run a Beanie can fill a hole between your real cards; it "
        "then stays fixed as the card it replaces.",
        NAMES[:2], lambda: position(["7H 9H 5C KD 2S", "3C 8S QD JC 4D 6S"], stock="10S 6C QC"),
        ((0, Draw("stock"), "Ana draws the Q♣ from the stock."),
         (0, Lay(("7H", "5C", "9H")), "She lays 7♥ ★ 9♥ as a run: the Beanie plugs the gap and stands for the 8♥."),
         (0, Discard("KD"), "She discards the K♦; the turn passes to Ben."))),
    Example(
        "steal", "Stealing a Beanie",
        "Once you have laid a set of your own this round, you may swap a real card from your hand for a Beanie "
        "on someone else's set that stands for exactly that card.",
        NAMES[:2], lambda: position(
            ["7D 2C 3S JH", "KC QS 4H"], stock="9S 8C", stage="play", laid=[True, True],
            sets=((0, MATCH, "10S 10H 10D", "10S 10H 10D"), (1, RUN, "6D 5S 8D", "6D 7D 8D"))),
        ((0, Steal(2, "7D"), "Ben's run 6♦ ★ 8♦ uses a Beanie as the 7♦, and Ana holds the real 7♦: she swaps "
                             "them. The run is whole and the Beanie is now in Ana's hand."),
         (0, Star(1, "5S"), "She places that Beanie on her own match of 10s, where it counts as the 10♣."),
         (0, Discard("JH"), "She discards the J♥."))),
    Example(
        "vote", "Voting to end a stuck round",
        "When nobody can get anywhere, a player may propose ending the round as a draw. The others can agree on "
        "their own turn; once everyone has agreed, the round stops and every player counts their cards.",
        NAMES, lambda: position(["KD QH 2S", "JC 9S 4D", "8C 3H 10D"], stock="6S 7C AH 2D", stage="play",
                                discard="6H"),
        ((0, Propose(), "Ana proposes ending the round as a draw."),
         (0, Discard("KD"), "She discards the K♦; the vote stays open."),
         (1, Draw("stock"), "Ben draws."),
         (1, Agree(), "Ben agrees to end the round."),
         (1, Discard("JC"), "He discards the J♣."),
         (2, Draw("stock"), "Cai draws."),
         (2, Agree(), "Cai agrees too. Everyone has agreed: the round ends as a draw and all three count the "
                      "cards left in their hands."))),
)

def _last_turns(st: Any) -> Any:
    st.last_turns = True
    return st


def _ace_high(st: Any) -> Any:
    st.ace_high_runs = True
    return st


def _jokers(st: Any) -> Any:
    st.jokers = True
    return st


# Drawn on the rules page when the table plays the house rule named by the key (issue 52).
HOUSE_EXAMPLES = {
    "ace_high_runs": Example(
        "house-ace-high-runs", "House rule: Q-K-A runs",
        "At this table an ace may also sit above the King in a run.",
        NAMES, lambda: _ace_high(position(["QH KH AH 9C", "6H 7H 8H", "2C 3C 8D"], stock="KD QD JD 9S")),
        ((0, Draw("stock"), "Ana draws the 9♠."),
         (0, Lay(("QH", "KH", "AH")), "She lays Q♥ K♥ A♥: the ace sits above the King."),
         (0, Discard("9S"), "She discards the 9♠. The run can still take the J♥ below it, but nothing above the "
                            "ace: a run never turns the corner."))),
    "jokers": Example(
        "house-jokers", "House rule: two jokers",
        "At this table two jokers join the deck. A joker is wild in every round, beside the round's Beanies, and "
        "does all a Beanie does.",
        NAMES[:2], lambda: _jokers(position(["7H 9H JK1 KD", "8H 2C 3C"], stock="QD 6C 9S", laid=[False, True],
                                            sets=((1, MATCH, "10S 10H 10D", "10S 10H 10D"),))),
        ((0, Draw("stock"), "Ana draws the 9♠."),
         (0, Lay(("7H", "JK1", "9H")), "She lays 7♥ 🃏 9♥ as a run: the joker stands for the 8♥, as a Beanie "
                                        "would."),
         (0, Discard("KD"), "She discards the K♦."),
         (1, Draw("stock"), "Ben draws the 6♣."),
         (1, Steal(2, "8H"), "Ben has laid a set this round and holds the real 8♥: he swaps it for the joker, "
                             "which goes to his hand."),
         (1, Star(1, "JK1"), "He places the joker on his match of 10s, where it counts as the 10♣. Left in his "
                             "hand at the end of the round, it would have cost as much as a Beanie."),
         (1, Discard("2C"), "He discards the 2♣."))),
    "last_turns": Example(
        "house-last-turns", "House rule: one last turn each",
        "At this table going out does not end the round at once: everyone else plays one last turn.",
        NAMES, lambda: _last_turns(position(["4S", "6H 7H 8H", "2C 3C 8D"], stock="KD QD JD 9S", stage="play")),
        ((0, Discard("4S"), "Ana discards her last card: she is out, and Ben and Cai each get one last turn."),
         (1, Draw("stock"), "Ben draws the 9♠."),
         (1, Lay(("6H", "7H", "8H")), "He lays the run 6♥ 7♥ 8♥."),
         (1, Discard("9S"), "He discards the 9♠: Ben is out on his last turn, so he scores 0 too."),
         (2, Draw("stock"), "Cai draws the J♦."),
         (2, Discard("JD"), "Cai discards it; his last turn is over and the round is scored: he pays for his "
                            "2♣, 3♣ and 8♦.")),
    ),
}
