"""What one seat may see of a Rummy game.

``build_view(state, seat)`` returns a JSON-able dict, a ``RummyView`` (``view_types.py``). Shared keys (the table UI
reads them):

- ``game`` ("rummy"), ``phase`` ("play" / "hand-over" / "over"), ``to_move`` (list of seats),
  ``seat`` (viewer or None for a spectator), ``players``.
- ``hand``: the viewer's cards in hand order (empty for spectators).
- ``seats``: per seat ``{"cards", "title", "status", "score", "team"}``; ``status`` chips are
  "to play", "went out", "one-turn out", "ready".
- ``round_label`` ("Hand 2 · Race to 300" / "Hand 2 · No limit"), ``scores`` (match totals),
  ``summary`` (None, or the last hand's result while the phase is hand-over/over),
  ``message`` (public line about the last committed turn).

Rummy extras:

- ``current``: whose turn it is (None between hands); ``hand_no``; ``first_seat`` (who began
  this hand); ``target`` (0 = no limit).
- ``stock_count``; ``discard``: the whole discard pile, bottom -> top (it is public).
- ``melds``: ``{"id", "owner", "type": "set"|"run", "cards", "points", "layoffs": [{"seat",
  "card"}]}`` in the order they were made; ``cards`` in display order (runs low -> high).
- ``turn_stage``: "draw" / "play" / "pending" for the player whose turn it is; other seats and
  spectators see "draw" for the whole turn (the turn is private until it is committed), then
  "hand-over" / "over".
- ``must_use``: (mover only) the card taken from deep in the discard pile that must still be
  melded or laid off before discarding, else None.
- ``can_undo`` / ``undo_what`` (mover only): whether Undo is available and what it would take
  back ("discard", "meld", "layoff", "pickup"); ``grace_seconds`` while pending.
- ``hand_melded_points``: points each seat has melded or laid off this hand.
- ``first_deal_draw``: ``{"cards": [code per seat, None while that seat has not drawn], "winner": seat
  (None until everyone has drawn), "drawn": [bool per seat]}`` (the once-per-match draw that decides who
  plays first in hand 1). During the ``first-draw`` phase (``turn_stage`` "first-draw") the hand is not
  shown yet: ``hand`` is empty, card counts, stock and discard pile are 0 / empty.
- ``house_rules``: the names of the house-rule options on at this table (``wrap_around``, ``top_card_only``,
  ``keep_dug_card``, ``no_final_discard``, ``rummy_call``), ``[]`` for the standard game.
- ``call_window`` (house rule "Rummy!"): ``{"card", "seat", "seconds"}`` while a discard may be called (``seat``
  made it; ``seconds`` is the window's full length, the table's timer says what is left), else None. Shown to
  everyone after every discard. ``calls``: the viewer's own ways to call it (``{"meld": id or None, "cards": [hand
  codes melded with it]}``), ``[]`` for everyone else: it is the viewer's hand that decides.
- ``history``: this hand's committed turns, oldest first: ``{"seat", "took": None (stock) or
  [codes taken from the pile, deepest first], "melded": [[codes]], "laid_off": [{"meld",
  "cards"}], "discard", "out"}``, plus ``"called": True`` for a "Rummy!" call (took the discard out of turn, no
  discard). Bots use it as their memory.

Turn privacy: while a turn is in progress every seat except the mover sees the table as it was
when that turn began (stock count, discard pile, melds, lay-offs, hand sizes, melded points).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, cast

from logic.messages import said, seat_msg, t_msg
from logic.rummy.calls import call_options, discarder, window_open
from logic.rummy.melds import CODE, KIND_NAME, POINTS
from logic.rummy.state import (
    FIRST_DEAL_DRAW,
    GRACE_SECONDS,
    HAND_OVER,
    HOUSE_OPTIONS,
    OVER,
    PENDING,
    STAGE_NAME,
    RummyState,
)
from logic.rummy.view_types import (
    RummyCall,
    RummyCallWindow,
    RummyMeld,
    RummyPhase,
    RummySummary,
    RummyTurn,
    RummyTurnStage,
    RummyView,
)
from logic.view_types import SeatView

SUMMARY_COLUMNS = [("melded", t_msg("Melded")), ("held", t_msg("Left in hand")), ("hand", t_msg("Hand score")),
                   ("total", t_msg("Total"))]
_UNDO_WHAT: dict[str, Literal["discard", "meld", "layoff", "pickup"]] = {
    "d": "discard", "m": "meld", "l": "layoff", "t": "pickup"}


def _codes(cards: Iterable[int]) -> list[str]:
    return [CODE[c] for c in cards]


def build_view(st: RummyState, seat: int | None) -> RummyView:
    n = st.n
    playing = st.stage <= PENDING
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < n):
        raise ValueError(f"No seat {seat!r} at this table")
    live = playing and seat is not None and seat == st.current
    melds: list[RummyMeld]
    turn_stage: RummyTurnStage
    if playing and not live and st.frozen is not None:
        stock_count, discard, counts, fmelds, pts = st.frozen
        melds = [
            {"id": mid, "owner": owner, "type": KIND_NAME[kind], "cards": _codes(cards),
             "points": sum(POINTS[c] for c in cards),
             "layoffs": [{"seat": s, "card": CODE[c]} for s, c in lay]}
            for mid, owner, kind, cards, lay in fmelds
        ]
        turn_stage = "draw"
    else:
        stock_count = len(st.stock)
        discard = st.discard
        counts = [len(h) for h in st.hands]
        pts = st.pts
        melds = [
            {"id": m[0], "owner": m[1], "type": KIND_NAME[m[2]], "cards": _codes(m[6]),
             "points": sum(POINTS[c] for c in m[6]),
             "layoffs": [{"seat": s, "card": CODE[c]} for s, c in m[7]]}
            for m in st.melds
        ]
        turn_stage = cast(RummyTurnStage, STAGE_NAME[st.stage]) if (live or not playing) else "draw"
    drawing_first = st.stage == FIRST_DEAL_DRAW  # nothing of hand 1 is shown before the draw for the first deal is over
    if drawing_first:
        stock_count, discard, counts = 0, [], [0] * n

    summary: RummySummary | None = None
    if not playing and st.summary is not None:
        hand_no, winner, one_turn, rows = st.summary
        if winner < 0:
            title = t_msg("Hand {hand}: stalled, nobody went out", hand=hand_no)
        elif one_turn:
            title = t_msg("Hand {hand}: {player} went out in one turn (points doubled)", hand=hand_no,
                          player=seat_msg(winner, "player"))
        else:
            title = t_msg("Hand {hand}: {player} went out", hand=hand_no, player=seat_msg(winner, "player"))
        summary = {
            "title": said(title),
            "hand": hand_no,
            "winner": winner,
            "one_turn": one_turn,
            "rows": [{"seat": s, "melded": m, "held": h, "hand": sc, "total": t} for s, m, h, sc, t in rows],
            "columns": [[key, said(words)] for key, words in SUMMARY_COLUMNS],
        }

    to_move = []
    if playing:
        to_move = [st.current]
    elif st.stage == HAND_OVER:
        to_move = [s for s in range(n) if not st.confirmed[s]]
    elif drawing_first:
        to_move = [s for s in range(n) if not st.first_drawn[s]]

    seats: list[SeatView] = []
    for s in range(n):
        status = []
        if playing and s == st.current:
            status.append("to play")
        if summary is not None and s == summary["winner"]:
            status.append("one-turn out" if summary["one_turn"] else "went out")
        if st.stage == HAND_OVER and st.confirmed[s]:
            status.append("ready")
        if drawing_first:
            status.append("drew" if st.first_drawn[s] else "to draw")
        seats.append({"cards": counts[s], "title": None, "status": status, "score": st.scores[s], "team": None})

    must_use = None
    can_undo = False
    undo_what = None
    if live:
        assert seat is not None
        if st.must_use >= 0 and st.must_use in st.hands[seat]:
            must_use = CODE[st.must_use]
        if st.undo:
            can_undo = True
            undo_what = _UNDO_WHAT[st.undo[-1][0]]

    history: list[RummyTurn] = []
    for entry in st.history:
        seat_h, took, melded, laid, disc, out = entry[:6]
        turn: RummyTurn = {
            "seat": seat_h,
            "took": None if took is None else _codes(took),
            "melded": [_codes(c) for c in melded],
            "laid_off": [{"meld": mid, "cards": _codes(cards)} for mid, cards in laid],
            "discard": CODE[disc] if disc >= 0 else None,
            "out": out,
        }
        if len(entry) > 6 and entry[6]:
            turn["called"] = True  # a "Rummy!" call (house rule); absent from every other turn
        history.append(turn)

    label = (t_msg("Hand {hand} · Race to {target}", hand=st.hand_no, target=st.target) if st.target
             else t_msg("Hand {hand} · No limit", hand=st.hand_no))
    phase: RummyPhase = "play" if playing else ("hand-over" if st.stage == HAND_OVER else
                                                "first-draw" if drawing_first else "over")
    return {
        "game": "rummy",
        "phase": phase,
        "to_move": to_move,
        "seat": seat,
        "players": n,
        "hand": _codes(st.hands[seat]) if seat is not None and not drawing_first else [],
        "seats": seats,
        "round_label": said(label),
        "scores": list(st.scores),
        "summary": summary,
        "message": st.message,
        "current": st.current if playing else None,
        "hand_no": st.hand_no,
        "first_seat": st.first_seat,
        "target": st.target,
        "stock_count": stock_count,
        "discard": _codes(discard),
        "melds": melds,
        "turn_stage": turn_stage,
        "must_use": must_use,
        "can_undo": can_undo,
        "undo_what": undo_what,
        "grace_seconds": GRACE_SECONDS if (live and st.stage == PENDING) else None,
        "hand_melded_points": list(pts),
        "first_deal_draw": {"cards": [CODE[c] if st.first_drawn[s] else None for s, c in enumerate(st.first_draw)],
                            "winner": None if drawing_first else st.first_draw_winner,
                            "drawn": list(st.first_drawn)},
        "history": history,
        "over": st.stage == OVER,
        "house_rules": [opt for opt, field in HOUSE_OPTIONS if getattr(st, field)] + (["rummy_call"] if st.call_on
                                                                                       else []),
        "call_window": _call_window(st) if playing else None,
        "calls": _calls(st, seat) if playing else [],
    }


def _calls(st: RummyState, seat: int | None) -> list[RummyCall]:
    """The viewer's own ways to call the discard in the "Rummy!" window (from their hand and the public melds)."""
    if seat is None:
        return []
    return [{"meld": a.meld, "cards": list(a.cards)} for a in call_options(st, seat)]


def _call_window(st: RummyState) -> RummyCallWindow | None:
    """The "Rummy!" window, the same for everyone (it opens after every discard, whoever may call)."""
    if not window_open(st):
        return None
    return {"card": CODE[st.call_card], "seat": discarder(st), "seconds": st.call_seconds}
