"""Stats from finished-game records (:class:`storage.archive.FinishedGame`, as ``MainStore.finished_games`` returns
them), for any game.

Pure functions: nothing here knows a game's rules, only a record's ``game``, ``code``, ``finished_at``, ``players``,
``scores``, ``places``, ``winners`` and ``practice``. A game added later gets all of this without extra code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from storage.archive import FinishedGame

ALL = "all"


@dataclass
class Summary:
    """One player's figures for one game (or ``all`` games)."""

    games: int = 0
    wins: int = 0
    place_sum: int = 0
    score_sum: int = 0
    best_streak: int = 0
    streak: int = 0  # current run of wins

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def avg_place(self) -> float:
        return self.place_sum / self.games if self.games else 0.0

    @property
    def avg_score(self) -> float:
        return self.score_sum / self.games if self.games else 0.0

    def add(self, won: bool, place: int, score: int) -> None:
        self.games += 1
        self.wins += int(won)
        self.place_sum += place
        self.score_sum += score
        self.streak = self.streak + 1 if won else 0
        self.best_streak = max(self.best_streak, self.streak)


@dataclass
class Head2Head:
    """Record against one opponent in one-on-one games."""

    opponent: str  # display name (latest seen)
    emoji: str
    bot: bool
    wins: int = 0
    losses: int = 0
    draws: int = 0
    by_game: dict[str, list[int]] = field(default_factory=dict)  # game -> [wins, losses, draws]

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws


def my_seat(record: FinishedGame, player_id: str) -> int | None:
    """The seat ``player_id`` played in (as a person, not a computer seat), or None."""
    for i, p in enumerate(record.players):
        if p.player_id == player_id and not p.bot:
            return i
    return None


def my_games(records: list[FinishedGame], player_id: str, game: str | None = None) -> list[FinishedGame]:
    """The records ``player_id`` played in (optionally one game), oldest first."""
    mine = [r for r in records if my_seat(r, player_id) is not None and (game is None or r.game == game)]
    return sorted(mine, key=lambda r: r.finished_at)


def result_of(record: FinishedGame, seat: int) -> tuple[bool, int, int]:
    """(won, place, score) of ``seat``."""
    places, scores = record.places, record.scores
    won = seat in record.winners
    place = int(places[seat]) if seat < len(places) else 0
    score = int(scores[seat]) if seat < len(scores) else 0
    return won, place, score


def summaries(records: list[FinishedGame], player_id: str) -> dict[str, Summary]:
    """Figures per game key plus ``all``, from every finished game the player was in."""
    out: dict[str, Summary] = {ALL: Summary()}
    for r in my_games(records, player_id):
        seat = my_seat(r, player_id)
        assert seat is not None
        won, place, score = result_of(r, seat)
        out.setdefault(r.game, Summary()).add(won, place, score)
        out[ALL].add(won, place, score)
    return out


def place_text(place: int, players: int) -> str:
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix} of {players}"


def result_text(record: FinishedGame, seat: int) -> str:
    won, place, score = result_of(record, seat)
    if won:
        return "Won" if len(record.winners) == 1 else "Shared win"
    return place_text(place, len(record.players))


@dataclass(frozen=True)
class HistoryRow:
    """One finished game in a player's match history."""

    code: str
    game: str
    when: datetime
    practice: bool
    players: list[tuple[str, str, bool]]  # (emoji, name, a computer player)
    result: str  # in English, for logs: "Won", "Shared win", "2nd of 4"
    won: bool
    winners: int  # how many share the win
    place: int
    score: int


def history(records: list[FinishedGame], player_id: str, game: str | None = None) -> list[HistoryRow]:
    """Match history rows, newest first."""
    rows = []
    for r in reversed(my_games(records, player_id, game)):
        seat = my_seat(r, player_id)
        assert seat is not None
        won, place, score = result_of(r, seat)
        rows.append(HistoryRow(r.code, r.game, r.finished_at, r.practice,
                               [(p.emoji, p.name or "?", bool(p.bot)) for p in r.players], result_text(r, seat),
                               won, len(r.winners), place, score))
    return rows


def head_to_head(records: list[FinishedGame], player_id: str) -> list[Head2Head]:
    """Records against each opponent in one-on-one games; practice games do not count.

    People are told apart by player id; computer players by name and level.
    """
    found: dict[str, Head2Head] = {}
    for r in my_games(records, player_id):
        players = r.players
        if r.practice or len(players) != 2:
            continue
        seat = my_seat(r, player_id)
        assert seat is not None
        other = players[1 - seat]
        if other.player_id == player_id:
            continue
        key = f"bot:{other.name}:{other.bot}" if other.bot else str(other.player_id)
        h = found.get(key)
        if h is None:
            h = found[key] = Head2Head(opponent="", emoji="", bot=bool(other.bot))
        h.opponent, h.emoji = other.name or "?", other.emoji
        winners = r.winners
        per = h.by_game.setdefault(r.game, [0, 0, 0])
        if seat in winners and len(winners) > 1:
            h.draws += 1
            per[2] += 1
        elif seat in winners:
            h.wins += 1
            per[0] += 1
        else:
            h.losses += 1
            per[1] += 1
    return sorted(found.values(), key=lambda h: (-h.games, h.opponent))


def results_over_time(records: list[FinishedGame], player_id: str) -> dict[str, list[tuple[datetime, float]]]:
    """Running win rate (percent) after each game, per game key and ``all``, oldest first."""
    series: dict[str, list[tuple[datetime, float]]] = {ALL: []}
    running: dict[str, Summary] = {ALL: Summary()}
    for r in my_games(records, player_id):
        seat = my_seat(r, player_id)
        assert seat is not None
        won, place, score = result_of(r, seat)
        for key in (r.game, ALL):
            s = running.setdefault(key, Summary())
            s.add(won, place, score)
            series.setdefault(key, []).append((r.finished_at, round(100 * s.win_rate, 1)))
    return series
