"""Beanie card ids and set logic (pure functions over small ints, shared by the engine and the bots).

A card is an int ``suit * 13 + rank - 1`` with suits S, H, D, C = 0..3 and ranks ace = 1 .. king = 13
(ace is always low in Beanie). ``CODES[c]`` is its code string ("AS", "10H", "KC").

A set on the table is a plain list ``[set_id, owner, typ, cards, reps]``: ``typ`` is ``MATCH`` or
``RUN``; ``cards`` are the cards lying there and ``reps`` the card each one stands for (a natural card
stands for itself, a Beanie for the card it replaces). Matches keep suit order (S, H, D, C of ``reps``),
runs keep rank order.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, Literal

from logic.cards import Card
from logic.game import IllegalMove
from logic.messages import Message, t_msg, t_pmsg

from . import ace_high as AH
from .deck import JOKER_IDS, WILD
from .deck import RANK as RANK  # (used through sets by the rest)
from .deck import SUIT as SUIT
from .deck import is_wild as is_wild

SetType = Literal["match", "run"]  # a set's type by name (``as_type`` of a Lay)
Side = Literal["low", "high"]  # an end of a run (``end`` of a Lay or a Star)

MATCH = 0
RUN = 1
TYPE_NAMES: tuple[SetType, ...] = ("match", "run")

SUIT_LETTERS = "SHDC"
RANK_LABELS = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_PLURAL = ("", "Aces", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "Jacks", "Queens", "Kings")

# (RANK and SUIT come from deck.py: 54 entries, the jokers 52 and 53 with no rank or suit)
CODES: tuple[str, ...] = tuple(RANK_LABELS[c % 13 + 1] + SUIT_LETTERS[c // 13] for c in range(52)) + tuple(JOKER_IDS)
CARD_ID: dict[str, int] = {code: i for i, code in enumerate(CODES)}
SUIT_SIGNS = "♠♥♦♣"  # in SUIT_LETTERS' order
JOKER_SHOWN = "🃏"  # a joker in a line (the same in every language)
# what a player reads for a card ("10♥"): in notices, the log, the replay and refusals; CODES are for programs
SHOWN: tuple[str, ...] = tuple(RANK_LABELS[c % 13 + 1] + SUIT_SIGNS[c // 13] for c in range(52)) + (JOKER_SHOWN,) * 2


def shown(code: str) -> str:
    """A card code as a player reads it ("10H" -> "10♥"); anything else as it is."""
    card = CARD_ID.get(code)
    return SHOWN[card] if card is not None else code


def placed_words(typ: int, placed: list[int], reps: list[int]) -> str:
    """A new set's cards as a line shows them: a Beanie in a run with the card it stands for ("A♦=9♣ 10♣ J♣", as its
    badge on the table says); in a match the rank says it ("9♠ 9♥ A♦")."""
    return " ".join(SHOWN[c] if typ == MATCH or c == r else f"{SHOWN[c]}={SHOWN[r]}"
                    for c, r in zip(placed, reps, strict=True))


# Penalty points of a natural card: ace 1, 2-9 face value, 10/J/Q/K 10 (a joker is always wild: see ``points``).
NATURAL_POINTS: tuple[int, ...] = tuple(1 if r == 1 else (r if r <= 9 else 10) for r in RANK[:52]) + (0, 0)


def card_id(suit: int, rank: int) -> int:
    return suit * 13 + rank - 1


def parse_code(code: object) -> int:
    """Card id from a code ("QS", "10h", "TH"); raises IllegalMove for anything else."""
    if isinstance(code, str):
        c = CARD_ID.get(code)
        if c is not None:
            return c
        try:
            card = Card.parse(code)
        except ValueError:
            pass
        else:
            rank = 1 if card.rank == 14 else card.rank
            return card_id(SUIT_LETTERS.index(card.suit), rank)
    raise IllegalMove(t_msg("{code} is not a card.", code=repr(code)))


def points(card: int, wild: int, beanie_value: int) -> int:
    return beanie_value if is_wild(card, wild) else NATURAL_POINTS[card]


def hand_points(hand: list[int], wild: int, beanie_value: int) -> int:
    w = WILD[wild]
    return sum(beanie_value if w[c] else NATURAL_POINTS[c] for c in hand)


def set_label(s: list[Any]) -> str:
    """Short public name of a set in English: "the match of 7s", "the ♦ run 4-7"."""
    return set_words(s).english()


def set_words(s: list[Any], capital: bool = False) -> Message:
    """A set's short public name as a message ("The match of 7s" with ``capital``, to begin a sentence)."""
    reps = s[4]
    if s[2] == MATCH:
        ranks = rank_plural(RANK[reps[0]])
        return (t_msg("The match of {ranks}", ranks=ranks) if capital else t_msg("the match of {ranks}", ranks=ranks))
    suit, low, high = "♠♥♦♣"[SUIT[reps[0]]], RANK_LABELS[RANK[reps[0]]], RANK_LABELS[RANK[reps[-1]]]
    if capital:
        return t_msg("The {suit} run {low}-{high}", suit=suit, low=low, high=high)
    return t_msg("the {suit} run {low}-{high}", suit=suit, low=low, high=high)


