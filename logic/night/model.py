"""A game night's record: its code and name, who started it, the tables that belong to it, the people (and
computer players) who played, the finished matches and the host's corrections.

People are known by the identity tables already give them (:func:`seat_key`): a person by their player id (the
browser's), a computer player by its name (computer names are unique at a table and stay the same from table to
table of a night only by chance, so two computer players with one name count as one), a program seat by its name.

The record is changed only through the functions here, each returning nothing and changing the night in place
(the storage keeps it, ``storage/nights.py``). ``version`` grows with every change: pages redraw when it does.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from logic import text_clean
from logic.messages import Refused, t_msg

SCHEMA = 1
NIGHT_NAME_LIMIT = 40
MAX_TABLES = 200  # tables one night keeps (a night is an evening: this is far beyond one)

Kind = Literal["person", "computer", "program"]
SCORINGS = ("places", "duplicate")  # how a match gives night points (logic/night/points.py says how each works)


def seat_key(player_id: str | None, name: str, kind: Kind) -> str:
    """Who a seat is, across the night's tables."""
    if kind == "computer":
        return f"computer:{name}"
    if kind == "program":
        return f"program:{name}"
    return str(player_id or f"guest:{name}")


def clean_night_name(name: str) -> str:
    """A night's name as people typed it, cleaned like a player's name (``ValueError`` when nothing is left)."""
    cleaned = text_clean.clean_name(name, NIGHT_NAME_LIMIT)
    if not cleaned:
        raise ValueError("Give the night a name, e.g. Friday at Ana's.")
    return cleaned


class Person(BaseModel):
    """Someone at the night: the name and emoji they played under last."""

    key: str
    name: str
    emoji: str = ""
    kind: Kind = "person"

    @property
    def computer(self) -> bool:
        return self.kind != "person"


class NightSeat(BaseModel):
    """One seat of a finished match: who, their place (1 = best; tied seats share it) and the game's own score."""

    key: str
    name: str
    emoji: str = ""
    kind: Kind = "person"
    place: int
    score: int
    best_hand: int | None = None  # most points this seat scored in one hand (games where more is better)
    revolutions: int = 0  # President: revolutions this seat started
    rummy_calls: int = 0  # Rummy with the "Rummy!" house rule: calls this seat made
    deals: list[int] = Field(default_factory=list)  # this seat's points in each deal, in order (duplicate scoring)


class NightMatch(BaseModel):
    """A finished match at one of the night's tables, as the archiver saw it end."""

    code: str
    game: str
    finished_at: float  # wall-clock seconds
    lower_is_better: bool = False
    seats: list[NightSeat]


class Night(BaseModel):
    code: str
    name: str
    host_id: str
    created_at: float  # wall-clock seconds
    scoring: str = "places"  # how a match gives night points: a key of logic.night.points.SCORERS
    tv_corner: bool = False  # the host shows the standings in a corner of the night's tables' TVs during play
    tables: list[str] = Field(default_factory=list)  # codes of the tables that belong to the night, oldest first
    table_games: dict[str, str] = Field(default_factory=dict)  # table code -> its game (for tables long gone)
    groups: dict[str, str] = Field(default_factory=dict)  # table code -> the code naming its same-deals group
    people: dict[str, Person] = Field(default_factory=dict)  # by seat_key
    matches: list[NightMatch] = Field(default_factory=list)
    removed: list[str] = Field(default_factory=list)  # matches (table codes) the host took out of the standings
    merges: dict[str, str] = Field(default_factory=dict)  # key -> the key it is counted as (two names, one person)
    show_computers: bool = True  # computer players listed in the standings
    next_tables: list[str] = Field(default_factory=list)  # the lobbies of the latest "Next game"
    ended_at: float | None = None  # the host ended the night: its summary shows
    version: int = 0

    def touch(self) -> None:
        self.version += 1

    def person_of(self, key: str) -> str:
        """The key ``key`` counts as after the host's merges."""
        seen = {key}
        while key in self.merges:
            key = self.merges[key]
            if key in seen:  # (never made by merge_people; a hand-edited file must not loop)
                break
            seen.add(key)
        return key

    def counted(self) -> list[NightMatch]:
        """The matches in the standings: all finished ones but those the host removed."""
        return [m for m in self.matches if m.code not in self.removed]

    def match(self, code: str) -> NightMatch | None:
        return next((m for m in self.matches if m.code == code), None)


def add_table(night: Night, table_code: str, game: str = "", group: str | None = None) -> bool:
    """The table ``table_code`` (of ``game``) belongs to the night from now on (its finished match feeds the
    standings). False when it already did. This is the one way in: the duplicate-deals tables come through it too,
    with ``group``, the code naming the tables with the same deals (their first table's; that one, when it is the
    night's, is marked too)."""
    if table_code in night.tables:
        return False
    if len(night.tables) >= MAX_TABLES:
        raise ValueError(f"A night keeps at most {MAX_TABLES} tables.")
    night.tables.append(table_code)
    if game:
        night.table_games[table_code] = game
    if group:
        night.groups[table_code] = group
        if group in night.tables:
            night.groups.setdefault(group, group)
    night.touch()
    return True


def set_scoring(night: Night, scoring: str) -> None:
    """How the night's matches give night points, chosen before the first match counts (a change afterwards
    would rewrite standings people have seen)."""
    if scoring not in SCORINGS:
        raise ValueError(f"Unknown scoring {scoring!r}.")
    if scoring == night.scoring:
        return
    if night.counted():
        raise ValueError("The scoring is chosen before the first match counts.")
    night.scoring = scoring
    night.touch()


def add_person(night: Night, key: str, name: str, emoji: str, kind: Kind = "person") -> None:
    """Someone came to the night (opened its page, or played at one of its tables); a later name wins."""
    known = night.people.get(key)
    if known is not None and (known.name, known.emoji, known.kind) == (name, emoji, kind):
        return
    night.people[key] = Person(key=key, name=name, emoji=emoji, kind=kind)
    night.touch()


def record_match(night: Night, match: NightMatch) -> bool:
    """A match of one of the night's tables finished (once per table: False for a table it already has)."""
    if match.code not in night.tables or night.match(match.code) is not None:
        return False
    night.matches.append(match)
    for seat in match.seats:
        add_person(night, seat.key, seat.name, seat.emoji, seat.kind)
    night.touch()
    return True


def remove_match(night: Night, code: str) -> None:
    """The host takes a match out of the standings (kept in the record: it can be put back)."""
    if night.match(code) is None:
        raise ValueError(f"No match {code} at this night.")
    if code not in night.removed:
        night.removed.append(code)
        night.touch()


def restore_match(night: Night, code: str) -> None:
    if code in night.removed:
        night.removed.remove(code)
        night.touch()


def merge_people(night: Night, key: str, into: str) -> None:
    """Count ``key`` as ``into`` from now on (one person who played under two names, or on two devices)."""
    key, into = night.person_of(key), night.person_of(into)
    if key == into:
        raise Refused(t_msg("Those are already one person."))
    if key not in night.people or into not in night.people:
        raise Refused(t_msg("Merge two people of this night."))
    if night.people[key].computer != night.people[into].computer:
        raise Refused(t_msg("A person and a computer player cannot be merged."))
    night.merges[key] = into
    night.touch()
