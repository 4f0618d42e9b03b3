"""``/stats``: your figures for every game, results over time, head-to-head records and match history;
``/stats/game/<CODE>``: one finished game, round by round, with its share buttons.

Everything comes from the finished-game records the hub archives, so a game added later needs no code here.
"""

from __future__ import annotations

from nicegui import ui

from logic.registry import all_games
from storage.archive import FinishedGame, FinishedSeat
from storage.stats import ALL, HistoryRow, head_to_head, history, results_over_time, summaries
from ui.components.points import fewest_wins, lower_wins, lowest_seats, score_at_row_end
from ui.components.scorecard_png import game_title, round_scores, when_text
from ui.components.share import share_buttons
from ui.i18n import _, ngettext, pgettext
from ui.i18n.names import game_name
from ui.i18n.viewer import date, num, percent
from ui.pages.stats_accuracy import accuracy_section
from ui.pages.stats_rules import ANY, STANDARD, by_rules, no_standard_games, rules_filter
from ui.server.runtime import runtime
from ui.shell.frame import frame
from ui.shell.http_status import not_found_page
from ui.shell.identity import me
from ui.table import same_deals
from ui.table.review_summary import review_summary_for_record

MIN_CHART_GAMES = 5  # fewer games than this: a sentence instead of the win-rate chart
COLOURS = ["#1f6f4a", "#c0392b", "#2b4c9b", "#b8860b", "#8e44ad", "#16a085"]


def register() -> None:
    @ui.page("/stats")
    def stats_page(rules: str = ANY) -> None:
        who = me()
        rules = rules if rules in (ANY, STANDARD) else ANY
        records = by_rules(runtime().hub.main.finished_games(player_id=who.player_id), rules)  # issue 52
        with frame(_("Stats")):
            ui.label(_("{emoji} {name}: your games", emoji=who.emoji,
                    name=who.name)).classes("text-xl font-bold").props("data-testid=stats")
            rules_filter(rules)
            if not records and rules == STANDARD:
                no_standard_games()
                return
            if not records:
                ui.label(_("No finished games yet. Play one (a practice game is quick) and it shows up here.")).props(
                    "data-testid=stats-empty")
                ui.button(pgettext("start a game", "Play"), on_click=lambda: ui.navigate.to("/")).props("color=primary")
                return
            overview(records, who.player_id)
            over_time_chart(records, who.player_id)
            accuracy_section(records, who.player_id)  # from the reviews (ui/pages/stats_accuracy.py)
            h2h_table(records, who.player_id)
            history_list(records, who.player_id)

    @ui.page("/stats/game/{code}")
    def game_page(code: str) -> None:
        record = runtime().finished.find(code)
        if record is None:
            not_found_page(_("Finished game"), _("No finished game with code {code}.", code=code[:12].upper()),
                    _("Your stats"),
                           "/stats")
            return
        if same_deals.held_back(runtime().duplicates(), record.code, me().player_id, _("Finished game")):
            return  # its results wait until the viewer's own table with the same deals is over
        with frame(_("Finished game")):
            game_detail(record)


def points(n: int) -> str:
    """A score with its unit: "1 pt", "12 pts"."""
    return ngettext("{n} pt", "{n} pts", n)


def result_words(row: HistoryRow) -> str:
    """The history's result column: won, a shared win, or the place."""
    if row.won:
        return _("Shared win") if row.winners > 1 else _("Won")
    return _("place {place} of {players}", place=row.place, players=len(row.players))


def figure(label: str, value: str, testid: str) -> None:
    with ui.column().classes("items-center gap-0 min-w-[70px]"):
        ui.label(value).classes("text-lg font-bold").props(f"data-testid={testid}")
        ui.label(label).classes("text-xs text-grey-8")


def overview(records: list[FinishedGame], player_id: str) -> None:
    found = summaries(records, player_id)
    titles = [(ALL, _("All games"))] + [(g.key, game_name(g.key)) for g in all_games()]
    titles += [(k, game_title(k)) for k in found if k not in dict(titles)]  # games no longer installed
    with ui.row().classes("w-full gap-3"):
        for key, title in titles:
            s = found.get(key)
            if s is None or not s.games:
                continue
            with ui.card().classes("gap-1").props(f"data-testid=stats-{key}"):
                ui.label(title).classes("font-bold")
                with ui.row().classes("gap-2"):
                    figure(pgettext("stats figure", "games"), num(s.games), f"stat-{key}-games")
                    figure(pgettext("stats figure", "wins"), num(s.wins), f"stat-{key}-wins")
                    figure(pgettext("stats figure", "win rate"), percent(s.win_rate), f"stat-{key}-rate")
                    figure(pgettext("stats figure", "avg place"), num(s.avg_place, "0.0"), f"stat-{key}-place")
                    figure(pgettext("stats figure", "avg score"), num(round(s.avg_score)), f"stat-{key}-score")
                    figure(pgettext("stats figure", "best streak"), num(s.best_streak), f"stat-{key}-streak")


