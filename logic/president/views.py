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

from typing import cast

from logic.game import PHASE_HAND_OVER, PHASE_PLAY

from .actions import HOUSE_BITS, JOKER_LABEL, JOKER_RANK, RANK_LABELS, mask_codes, titles_for
from .house import is_run_mask, lock_letters
from .lines import describe, message, place_of, round_label, summary
from .rules import to_move
from .state import PHASE_EXCHANGE, PresidentState
from .view_types import (
    PresidentExchange,
    PresidentPhase,
    PresidentPlay,
    PresidentRole,
    PresidentSeat,
    PresidentTop,
    PresidentView,
)


def _title_of(s: PresidentState) -> list[str | None]:
    titles: list[str | None] = [None] * s.n
    names = titles_for(s.n)
    for place, seat in enumerate(s.prev_finish):
        titles[seat] = names[place]
    return titles


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
        # a run: its top card in the order in effect (a joker left over stands where its player put it)
        shown = s.top_rank - s.top_count + 1 if (top_run and s.rev) else s.top_rank
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
        "round_label": round_label(s),
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


__all__ = ["describe", "message", "summary", "view"]  # (the lines live in lines.py; these names stay here)
