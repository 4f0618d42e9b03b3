"""What President's table says: the line about the last thing that happened (``view["message"]``), the log's words
for a move (``describe``), the round label and the hand's summary — each a :class:`logic.messages.Said`: its English
as it has always read (views, the seat API, logs and tests), carrying the message each page renders in its viewer's
language. A seat is a ``seat_msg`` ("Seat 2"), which a page replaces by the player's name.

A line that grows with what happened ("… played a pair of 9s — revolution! … and is out (2nd) — 8 ends the trick")
is one message per step, each holding the line so far as ``{line}``: every language places it in its own sentence.
"""

from __future__ import annotations

from typing import Any

from logic.game import PHASE_HAND_OVER, PHASE_OVER, PHASE_PLAY
from logic.messages import Message, Said, both, said, seat_msg, t_msg, t_nmsg, t_pmsg

from .actions import ALL_CARDS, JOKER_MASK, JOKERS, RUN_REVOLUTION, RUNS, mask_codes, parse_play, titles_for
from .house import is_run_mask, lock_letters
from .jokers import jokers_in, parse_set
from .rules import apply
from .runs import mask_span, parse_run, run_span
from .state import PresidentState, clone
from .view_types import PresidentSummary, PresidentSummaryRow
from .words import PLACES, SUITS, rank_msg, run_msg


def seat_name(seat: int) -> Message:
    return seat_msg(seat, "Seat")


def play_msg(mask: int, span: tuple[int, int] | None = None) -> Message:
    """A play in words: 'a pair of 9s', 'a run 5-7 of spades (with a Joker)', 'a Joker', 'four 7s (two of them
    Jokers)'. ``span``: a run's lowest and highest rank where its player put a joker left over."""
    if is_run_mask(mask):  # a run (house rule; jokers fill its gaps)
        lo, hi = span or run_span(mask)
        return run_msg(lo, hi, mask_codes(mask)[0][-1], jokers_in(mask))
    if mask & JOKER_MASK:  # house rule jokers
        return joker_msg(mask)
    return rank_msg(mask_span(mask)[0], mask.bit_count())


def joker_msg(mask: int) -> Message:
    """'a Joker', 'a pair of Jokers', 'a pair of 9s (one a Joker)', 'four 7s (two of them Jokers)'."""
    n, jokers = mask.bit_count(), jokers_in(mask)
    nat = mask & ALL_CARDS
    if not nat:
        return t_msg("a Joker") if n == 1 else t_msg("a pair of Jokers")
    words = rank_msg(mask_span(nat)[0], n)
    return t_msg("{cards} (one a Joker)", cards=words) if jokers == 1 else t_msg("{cards} (two of them Jokers)",
                                                                                   cards=words)


def _revolution(line: Message, reversed_now: bool, playing: bool) -> Message:
    if playing:
        if reversed_now:
            return t_msg("{line} — revolution! The order is now reversed", line=line)
        return t_msg("{line} — revolution! The order is now back to normal", line=line)
    if reversed_now:  # the hand ended with this play
        return t_msg("{line} — revolution! The order would now be reversed", line=line)
    return t_msg("{line} — revolution! The order would now be back to normal", line=line)


