"""Beanie computer players. They decide from the seat's view and the legal actions only.

* **easy**: lays the biggest set it can, adds what fits, takes the discard only when it makes a set at
  once, discards its highest card that has no partner; agrees to any end-round vote.
* **medium**: plans: lays the sets that shed the most points together, steals every Beanie it can and
  places spare Beanies on sets, takes the discard when it improves the hand by more than a stock draw
  would on average, discards the card whose loss hurts its hand least (half-built sets count, for less
  once somebody is close to going out).
* **hard**: medium, plus it tracks what the others pick up and discard: it estimates the stock draw by
  sampling the unseen cards, avoids feeding the next player (cards that fit their pickups or the table,
  Beanies), places Beanies where they stand for cards nobody else can use to steal them, weighs keeping a
  Beanie against its penalty as the others run low, and uses the end-round vote when it is behind.
  On top of that (``HardBot`` in ``bot_hard.py``; ``HeuristicHardBot`` in ``bot_heuristic.py`` is the same player
  without it) it checks its draw, its best few discards and each set it would lay (against its next-best lays and
  against holding every set back this turn) with determinized playouts of the rest of the round (``bot_search``) and
  takes another move only when the playouts show a clear, significant gain over the heuristic's choice; it also
  settles the end-round vote that way, at every table size (agree, withdraw, and propose once the round has
  stalled) instead of by the heuristic's rules of thumb.
"""

from __future__ import annotations

from typing import Any

from logic.game import Bot

from .actions import BeanieAction
from .bot_hard import HardBot
from .bot_heuristic import EasyBot, MediumBot
from .view_types import BeanieView


def make_bot(level: str, **search: Any) -> Bot[BeanieView, BeanieAction]:
    """The bot of ``level``; ``search`` (``budget_s``, ``max_worlds``, ``min_worlds``) tunes Hard's search."""
    if level == "easy":
        return EasyBot()
    if level == "medium":
        return MediumBot()
    if level == "hard":
        return HardBot(**search)
    raise ValueError(f"Beanie has no bot level {level!r}; choose easy, medium or hard.")
