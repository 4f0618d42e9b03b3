"""What each seat may see of a Stockpile table, and the public log lines.

``view(state, seat)`` returns a JSON-able dict, a ``StockpileView`` (``view_types.py``). Shared keys (every game):

* ``game`` "stockpile", ``phase`` ("play", "pending", "hand-over", "over"), ``to_move`` (seats that may act),
  ``seat`` (viewer or None), ``players`` (count)
* ``hand``: the viewer's cards in hand order ("1".."12", "W"); empty for spectators. ``Play("hand:I", b)`` and
  ``Discard(I, p)`` use indices into this list.
* ``seats``: per seat ``{"cards": hand size, "title": "Team 1"/None, "status": chips, "score": match total,
  "team": team id or None}``. Chips: "stock empty", "won the deal", "passed".
* ``round_label`` ("Deal 2 · race to 500" / "Single deal"), ``scores`` (match totals per seat; in a single deal the
  deal points once it is over), ``summary`` (None, or after a deal ``{"title", "rows", "columns"}`` with rows
  ``{"seat", "stock_left", "points", "total"}``), ``message`` (a public line about the last thing that happened).

Stockpile extras:

* ``build``: 4 dicts ``{"top": value or None, "needs": number, "size": cards, "top_card": code of the card on top
  ("W" if a wild stands in), "playable": [sources the viewer may play here now]}``
* ``stocks``: per seat ``{"top": code or None, "count": cards}`` (only the top card of a stock is face up)
* ``discards``: per seat 4 lists of codes, bottom first (discard piles are face up and public)
* ``draw_count``, ``set_aside_count`` (cards cleared from finished piles, waiting to be reshuffled)
* ``undo_available`` (the player to move can take a step back), ``turn_stage`` ("play" or "pending" while the
  3-second pause after a discard runs; "hand-over"/"over" between deals), ``turn`` (seat whose turn it is),
  ``partners`` (bool), ``teams`` (per seat team id, or None without partners), ``partner`` (viewer's partner or None),
  ``my_sources`` (stocks and discard piles the viewer may play from: seat numbers), ``can_pass``,
  ``deal`` (deal number), ``series`` ("500" or "single"), ``target`` (500 or None), ``stock_cards`` (dealt per seat).

Nothing else: the draw pile order, face-down stock cards, other hands and the undo history never appear.
"""

from __future__ import annotations

from typing import Any, cast

from logic.messages import Message, Param, both, said, seat_msg, t_msg, t_nmsg
from logic.stockpile import actions as A
from logic.stockpile import rules as R
from logic.stockpile import state as S
from logic.stockpile.view_types import (
    StockpileBuild,
    StockpilePhase,
    StockpileSummary,
    StockpileSummaryRow,
    StockpileView,
)
from logic.view_types import SeatView


def _seat_name(seat: int) -> Message:
    return seat_msg(seat, "Seat")


def _team(team: int) -> Message:
    return t_msg("Team {n}", n=team + 1)