def rank_plural(rank: int) -> Message:
    """A rank in the plural ("Aces", "7s") as a message: the word for it in each language."""
    named = {1: t_pmsg("ranks", "Aces"), 11: t_pmsg("ranks", "Jacks"), 12: t_pmsg("ranks", "Queens"),
             13: t_pmsg("ranks", "Kings")}
    return named.get(rank) or t_pmsg("ranks", "{rank}s", rank=RANK_LABELS[rank])


# --- laying a new set ------------------------------------------------------------------------


def build_set(cards: list[int], wild: int, as_type: str | None, end: str | None,
              ace_high: bool = False) -> tuple[int, list[int], list[int]]:
    """Check that ``cards`` form a set this round and place them: ``(typ, cards, reps)`` (``ace_high``: the house
    rule "Q-K-A runs", see ``ace_high.py``).

    ``as_type`` ("match"/"run") is needed only when the cards could be either; ``end`` ("low"/"high")
    only when the Beanies beyond the natural cards of a run could go at either end (they all go to the
    same end). A choice that is given but not needed is accepted when it agrees with the only way.
    Raises IllegalMove with a reason.
    """
    if as_type not in (None, "match", "run"):
        raise IllegalMove(t_msg("Play the cards as a match or as a run."))
    if end not in (None, "low", "high"):
        raise IllegalMove(t_msg("A Beanie at the end of a run goes at the low end or the high end."))
    if len(cards) < 3:
        raise IllegalMove(t_msg("A set needs at least 3 cards."))
    w_of = WILD[wild]
    nat = sorted((c for c in cards if not w_of[c]), key=RANK.__getitem__)
    wilds = sorted(c for c in cards if w_of[c])
    if not nat:
        raise IllegalMove(t_msg("A set needs at least one card that is not a Beanie."))
    r0 = RANK[nat[0]]
    match_err = None
    if any(RANK[c] != r0 for c in nat):
        match_err = t_msg("the cards are not all the same rank")
    elif len(cards) > 4:
        match_err = t_msg("a match holds at most 4 cards, one of each suit")
    run_err = None
    run_ends: tuple[Any, ...] = ()
    layouts: dict[Any, tuple[int, int]] = {}  # (ace_high: where the run can lie, see ace_high.run_starts)
    extras = 0
    s0 = SUIT[nat[0]]
    if any(SUIT[c] != s0 for c in nat):
        run_err = t_msg("the cards are not all the same suit")
    elif ace_high:
        layouts = AH.run_starts(nat, len(wilds), True)
        if not layouts:
            run_err = t_msg("the gaps are bigger than your Beanies can fill")
    else:
        lo, hi = r0, RANK[nat[-1]]
        gaps = hi - lo + 1 - len(nat)
        if gaps > len(wilds):
            run_err = t_msg("the gaps are bigger than your Beanies can fill")
        else:
            extras = len(wilds) - gaps
            if extras == 0:
                run_ends = (None,)
            else:
                run_ends = tuple(e for e, ok in (("low", extras <= lo - 1), ("high", extras <= 13 - hi)) if ok)
                if not run_ends:
                    run_err = t_msg("the run would go past the ace or the king")
    if as_type is None:
        if match_err is None and run_err is None:
            raise IllegalMove(t_msg("These cards could be a match or a run: choose how to play them."))
        if match_err is None:
            typ = MATCH
        elif run_err is None:
            typ = RUN
        else:
            raise IllegalMove(t_msg("These cards make neither a match ({match}) nor a run ({run}).",
                                    match=match_err, run=run_err))
    elif as_type == "match":
        if match_err is not None:
            raise IllegalMove(t_msg("Not a match: {reason}.", reason=match_err))
        typ = MATCH
    else:
        if run_err is not None:
            raise IllegalMove(t_msg("Not a run: {reason}.", reason=run_err))
        typ = RUN
    if typ == MATCH:
        used = {SUIT[c] for c in nat}
        missing = [s for s in range(4) if s not in used]
        pairs = [(c, c) for c in nat] + [(w, card_id(missing[i], r0)) for i, w in enumerate(wilds)]
        pairs.sort(key=lambda p: SUIT[p[1]])
        return MATCH, [p[0] for p in pairs], [p[1] for p in pairs]
    if ace_high:
        start, top = AH.choose_start(layouts, end)
        placed_ah, reps_ah = AH.place_run(nat, wilds, start, top)
        return RUN, placed_ah, reps_ah
    lo = r0
    if run_ends != (None,):
        if end is None:
            if len(run_ends) == 2:
                raise IllegalMove(t_msg("Choose the end of the run for the extra Beanie: low or high."))
            side = run_ends[0]
        elif end not in run_ends:
            if end == "low":
                raise IllegalMove(t_msg("There is no room at the low end of this run for the Beanie."))
            if end == "high":
                raise IllegalMove(t_msg("There is no room at the high end of this run for the Beanie."))
            raise IllegalMove(t_msg("A Beanie at the end of a run goes at the low end or the high end."))
        else:
            side = end
        if side == "low":
            lo = r0 - extras
    by_rank = {RANK[c]: c for c in nat}
    it = iter(wilds)
    placed = [by_rank[r] if r in by_rank else next(it) for r in range(lo, lo + len(cards))]
    return RUN, placed, [card_id(s0, r) for r in range(lo, lo + len(cards))]


