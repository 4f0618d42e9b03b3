"""What one seat may see of a President match.

``view(state, seat)`` returns a JSON-able dict, a ``PresidentView`` (``view_types.py``). Shared keys (every game):

* ``game``: "president"; ``phase``: "exchange" | "play" | "hand-over" | "over";
  ``to_move``: seats that may act now; ``seat``: the viewer (None = spectator); ``players``: n.
* ``hand``: the viewer's card codes, lowest first in the normal order (3 ... A, 2); [] for spectators.
* ``seats``: per seat ``{"cards": int, "title": str|None, "status": [chips], "score": int, "team": None,
  "place": int|None}``. Titles come from the last finished hand ("President", "Vice President",
  "Citizen", "Vice Beggar", "Beggar"); chips are "passed", "passing" (passes for the rest of this trick),
  "out", "last" (ranked last, still holding cards, once the others are out),
  "downfall" (last hand's President, dropped to last place with cards still in hand), "foul" (went out on a top
  card: ranked below everyone who goes out cleanly), "giving" (exchange) and "ready"
  (confirmed the hand summary). ``place`` is the finishing place this hand once the seat is out (or last).
* ``round_label``: "Hand 2 of 4"; ``scores``: match totals per seat.
* ``summary``: None while a hand runs; in "hand-over"/"over" the result of the last hand:
  ``{"title", "rows": [{"seat", "place", "title", "points", "total"}], "columns": [[key, label], ...]}``
  with rows in finishing order.
* ``message``: a short public line about the last thing that happened (seats named "Seat 1".."Seat n",
  counting from 1), or None.

President extras:

* ``trick``: plays of the current trick, oldest first, ``[{"seat", "cards": [codes]}]``; the last one
  is the play to beat. ``top``: ``{"seat", "cards", "rank", "count"}`` of that play or None; ``top_run``: it is a
  run of one suit (house rule; then ``rank`` is its top card in the order in effect). With jokers (house rule) card
  codes include ``JK1``/``JK2``; a lone joker on top has ``rank`` "JK", a set with jokers its set's rank.
* ``lead_seat``: who led the current trick, or who is to lead when the trick is empty (else None).
* ``turn``: the seat to play (None outside the play phase); ``can_pass``: whether the player to move
  may pass (False when leading).
* ``order``: "normal" or "reversed": the order in effect (a revolution, or jack-back until the trick ends);
  ``revolution``: whether the option is on; ``house``: the house-rule switches that are on (``PresidentConfig``
  field names, e.g. "eight_cut"), [] for today's game. ``jack_back``: jack-back has flipped the order until the
  trick ends; ``lock``: the suit letters the trick is locked to (suit lock), [] when none.
* ``passed``: seats that passed since the play to beat; ``finished``: seats out of this hand: those gone out
  cleanly in order, then those placed from the bottom (fouls, downfall); at the end of the hand the full order.
* ``passing``: seats that pass for the rest of this trick ("Pass for this trick", public): the game passes for
  them each time the trick comes round, until it ends.
* ``exchange``: only for the four seats in an exchange (President/Beggar, Vice President/Vice Beggar),
  else None: ``{"role", "partner", "received": [codes], "give_count": n, "given": [codes] or None,
  "pending": bool}``. For the President, ``received`` are the Beggar's best two cards and ``given`` the
  two handed back (None until chosen); for the Beggar, ``given`` are the cards taken and ``received``
  what came back ([] until then). Kept for the whole hand: these players know where those cards went.
* ``hand_no``, ``hands``: this hand's number and the match length.
* ``history``: every play this hand in order, ``[{"seat", "cards": [codes]}]`` with ``cards == []`` for
  a pass (public information; the bots count cards from it). ``played``: all codes played this hand.
"""

from __future__ import annotations

from typing import Any, cast

from logic.game import PHASE_HAND_OVER, PHASE_OVER, PHASE_PLAY

from .actions import (
    ALL_CARDS,
    HOUSE_BITS,
    JOKER_LABEL,
    JOKER_MASK,
    JOKER_RANK,
    JOKERS,
    RANK_LABELS,
    RUN_REVOLUTION,
    RUNS,
    mask_codes,
    parse_play,
    rank_words,
    titles_for,
)
from .house import is_run_mask, lock_letters
from .jokers import jokers_in, parse_set
from .rules import apply, to_move
from .runs import mask_span, parse_run, run_span
from .state import PHASE_EXCHANGE, PresidentState, clone
from .view_types import (
    PresidentExchange,
    PresidentPhase,
    PresidentPlay,
    PresidentRole,
    PresidentSeat,
    PresidentSummary,
    PresidentSummaryRow,
    PresidentTop,
    PresidentView,
)

