"""Seating: the people present at a night split over tables of a game's allowed sizes.

Table sizes: as few tables as the biggest allowed size needs, as even as the allowed sizes let them be (eight people
for President, 4–5 a table: two tables of four; eleven for Rummy, 2–4: 4, 4, 3). When no split of exactly the
people present fits (seven for President: 4 + 3 is not allowed), the tables are padded with computer seats
(4 + 4, one computer player); fewer people than the smallest table fill it with computers.

Who sits where: ``random`` shuffles the people with the given seed (the same seed gives the same seating), then
fills the tables in order; ``standings`` seats them in the order of the night's standings (the best players
together at the first table), the ones without a match yet last, in the order they were given.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

By = Literal["random", "standings"]


@dataclass(frozen=True)
class TablePlan:
    people: tuple[str, ...]  # who sits at this table (keys)
    seats: int  # the table's size; seats - len(people) are computer players

    @property
    def computers(self) -> int:
        return self.seats - len(self.people)


def split_sizes(count: int, sizes: Sequence[int]) -> list[int]:
    """Table sizes for ``count`` people from the allowed ``sizes`` (see the module's text), biggest first. The sum is
    ``count`` when a split fits, else the smallest padding that keeps the fewest tables."""
    allowed = sorted(set(int(s) for s in sizes if int(s) >= 1))
    if not allowed:
        raise ValueError("A game allows at least one table size.")
    if count <= 0:
        return []
    low, high = allowed[0], allowed[-1]
    fewest = -(-count // high)
    for tables in range(fewest, count // low + 1):
        found = _even_split(count, tables, allowed)
        if found:
            return found
    # no exact split: the fewest tables, filled as evenly as the sizes allow, padded with computer players
    for total in range(count + 1, fewest * high + 1):
        found = _even_split(total, fewest, allowed)
        if found:
            return found
    return [high] * fewest  # (unreachable: fewest tables of the biggest size always hold everyone)


def _even_split(total: int, tables: int, allowed: list[int]) -> list[int] | None:
    """``tables`` allowed sizes summing to ``total``, as even as possible (biggest first), or None."""
    best: list[int] | None = None

    def walk(left: int, slots: int, top: int, chosen: list[int]) -> None:
        nonlocal best
        if slots == 0:
            if left == 0 and (best is None or chosen[0] - chosen[-1] < best[0] - best[-1]):
                best = list(chosen)
            return
        for size in reversed(allowed):
            if size > top or size > left or left - size < (slots - 1) * allowed[0]:
                continue
            if size * slots < left:
                break
            walk(left - size, slots - 1, size, chosen + [size])

    walk(total, tables, allowed[-1], [])
    return best


def seat_people(people: Sequence[str], sizes: Sequence[int], by: By = "random", seed: int = 0,
                ranking: Sequence[str] = ()) -> list[TablePlan]:
    """Tables for ``people`` (keys, each once) at a game with table ``sizes``; ``ranking``: keys best first (the
    night's standings) for ``by="standings"``."""
    unique = list(dict.fromkeys(people))
    if by == "random":
        order = sorted(unique)
        random.Random(seed).shuffle(order)
    elif by == "standings":
        place = {key: i for i, key in enumerate(ranking)}
        order = sorted(unique, key=lambda k: (place.get(k, len(place)), unique.index(k)))
    else:
        raise ValueError(f"Seat people at random or by standings, not {by!r}.")
    table_sizes = split_sizes(len(order), sizes)
    # the computer seats go one at a time to the last tables first, never filling a table with computers only
    pads = [0] * len(table_sizes)
    missing = sum(table_sizes) - len(order)
    i = len(table_sizes) - 1
    while missing > 0:
        if pads[i] < table_sizes[i] - 1:
            pads[i] += 1
            missing -= 1
        i = i - 1 if i > 0 else len(table_sizes) - 1
    plans: list[TablePlan] = []
    start = 0
    for size, pad in zip(table_sizes, pads, strict=True):
        plans.append(TablePlan(tuple(order[start:start + size - pad]), size))
        start += size - pad
    return plans