def lay_options(hand: list[int], wild: int,
                ace_high: bool = False) -> list[tuple[tuple[int, ...], SetType | None, Side | None]]:
    """Every distinct way to lay a set from ``hand``: ``(cards, as_type, end)`` with the choices only
    where they are needed. Matches first (by rank), then runs (by suit, then lowest card; ``ace_high``: Q-K-A
    runs too)."""
    w_of = WILD[wild]
    nat = sorted(c for c in hand if not w_of[c])
    wl = tuple(sorted(c for c in hand if w_of[c]))
    nw = len(wl)
    wsubs = [list(combinations(wl, k)) for k in range(nw + 1)]
    out: list[tuple[tuple[int, ...], SetType | None, Side | None]] = []
    at: SetType | None
    by_rank: dict[int, list[int]] = {}
    by_suit: dict[int, list[int]] = {}
    for c in nat:
        by_rank.setdefault(RANK[c], []).append(c)
        by_suit.setdefault(SUIT[c], []).append(c)
    for r in sorted(by_rank):
        cs = by_rank[r]
        for k in range(1, len(cs) + 1):
            lo_w, hi_w = max(0, 3 - k), min(nw, 4 - k)
            if lo_w > hi_w:
                continue
            for sub in combinations(cs, k):
                for w in range(lo_w, hi_w + 1):
                    at = "match" if (k == 1 and w >= 2) else None
                    for ws in wsubs[w]:
                        out.append((sub + ws, at, None))
    if ace_high:
        return out + AH.run_options(hand, wild)
    for s in sorted(by_suit):
        cs = by_suit[s]  # ascending rank (ids of one suit ascend with rank)
        m = len(cs)
        for i in range(m):
            ri = RANK[cs[i]]
            for j in range(i, m):
                rj = RANK[cs[j]]
                span = rj - ri + 1
                inner = cs[i + 1 : j]
                for t in range(len(inner) + 1):
                    k = 1 if i == j else 2 + t
                    gaps = span - k
                    if gaps > nw:
                        continue
                    w_from = max(gaps, 3 - k)
                    if w_from > nw:
                        continue
                    for mid in combinations(inner, t):
                        base = (cs[i],) if i == j else (cs[i], *mid, cs[j])
                        for w in range(w_from, nw + 1):
                            extras = w - gaps
                            if extras == 0:
                                ends: tuple[Side | None, ...] = (None,)
                            else:
                                low_ok, high_ok = extras <= ri - 1, extras <= 13 - rj
                                if low_ok and high_ok:
                                    ends = ("low", "high")
                                elif low_ok or high_ok:
                                    ends = (None,)
                                else:
                                    continue
                            at = "run" if (k == 1 and 2 <= w <= 3) else None
                            for ws in wsubs[w]:
                                for e in ends:
                                    out.append((base + ws, at, e))
    return out