def over_time_chart(records: list[FinishedGame], player_id: str) -> None:
    """The running win rate after each game, once there are enough games for a line to say something; before that
    a sentence (a chart of one game is a lone dot with a puzzling axis)."""
    series = results_over_time(records, player_id)
    ui.label(_("Win rate over time")).classes("text-lg font-bold q-mt-sm")
    overall = series.get(ALL, [])
    if len(overall) < MIN_CHART_GAMES:
        total = summaries(records, player_id).get(ALL)
        wins = total.wins if total is not None else 0
        games = ngettext("{n} game so far", "{n} games so far", len(overall))
        won = ngettext("{n} win", "{n} wins", wins)
        ui.label(_("{games}, {wins} ({rate}). The chart starts after {min} games.", games=games, wins=won,
                   rate=percent(wins / len(overall)), min=MIN_CHART_GAMES) if overall else
                 _("No games so far. The chart starts after {min} games.",
                         min=MIN_CHART_GAMES)).classes("text-grey-8").props("data-testid=chart-results-few")
        return
    game_number = {when: n for n, (when, _rate) in enumerate(overall, start=1)}  # the x axis: games played
    lines = []
    for i, (key, points) in enumerate(sorted(series.items(), key=lambda kv: kv[0] != ALL)):
        lines.append({
            "name": _("All games") if key == ALL else game_title(key), "type": "line", "smooth": False,
            "showSymbol": len(points) < 40, "color": COLOURS[i % len(COLOURS)], "connectNulls": True,
            "data": [[game_number.get(when, 0), rate] for when, rate in points],
        })
    ui.echart({
        "tooltip": {"trigger": "axis"}, "legend": {"top": 0},
        "grid": {"left": 44, "right": 24, "top": 36, "bottom": 40},
        "xAxis": {"type": "value", "min": 1, "max": len(overall), "minInterval": 1, "name": _("games played"),
                  "nameLocation": "middle", "nameGap": 26},
        "yAxis": {"type": "value", "min": 0, "max": 100, "name": _("% won")},
        "series": lines,
    }).classes("w-full h-64").props("data-testid=chart-results")


def h2h_table(records: list[FinishedGame], player_id: str) -> None:
    rows = head_to_head(records, player_id)
    ui.label(_("Head to head (one-on-one games, practice not counted)")).classes("text-lg font-bold q-mt-sm")
    if not rows:
        ui.label(_("No one-on-one games with friends yet.")).classes("text-grey-8").props("data-testid=h2h-empty")
        return
    with ui.element("table").classes("text-left").props("data-testid=h2h"):
        with ui.element("tr"):
            for head in (_("Opponent"), _("Won"), _("Lost"), _("Drawn"), _("By game")):
                with ui.element("th").classes("q-pr-md"):
                    ui.label(head)
        for i, h in enumerate(rows):
            with ui.element("tr").props(f"data-testid=h2h-{i}"):
                by_game = ", ".join(f"{game_title(g)} {w}–{lo}" + (f"–{d}" if d else "")
                                    for g, (w, lo, d) in sorted(h.by_game.items()))
                who = f"{h.emoji} {h.opponent}"
                cells = [_("{name} (computer)", name=who) if h.bot else who, num(h.wins), num(h.losses),
                         num(h.draws), by_game]
                for text in cells:
                    with ui.element("td").classes("q-pr-md"):
                        ui.label(text)


def history_list(records: list[FinishedGame], player_id: str) -> None:
    ui.label(_("Match history")).classes("text-lg font-bold q-mt-sm")
    keys = sorted({r.game for r in records})
    choice = ui.select({"": _("All games"), **{k: game_title(k) for k in keys}}, value="", label=_("Game")).props(
        "dense data-testid=history-filter").classes("w-48")

    @ui.refreshable
    def rows() -> None:
        with ui.column().classes("w-full gap-1").props("data-testid=history"):
            for row in history(records, player_id, choice.value or None)[:200]:
                with ui.row().classes("w-full items-center gap-1 no-wrap"):
                    history_row(row)
                    replay_link(row.code)

    choice.on_value_change(rows.refresh)
    rows()


def replay_link(code: str) -> None:
    """A round ▶ button opening the game's replay."""
    ui.button(icon="smart_display", on_click=lambda: ui.navigate.to(f"/replay/{code}")).props(
        f"flat round dense color=primary data-testid=history-replay-{code}").tooltip(
        _("Watch the replay")).props.update({"aria-label": _("Watch the replay")})


