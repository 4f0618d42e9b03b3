"""On ``/stats``: your accuracy per game over time, from the reviews of your finished games (one small line per game
kind, oldest game on the left; ``stats-accuracy-<game>``). Drawn once the reviews' summaries are read (off the event
loop), so the rest of the page does not wait for them.
"""

from __future__ import annotations

from html import escape

from nicegui import background_tasks, ui

from logic.review import SeatSummary
from storage.archive import FinishedGame
from ui.components.scorecard_png import game_title
from ui.i18n import _, ngettext
from ui.i18n.viewer import percent
from ui.server.runtime import runtime

SPARK_W, SPARK_H, PAD = 180, 44, 4
LAST_GAMES = 30


def accuracy_series(records: list[FinishedGame], player_id: str,
                    summaries: dict[tuple[str, int], SeatSummary]) -> dict[str, list[tuple[str, float]]]:
    """Per game kind: (code, accuracy) of the player's reviewed games with a real decision, oldest first."""
    out: dict[str, list[tuple[str, float]]] = {}
    for record in sorted(records, key=lambda r: r.finished_at):
        seat = record.seat_of(player_id)
        summary = summaries.get((record.code, seat)) if seat is not None else None
        if summary is None or not summary.decisions:
            continue
        out.setdefault(record.game, []).append((record.code, summary.accuracy))
    return {k: v[-LAST_GAMES:] for k, v in out.items()}


def sparkline(values: list[float], label: str) -> str:
    """A small SVG line of percentages on a light band (its bottom edge 0%, its top 100%); our own numbers only."""
    n = len(values)
    step = (SPARK_W - 2 * PAD) / max(1, n - 1)
    points = [(PAD + (i * step if n > 1 else (SPARK_W - 2 * PAD) / 2),
               PAD + (100 - v) / 100 * (SPARK_H - 2 * PAD)) for i, v in enumerate(values)]
    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    x_last, y_last = points[-1]
    return (f'<svg class="cn-spark" width="{SPARK_W}" height="{SPARK_H}" viewBox="0 0 {SPARK_W} {SPARK_H}" '
            f'role="img" aria-label="{escape(label)}"><rect x="0" y="{PAD - 1}" width="{SPARK_W}" '
            f'height="{SPARK_H - 2 * PAD + 2}" rx="3"/><polyline points="{line}"/>'
            f'<circle cx="{x_last:.1f}" cy="{y_last:.1f}" r="3"/></svg>')


def accuracy_section(records: list[FinishedGame], player_id: str) -> None:
    """The heading now, the lines once the summaries are read."""
    ui.label(_("Accuracy over time")).classes("text-lg font-bold q-mt-sm")
    ui.label(_("After each game the computer looks again at your choices; accuracy is the share of them that were "
               "not clearly worse than the best move (more in the rules).")).classes("text-sm text-grey-8")
    box = ui.row().classes("w-full gap-3").props("data-testid=stats-accuracy")

    async def fill() -> None:
        summaries = await runtime().hub.reviews.summaries()
        if box.is_deleted:
            return
        series = accuracy_series(records, player_id, summaries)
        with box:
            if not series:
                ui.label(_("No reviewed games yet: finish a game and its review shows up here.")).classes(
                    "text-grey-8").props("data-testid=stats-accuracy-empty")
            for key, points in sorted(series.items()):
                values = [a for _code, a in points]
                average = sum(values) / len(values)
                label = ngettext("{game}: accuracy in your last reviewed game: {values}",
                                 "{game}: accuracy in your last {n} reviewed games: {values}", len(values),
                                 game=game_title(key), values=", ".join(percent(v / 100) for v in values))
                with ui.card().classes("gap-1 w-64").props(  # one width: the cards line up
                        f"data-testid=stats-accuracy-{key} data-games={len(values)} data-last={values[-1]:.0f}"):
                    ui.label(game_title(key)).classes("font-bold")
                    if len(values) == 1:  # a line of one point says nothing: the figure, large, until a second
                        ui.label(percent(values[0] / 100)).classes("text-2xl font-bold").props(
                            f"data-testid=stats-accuracy-{key}-first")
                        ui.label(_("One reviewed game so far: the line starts with the next.")).classes(
                            "text-xs text-grey-8")
                        continue
                    ui.html(sparkline(values, label), sanitize=False)
                    ui.label(ngettext("last {last} · average {average} over {n} game",
                                      "last {last} · average {average} over {n} games", len(values),
                                      last=percent(values[-1] / 100),
                                              average=percent(average / 100))).classes("text-xs text-grey-8")

    background_tasks.create(fill(), name="stats-accuracy")
