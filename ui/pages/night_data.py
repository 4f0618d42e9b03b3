"""What the night's page, its TV view and its JSON show, gathered from the night's record and the live tables: the
standings, the tables of the night with their state, the matches played. No drawing here."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from logic.night import Night, Standing, held_back, match_points, standings
from logic.night.moments import Moment, best_moments
from logic.table import STATUS_CLOSED, STATUS_LOBBY, STATUS_OVER, STATUS_PLAYING, Table
from ui.server.duplicate import Duplicates
from ui.server.registry import TableRegistry

NIGHT_CODE_RE = re.compile(r"^[A-Z0-9]{4,12}$")


def night_points(value: float) -> int:
    """Night points as people read them: 0–100."""
    return round(value * 100)


@dataclass(frozen=True)
class NightTable:
    code: str
    game: str
    state: str  # lobby | playing | over | closed (ended early, or gone without a result)
    round_label: str  # "Hand 2 of 4" while playing, else ""
    people: tuple[str, ...]  # "🦊 Ana" per seat taken
    players: tuple[str, ...]  # player ids of the people seated


def night_tables(night: Night, registry: TableRegistry) -> list[NightTable]:
    """The night's tables, newest first, with their state now (a table no longer live: over when its match was
    recorded, else closed)."""
    rows = []
    for code in reversed(night.tables):
        table: Table | None = registry.get(code)
        match = night.match(code)
        if table is None:
            game = match.game if match else night.table_games.get(code, "")
            rows.append(NightTable(code, game, STATUS_OVER if match else STATUS_CLOSED, "",
                                   tuple(f"{s.emoji} {s.name}".strip() for s in match.seats) if match else (), ()))
            continue
        state = table.status if table.status in (STATUS_LOBBY, STATUS_PLAYING, STATUS_OVER) else STATUS_CLOSED
        label = ""
        if table.status == STATUS_PLAYING and table.state is not None:
            label = table.game.view(table.state, None)["round_label"] or ""  # (a Said: each viewer reads it in theirs)
        rows.append(NightTable(code, table.game_key, state, label,
                               tuple(f"{s.emoji} {s.name}".strip() for s in table.seats if not s.empty),
                               tuple(s.player_id for s in table.seats if s.is_human and s.player_id)))
    return rows


def ready_table(night: Night, registry: TableRegistry, player_id: str) -> str | None:
    """The table of the night's latest "Next game" where ``player_id`` has a seat and that is still to be played
    (the night's page says "Your table is ready")."""
    for code in night.next_tables:
        table = registry.get(code)
        live = table is not None and table.status in (STATUS_LOBBY, STATUS_PLAYING)
        if live and table is not None and table.seat_of(player_id) is not None:
            return code
    return None


def held_of(night: Night, registry: TableRegistry, duplicates: Duplicates | None = None) -> frozenset[str]:
    """The night's finished matches held back because a table with the same deals still plays them: one of the
    night's (``logic.night.points.held_back``) or, with ``duplicates``, any table of the server (a twin started
    after the night ended, or from outside it)."""
    live = [code for code in night.tables
            if (table := registry.get(code)) is not None and table.status in (STATUS_LOBBY, STATUS_PLAYING)]
    held = held_back(night, live)
    if duplicates is None:
        return held
    return held | {m.code for m in night.matches if duplicates.group_still_playing(m.code)}


def tables_key(night: Night, registry: TableRegistry) -> tuple[Any, ...]:
    """What the tables' list shows, as a value: it redraws when this changes."""
    return tuple((t.code, t.state, t.round_label, t.people) for t in night_tables(night, registry))


def night_json(night: Night, registry: TableRegistry, show_computers: bool | None = None,
               duplicates: Duplicates | None = None) -> dict[str, Any]:
    """The night for automation (``GET /api/v1/nights/<CODE>``): no player ids, names as people see them."""
    held = held_of(night, registry, duplicates)
    rows = standings(night, show_computers, held)
    return {
        "code": night.code,
        "name": night.name,
        "status": "ended" if night.ended_at is not None else "open",
        "scoring": night.scoring,
        "show_computers": night.show_computers,
        "tv_corner": night.tv_corner,
        "standings": [standing_json(s) for s in rows],
        "tables": [{"code": t.code, "game": t.game, "state": t.state, "round": t.round_label, "players": list(t.people),
                    "same_deals": night.groups.get(t.code)} for t in night_tables(night, registry)],
        "matches": [match_json(night, m.code, m.code in held) for m in night.matches],
        "next_tables": list(night.next_tables),
    }


def standing_json(s: Standing) -> dict[str, Any]:
    return {"rank": s.rank, "name": s.name, "emoji": s.emoji, "computer": s.computer, "matches": s.matches,
            "wins": s.wins, "points": night_points(s.average), "total": round(s.total, 4),
            "average": round(s.average, 4)}


def match_json(night: Night, code: str, held: bool = False) -> dict[str, Any]:
    """One match; ``held``: held back (a table with the same deals still plays them): who sat there, nothing of
    how it went."""
    match = night.match(code)
    assert match is not None
    points = {} if held else match_points(night, match)
    return {"code": match.code, "game": match.game, "counted": match.code not in night.removed, "held_back": held,
            "same_deals": night.groups.get(match.code),
            "seats": [{"name": s.name, "emoji": s.emoji, "computer": s.kind != "person",
                       "place": None if held else s.place, "score": None if held else s.score,
                       "points": night_points(points[i]) if i in points else None}
                      for i, s in enumerate(match.seats)]}


def moments_of(night: Night, held: frozenset[str] = frozenset()) -> dict[str, Moment]:
    return best_moments(night, held)