def history_row(row: HistoryRow) -> None:
    """One game of the history, linking to its scores."""
    with ui.link(target=f"/stats/game/{row.code}").classes(
            "w-full no-underline text-black").props(f"data-testid=history-{row.code}"):
        # one line on a laptop; on a phone two (assets/cardnight.css: history-line): the game, the result and the
        # points, then the date and the players
        with ui.element("div").classes("history-line w-full q-pa-xs rounded-borders bg-grey-2"):
            ui.label(date(row.when, with_time=True)).classes("history-date text-xs text-grey-8")
            ui.label(game_title(row.game)).classes("history-game font-bold")
            ui.label(", ".join(f"{e} {n}" for e, n, _bot in row.players)).classes(
                "history-players text-sm ellipsis")
            result = result_words(row)
            ui.label(_("{result} · practice", result=result) if row.practice else result).classes(
                "history-result text-sm " + ("text-positive font-bold" if row.won else ""))
            ui.label(points(row.score)).classes("history-points num text-sm")


def game_detail(record: FinishedGame) -> None:
    players = record.players
    start = runtime().finished.start(record)
    rounds = round_scores(record, start)
    scores, places = record.scores, record.places
    ui.label(f"{game_title(record.game)} · {when_text(record.finished_at)}").classes(
        "text-xl font-bold").props("data-testid=game-detail")
    lower = lower_wins(record.game)
    low = lowest_seats(scores, lower)  # Beanie: the lowest marked, and the rule said once
    with ui.column().classes("gap-1 w-full"):
        if lower:
            ui.label(fewest_wins()).classes("text-sm font-bold").props("data-testid=final-fewest-wins")
        for seat in sorted(range(len(players)), key=lambda s: (places[s] if s < len(places) else 99, s)):
            p = players[seat]
            # the points in one right-aligned column, as on the table's final standings
            with ui.row().classes("items-center gap-2 w-full no-wrap").style("max-width: 24rem").props(
                    f"data-testid=final-{seat}"):
                ui.label(f"{places[seat] if seat < len(places) else '?'}.").classes("font-bold w-6")
                who = f"{p.emoji} {p.name}"
                ui.label(_("{name} (computer)", name=who) if p.bot else who)
                if seat < len(scores):
                    score_at_row_end(scores[seat], seat in low)
                else:
                    ui.label("?").classes("num font-bold q-ml-auto")
    with ui.card().classes("w-full max-w-xl"):  # each seat's review, as it comes (ui/table/review_summary.py)
        review_summary_for_record(runtime().hub.reviews, record, you=record.seat_of(me().player_id))
    with ui.row().classes("gap-2"):
        share_buttons(record, start)
        ui.button(_("Watch the replay"), icon="smart_display",
                  on_click=lambda: ui.navigate.to(f"/replay/{record.code}")).props("outline data-testid=btn-replay")
    ui.label(_("Score by round")).classes("text-lg font-bold q-mt-sm")
    if not rounds:
        ui.label(_("This game cannot be replayed round by round.")).classes("text-grey-8")
        return
    if len(rounds) > 1:  # one round: its numbers below say it all; a chart of lone dots says nothing
        round_chart(players, rounds)
    round_table(players, rounds)


def round_chart(players: list[FinishedSeat], rounds: list[list[int]]) -> None:
    """Each seat's running total after each round, a line each."""
    ui.echart({
        "tooltip": {"trigger": "axis"}, "legend": {"top": 0},
        "grid": {"left": 40, "right": 16, "top": 36, "bottom": 28},
        "xAxis": {"type": "category", "data": [str(i + 1) for i in range(len(rounds))],
                  "name": pgettext("chart axis", "round")},
        "yAxis": {"type": "value"},
        "series": [{"name": p.name, "type": "line", "color": COLOURS[i % len(COLOURS)],
                    "data": [r[i] if i < len(r) else None for r in rounds]} for i, p in enumerate(players)],
    }).classes("w-full h-64").props("data-testid=round-chart")


def round_table(players: list[FinishedSeat], rounds: list[list[int]]) -> None:
    """The running totals as numbers: a row a seat, a column a round."""
    with ui.element("table").classes("text-left").props("data-testid=round-table"):
        with ui.element("tr"):
            for head in [_("Player"), *[str(i + 1) for i in range(len(rounds))]]:
                with ui.element("th").classes("q-pr-sm"):
                    ui.label(head)
        for i, p in enumerate(players):
            with ui.element("tr"):
                for text in [p.name, *[str(r[i]) if i < len(r) else "" for r in rounds]]:
                    with ui.element("td").classes("q-pr-sm num"):
                        ui.label(text)
