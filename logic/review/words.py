"""A decision's cost in words that agree with how the hand went.

A cost is an average over deals the computer imagined, in the game's currency (``Judge.currency``), never a change
of the score: "about −80 points" under a 105-point win read as if the player had lost 80 points. It was the sum of
the flagged decisions' costs (each one measured against the best move from that position, so they overlap and do
not add up), in Rummy's unit (what the player gains minus what the others gain: a card that goes to an opponent
counts twice), with a minus sign that made it a score. Now a cost is never summed and never signed, and a decision
in a hand (deal, round) the player won reads as "won by less" or "won anyway", not as less chance to win.
"""

from __future__ import annotations

from logic.messages import message_of, said, t_nmsg

# the currencies of the judges (logic/review/<game>.py)
PLACE_POINTS = "points"  # President: points for the place this hand plus the title's worth next hand
TABLE_POINTS = "points against the table"  # Rummy: our points this hand less the others' average
PENALTY = "penalty points"  # Beanie: our penalty this round less the others' average, the other way round
CHANCE = "% chance to win the deal"  # Stockpile


def amount(value: float) -> str:
    """4.0 -> "4", 3.64 -> "3.6", 0.04 -> "0.04"."""
    value = abs(value)
    if value >= 9.5:
        return f"{value:.0f}"
    if value >= 0.095:
        return f"{value:.1f}".removesuffix(".0")
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _points(n: str, unit: str = "point") -> str:
    return f"{n} {unit}{'' if n == '1' else 's'}"


def cost_words(cost: float, currency: str, won: bool | None = None) -> str:
    """What a decision cost, in the game's own terms and agreeing with the hand's result (``won``: the player won
    the hand the decision was in): "about 4 points against the table", "won the hand by about 4 points less",
    "about 12% less chance to win the deal", "won anyway, though it made winning about 12% less likely"."""
    n = amount(cost)
    if currency == TABLE_POINTS:
        return f"won the hand by about {_points(n)} less" if won else f"about {_points(n)} against the table"
    if currency == PENALTY:
        return f"won the round by about {_points(n)} less" if won else f"about {_points(n, 'penalty point')} more"
    if currency == CHANCE:
        if won:
            return f"won anyway, though it made winning about {n}% less likely"
        return f"about {n}% less chance to win the deal"
    if currency == PLACE_POINTS:
        return f"about {_points(n)}, though the hand was won anyway" if won else f"about {_points(n)}"
    return f"about {n} {currency}"


def summary_words(decisions: int, flagged: int, accuracy: float, costliest: float, currency: str,
                  won: bool | None) -> str:
    """"2 costly decisions (the costliest: about 6 points against the table); accuracy 93%"."""
    if not decisions:
        return "No real decisions to review"
    acc = f"accuracy {accuracy:.0f}%"
    if not flagged:
        return f"No costly decisions; {acc}"
    many = "s" if flagged > 1 else ""
    which = "the costliest: " if flagged > 1 else ""
    return f"{flagged} costly decision{many} ({which}{cost_words(costliest, currency, won)}); {acc}"


def percent(k: float, n: int) -> int:
    return round(100 * k / n) if n else 0


def evidence(best: list[float], chosen: list[float], *, achieved: str = "", hit: float | None = None) -> str:
    """What the better move achieved in the deals the computer imagined (``best`` and ``chosen``: the two moves'
    values deal by deal, on the same deals; the panel names both moves just above). With ``achieved`` ("finished
    first") and ``hit`` (the value from which a deal counts as that), the share of deals each move achieved it, when
    the two differ clearly: "With the better move you finished first in 55% of the 192 deals imagined, with yours in
    20%."; else how often the better move came out ahead of the one played."""
    n = min(len(best), len(chosen))
    if not n:
        return ""
    if achieved and hit is not None:
        b = percent(sum(v >= hit - 1e-9 for v in best[:n]), n)
        c = percent(sum(v >= hit - 1e-9 for v in chosen[:n]), n)
        if b - c >= 10:
            return said(t_nmsg("With the better move you {achieved} in {best}% of the {n} deal imagined, with yours in "
                               "{chosen}%.", "With the better move you {achieved} in {best}% of the {n} deals "
                               "imagined, with yours in {chosen}%.", achieved=message_of(achieved), best=b, n=n,
                               chosen=c))
    ahead = sum(x > y + 1e-9 for x, y in zip(best, chosen, strict=False))
    behind = sum(y > x + 1e-9 for x, y in zip(best, chosen, strict=False))
    return said(t_nmsg("Of the {n} deal imagined, the better move did better in {ahead} and worse in {behind}.",
                       "Of the {n} deals imagined, the better move did better in {ahead} and worse in {behind}.",
                       n=n, ahead=ahead, behind=behind))
