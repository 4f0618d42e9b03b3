"""Hints for the player whose turn it is: a pure function of that seat's view.

``hint(view)`` returns a :class:`RummyHint`.

It uses the medium bot's judgement (one step of look-ahead, memory of what opponents collect).
"""

from __future__ import annotations

from typing import Any, TypedDict

from logic.messages import Message, said, t_msg, t_nmsg, t_pmsg
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
        out["text"] = said(t_msg("Nothing to do right now."))
        return out
    stage = view.get("turn_stage")
    out["stage"] = stage
    seen = Seen(view)
    p = Params("medium")
    risk = discard_risk(seen, p)
    live = live_cards(seen, p)
    if stage == "pending":
        out["text"] = said(t_msg("Your discard is down. Undo it now if you changed your mind."))
        return out
    if stage == "draw":
        if not seen.discard:
            out["text"] = said(t_msg("Draw from the stock."))
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
            out["text"] = said(t_msg("The {card} does not help you much: draw from the stock.", card=PRETTY[top]))
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
            out["text"] = said(t_nmsg("Take the {card} from the discard pile: it lets you put down {n} point.",
                                      "Take the {card} from the discard pile: it lets you put down {n} points.",
                                      card=PRETTY[c], n=pts) if pts
                               else t_msg("Take the {card} from the discard pile: it fits with cards you hold.",
                                          card=PRETTY[c]))
        else:
            out["text"] = said(t_nmsg("Dig down to the {card} ({k} cards) in the discard pile: you can meld it at once "
                                      "and put down about {n} point.", "Dig down to the {card} ({k} cards) in the "
                                      "discard pile: you can meld it at once and put down about {n} points.",
                                      card=PRETTY[c], k=k, n=pts))
        return out
    # play stage
    pts, steps, left = plan_play(seen.hand, seen.melds, seen.must_use, seen.wrap)
    if pts < 0:
        out["text"] = said(t_msg("You cannot use the {card} any more with these cards: undo your last moves.",
                                 card=PRETTY[seen.must_use]))
        return out
    lines: list[Message] = []
    hl = set()
    for s in steps:
        if s[0] == "meld":
            out["melds"].append([CODE[c] for c in s[1]])
            hl.update(s[1])
            lines.append(t_pmsg("advice", "meld {cards}", cards=pretty(s[1])))
        else:
            out["layoffs"].append({"meld": s[1], "cards": [CODE[c] for c in s[2]]})
            hl.update(s[2])
            lines.append(t_pmsg("advice", "lay off {cards}", cards=pretty(s[2])))
    if left:
        d = discard_choice(seen, p, left, risk, live)
        out["discard"] = CODE[d]
        lines.append(t_pmsg("advice", "discard the {card}", card=PRETTY[d]))
    out["highlight"] = [CODE[c] for c in seen.hand if c in hl]
    out["text"] = said(t_msg("{steps}.", steps=_then(lines)) if lines else t_msg("Discard a card to end your turn."))
    return out


def _then(steps: list[Message]) -> Message:
    """"Meld 7♠ 7♥ 7♣, then discard the 2♦": the first step as a sentence begins, each next one after "then"."""
    first = steps[0]
    capital = {"meld {cards}": t_pmsg("advice", "Meld {cards}", **first.params),
               "lay off {cards}": t_pmsg("advice", "Lay off {cards}", **first.params),
               "discard the {card}": t_pmsg("advice", "Discard the {card}", **first.params)}[first.text]
    out = capital
    for step in steps[1:]:
        out = t_msg("{steps}, then {step}", steps=out, step=step)
    return out