# --- adding to sets on the table --------------------------------------------------------------


def accepts(s: list[Any], wild: int, ace_high: bool = False) -> list[int]:
    """Natural cards that could be added to set ``s`` this round (not Beanies: those are 'star'; ``ace_high``: an
    ace may go above a King)."""
    reps = s[4]
    if s[2] == MATCH:
        if len(reps) >= 4:
            return []
        r = RANK[reps[0]]
        if r == wild:
            return []
        used = {SUIT[x] for x in reps}
        return [card_id(su, r) for su in range(4) if su not in used]
    su, (lo, hi) = SUIT[reps[0]], AH.run_span(reps)
    out = []
    if lo > 1 and lo - 1 != wild and not (lo == 2 and hi == 14):  # (the ace is not low and high at once)
        out.append(card_id(su, lo - 1))
    if hi < (14 if ace_high else 13) and AH.rank_at(hi + 1) != wild and not (hi == 13 and lo == 1):
        c = card_id(su, AH.rank_at(hi + 1))
        if c not in out:
            out.append(c)
    return out


def star_ends(s: list[Any], ace_high: bool = False) -> tuple[Side | None, ...]:
    """Where a lone Beanie can go on set ``s``: () when full, (None,) when there is one place,
    ("low", "high") when the run is open at both ends (``ace_high``: a run may reach past the King)."""
    reps = s[4]
    if s[2] == MATCH:
        return () if len(reps) >= 4 else (None,)
    low, high = star_sides(s, ace_high)
    if low and high:
        return ("low", "high")
    if low or high:
        return (None,)
    return ()


def star_sides(s: list[Any], ace_high: bool = False) -> tuple[bool, bool]:
    """Is run ``s`` open at its low end, and at its high end?"""
    lo, hi = AH.run_span(s[4])
    return lo > 1 and not (lo == 2 and hi == 14), hi < (14 if ace_high else 13) and not (hi == 13 and lo == 1)


def add_natural(s: list[Any], card: int) -> None:
    """Put natural ``card`` onto set ``s`` (already checked by ``accepts``)."""
    cards, reps = s[3], s[4]
    if s[2] == MATCH:
        i = 0
        while i < len(reps) and SUIT[reps[i]] < SUIT[card]:
            i += 1
        cards.insert(i, card)
        reps.insert(i, card)
    elif RANK[card] == AH.run_span(reps)[0] - 1:  # (an ace goes below a 2, else above a King)
        cards.insert(0, card)
        reps.insert(0, card)
    else:
        cards.append(card)
        reps.append(card)


def add_star(s: list[Any], card: int, side: str | None) -> int:
    """Put Beanie ``card`` onto set ``s`` at ``side`` (resolved by the caller); returns what it stands for."""
    cards, reps = s[3], s[4]
    if s[2] == MATCH:
        r = RANK[reps[0]]
        used = {SUIT[x] for x in reps}
        rep = card_id(next(su for su in range(4) if su not in used), r)
        add_natural(s, rep)  # inserts rep at its place in both lists...
        i = reps.index(rep)
        cards[i] = card  # ...then the Beanie lies there instead
        return rep
    su, (lo, hi) = SUIT[reps[0]], AH.run_span(reps)
    if side == "low":
        rep = card_id(su, lo - 1)
        cards.insert(0, card)
        reps.insert(0, rep)
    else:
        rep = card_id(su, AH.rank_at(hi + 1))
        cards.append(card)
        reps.append(rep)
    return rep
