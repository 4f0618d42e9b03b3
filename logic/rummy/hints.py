"""Hints for the player whose turn it is: a pure function of that seat's view.

``hint(view)`` returns a :class:`RummyHint`.

It uses the medium bot's judgement (one step of look-ahead, memory of what opponents collect).
"""

from __future__ import annotations

from typing import Any, TypedDict

from logic.rummy.bot_eval import Params, Seen, discard_choice, discard_risk, evaluate, live_cards
from logic.rummy.bot_plan import plan_play
from logic.rummy.melds import CODE, PRETTY, can_use_buried, pretty
from logic.rummy.view_types import RummyTurnStage, RummyView


class LayoffHint(TypedDict):
    meld: int  # the meld's id
    cards: list[str]  # codes from the hand to lay off on it


class RummyHint(TypedDict):
    """What the player to move could do now (codes are card codes such as "10H")."""

    stage: RummyTurnStage | None  # the turn's stage ("draw", "play", "pending"), None when it is not this seat's turn
    take: str | None  # before drawing: the discard to take (the deepest card), None = the stock
    take_count: int  # how many cards that pickup would take
    melds: list[list[str]]  # after drawing: melds available now (the best combination)
    layoffs: list[LayoffHint]
    discard: str | None  # the suggested discard once melds and lay-offs are done
    highlight: list[str]  # cards in hand to light up
    text: str  # one or two sentences for the player


def _engine_melds(seen: Seen) -> list[list[Any]]:
    return [[m[0], m[1], m[2], m[3], m[4], m[5], m[6], [], m[7]] for m in seen.melds]


def hint(view: RummyView) -> RummyHint:
    out: RummyHint = {"stage": None, "take": None, "take_count": 0, "melds": [], "layoffs": [],
                           "discard": None, "highlight": [], "text": ""}
    seat = view.get("seat")
    if seat is None or view.get("phase") != "play" or view.get("current") != seat:
        out["text"] = "Nothing to do right now."
        return out
    stage = view.get("turn_stage")
    out["stage"] = stage
    seen = Seen(view)
    p = Params("medium")
    risk = discard_risk(seen, p)
    live = live_cards(seen, p)
    if stage == "pending":
        out["text"] = "Your discard is down. Undo it now if you changed your mind."
        return out
    if stage == "draw":
        if not seen.discard:
            out["text"] = "Draw from the stock."
            return out
        base = evaluate(seen.hand, seen, p, risk, live)
        pool = [c for c in live if c not in seen.discard] or [seen.discard[-1]]
        stock_v = sum(evaluate(seen.hand + [u], seen, p, risk, live - {u}) for u in pool) / len(pool)
        stock_v = max(stock_v, base - 5)  # cheap floor; the stock is never a disaster
        engine_melds = _engine_melds(seen)
        best: tuple[float, int | None, int] = (stock_v if seen.stock_count else -1e18, None, 0)
        for i in range(len(seen.discard) - 1, -1, -1):
            c = seen.discard[i]
            taken = seen.discard[i:]
            hand = seen.hand + taken
            if len(taken) > 1 and not can_use_buried(c, hand, len(hand), engine_melds, seen.wrap):
                continue
            v = evaluate(hand, seen, p, risk, live, c if len(taken) > 1 else -1) - 1.0
            if v > best[0]:
                best = (v, c, len(taken))
        if best[1] is None:
            top = seen.discard[-1]
            out["text"] = f"The {PRETTY[top]} does not help you much: draw from the stock."
            return out
        c, k = best[1], best[2]
        out["take"] = CODE[c]
        out["take_count"] = k
        pts, steps, _left = plan_play(seen.hand + seen.discard[-k:], seen.melds, c if k > 1 else -1, seen.wrap)
        use = set()
        for s in steps:
            use.update(s[1] if s[0] == "meld" else s[2])
        out["highlight"] = [CODE[x] for x in seen.hand if x in use]
        if k == 1:
            out["text"] = f"Take the {PRETTY[c]} from the discard pile" + (
                f": it lets you put down {pts} points." if pts else ": it fits with cards you hold.")
        else:
            out["text"] = (f"Dig down to the {PRETTY[c]} ({k} cards) in the discard pile: you can meld it "
                           f"at once and put down about {pts} points.")
        return out
    # play stage
    pts, steps, left = plan_play(seen.hand, seen.melds, seen.must_use, seen.wrap)
    if pts < 0:
        out["text"] = (f"You cannot use the {PRETTY[seen.must_use]} any more with these cards: undo your last "
                       "moves.")
        return out
    lines = []
    hl = set()
    for s in steps:
        if s[0] == "meld":
            out["melds"].append([CODE[c] for c in s[1]])
            hl.update(s[1])
            lines.append(f"meld {pretty(s[1])}")
        else:
            out["layoffs"].append({"meld": s[1], "cards": [CODE[c] for c in s[2]]})
            hl.update(s[2])
            lines.append(f"lay off {pretty(s[2])}")
    if left:
        d = discard_choice(seen, p, left, risk, live)
        out["discard"] = CODE[d]
        lines.append(f"discard the {PRETTY[d]}")
    out["highlight"] = [CODE[c] for c in seen.hand if c in hl]
    text = ", then ".join(lines) if lines else ""
    out["text"] = (text[:1].upper() + text[1:] + ".") if text else "Discard a card to end your turn."
    return out