def house_msg(line: Message, s: PresidentState, effects: list[str]) -> Message:
    """``line`` and what the house rules did with the play, in the order they happened."""
    for e in effects:
        name, _, arg = e.partition(":")
        if name == "lock":
            line = t_msg("{line} — suit lock: the trick is locked to {suits}", line=line, suits=lock_msg(s.lock))
        elif name == "jack":
            line = t_msg("{line} — Jack-back: the order is reversed until the trick ends", line=line)
        elif name == "jack-off":
            line = t_msg("{line} — Jack-back again: the order flips back until the trick ends", line=line)
        elif name == "cut":
            line = t_msg("{line} — 8 ends the trick", line=line)
        elif name == "clear":
            line = t_msg("{line} — the top rank clears the trick", line=line)
        elif name == "burn":
            line = t_msg("{line} — all four cards of the rank are out: the trick burns", line=line)
        elif name == "joker":
            line = t_msg("{line} — a Joker beats any single; only the 3♠ beats it back", line=line)
        elif name == "spade3":
            line = t_msg("{line} — the 3♠ beats the Joker: the trick ends", line=line)
        elif name == "skip":
            line = t_msg("{line} — same rank: {player} is skipped", line=line, player=seat_name(int(arg)))
        elif name == "down":
            line = t_msg("{line} — downfall: {player}, last hand's President, drops to last place", line=line,
                         player=seat_name(int(arg)))
        elif name == "lead":
            line = t_msg("{line}; {player} leads", line=line, player=seat_name(int(arg)))
    return line


def lock_msg(lock: int) -> Message:
    """'spades and hearts': the suits a trick is locked to."""
    return both([SUITS[c] for c in lock_letters(lock)]) if lock else t_msg("its suits")


def place_of(s: PresidentState, seat: int) -> int:
    """Finishing place (1 = first) of a seat that is out: gone out cleanly, or placed from the bottom."""
    if seat in s.finished:
        return s.finished.index(seat) + 1
    return s.n - s.bottom.index(seat)


def message(s: PresidentState) -> Said | None:
    """The public line about the last thing that happened."""
    ev = s.last_event
    if not ev:
        return None
    kind = ev[0]
    if kind == "deal":
        return said(t_msg("Hand 1: {player} holds the 3♣ and leads.", player=seat_name(ev[2])))
    if kind == "exchange":
        return said(t_msg("Hand {hand}: the Beggar and Vice Beggar hand their best cards up.", hand=s.hand_no))
    if kind == "play":
        return said(_play_line(s, ev))
    if kind == "pass":
        seat, leader = ev[1], ev[3]
        if leader < 0:
            return said(t_msg("{player} passed.", player=seat_name(seat)))
        player, leads = seat_name(seat), seat_name(leader)
        if len(ev) > 4 and ev[4] == "jack-end":
            if s.rev:
                return said(t_msg("{player} passed; everyone has passed, {leader} leads. Jack-back is over: the "
                                  "order is reversed again.", player=player, leader=leads))
            return said(t_msg("{player} passed; everyone has passed, {leader} leads. Jack-back is over: the order "
                              "is normal again.", player=player, leader=leads))
        return said(t_msg("{player} passed; everyone has passed, {leader} leads.", player=player, leader=leads))
    if kind == "give":
        seat, need = ev[1], ev[3]
        if len(ev) > 4:
            return said(t_nmsg("{player} gave back {n} card; the exchange is done and {leader} (Beggar) leads.",
                               "{player} gave back {n} cards; the exchange is done and {leader} (Beggar) leads.",
                               player=seat_name(seat), n=need, leader=seat_name(ev[4])))
        return said(t_nmsg("{player} gave back {n} card.", "{player} gave back {n} cards.", player=seat_name(seat),
                           n=need))
    return None


def _play_line(s: PresidentState, ev: tuple[Any, ...]) -> Message:
    _, seat, mask, flipped, went_out = ev[:5]
    on_top = bool(s.trick) and s.trick[-1][1] == mask and s.top_count == mask.bit_count()
    span = (s.top_rank - s.top_count + 1, s.top_rank) if on_top else None  # (a run's joker where it was put)
    line = t_msg("{player} played {cards}", player=seat_name(seat), cards=play_msg(mask, span))
    if flipped:
        line = _revolution(line, s.rev, s.phase == PHASE_PLAY)
    effects = ev[5].split(",") if len(ev) > 5 and ev[5] else []
    if went_out:
        if "foul" in effects:
            line = t_msg("{line} and is out on a top card: a foul, ranked below everyone who goes out cleanly",
                         line=line)
        else:
            line = t_msg("{line} and is out ({place})", line=line, place=PLACES[place_of(s, seat) - 1])
    line = house_msg(line, s, effects)
    if s.phase in (PHASE_HAND_OVER, PHASE_OVER):
        return t_msg("{line}. Hand {hand} is over.", line=line, hand=s.hand_no)
    return t_msg("{line}.", line=line)


