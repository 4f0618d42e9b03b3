"""What one seat may see of a Beanie game, and the public one-liners for the table log.

``build_view(state, seat)`` returns a JSON-able dict, a ``BeanieView`` (``view_types.py``; ``seat=None``: spectator),
with the shared keys

* ``game`` "beanie", ``phase`` ("play" / "hand-over" / "over"), ``to_move``, ``seat``, ``players``
* ``hand``: the viewer's card codes in the order they were received (empty for a spectator)
* ``seats``: per seat ``{"cards", "title", "status", "score", "team"}``; status chips: "laid a set",
  "first turn", "wants to end" / "agreed to end", "went out", "ready" (hand-over)
* ``round_label`` ("Round 7 — Beanie: 7s"), ``scores`` (match totals), ``summary`` (hand-over/over:
  ``{"title", "columns", "rows"}`` with per seat cards left, points this round and total), ``message``

and Beanie's own keys

* ``round``, ``rounds``, ``wild_rank`` (rank label, "A".."K"), ``wild_label`` ("Aces", "7s")
* ``turn`` (seat whose turn it is, or None), ``turn_stage`` ("draw" / "play" / None)
* ``stock_count``, ``discard_top`` (code or None), ``discard_count``
* ``sets``: ``[{"id", "owner", "type" ("match"/"run"), "cards": [{"code", "wild", "as"}]}]`` where
  ``as`` is the card a Beanie stands for (a natural card stands for itself)
* ``laid_this_round``: per seat bool (may add, place and steal once true)
* ``vote``: None or ``{"proposer", "agreed": [seats]}``
* ``drawn_card``: the card the viewer drew this turn (viewer only; None otherwise)
* ``first_turn``: the viewer is still on its first turn of the round (cannot go out yet)
* ``taken`` / ``discarded``: per seat, card codes that publicly went into that hand this round (taken
  from the discard pile or stolen from the table) and that it discarded this round (cards shuffled back
  into the stock drop out of both lists)
* ``round_turns``: turns completed this round; ``reshuffles``: times the stock was rebuilt this round;
  ``hand_points``: the viewer's penalty if the round ended now;
  ``options``: {"beanie_value", "reclaim_own", "last_turns", "ace_high_runs", "jokers"}
* ``scorecard``: one list per finished round with the points of each seat
"""

from __future__ import annotations

from typing import Any, Literal, cast

from logic.game import PHASE_HAND_OVER, PHASE_OVER, PHASE_PLAY
from logic.messages import Message, said, seat_list, seat_msg, t_msg
from logic.view_types import SeatView

from . import sets as S
from .deck import WILD
from .sets import CODES
from .state import BeanieState
from .view_types import BeaniePhase, BeanieSet, BeanieSummary, BeanieView, BeanieVote


def _set_view(s: list[Any], wild: int) -> BeanieSet:
    return {
        "id": s[0],
        "owner": s[1],
        "type": S.TYPE_NAMES[s[2]],
        "cards": [{"code": CODES[c], "wild": WILD[wild][c], "as": CODES[r]} for c, r in zip(s[3], s[4], strict=True)],
    }


def round_label(rnd: int) -> str:
    return said(t_msg("Round {round} — Beanie: {ranks}", round=rnd, ranks=S.rank_plural(rnd)))


