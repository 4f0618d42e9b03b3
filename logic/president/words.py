"""How President names ranks and plays in words, as messages (``logic/messages.py``) each page renders in its
viewer's language: "a pair of 9s" ("ein Paar 9er"), "Jacks" ("Buben"). The English is the words the game has always
used; the texts are the ones the review uses (``logic/review/president.py``)."""

from __future__ import annotations

from logic.messages import Message, t_msg, t_pmsg, verbatim

from .actions import RANK_LABELS, RANK_PLURAL, RANK_SINGULAR, SUIT_LETTERS

NAMED_ONE = {"Jack": t_pmsg("rank", "Jack"), "Queen": t_pmsg("rank", "Queen"), "King": t_pmsg("rank", "King"),
             "Ace": t_pmsg("rank", "Ace")}
NAMED_MANY = {"Jacks": t_pmsg("ranks", "Jacks"), "Queens": t_pmsg("ranks", "Queens"),
              "Kings": t_pmsg("ranks", "Kings"), "Aces": t_pmsg("ranks", "Aces")}
SUITS = {"S": t_pmsg("card suit", "spades"), "H": t_pmsg("card suit", "hearts"),
         "D": t_pmsg("card suit", "diamonds"), "C": t_pmsg("card suit", "clubs")}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
# the finishing places ("and is out (2nd)")
PLACES = (t_pmsg("place", "1st"), t_pmsg("place", "2nd"), t_pmsg("place", "3rd"), t_pmsg("place", "4th"),
          t_pmsg("place", "5th"))
# a rank as a set of cards names it ("a pair of 9s", "three Kings", "four 2s"): a context of its own, since a
# language may say the word differently after a number (Polish: "para dziewiątek", "kareta asów"), and one text per
# rank, digits too, since the word for a digit card differs by rank in such a language ("dziewiątek", "trójek")
SET_RANKS = (t_pmsg("ranks in a set", "3s"), t_pmsg("ranks in a set", "4s"), t_pmsg("ranks in a set", "5s"),
             t_pmsg("ranks in a set", "6s"), t_pmsg("ranks in a set", "7s"), t_pmsg("ranks in a set", "8s"),
             t_pmsg("ranks in a set", "9s"), t_pmsg("ranks in a set", "10s"), t_pmsg("ranks in a set", "Jacks"),
             t_pmsg("ranks in a set", "Queens"), t_pmsg("ranks in a set", "Kings"), t_pmsg("ranks in a set", "Aces"),
             t_pmsg("ranks in a set", "2s"))
_ONE = tuple(NAMED_ONE.get(word) or verbatim(word) for word in RANK_SINGULAR)
_MANY = tuple(NAMED_MANY.get(word) or t_pmsg("ranks", "{rank}s", rank=RANK_SINGULAR[r])
              for r, word in enumerate(RANK_PLURAL[:13]))


def rank_one(rank: int) -> Message:
    """A rank as one card is named ("Jack", "7")."""
    return _ONE[rank]


def ranks(rank: int) -> Message:
    """A rank in the plural ("Jacks", "7s")."""
    return _MANY[rank]


def rank_msg(rank: int, count: int) -> Message:
    """'a single 9', 'a pair of 9s', 'three Kings', 'four 2s'."""
    if count == 1:
        return t_msg("a single {rank}", rank=_ONE[rank])
    if count == 2:
        return t_msg("a pair of {ranks}", ranks=SET_RANKS[rank])
    if count == 3:
        return t_msg("three {ranks}", ranks=SET_RANKS[rank])
    return t_msg("four {ranks}", ranks=SET_RANKS[rank])


def run_msg(lo: int, hi: int, suit: str, jokers: int) -> Message:
    """'a run 5-7 of spades', '... (with a Joker)', '... (with two Jokers)' (card faces stay as the cards show them)."""
    low, high, name = RANK_LABELS[lo], RANK_LABELS[hi], SUITS[suit]
    if jokers == 1:
        return t_msg("a run {low}-{high} of {suit} (with a Joker)", low=low, high=high, suit=name)
    if jokers >= 2:
        return t_msg("a run {low}-{high} of {suit} (with two Jokers)", low=low, high=high, suit=name)
    return t_msg("a run {low}-{high} of {suit}", low=low, high=high, suit=name)


def suit_symbols(lock: int) -> str:
    """The suits of a lock as the cards show them ("♠♥"): the same in every language."""
    return "".join(SUIT_SYMBOLS[SUIT_LETTERS[i]] for i in range(4) if lock >> i & 1)