PLACE_WORDS = ("1st", "2nd", "3rd", "4th", "5th")


def _title_of(s: PresidentState) -> list[str | None]:
    titles: list[str | None] = [None] * s.n
    names = titles_for(s.n)
    for place, seat in enumerate(s.prev_finish):
        titles[seat] = names[place]
    return titles


def _seat_name(seat: int) -> str:
    return f"Seat {seat + 1}"


def play_words(mask: int, span: tuple[int, int] | None = None) -> str:
    codes = mask_codes(mask)
    if is_run_mask(mask):  # a run (house rule; jokers fill its gaps; ``span``: where a joker left over stands)
        lo, hi = span or run_span(mask)
        run = f"a run {RANK_LABELS[lo]}-{RANK_LABELS[hi]} of {SUIT_NAMES[codes[0][-1]]}"
        return run + ("", " (with a Joker)", " (with two Jokers)")[jokers_in(mask)]
    if mask & JOKER_MASK:  # house rule jokers
        return joker_words(mask)
    lo = mask_span(mask)[0]
    return rank_words(lo, len(codes))


def joker_words(mask: int) -> str:
    """'a Joker', 'a pair of Jokers', 'a pair of 9s (one a Joker)', 'four 7s (two of them Jokers)'."""
    n, jokers = mask.bit_count(), jokers_in(mask)
    nat = mask & ALL_CARDS
    if not nat:
        return "a Joker" if n == 1 else "a pair of Jokers"
    words = rank_words(mask_span(nat)[0], n)
    return words + (" (one a Joker)" if jokers == 1 else " (two of them Jokers)")


def _top_span(s: PresidentState) -> tuple[int, int]:
    """(lowest, highest) rank of the run on top of the trick (its jokers where its player put them)."""
    return s.top_rank - s.top_count + 1, s.top_rank


def message(s: PresidentState) -> str | None:
    ev = s.last_event
    if not ev:
        return None
    kind = ev[0]
    if kind == "deal":
        return f"Hand 1: {_seat_name(ev[2])} holds the 3\u2663 and leads."
    if kind == "exchange":
        return f"Hand {s.hand_no}: the Beggar and Vice Beggar hand their best cards up."
    if kind == "play":
        _, seat, mask, flipped, went_out = ev[:5]
        on_top = bool(s.trick) and s.trick[-1][1] == mask and s.top_count == mask.bit_count()
        text = f"{_seat_name(seat)} played {play_words(mask, _top_span(s) if on_top else None)}"
        if flipped:
            text += " \u2014 revolution! The order is now " + ("reversed" if s.rev else "back to normal")
            if s.phase != PHASE_PLAY:
                text = text.replace(" is now ", " would now be ")
        effects = ev[5].split(",") if len(ev) > 5 and ev[5] else []
        if went_out:
            if "foul" in effects:
                text += " and is out on a top card: a foul, ranked below everyone who goes out cleanly"
            else:
                text += f" and is out ({PLACE_WORDS[place_of(s, seat) - 1]})"
        text += house_words(s, effects)
        if s.phase in (PHASE_HAND_OVER, PHASE_OVER):
            text += f". Hand {s.hand_no} is over"
        return text + "."
    if kind == "pass":
        seat, leader = ev[1], ev[3]
        if leader >= 0:
            text = f"{_seat_name(seat)} passed; everyone has passed, {_seat_name(leader)} leads."
            if len(ev) > 4 and ev[4] == "jack-end":
                text += " Jack-back is over: the order is " + ("reversed" if s.rev else "normal") + " again."
            return text
        return f"{_seat_name(seat)} passed."
    if kind == "give":
        seat, need = ev[1], ev[3]
        text = f"{_seat_name(seat)} gave back {need} card{'s' if need > 1 else ''}"
        if len(ev) > 4:
            text += f"; the exchange is done and {_seat_name(ev[4])} (Beggar) leads"
        return text + "."
    return None


