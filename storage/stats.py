"""Stats from finished-game records (as ``MainStore.finished_games`` returns them), for any game.

Pure functions over plain dicts: nothing here knows a game's rules. A record has ``game``, ``code``,
``finished_at``, ``players`` ([{player_id, name, emoji, bot}]), ``scores``, ``places``, ``winners`` and
``practice``. A game added later gets all of this without extra code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

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


def my_seat(record: dict[str, Any], player_id: str) -> int | None:
    """The seat ``player_id`` played in (as a person, not a computer seat), or None."""
    for i, p in enumerate(record.get("players") or []):
        if p.get("player_id") == player_id and not p.get("bot"):
            return i
    return None


def _when(record: dict[str, Any]) -> datetime:
    value = record.get("finished_at")
    return value if isinstance(value, datetime) else datetime.fromisoformat(str(value).replace("Z", "+00:00"))


def my_games(records: list[dict[str, Any]], player_id: str, game: str | None = None) -> list[dict[str, Any]]:
    """The records ``player_id`` played in (optionally one game), oldest first."""
    mine = [r for r in records if my_seat(r, player_id) is not None and (game is None or r.get("game") == game)]
    return sorted(mine, key=_when)


def result_of(record: dict[str, Any], seat: int) -> tuple[bool, int, int]:
    """(won, place, score) of ``seat``."""
    places = record.get("places") or []
    scores = record.get("scores") or []
    won = seat in (record.get("winners") or [])
    place = int(places[seat]) if seat < len(places) else 0
    score = int(scores[seat]) if seat < len(scores) else 0
    return won, place, score


def summaries(records: list[dict[str, Any]], player_id: str) -> dict[str, Summary]:
    """Figures per game key plus ``all``, from every finished game the player was in."""
    out: dict[str, Summary] = {ALL: Summary()}
    for r in my_games(records, player_id):
        seat = my_seat(r, player_id)
        assert seat is not None
        won, place, score = result_of(r, seat)
        out.setdefault(str(r.get("game")), Summary()).add(won, place, score)
        out[ALL].add(won, place, score)
    return out


def place_text(place: int, players: int) -> str:
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix} of {players}"


def result_text(record: dict[str, Any], seat: int) -> str:
    won, place, score = result_of(record, seat)
    winners = record.get("winners") or []
    if won:
        return "Won" if len(winners) == 1 else "Shared win"
    return place_text(place, len(record.get("players") or []))


def history(records: list[dict[str, Any]], player_id: str, game: str | None = None) -> list[dict[str, Any]]:
    """Match history rows, newest first: date, game, players, result, score, code, practice."""
    rows = []
    for r in reversed(my_games(records, player_id, game)):
        seat = my_seat(r, player_id)
        assert seat is not None
        rows.append({
            "code": r.get("code"), "game": r.get("game"), "when": _when(r), "practice": bool(r.get("practice")),
            "players": [(p.get("emoji") or "", p.get("name") or "?", bool(p.get("bot"))) for p in r["players"]],
            "result": result_text(r, seat), "score": result_of(r, seat)[2], "won": result_of(r, seat)[0],
        })
    return rows


def head_to_head(records: list[dict[str, Any]], player_id: str) -> list[Head2Head]:
    """Records against each opponent in one-on-one games; practice games do not count.

    People are told apart by player id; computer players by name and level.
    """
    found: dict[str, Head2Head] = {}
    for r in my_games(records, player_id):
        players = r.get("players") or []
        if r.get("practice") or len(players) != 2:
            continue
        seat = my_seat(r, player_id)
        assert seat is not None
        other = players[1 - seat]
        if other.get("player_id") == player_id:
            continue
        key = f"bot:{other.get('name')}:{other.get('bot')}" if other.get("bot") else str(other.get("player_id"))
        h = found.get(key)
        if h is None:
            h = found[key] = Head2Head(opponent="", emoji="", bot=bool(other.get("bot")))
        h.opponent, h.emoji = str(other.get("name") or "?"), str(other.get("emoji") or "")
        winners = r.get("winners") or []
        per = h.by_game.setdefault(str(r.get("game")), [0, 0, 0])
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


def results_over_time(records: list[dict[str, Any]], player_id: str) -> dict[str, list[tuple[datetime, float]]]:
    """Running win rate (percent) after each game, per game key and ``all``, oldest first."""
    series: dict[str, list[tuple[datetime, float]]] = {ALL: []}
    running: dict[str, Summary] = {ALL: Summary()}
    for r in my_games(records, player_id):
        seat = my_seat(r, player_id)
        assert seat is not None
        won, place, score = result_of(r, seat)
        for key in (str(r.get("game")), ALL):
            s = running.setdefault(key, Summary())
            s.add(won, place, score)
            series.setdefault(key, []).append((_when(r), round(100 * s.win_rate, 1)))
    return series
