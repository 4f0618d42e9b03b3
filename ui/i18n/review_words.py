"""A review's costs and summaries in the viewer's language: the words of ``logic/review/words.py`` (which stay the
English of logs and the seat API), said through the catalogues, with CLDR plurals and the language's numbers."""

from __future__ import annotations

from logic.review.words import CHANCE, PENALTY, PLACE_POINTS, TABLE_POINTS, amount
from ui.i18n.viewer import _, ngettext, num, percent


def _n(text: str) -> float | int:
    """``amount``'s rounding ("3.6", "12") as a number the language writes its own way ("3,6")."""
    value = float(text)
    return int(value) if value.is_integer() else value


def amount_text(value: float) -> str:
    """``amount``'s rounding, written the viewer's way ("0,4" in German)."""
    return num(_n(amount(value)))


def cost_words(cost: float, currency: str, won: bool | None = None) -> str:
    """What a decision cost, in the game's own terms and agreeing with the hand's result."""
    shown = amount(cost)
    n, count = _n(shown), 1 if shown == "1" else 2
    if currency == TABLE_POINTS:
        if won:
            return ngettext("won the hand by about {n} point less", "won the hand by about {n} points less", count,
                            n=n)
        return ngettext("about {n} point against the table", "about {n} points against the table", count, n=n)
    if currency == PENALTY:
        if won:
            return ngettext("won the round by about {n} point less", "won the round by about {n} points less", count,
                            n=n)
        return ngettext("about {n} penalty point more", "about {n} penalty points more", count, n=n)
    if currency == CHANCE:
        if won:
            return _("won anyway, though it made winning about {n}% less likely", n=n)
        return _("about {n}% less chance to win the deal", n=n)
    if currency == PLACE_POINTS:
        if won:
            return ngettext("about {n} point, though the hand was won anyway",
                            "about {n} points, though the hand was won anyway", count, n=n)
        return ngettext("about {n} point", "about {n} points", count, n=n)
    return _("about {n} {unit}", n=n, unit=currency)


def summary_words(decisions: int, flagged: int, accuracy: float, costliest: float, currency: str,
                  won: bool | None) -> str:
    """"2 costly decisions (the costliest: about 6 points against the table); accuracy 93%"."""
    if not decisions:
        return _("No real decisions to review")
    acc = percent(round(accuracy) / 100)
    if not flagged:
        return _("No costly decisions; accuracy {accuracy}", accuracy=acc)
    cost = cost_words(costliest, currency, won)
    return ngettext("{n} costly decision ({cost}); accuracy {accuracy}",  # one: its cost; more: the costliest
                    "{n} costly decisions (the costliest: {cost}); accuracy {accuracy}", flagged, cost=cost,
                    accuracy=acc)