def view(s: S.State, seat: int | None) -> StockpileView:
    n = s.players
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < n):
        raise ValueError(f"No seat {seat!r} at this table")
    teams = [S.team_of(s, i) for i in range(n)] if s.partners else None
    over = s.stage in (S.STAGE_HAND_OVER, S.STAGE_OVER)
    seats: list[SeatView] = []
    for i in range(n):
        status = []
        if not s.stocks[i]:
            status.append("stock empty")
        if over and s.deal_winner >= 0 and i in S.team_seats(s, s.deal_winner):
            status.append("won the deal")
        if s.last is not None and s.last[0] == "pass" and s.last[1] == i and s.stage == S.STAGE_PLAY:
            status.append("passed")
        seats.append(
            {
                "cards": len(s.hands[i]),
                "title": said(_team(S.team_of(s, i))) if s.partners else None,
                "status": status,
                "score": s.scores[i],
                "team": teams[i] if teams else None,
            }
        )
    my_sources: list[int] = []
    playable: list[list[str]] = [[] for _ in range(A.BUILDS)]
    if seat is not None:
        my_sources = list(S.source_seats(s, seat))
        if s.stage == S.STAGE_PLAY and seat == s.turn:
            for a in R.legal_actions(s, seat):
                if type(a) is A.Play:
                    playable[a.build].append(a.source)
    build: list[StockpileBuild] = []
    for b, pile in enumerate(s.builds):
        build.append(
            {
                "top": len(pile) or None,
                "needs": len(pile) + 1,
                "size": len(pile),
                "top_card": A.code(pile[-1]) if pile else None,
                "playable": playable[b],
            }
        )
    if s.series:
        label = said(t_msg("Deal {deal} · race to {target}", deal=s.deal, target=R.SERIES_TARGET))
    else:
        label = said(t_msg("Single deal"))
    to_move = list(R.to_move(s))
    stage = cast(StockpilePhase, s.stage)  # the state holds a plain str
    return {
        "game": "stockpile",
        "phase": stage,
        "to_move": to_move,
        "seat": seat,
        "players": n,
        "hand": [A.code(c) for c in s.hands[seat]] if seat is not None else [],
        "seats": seats,
        "round_label": label,
        "scores": s.scores[:],
        "summary": _summary(s) if over else None,
        "message": message(s),
        "build": build,
        "stocks": [{"top": A.code(st[-1]) if st else None, "count": len(st)} for st in s.stocks],
        "discards": [[[A.code(c) for c in p] for p in d] for d in s.discards],
        "draw_count": len(s.draw),
        "set_aside_count": len(s.set_aside),
        "undo_available": bool(s.undo) and s.stage in (S.STAGE_PLAY, S.STAGE_PENDING),
        "turn_stage": stage,
        "turn": s.turn if s.stage in (S.STAGE_PLAY, S.STAGE_PENDING) else None,
        "partners": s.partners,
        "teams": teams,
        "partner": S.partner_of(s, seat) if seat is not None else None,
        "my_sources": my_sources,
        "can_pass": seat is not None and R.can_pass(s, seat),
        "deal": s.deal,
        "series": "500" if s.series else "single",
        "target": R.SERIES_TARGET if s.series else None,
        "stock_cards": s.stock_cards,
    }


def _summary(s: S.State) -> StockpileSummary:
    w = s.deal_winner
    if w < 0:
        title = t_msg("Nobody can move: the deal ends with no winner")
    elif s.partners:
        a, b = S.team_seats(s, w)
        title = t_msg("Team {team} ({first} and {second}) wins the deal", team=S.team_of(s, w) + 1,
                      first=_seat_name(min(a, b)), second=_seat_name(max(a, b)))
    else:
        title = t_msg("{player} emptied their stock and wins the deal", player=_seat_name(w))
    if s.stage == S.STAGE_OVER and s.series:
        best = max(s.scores)
        leaders = sorted({S.team_of(s, i) for i in range(s.players) if s.scores[i] == best})
        names = both([_team(t) for t in leaders]) if s.partners else both([_seat_name(t) for t in leaders])
        title = t_msg("{deal} · {leaders} take the series with {points}", deal=title, leaders=names, points=best)
    rows: list[StockpileSummaryRow] = [
        {"seat": i, "stock_left": len(s.stocks[i]), "points": s.deal_points[i], "total": s.scores[i]}
        for i in range(s.players)
    ]
    return {
        "title": said(title),
        "rows": rows,
        "columns": [["stock_left", said(t_msg("Stock left"))], ["points", said(t_msg("Points this deal"))],
                    ["total", said(t_msg("Total"))]],
    }


def _source_words(kind: int, owner: int, actor: int) -> Message:
    own = owner == actor or owner < 0
    if kind == A.SRC_HAND:
        return t_msg("their hand")
    if kind == A.SRC_STOCK:
        return t_msg("their stock") if own else t_msg("their partner's stock")
    return t_msg("their discard pile") if own else t_msg("their partner's discard pile")


