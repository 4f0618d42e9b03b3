"""The review of a finished game in a few words per seat, under the final standings and on the finished game's
page: "2 costly decisions (the costliest: about 0.6 points); accuracy 91%", or how far the review has got while it runs.

It follows the review runner (ui/server/reviews.py) as it goes and changes its own lines in place; nothing else on
the page is redrawn. Tester contract: ``review-summary-<seat>`` with ``data-review-state`` (``running`` while
queued or under way, ``done``, ``failed``) and, once done, ``data-accuracy`` (percent, rounded).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from nicegui import background_tasks, ui

from logic.review import SeatSummary
from storage.archive import FinishedGame
from ui.i18n import N_, _
from ui.i18n.review_words import summary_words
from ui.server.reviews import DONE, FAILED, QUEUED, GameReview, ReviewRunner, SeatProgress

if TYPE_CHECKING:
    from logic.table import Table

ACCURACY_HELP = N_("The computer looks again at every real choice, from what that player could see then. A costly "
                 "decision is one where another move was clearly better; accuracy is the share of choices that were "
                 "not costly. More in the rules, under \"After the game\".")


def summary_text(summary: SeatSummary) -> str:
    """"2 costly decisions (the costliest: about 6 points against the table); accuracy 93%" (see the rules'
    "After the game" for accuracy; ``logic/review/words.py`` for why a cost is never summed nor signed)."""
    return summary_words(summary.decisions, summary.flagged, summary.accuracy, summary.costliest_cost,
                         summary.currency, summary.costliest_won)


def progress_text(progress: SeatProgress | None) -> str:
    if progress is None or progress.state == QUEUED:
        return _("Review waiting its turn…")
    if progress.state == FAILED:
        return _("This seat could not be reviewed.")
    if progress.state == DONE and progress.summary is not None:
        return summary_text(progress.summary)
    if progress.total is None:
        return _("Reviewing…")
    return _("Reviewing… {done} of {total} decisions", done=progress.done, total=progress.total)


def state_of(progress: SeatProgress | None) -> str:
    """The tester contract's ``data-review-state``: running | done | failed."""
    if progress is not None and progress.state in (DONE, FAILED):
        return progress.state
    return "running"


@dataclass
class SeatLine:
    seat: int
    name: str
    emoji: str
    person: bool


def own_first(lines: list[SeatLine], you: int | None) -> list[SeatLine]:
    """The person's own line first (their review is what they came for), the others in the order given."""
    return sorted(lines, key=lambda line: line.seat != you)


class ReviewSummary:
    """One line per seat (yours first, then the others in the order given), kept up to date while the review
    runs."""

    def __init__(self, runner: ReviewRunner, code: str, game: str, lines: list[SeatLine], *, you: int | None = None,
                 replay_link: bool = True) -> None:
        self.code = code
        self.runner = runner
        self.texts: dict[int, ui.label] = {}
        self.rows: dict[int, ui.element] = {}
        self.link: ui.link | None = None
        with ui.column().classes("cn-review gap-1 w-full").props("data-testid=review-summary") as self.box:
            heading = ui.row().classes("items-center gap-1")
            help_text = ui.label(_(ACCURACY_HELP)).classes("text-xs text-grey-8").props("data-testid=accuracy-help")
            help_text.set_visibility(False)
            with heading:
                ui.label(_("How everyone played")).classes("font-bold")
                ui.button(_("What is accuracy?"),
                          on_click=lambda: help_text.set_visibility(not help_text.visible)).props(
                    f"flat dense no-caps color=primary data-testid=btn-accuracy aria-controls={help_text.html_id}")
            for line in own_first(lines, you):
                row = ui.row().classes("items-center w-full cn-review-line").props(
                    f"data-testid=review-summary-{line.seat} data-review-state=running")
                with row:
                    who = _("You") if line.seat == you else line.name
                    ui.label(f"{line.emoji} {who}").classes("font-bold cn-review-who")
                    self.texts[line.seat] = ui.label(progress_text(None)).classes("text-sm cn-review-text")
                self.rows[line.seat] = row
            if replay_link:
                self.link = ui.link(_("See the costly moves in the replay"), f"/replay/{code}").classes(
                    "text-sm").style("color: #1a4f9c").props("data-testid=review-replay-link")  # dark on the card
        unsubscribe = self.runner.subscribe(code, self.update)
        self.unsubscribe = unsubscribe
        ui.context.client.on_delete(unsubscribe)
        review = self.runner.progress(code)
        if review is not None:
            self.update(review)
        if review is None or not review.finished:
            people = [line.person for line in sorted(lines, key=lambda x: x.seat)]
            background_tasks.create(self.runner.load(code, game, people), name=f"review-{code}")

    def update(self, review: GameReview) -> None:
        if self.box.is_deleted:
            self.unsubscribe()
            return
        for seat, row in self.rows.items():
            progress = review.seats.get(seat)
            with self.box:  # the page's own client, so the text is in its viewer's language
                self.texts[seat].set_text(progress_text(progress))
            state = state_of(progress)
            wanted = {"data-review-state": state}
            if state == DONE and progress is not None and progress.summary is not None:
                wanted["data-accuracy"] = f"{progress.summary.accuracy:.0f}"
            if any(row.props.get(k) != v for k, v in wanted.items()):
                row.props.update(wanted)
        if self.link is not None:  # no link to costly moves once the review has found none
            self.link.set_visibility(not nothing_costly(review, list(self.rows)))


def nothing_costly(review: GameReview, seats: list[int]) -> bool:
    """Every seat's review is done and none found a costly decision."""
    found = [review.seats.get(seat) for seat in seats]
    return all(p is not None and p.state == DONE and p.summary is not None and not p.summary.flagged for p in found)


def review_summary_for_table(runner: ReviewRunner, table: Table, order: list[int], you: int | None) -> ReviewSummary:
    """The block under a finished table's standings (seats in the standings' order)."""
    lines = [SeatLine(s, table.seats[s].name, table.seats[s].emoji, table.seats[s].bot is None) for s in order]
    return ReviewSummary(runner, table.code, table.game_key, lines, you=you)


def review_summary_for_record(runner: ReviewRunner, record: FinishedGame, you: int | None = None,
                              replay_link: bool = True) -> ReviewSummary:
    """The block for an archived game record (``/stats/game/<CODE>``)."""
    players, places = record.players, record.places
    order = sorted(range(len(players)), key=lambda s: (places[s] if s < len(places) else 99, s))
    lines = [SeatLine(s, players[s].name, players[s].emoji, players[s].bot is None) for s in order]
    return ReviewSummary(runner, record.code, record.game, lines, you=you, replay_link=replay_link)

