"""Stockpile's judge: a single play or discard, valued as the chance (in percent) to win the deal.

Worlds are the Hard level's (the unseen cards dealt consistently with the view); each candidate is a first move
with the best line of the turn the Hard level's search finds after it (``stockpile_lines``), applied, the turn
finished and the deal played on by the Hard level's fast turn policy (``stockpile_sim``). Partner tables are not
judged (the playouts do not model teams).
"""

from __future__ import annotations

from typing import Any

from logic.messages import Message, said, t_msg, t_nmsg, t_pmsg, verbatim
from logic.stockpile import actions as A
from logic.stockpile.bot_common import WILD

from .model import Budget
from .stockpile_lines import line_candidates
from .stockpile_sim import WinSpec, move_of
from .words import CHANCE


def card(v: int) -> Message:
    return t_pmsg("card", "wild") if v == WILD else verbatim(str(v))


def move_words(move: tuple[Any, ...]) -> str:
    return said(move_msg(move))


def move_msg(move: tuple[Any, ...]) -> Message:
    if move[0] == "x":
        return t_pmsg("advice", "discard the {card} on pile {pile}", card=card(move[1]), pile=move[2] + 1)
    if move[0] == "s":
        return t_pmsg("advice", "play the stock card on build {build}", build=move[-1] + 1)
    if move[0] == "d":
        return t_pmsg("advice", "play from discard pile {pile} on build {build}", pile=move[2] + 1,
                      build=move[-1] + 1)
    return t_pmsg("advice", "play the {card} from hand on build {build}", card=card(move[1]), build=move[-1] + 1)


class StockpileJudge:
    low_wins = False
    currency = CHANCE
    # The least cost worth a player's attention: 5% of the chance to win the deal, one deal in twenty. Smaller
    # gaps change the result too rarely for a player to notice or learn from.
    floor = 5.0
    budget = Budget(min_worlds=20, max_worlds=60, step=20, max_candidates=6)

    def candidates(self, view: Any, legal: list[Any], chosen: Any,
                   limit: int) -> list[tuple[Any, Any]] | None:
        if type(chosen) not in (A.Play, A.Discard) or view.get("partners"):
            return None
        return line_candidates(view, legal, chosen, limit)

    def spec(self, view: Any) -> WinSpec:
        return WinSpec(view)

    def words(self, view: Any, action: Any) -> str:
        return move_words(move_of(view, action))

    def why(self, view: Any, chosen: Any, best: Any) -> str:
        return why(view, move_of(view, chosen), move_of(view, best))

    def evidence(self, view: Any, best_words: str, chosen_words: str, best: list[float],
                 chosen: list[float]) -> str:
        """The values are chances to win (100 for a deal played out and won): their means, side by side."""
        n = min(len(best), len(chosen))
        if not n:
            return ""
        b, c = round(sum(best[:n]) / n), round(sum(chosen[:n]) / n)
        return said(t_nmsg("With the better move you won about {best}% of the {n} deal imagined, with yours about "
                           "{chosen}%.", "With the better move you won about {best}% of the {n} deals imagined, with "
                           "yours about {chosen}%.", n=n, best=b, chosen=c))


def why(view: Any, c: tuple[Any, ...], b: tuple[Any, ...]) -> str:
    """One sentence on why move ``b`` beats move ``c``, from simple patterns."""
    return said(why_msg(view, c, b))


def why_msg(view: Any, c: tuple[Any, ...], b: tuple[Any, ...]) -> Message:
    n, me = view["players"], view["seat"]
    nxt = view["stocks"][(me + 1) % n]
    next_top = A.value_of(nxt["top"]) if nxt["count"] else -1
    if b[0] == "s" and c[0] == "s":
        return t_msg("Your stock card sits better on build {build}: the other piles stay ready for your next cards.",
                     build=b[-1] + 1)
    if b[0] == "s":
        return t_msg("Your stock card could go down: emptying your stock is how the deal is won.")
    if c[0] == "x" and b[0] != "x":
        return t_msg("Better to {move}: the turn goes on, and the cards you hold work toward your stock card.",
                     move=move_msg(b))
    if c[0] != "x" and b[0] == "x":
        size = view["build"][c[-1]]["size"] + 1
        if next_top != WILD and size + 1 == next_top:
            return t_msg("That play let the next player put their stock card {card} down; stopping was safer.",
                         card=next_top)
        return t_msg("Stopping there kept that card for a turn when it helps you more.")
    if c[0] == "x" and b[0] == "x":
        if c[1] == WILD and b[1] != WILD:
            return t_msg("A wild card is worth keeping: it fits anywhere when your stock card needs it.")
        if c[1] != b[1]:
            return t_msg("Discarding the {best} keeps the {card}, which serves you better next turn.", best=card(b[1]),
                         card=card(c[1]))
        return t_msg("Pile {pile} keeps your discard piles in falling order, so their cards can be played later.",
                     pile=b[2] + 1)
    return t_msg("Better to {move} first: it led to a stronger turn.", move=move_msg(b))


JUDGE = StockpileJudge()