def round_label(s: PresidentState) -> Said:
    return said(t_msg("Hand {hand} of {hands}", hand=s.hand_no, hands=s.hands_total))


TITLES = {"President": t_pmsg("role", "President"), "Vice President": t_pmsg("role", "Vice President"),
          "Citizen": t_pmsg("role", "Citizen"), "Vice Beggar": t_pmsg("role", "Vice Beggar"),
          "Beggar": t_pmsg("role", "Beggar")}
COLUMNS = (("place", said(t_pmsg("summary column", "Place"))), ("title", said(t_pmsg("summary column", "Title"))),
           ("points", said(t_msg("Points"))), ("total", said(t_msg("Total"))))


def summary(s: PresidentState) -> PresidentSummary | None:
    if s.phase not in (PHASE_HAND_OVER, PHASE_OVER) or not s.hand_points:
        return None
    names = titles_for(s.n)
    points = s.hand_points[-1]
    rows: list[PresidentSummaryRow] = [
        {"seat": seat, "place": place + 1, "title": said(TITLES[names[place]]), "points": points[seat],
         "total": s.scores[seat]}
        for place, seat in enumerate(s.finished)
    ]
    if s.phase == PHASE_OVER:
        title = t_msg("Final hand ({hand} of {hands}) — match over", hand=s.hand_no, hands=s.hands_total)
    else:
        title = t_msg("Hand {hand} of {hands} — results", hand=s.hand_no, hands=s.hands_total)
    return {"title": said(title), "rows": rows, "columns": [[key, label] for key, label in COLUMNS]}


def describe(s_before: PresidentState, seat: int, action: Any) -> Said | None:
    """The log's words for a move, after the player's name ("played a pair of 9s and is out")."""
    kind = getattr(action, "kind", None)
    if kind == "play":
        span: tuple[int, int] | None = None
        try:
            if s_before.house & JOKERS:
                mask, _rank, count, _ = parse_set(tuple(action.cards))
            else:
                mask, _rank, count = parse_play(tuple(action.cards))
        except ValueError:
            run = parse_run(tuple(action.cards), getattr(action, "end", None)) if s_before.house & RUNS else None
            if run is None:
                return None
            revolt = len(action.cards) >= 4 and bool(s_before.house & RUN_REVOLUTION)
            mask, count = run[0], 4 if revolt else 0
            span = run[1], run[2]  # (a joker left over at the end its player named)
        words = t_msg("played {cards}", cards=play_msg(mask, span))
        if count == 4 and s_before.revolution:
            words = t_msg("{line} — revolution!", line=words)
        if s_before.hands[seat] & ~mask == 0:
            words = t_msg("{line} and is out", line=words)
        if s_before.house:
            words = _house_effects(s_before, seat, action, words)
        return said(words)
    if kind == "pass":
        return said(t_msg("passed"))
    if kind == "pass_trick":
        return said(t_msg("passes for the rest of this trick") if action.on else t_msg("is back in this trick"))
    if kind == "give":
        return said(t_nmsg("gave back {n} card", "gave back {n} cards", n=len(action.cards)))
    return None


def _house_effects(s_before: PresidentState, seat: int, action: Any, words: Message) -> Message:
    """``words`` and what the house rules made of the play, for the log (played on a copy)."""
    s = clone(s_before)
    try:
        apply(s, seat, action)
    except ValueError:
        return words
    ev = s.last_event
    if not ev or ev[0] != "play" or len(ev) < 6 or not ev[5]:
        return words
    effects = ev[5].split(",")
    words = house_msg(words, s, effects)
    if "foul" in effects:
        words = t_msg("{line} — on a top card: a foul", line=words)
    return words