def build_view(st: BeanieState, seat: int | None) -> BeanieView:
    n = st.players
    wild = st.round
    playing = st.phase == PHASE_PLAY
    viewer = seat if seat is not None and 0 <= seat < n else None
    hand = [CODES[c] for c in st.hands[viewer]] if viewer is not None else []
    if playing:
        to_move = [st.turn]
    elif st.phase == PHASE_HAND_OVER:
        to_move = [i for i in range(n) if not st.confirmed[i]]
    else:
        to_move = []
    winner = st.result[0] if (st.result is not None and not playing) else -1
    seats: list[SeatView] = []
    for i in range(n):
        status: list[str | None] = []
        if st.laid[i]:
            status.append("laid a set")
        if playing and st.turns_done[i] == 0:
            status.append("first turn")
        if st.proposer >= 0:
            status.append("wants to end" if st.proposer == i else ("agreed to end" if st.agreed[i] else None))
        if (not playing and winner == i) or (playing and st.out_seat == i):
            status.append("went out")
        if st.phase == PHASE_HAND_OVER and st.confirmed[i]:
            status.append("ready")
        seats.append(
            {
                "cards": len(st.hands[i]),
                "title": None,
                "status": [x for x in status if x],
                "score": st.totals[i],
                "team": None,
            }
        )
    summary: BeanieSummary | None = None
    if not playing and st.result is not None:
        w, pts, left = st.result
        title = said(t_msg("Round {round}: {player} went out", round=st.round, player=seat_msg(w)) if w >= 0
                     else t_msg("Round {round}: ended as a draw", round=st.round))
        if st.phase == PHASE_OVER:
            best = min(st.totals)
            champs = [i for i in range(n) if st.totals[i] == best]
            title = said(t_msg("Game over — {player} wins", player=seat_msg(champs[0])) if len(champs) == 1
                         else t_msg("Game over — {players} win", players=seat_list(champs)))
        summary = {
            "title": title,
            "columns": [["cards", said(t_msg("Cards left"))], ["points", said(t_msg("Points this round"))],
                        ["total", said(t_msg("Total"))]],
            "rows": [
                {"seat": i, "cards": left[i], "points": pts[i], "total": st.totals[i], "out": i == w} for i in range(n)
            ],
        }
    vote: BeanieVote | None = None
    if st.proposer >= 0:
        vote = {"proposer": st.proposer, "agreed": [i for i in range(n) if st.agreed[i]]}
    is_turn = playing and viewer is not None and viewer == st.turn
    return {
        "game": "beanie",
        "phase": cast(BeaniePhase, st.phase),  # the state holds a plain str
        "to_move": to_move,
        "seat": viewer,
        "players": n,
        "hand": hand,
        "seats": seats,
        "round_label": round_label(st.round),
        "scores": list(st.totals),
        "summary": summary,
        "message": st.message,
        "round": st.round,
        "rounds": st.rounds,
        "wild_rank": S.RANK_LABELS[wild],
        "wild_label": S.RANK_PLURAL[wild],
        "turn": st.turn if playing else None,
        "turn_stage": cast(Literal["draw", "play"], st.stage) if playing else None,
        "stock_count": len(st.stock),
        "discard_top": CODES[st.discard[-1]] if st.discard else None,
        "discard_count": len(st.discard),
        "sets": [_set_view(s, wild) for s in st.sets],
        "laid_this_round": list(st.laid),
        "vote": vote,
        "drawn_card": CODES[st.drawn] if is_turn and st.drawn >= 0 else None,
        "first_turn": bool(viewer is not None and playing and st.turns_done[viewer] == 0),
        "taken": [[CODES[c] for c in x] for x in st.taken],
        "discarded": [[CODES[c] for c in x] for x in st.thrown],
        "round_turns": st.round_turns,
        "reshuffles": st.reshuffles,
        "hand_points": S.hand_points(st.hands[viewer], wild, st.beanie_value) if viewer is not None else 0,
        "options": {"beanie_value": st.beanie_value, "reclaim_own": st.reclaim_own, "last_turns": st.last_turns,
                    "ace_high_runs": st.ace_high_runs, "jokers": st.jokers},
        "scorecard": [list(r) for r in st.scorecard],
    }


def describe(st: Any, seat: int, action: Any) -> str | None:
    """Public line for ``action`` by ``seat`` on the state before it (nothing hidden: a stock draw
    never names the card): what they did, after their name ("drew from the stock")."""
    words = _describe(st, seat, action)
    return said(words) if words is not None else None


def _describe(st: Any, seat: int, action: Any) -> Message | None:
    kind = getattr(action, "kind", None)
    if kind == "draw":
        if action.source == "discard" and st.discard:
            return t_msg("took {card} from the discard pile", card=S.SHOWN[st.discard[-1]])
        return t_msg("drew from the stock")
    if kind == "lay":
        try:
            cards = [S.parse_code(c) for c in action.cards]
            typ, placed, reps = S.build_set(cards, st.round, action.as_type, action.end, st.ace_high_runs)
        except ValueError:
            return t_msg("laid a set")
        shown = S.placed_words(typ, placed, reps)
        return t_msg("laid a match: {cards}", cards=shown) if typ == S.MATCH else t_msg("laid a run: {cards}",
                                                                                        cards=shown)
    if kind in ("add", "star", "steal"):
        target = next((S.set_words(s) for s in st.sets if s[0] == action.set_id), None) or t_msg("a set")
        if kind == "add":
            return t_msg("added {card} to {set}", card=S.shown(action.card), set=target)
        if kind == "star":
            return t_msg("placed a Beanie on {set}", set=target)
        return t_msg("stole a Beanie from {set} with {card}", set=target, card=S.shown(action.card))
    if kind == "discard":
        if len(st.hands[seat]) == 1:
            return t_msg("discarded {card} and went out", card=S.shown(action.card))
        return t_msg("discarded {card}", card=S.shown(action.card))
    if kind == "propose":
        return t_msg("proposed ending the round as a draw")
    if kind == "agree":
        return t_msg("agreed to end the round")
    if kind == "withdraw":
        if st.proposer == seat:
            return t_msg("withdrew the end-round vote")
        return t_msg("withdrew from the end-round vote")
    if kind == "next":
        return t_msg("is ready for the next round")
    return None
