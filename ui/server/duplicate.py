"""Duplicate deals on the server: starting a table "with the same deals as" another, the comparisons its pages
show, and what is held back until both tables have finished a deal.

A group of tables with the same deals is named by its first table's code (its *root*); every other table of the
group keeps that code in ``Table.same_deals_as`` (and in its finished record). The seed is copied on the server and
never leaves it: links name the source table by its code.

Everything here goes through a :class:`Duplicates`, made by the entry point of a page (``Runtime.duplicates()``)
or handed to a live table's parts with its :class:`ui.server.services.TableServices`: it knows the server's hub,
finished games and the book of groups (ui/server/same_deals_book.py), and never looks the server up itself.

For game nights: :meth:`Duplicates.source_of_table` and :meth:`Duplicates.start` start a table with the same deals
as a live table of the night, :meth:`Duplicates.comparisons` gives a table's comparisons with the others of its
group.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from logic.duplicate import LOWER_IS_BETTER, DealResult, DealTracker, SeatComparison, compare, same_deals_root
from logic.messages import Message, t_msg
from logic.registry import get_game
from logic.table import STATUS_LOBBY, STATUS_OVER, STATUS_PLAYING, Settings, Table, new_table
from logic.table import lobby as table_lobby
from logic.table.same_deals import play_same_deals
from ui.server.same_deals_book import SameDealsBook
from ui.server.saving import refuse_new_tables_while_failing

if TYPE_CHECKING:
    from storage.archive import FinishedGame
    from ui.server.finished import FinishedGames
    from ui.server.hub import Hub


class SourceError(ValueError):
    """A table that cannot be the source of duplicate deals: ``status`` is the page's HTTP answer (404: no such
    table for this person; 400: not a source for this game)."""

    def __init__(self, message: Message, status: int) -> None:
        super().__init__(message.english())
        self.message = message
        self.status = status


@dataclass(frozen=True)
class SeatPlan:
    """Who sat in a source seat: a computer level (None for a person or a program), name and emoji."""

    bot: str | None
    name: str
    emoji: str


@dataclass(frozen=True)
class DealSource:
    """What a duplicate takes from its source. Server side only: it holds the seed."""

    code: str
    game_key: str
    options: dict[str, Any]
    seed: int
    root: str
    practice: bool
    seats: tuple[SeatPlan, ...]
    bot_delay: float | None = None  # the source's computer pace (a live table's), kept unless the link says one


@dataclass(frozen=True)
class Comparison:
    """One table's comparison with another of its group: the deals both have finished, seat by seat, and whether
    the other table is still playing a deal this one has finished (its result is held back until then)."""

    other_code: str
    other_names: tuple[str, ...]
    rows: tuple[SeatComparison, ...]
    waiting: bool  # the other table has not finished every deal this one has
    lower_is_better: bool


class Duplicates:
    """Duplicate deals on one server: its hub (live tables, where practice tables began), its finished games and
    its book of groups, trackers and who has seen what."""

    def __init__(self, hub: Hub, finished: FinishedGames, book: SameDealsBook) -> None:
        self.hub = hub
        self.finished = finished
        self.book = book

    # ------------------------------------------------------------------------------------------- sources
    def source_of_table(self, table: Table) -> DealSource:
        """A live table as a source (no check of who asks: for callers that know, e.g. a night's own tables)."""
        if self.hub.starts.get(table.code) is not None:
            raise SourceError(t_msg("That game began from a position, not from a deal."), 400)
        return DealSource(table.code, table.game_key, dict(table.options), table.seed,
                          same_deals_root(table.code, table.same_deals_as), table.practice,
                          tuple(SeatPlan(s.bot, s.name, s.emoji) for s in table.seats), table.settings.bot_delay)

    def find_source(self, code: str, game_key: str, player_id: str | None) -> DealSource:
        """The table or finished game ``code`` as the source of a duplicate for ``player_id``: a live table they
        sit at, host, have watched or may watch (listed), or any finished game (as its replay). SourceError
        otherwise."""
        code = (code or "").strip().upper()[:12]
        table = self.hub.registry.get(code) if code else None
        if table is not None and table.state is None and table.status != STATUS_LOBBY:
            table = None  # a lobby that closed: nothing to take
        if table is not None and not self._may_see(table, player_id):
            table = None
        if table is not None:
            source = self.source_of_table(table)
        else:
            record = self.finished.find(code) if code else None
            if record is None or record.seed is None:
                raise SourceError(t_msg("No table or finished game {code} to take the deals of.", code=code), 404)
            if self.hub.starts.get(code) is not None:
                raise SourceError(t_msg("That game began from a position, not from a deal."), 400)
            source = DealSource(code, record.game, dict(record.options), int(record.seed),
                                same_deals_root(code, record.same_deals_as), record.practice,
                                tuple(SeatPlan(p.bot, p.name, p.emoji) for p in record.players))
        if source.game_key != game_key:
            raise SourceError(t_msg("{code} is a game of another kind: its deals do not fit this game.", code=code),
                              400)
        return source

    def _may_see(self, table: Table, player_id: str | None) -> bool:
        """Sits or hosts there, has watched it (its link passed the join-code guard), or it is listed to watch."""
        if player_id and (table.seat_of(player_id) is not None or table.is_host(player_id)
                          or player_id in self.book.seen.get(table.code, set())):
            return True
        return table.settings.public and table.status in (STATUS_LOBBY, STATUS_PLAYING, STATUS_OVER)

    # ------------------------------------------------------------------------------------------- starting
    def start(self, source: DealSource, host_id: str, host_name: str, host_emoji: str, *,
              address: str | None = None, speed: float | None = None, practice: bool | None = None) -> Table:
        """A new table with the same deals, options and number of players as ``source``, its maker seated. A
        practice source gives a practice table that starts at once: the maker in the seat the source's person had,
        the computer players of the source in theirs at the same levels (a challenge: "play my deals"); otherwise
        a lobby for friends (the options locked)."""
        hub = self.hub
        refuse_new_tables_while_failing()
        hub.registry.may_open(host_id, address)
        game = get_game(source.game_key)
        practice = source.practice if practice is None else practice
        now = hub.clock()
        settings = Settings(turn_seconds=0 if practice else game.default_turn_seconds)
        speed = source.bot_delay if speed is None else speed
        if speed is not None:
            settings.bot_delay = max(0.0, float(speed))
            settings.grace_scale = 0.0 if settings.bot_delay == 0 else settings.grace_scale
        settings.public = not practice
        table = new_table(source.game_key, hub.registry.new_code(), host_id, source.options, source.seed, now,
                          practice, settings)
        play_same_deals(table, source.root)
        plans = source.seats if len(source.seats) == len(table.seats) else ()
        person = next((i for i, plan in enumerate(plans) if plan.bot is None), 0)
        table_lobby.join(table, host_id, host_name, host_emoji, now, seat=person)
        if practice:
            default = game.bot_levels[min(1, len(game.bot_levels) - 1)]
            for seat in table.open_seats():
                plan = plans[seat] if plans else None
                level = plan.bot if plan is not None and plan.bot in game.bot_levels else default
                name, emoji = (plan.name, plan.emoji) if plan is not None and plan.bot else (f"Bot {seat + 1}", "🤖")
                table_lobby.add_bot(table, host_id, seat, level, name, emoji)
            table_lobby.start(table, host_id, now)
        hub.registry.add(table, address)
        night = hub.nights.night_of_table(source.code)  # a twin of a night's table is the night's too
        if night is not None and night.ended_at is None:
            hub.nights.add_table(night.code, table.code, table.game_key, source.root)
        self.members(source.root)  # the group's earlier tables first (read once per server), then this one
        self.book.join(source.root, table.code)
        hub.changed(table)
        return table

    def adopt(self, table: Table, source: Table) -> str:
        """``table``, a new lobby made with ``source``'s game, options and seed (a game night's next game scored by
        the same deals), plays the same deals as ``source`` from now on; returns the code naming their group."""
        root = same_deals_root(source.code, source.same_deals_as)
        play_same_deals(table, root, source)
        self.hub.changed(source)
        self.members(root)  # the group's earlier tables first (read once per server), then this one
        self.book.join(root, table.code)
        return root

    # ------------------------------------------------------------------------------------------- groups
    def members(self, code: str) -> list[str]:
        """Every table with the same deals as ``code`` (itself included; ``[code]`` for a table in no group)."""
        return self.book.members(code, self._load_groups)

    def _load_groups(self) -> list[tuple[str, str]]:
        """``(root, member)`` for every table with another's deals: the live ones (also those loaded after a
        restart) and the finished ones (read once per server)."""
        live = [(str(t.same_deals_as), t.code) for t in self.hub.registry.tables.values() if t.same_deals_as]
        done = [(g.same_deals_as, g.code) for g in self.hub.main.finished_games() if g.same_deals_as]
        return live + done

    def in_group(self, table: Table) -> bool:
        return table.same_deals_as is not None or len(self.members(table.code)) > 1

    def results_of(self, code: str) -> list[DealResult] | None:
        """The finished deals of table ``code`` (live or finished), or None when there is no such table."""
        book = self.book
        table = self.hub.registry.get(code)
        if table is not None:
            if table.state is None:
                return []
            log: list[Any] = list(table.log)
            game, options, seed = table.game, dict(table.options), table.seed
        else:
            record = self.finished.find(code)
            if record is None or record.seed is None:
                return None
            log = list(record.log or [])
            game, options, seed = get_game(record.game), dict(record.options), int(record.seed)

        def make() -> DealTracker:
            return DealTracker.start(game, game.new_game(game.make_config(**options), seed))

        try:
            tracker = book.tracker(code, make)
            if tracker.applied > len(log):  # not the log it read (a log only grows): read it again
                book.trackers.pop(code, None)
                tracker = book.tracker(code, make)
            return tracker.advance(log)
        except (ValueError, KeyError, TypeError):  # a damaged record: no comparison, never a crash
            book.trackers.pop(code, None)
            return None

    def options_of(self, code: str) -> dict[str, Any] | None:
        table = self.hub.registry.get(code)
        if table is not None:
            return table.options
        record = self.finished.find(code)
        return None if record is None else dict(record.options)

    def names_of(self, code: str) -> tuple[str, ...]:
        table = self.hub.registry.get(code)
        if table is not None:
            return tuple(s.name for s in table.seats)
        record = self.finished.find(code)
        return () if record is None else tuple(p.name for p in record.players)

    def comparisons(self, table: Table) -> list[Comparison]:
        """How table ``table`` did against every other table of its group, for the deals both have finished."""
        group = self.members(table.code)
        if len(group) < 2:
            return []
        mine = self.results_of(table.code) or []
        lower = table.game_key in LOWER_IS_BETTER
        out = []
        for other in group:
            if other == table.code or self.options_of(other) != table.options:  # (a source changed in its lobby:
                continue  # not the same deals any more)
            theirs = self.results_of(other)
            if theirs is None:
                continue
            rows = compare(mine, theirs, lower_is_better=lower)
            out.append(Comparison(other, self.names_of(other), tuple(rows), len(theirs) < len(mine), lower))
        return out

    def comparison_key(self, table: Table) -> tuple[Any, ...]:
        """What the comparison panel shows, as a plain value (its region redraws when it changes)."""
        return tuple((c.other_code, c.waiting, len(c.rows)) for c in self.comparisons(table))

    def finished_partners(self, code: str) -> list[str]:
        """The other finished games with the same deals and rules as finished game ``code``."""
        record = self.finished.find(code)
        if record is None:
            return []
        out = []
        for other in self.members(code):
            theirs = self.finished.find(other) if other != code else None
            if theirs is not None and theirs.options == record.options:
                out.append(other)
        return out

    # ------------------------------------------------------------------------------------------- held back
    def held_back_by(self, code: str, player_id: str | None) -> str | None:
        """The code of the table of ``code``'s group where ``player_id`` sits and still plays (or waits in the
        lobby), if any: while it does, they may not watch, replay or see on a TV another table of the group."""
        if not player_id:
            return None
        registry = self.hub.registry
        for member in self.members(code):
            if member == code:
                continue
            table = registry.get(member)
            if table is not None and table.status in (STATUS_LOBBY, STATUS_PLAYING) and \
                    table.seat_of(player_id) is not None:
                return member
        return None

    def group_still_playing(self, code: str) -> bool:
        """Whether another table with the same deals as ``code`` is still in its lobby or playing (then ``code``'s
        scorecard image, which names no viewer, waits)."""
        registry = self.hub.registry
        return any((t := registry.get(m)) is not None and t.status in (STATUS_LOBBY, STATUS_PLAYING)
                   for m in self.members(code) if m != code)

    def mark_seen(self, code: str, player_id: str | None) -> None:
        """``player_id`` watched table ``code`` or opened its replay (told so before sitting at its duplicates)."""
        self.book.mark_seen(code, player_id)

    def has_seen(self, table: Table, player_id: str | None) -> bool:
        """Whether ``player_id`` has seen another table of ``table``'s group played: watched it, opened its replay
        or sat at it."""
        return self.has_seen_group(table.code, player_id, skip=table.code)

    def has_seen_group(self, code: str, player_id: str | None, skip: str | None = None) -> bool:
        """Whether ``player_id`` has seen a table of ``code``'s group (but ``skip``) played."""
        if not player_id:
            return False
        for member in self.members(code):
            if member == skip:
                continue
            if player_id in self.book.seen.get(member, set()):
                return True
            other = self.hub.registry.get(member)
            if other is not None and other.seat_of(player_id) is not None:
                return True
            record: FinishedGame | None = self.finished.find(member) if other is None else None
            if record is not None and record.seat_of(player_id) is not None:
                return True
        return False