HOUSE_WORDS = {
    "lock": " \u2014 suit lock: the trick is locked to {suits}",
    "jack": " \u2014 Jack-back: the order is reversed until the trick ends",
    "jack-off": " \u2014 Jack-back again: the order flips back until the trick ends",
    "cut": " \u2014 8 ends the trick",
    "clear": " \u2014 the top rank clears the trick",
    "burn": " \u2014 all four cards of the rank are out: the trick burns",
    "joker": " \u2014 a Joker beats any single; only the 3\u2660 beats it back",
    "spade3": " \u2014 the 3\u2660 beats the Joker: the trick ends",
}


def house_words(s: PresidentState, effects: list[str]) -> str:
    """What the house rules did with a play, in the order they happened."""
    text = ""
    for e in effects:
        name, _, arg = e.partition(":")
        if name in HOUSE_WORDS:
            text += HOUSE_WORDS[name].replace("{suits}", lock_names(s.lock))
        elif name == "skip":
            text += f" \u2014 same rank: {_seat_name(int(arg))} is skipped"
        elif name == "down":
            text += f" \u2014 downfall: {_seat_name(int(arg))}, last hand's President, drops to last place"
        elif name == "lead":
            text += f"; {_seat_name(int(arg))} leads"
    return text


SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def lock_names(lock: int) -> str:
    return " and ".join(SUIT_NAMES[c] for c in lock_letters(lock)) if lock else "its suits"


def place_of(s: PresidentState, seat: int) -> int:
    """Finishing place (1 = first) of a seat that is out: gone out cleanly, or placed from the bottom."""
    if seat in s.finished:
        return s.finished.index(seat) + 1
    return s.n - s.bottom.index(seat)


def summary(s: PresidentState) -> PresidentSummary | None:
    if s.phase not in (PHASE_HAND_OVER, PHASE_OVER) or not s.hand_points:
        return None
    names = titles_for(s.n)
    points = s.hand_points[-1]
    rows: list[PresidentSummaryRow] = [
        {"seat": seat, "place": place + 1, "title": names[place], "points": points[seat], "total": s.scores[seat]}
        for place, seat in enumerate(s.finished)
    ]
    if s.phase == PHASE_OVER:
        title = f"Final hand ({s.hand_no} of {s.hands_total}) \u2014 match over"
    else:
        title = f"Hand {s.hand_no} of {s.hands_total} \u2014 results"
    return {
        "title": title,
        "rows": rows,
        "columns": [["place", "Place"], ["title", "Title"], ["points", "Points"], ["total", "Total"]],
    }