def _a(card: int) -> Message:
    """The article and the card: "a 7", "an 8", "an 11", "a wild" (as the numbers are said: eight, eleven)."""
    if card == A.WILD:
        return t_msg("a wild")
    return t_msg("an {number}", number=card) if card in (8, 11, 18) else t_msg("a {number}", number=card)


def _card_words(card: int, need: int) -> Message:
    return t_msg("a wild as {number}", number=need) if card == A.WILD else _a(need)


def _played(seat: int | None, card: int, need: int, source: Message, pile: int, completed: bool) -> Message:
    """"Seat 1 played a 7 from their hand on pile 2 (and completed it)"; without ``seat``: the move after a name."""
    words: dict[str, Param] = {"card": _card_words(card, need), "source": source, "pile": pile + 1}
    if seat is None:
        if completed:
            return t_msg("played {card} from {source} on pile {pile} and completed it", **words)
        return t_msg("played {card} from {source} on pile {pile}", **words)
    if completed:
        return t_msg("{player} played {card} from {source} on pile {pile} and completed it",
                     player=_seat_name(seat), **words)
    return t_msg("{player} played {card} from {source} on pile {pile}", player=_seat_name(seat), **words)


def message(s: S.State) -> str | None:
    line = _message(s)
    return said(line) if line is not None else None


def _message(s: S.State) -> Message | None:
    last = s.last
    if last is None:
        return None
    k = last[0]
    if k == "deal":
        return t_msg("Deal {deal}: {player} starts", deal=s.deal, player=_seat_name(last[1]))
    if k == "play":
        _, seat, card, need, build, kind, owner, cleared = last
        return _played(seat, card, need, _source_words(kind, owner, seat), build, bool(cleared))
    if k == "discard":
        return t_msg("{player} discarded {card}", player=_seat_name(last[1]), card=_a(last[2]))
    if k == "turn":
        return t_msg("{player} to play", player=_seat_name(s.turn)) if s.stage == S.STAGE_PLAY else None
    if k == "undo":
        return t_msg("{player} took a move back", player=_seat_name(last[1]))
    if k == "pass":
        return t_msg("{player} passed", player=_seat_name(last[1]))
    if k == "win":
        return t_nmsg("{player} emptied the last stock card and wins {n} point",
                      "{player} emptied the last stock card and wins {n} points", player=_seat_name(last[1]),
                      n=last[2])
    if k == "stuck":
        return t_msg("The deal is stuck and ends with no winner")
    return None


def describe(before: S.State, seat: int, action: Any) -> str | None:
    """A public line for the table log, from the state before the action."""
    t = type(action)
    if t is A.Play:
        try:
            kind, owner, idx = A.parse_source(action.source)
        except ValueError:
            return None
        if kind == A.SRC_HAND:
            hand = before.hands[seat]
            if idx >= len(hand):
                return None
            card = hand[idx]
        elif kind == A.SRC_STOCK:
            if owner >= before.players or not before.stocks[owner]:
                return None
            card = before.stocks[owner][-1]
        else:
            if owner >= before.players or not before.discards[owner][idx]:
                return None
            card = before.discards[owner][idx][-1]
        if not 0 <= action.build < A.BUILDS:
            return None
        need = len(before.builds[action.build]) + 1
        move = _played(None, card, need, _source_words(kind, owner, seat), action.build, need == A.TOP)
        if kind == A.SRC_STOCK and len(before.stocks[owner]) == 1:
            move = t_msg("{move} — that stock is empty", move=move)
        return said(move)
    if t is A.Discard:
        hand = before.hands[seat]
        if not 0 <= action.hand_index < len(hand):
            return None
        return said(t_msg("discarded {card} on discard pile {pile}", card=_a(hand[action.hand_index]),
                          pile=action.pile + 1))
    if t is A.Undo:
        return said(t_msg("took a move back"))
    if t is A.Pass:
        return said(t_msg("passed (no cards and nothing to play)"))
    return None
