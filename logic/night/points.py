"""Night points: how one match at a table of any game and size counts in the evening's standings.

**A match's night points** (scoring ``places``): each seat gets the share of the other players at its table it
beat, a tie counting half: ``(beaten + tied / 2) / (n - 1)``, from 0 (last) to 1 (first). Without ties that is
``(n - place) / (n - 1)``. So a President win at 5 and a Rummy win at 2 are both worth 1; second of four is worth
2/3, second of two 0. The game's own points never cross from one game to another. A table of one (nothing to beat)
gives no night points. Partners (Stockpile at 4 or 6) share their team's place, so a winning pair each beat the
other pair and tie with each other.

**Across matches** the standings rank by the **average** night points per match played (shown as 0–100 with the
number of matches beside it), so someone who played three matches and someone who played five compare fairly;
only players with at least one counted match are ranked. Ties on the average go to the higher total, then to more
matches. The host's corrections apply first: removed matches are left out, merged names count as one person.

**Matches that did not finish** (a table ended early, by the host or because everyone left, or a lobby that never
started) give nobody night points: only a match with a result (the game's outcome) is recorded.

**Duplicate comparison** (scoring ``duplicate``, chosen by the host before the first match counts): tables of the
night that play the same deals (a table started "with the same deals as" another) are compared seat by seat. In each
deal both tables finished, a seat gets 1 when it scored better in that deal than the seat that held the same cards
at the other table, ½ on a tie and 0 when it did worse (Beanie: fewer points is better); its match is worth the
average over those deals (and over every other table of the same deals), again 0 to 1. A match with no other
finished table of its deals at the night (none was started, or the other one ended early) counts by its places, as
above, so nobody's evening is lost to a table that broke up.

**Held back.** While a table with the same deals as another of the night is still in its lobby or playing, the
other's finished match is held back (:func:`held_back`): it is in no standings, list, summary or TV until every
table of those deals has finished (or ended early), so nobody still playing learns how the same cards went.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from logic.night.model import Night, NightMatch


def seat_share(places: Sequence[int], seat: int) -> float | None:
    """The share of the other seats that ``seat`` beat (a tie counts half); None at a table of one."""
    n = len(places)
    if n < 2:
        return None
    mine = places[seat]
    beaten = sum(1 for i, p in enumerate(places) if i != seat and p > mine)
    tied = sum(1 for i, p in enumerate(places) if i != seat and p == mine)
    return (beaten + tied / 2) / (n - 1)


def place_points(night: Night, match: NightMatch) -> dict[int, float]:
    """Night points per seat of ``match`` by its places (see the module's text); {} at a table of one."""
    places = [s.place for s in match.seats]
    shares = {i: seat_share(places, i) for i in range(len(places))}
    return {i: v for i, v in shares.items() if v is not None}


def twins(night: Night, match: NightMatch) -> list[NightMatch]:
    """The other counted matches of the night played with the same deals as ``match`` (same game and seats)."""
    group = night.groups.get(match.code)
    if group is None:
        return []
    return [m for m in night.counted() if m.code != match.code and night.groups.get(m.code) == group
            and m.game == match.game and len(m.seats) == len(match.seats)]


def duplicate_points(night: Night, match: NightMatch) -> dict[int, float]:
    """Night points per seat by duplicate comparison (see the module's text): per deal both tables finished, 1 for
    the better of the two seats that held the same cards, ½ each on a tie, averaged; by places without a twin."""
    sign = -1 if match.lower_is_better else 1
    got: dict[int, list[float]] = {i: [] for i in range(len(match.seats))}
    for other in twins(night, match):
        for i, (mine, theirs) in enumerate(zip(match.seats, other.seats, strict=True)):
            for a, b in zip(mine.deals, theirs.deals, strict=False):  # the deals both finished
                diff = sign * (a - b)
                got[i].append(1.0 if diff > 0 else 0.5 if diff == 0 else 0.0)
    if not any(got.values()):
        return place_points(night, match)
    return {i: sum(v) / len(v) for i, v in got.items() if v}


# how a match gives night points, by ``Night.scoring``: seat -> points from 0 to 1
MatchScorer = Callable[[Night, NightMatch], dict[int, float]]
SCORERS: dict[str, MatchScorer] = {"places": place_points, "duplicate": duplicate_points}


def match_points(night: Night, match: NightMatch) -> dict[int, float]:
    """Night points per seat of ``match`` by the night's scoring (ValueError for a scoring this server lacks)."""
    scorer = SCORERS.get(night.scoring)
    if scorer is None:
        raise ValueError(f"Unknown scoring {night.scoring!r}.")
    return scorer(night, match)


def held_back(night: Night, live: Collection[str]) -> frozenset[str]:
    """The finished matches held back (see the module's text): of a table whose same-deals group has another table
    of the night in ``live`` (the night's tables now in their lobby or playing)."""
    waiting = {night.groups[code] for code in live if code in night.groups}
    return frozenset(m.code for m in night.matches if night.groups.get(m.code) in waiting)


@dataclass(frozen=True)
class Standing:
    key: str
    name: str
    emoji: str
    computer: bool
    matches: int
    total: float  # night points summed over the matches
    wins: int  # matches where this player took first place (alone or shared)
    rank: int  # 1 = best; equal averages and totals share a rank

    @property
    def average(self) -> float:
        return self.total / self.matches if self.matches else 0.0


def standings(night: Night, show_computers: bool | None = None, held: Collection[str] = ()) -> list[Standing]:
    """The night's standings, best first (see the module's text). ``show_computers``: list computer players
    (None: the night's own setting); ``held``: matches held back (:func:`held_back`), left out."""
    if night.scoring not in SCORERS:
        raise ValueError(f"Unknown scoring {night.scoring!r}.")
    totals: dict[str, float] = {}
    played: dict[str, int] = {}
    wins: dict[str, int] = {}
    for match in night.counted():
        if match.code in held:
            continue
        for seat_no, points in match_points(night, match).items():
            key = night.person_of(match.seats[seat_no].key)
            totals[key] = totals.get(key, 0.0) + points
            played[key] = played.get(key, 0) + 1
            wins[key] = wins.get(key, 0) + (match.seats[seat_no].place == 1)
    show = night.show_computers if show_computers is None else show_computers
    rows = []
    for key, count in played.items():
        person = night.people.get(key)
        computer = person.computer if person is not None else key.startswith(("computer:", "program:"))
        if computer and not show:
            continue
        rows.append((key, person, computer, count))

    def order(row: tuple[str, object, bool, int]) -> tuple[float, float, int, str]:
        key, _, _, count = row
        return (-round(totals[key] / count, 9), -round(totals[key], 9), -count, key)

    rows.sort(key=order)
    result: list[Standing] = []
    for i, (key, person, computer, count) in enumerate(rows):
        rank = i + 1
        if result and order(rows[i])[:3] == order(rows[i - 1])[:3]:
            rank = result[-1].rank
        name = person.name if person is not None else key
        emoji = person.emoji if person is not None else ""
        result.append(Standing(key, name, emoji, computer, count, totals[key], wins[key], rank))
    return result
