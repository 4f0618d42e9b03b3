"""Shared helpers for the review tests: crafted positions with a clear mistake, judging one decision, and a
short line of play after a crafted position with one scripted move."""

from __future__ import annotations

import random
from typing import Any

from logic.beanie.actions import Discard as BeanieDiscard
from logic.beanie.actions import Lay
from logic.president.actions import PASS, Play
from logic.registry import get_game
from logic.review import DecisionPoint, DecisionReview, review_point
from logic.review.core import is_decision
from logic.rummy.actions import DRAW_STOCK, Meld
from logic.rummy.actions import Discard as RummyDiscard
from logic.stockpile import actions as SA
from tests.logic.beanie_support import craft as craft_beanie
from tests.logic.president_support import craft as craft_president
from tests.logic.president_support import play as president_play
from tests.logic.rummy_support import crafted as craft_rummy


def point(game_key: str, state: Any, seat: int, chosen: Any, step: int = 0) -> DecisionPoint:
    game = get_game(game_key)
    return DecisionPoint(step, seat, game.view(state, seat), game.legal_actions(state, seat), chosen)


def judge(game_key: str, state: Any, seat: int, chosen: Any, **kw: Any) -> DecisionReview | None:
    return review_point(game_key, point(game_key, state, seat, chosen), **kw)


def president_position() -> tuple[Any, int]:
    """Seat 1 holds twelve cards: three 2s, a pair of Jacks that beats nothing and small cards; seat 0 has just
    led three 9s, and the others hold pairs and triples to fight over the leads."""
    s = craft_president([
        "9C 9D 9H KH QD 10C 6S 2C 3C KC 8C QS JD",
        "2S 2H 2D JS JH 5S 4H 7H 4C 5C 7C 3S",
        "3D 10H 8H 8D AD QH 10S QC 6H 6D 7D 6C AH",
        "KS AC 4S KD 10D 3H 5D AS 8S 4D JC 7S 5H 9S",
    ], turn=0)
    president_play(s, 0, "9C", "9D", "9H")
    return s, 1


PRESIDENT_MISTAKE = Play(("2S", "2H", "2D"))
PRESIDENT_SENSIBLE = PASS


def president_going_out() -> tuple[Any, int]:
    """Seat 1 can go out at once with its last pair, on a pair of 5s."""
    s = craft_president(["5C 5D 3S 4S 6S", "KS KH", "3D 4D 7D", "3H 4H 8H"], turn=0)
    president_play(s, 0, "5C", "5D")
    return s, 1


def rummy_position() -> tuple[Any, int]:
    """Seat 0 has drawn the 10♥: 7♥ 8♥ 9♥ 10♥ meld as a run and the 2♣ goes out."""
    st = craft_rummy(["7H 8H 9H 2C", "KS KD 4C 5D 6S 10C 3S", "3C 4D QS QC JH 9C 2D"],
                     stock="AS AH 2S 3H 4H 5H 6H 10H", discard="JD")
    get_game("rummy").apply(st, 0, DRAW_STOCK)
    return st, 0


RUMMY_MISTAKE = RummyDiscard("9H")
RUMMY_SENSIBLE = Meld(("7H", "8H", "9H", "10H"))


def beanie_position() -> tuple[Any, int]:
    """Round 1 (Aces wild), seat 0 has drawn: laying 5♥ 6♥ 7♥ and throwing the K♣ goes out."""
    st = craft_beanie(["5H 6H 7H KC", "2C 3D 9S 10C QD KD", "4C 8D JS QS 9C 10D"], rnd=1, discard="")
    return st, 0


BEANIE_MISTAKE = BeanieDiscard("7H")
BEANIE_SENSIBLE = Lay(("5H", "6H", "7H"))


def stockpile_position() -> tuple[Any, int]:
    """A deal where both players are down to their last stock card and both cards can go straight onto a
    building pile: whoever plays theirs first wins. (Cards under the tops are set aside and the other player's
    top is swapped with a 1 from the draw pile, so the deck stays whole.)"""
    game = get_game("stockpile")
    for seed in range(200):
        s = game.new_game(game.make_config(players=2, stock_size="short"), seed)
        seat = game.to_move(s)[0]
        legal = game.legal_actions(s, seat)
        stock = [a for a in legal if type(a) is SA.Play and a.source.startswith("stock:")]
        if stock and game.view(s, seat)["stocks"][seat]["top"] != "W":
            for o in range(2):
                s.set_aside.extend(s.stocks[o][:-1])
                del s.stocks[o][:-1]
            other = 1 - seat
            i = s.draw.index(1)
            s.draw[i], s.stocks[other][0] = s.stocks[other][0], 1
            return s, seat
    raise AssertionError("no deal with a playable stock card")


def stockpile_moves(state: Any, seat: int) -> tuple[Any, Any]:
    """(mistake, sensible): discarding with the last stock card playable, and playing it (which wins the deal)."""
    legal = get_game("stockpile").legal_actions(state, seat)
    stock = next(a for a in legal if type(a) is SA.Play and a.source.startswith("stock:"))
    discard = next(a for a in legal if type(a) is SA.Discard)
    return discard, stock


POSITIONS = {
    "president": (president_position, lambda s, seat: (PRESIDENT_MISTAKE, PRESIDENT_SENSIBLE)),
    "rummy": (rummy_position, lambda s, seat: (RUMMY_MISTAKE, RUMMY_SENSIBLE)),
    "beanie": (beanie_position, lambda s, seat: (BEANIE_MISTAKE, BEANIE_SENSIBLE)),
    "stockpile": (stockpile_position, stockpile_moves),
}


def line_after(game_key: str, state: Any, seat: int, first: Any, decisions: int, seed: int = 0) -> list[DecisionPoint]:
    """``seat`` plays ``first``, then everybody plays on with the top level (capped search) until ``seat`` has
    made ``decisions`` more real decisions; the decision points of ``seat``, the scripted one first."""
    from tests.logic.test_bots_no_peeking import capped_bot

    game = get_game(game_key)
    bot = capped_bot(game_key, game.bot_levels[-1])
    rng = random.Random(seed)
    points = [point(game_key, state, seat, first, 0)]
    game.apply(state, seat, first)
    step = 1
    while len(points) <= decisions and game.outcome(state) is None and step < 400:
        pending = game.pending_commit(state)
        if pending is not None:
            who, action = pending[1], pending[2]
        else:
            who = game.to_move(state)[0]
            legal = game.legal_actions(state, who)
            action = bot.choose(game.view(state, who), legal, rng)
            if who == seat and is_decision(legal, action):
                points.append(point(game_key, state, seat, action, step))
        game.apply(state, who, action)
        step += 1
    return points