def view(s: PresidentState, seat: int | None) -> PresidentView:
    n = s.n
    me = seat if seat is not None and 0 <= seat < n else None
    tm = list(to_move(s))
    titles = _title_of(s)
    phase = cast(PresidentPhase, s.phase)  # the state holds a plain str
    seats: list[PresidentSeat] = []
    for i in range(n):
        status = []
        place = None
        if s.out_mask >> i & 1:  # the last player is ranked without going out: "last", still holding cards
            if i in s.bottom and s.phase == PHASE_PLAY:
                status.append("out" if s.hands[i] == 0 else "downfall")
                if s.hands[i] == 0:
                    status.append("foul")
            else:
                status.append("out" if s.hands[i] == 0 else "last")
            place = place_of(s, i)
        if phase == PHASE_PLAY and s.passing >> i & 1:
            status.append("passing")
        elif phase == PHASE_PLAY and s.top_count and s.passed >> i & 1:
            status.append("passed")
        if phase == PHASE_EXCHANGE and s.ex_pending >> i & 1:
            status.append("giving")
        if phase == PHASE_HAND_OVER and s.confirmed >> i & 1:
            status.append("ready")
        seats.append(
            {
                "cards": s.hands[i].bit_count(),
                "title": titles[i],
                "status": status,
                "score": s.scores[i],
                "team": None,
                "place": place,
            }
        )
    trick: list[PresidentPlay] = [{"seat": p, "cards": mask_codes(m)} for p, m in s.trick]
    top: PresidentTop | None = None
    top_run = False
    if s.top_count and s.trick:
        p, m = s.trick[-1]
        top_run = is_run_mask(m)
        shown = _top_span(s)[0] if (top_run and s.rev) else s.top_rank  # a run: its top card in the order in effect
        label = JOKER_LABEL if shown == JOKER_RANK else RANK_LABELS[shown]  # "JK": a lone joker (house rule)
        top = {"seat": p, "cards": mask_codes(m), "rank": label, "count": s.top_count}
    if phase == PHASE_PLAY:
        lead_seat = s.trick[0][0] if s.trick else s.turn
    else:
        lead_seat = None
    exchange: PresidentExchange | None = None
    if me is not None and s.hand_no > 1 and s.ex_partner and s.ex_partner[me] >= 0:
        partner = s.ex_partner[me]
        give = s.ex_give[me]
        role: PresidentRole
        if give:
            role = "President" if give == 2 else "Vice President"
        else:
            role = "Beggar" if s.ex_give[partner] == 2 else "Vice Beggar"
        exchange = {
            "role": role,
            "partner": partner,
            "received": mask_codes(s.ex_recv[me]) if s.ex_recv[me] >= 0 else [],
            "give_count": give,
            "given": mask_codes(s.ex_gave[me]) if s.ex_gave[me] >= 0 else None,
            "pending": bool(s.ex_pending >> me & 1),
        }
    played = 0
    history: list[PresidentPlay] = []
    for p, m in s.history:
        played |= m
        history.append({"seat": p, "cards": mask_codes(m) if m else []})
    return {
        "game": "president",
        "phase": phase,
        "to_move": tm,
        "seat": me,
        "players": n,
        "hand": mask_codes(s.hands[me]) if me is not None else [],
        "seats": seats,
        "round_label": f"Hand {s.hand_no} of {s.hands_total}",
        "scores": list(s.scores),
        "summary": summary(s),
        "message": message(s),
        "trick": trick,
        "top": top,
        "top_run": top_run,
        "lead_seat": lead_seat,
        "turn": s.turn if phase == PHASE_PLAY else None,
        "can_pass": phase == PHASE_PLAY and bool(s.top_count),
        "order": "reversed" if s.rev else "normal",
        "revolution": s.revolution,
        "passed": [i for i in range(n) if s.passed >> i & 1] if phase == PHASE_PLAY and s.top_count else [],
        "finished": list(s.finished) + [b for b in s.bottom if b not in s.finished],
        "house": [name for name, bit in HOUSE_BITS.items() if s.house & bit],
        "jack_back": s.jback,
        "lock": list(lock_letters(s.lock)),
        "passing": [i for i in range(n) if s.passing >> i & 1] if phase == PHASE_PLAY else [],
        "exchange": exchange,
        "hand_no": s.hand_no,
        "hands": s.hands_total,
        "history": history,
        "played": mask_codes(played),
    }


def describe(s_before: PresidentState, seat: int, action: Any) -> str | None:
    kind = getattr(action, "kind", None)
    if kind == "play":
        span: tuple[int, int] | None = None
        try:
            if s_before.house & JOKERS:
                mask, rank, count, _ = parse_set(tuple(action.cards))
            else:
                mask, rank, count = parse_play(tuple(action.cards))
        except ValueError:
            run = parse_run(tuple(action.cards), getattr(action, "end", None)) if s_before.house & RUNS else None
            if run is None:
                return None
            revolt = len(action.cards) >= 4 and bool(s_before.house & RUN_REVOLUTION)
            mask, count = run[0], 4 if revolt else 0
            span = run[1], run[2]
        text = f"played {play_words(mask, span)}"
        if count == 4 and s_before.revolution:
            text += " \u2014 revolution!"
        if s_before.hands[seat] & ~mask == 0:
            text += " and is out"
        if s_before.house:
            text += _house_effects(s_before, seat, action)
        return text
    if kind == "pass":
        return "passed"
    if kind == "pass_trick":
        return "passes for the rest of this trick" if action.on else "is back in this trick"
    if kind == "give":
        k = len(action.cards)
        return f"gave back {k} card{'s' if k != 1 else ''}"
    return None


def _house_effects(s_before: PresidentState, seat: int, action: Any) -> str:
    """What the house rules made of a play, for the log (played on a copy)."""
    s = clone(s_before)
    try:
        apply(s, seat, action)
    except ValueError:
        return ""
    ev = s.last_event
    if not ev or ev[0] != "play" or len(ev) < 6 or not ev[5]:
        return ""
    effects = ev[5].split(",")
    text = house_words(s, effects)
    if "foul" in effects:
        text += " \u2014 on a top card: a foul"
    return text
