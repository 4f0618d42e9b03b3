"""The review on the replay page: costly decisions marked in the move list and on a timeline of the whole game, a
small panel on the current one (what was played, what the search preferred, why, the estimated cost), and
"Play from here" from any step.

Step numbers are the replay's: the move that leads to step N is ``replay-move-N`` (log entry N − 1), so a costly
decision is marked at the step its move leads to, and trying it again starts at the step before (N − 1).

Tester contract: ``review-timeline`` with one ``review-mark-N`` per costly decision shown (``data-cost``, ``data-seat``;
a click goes to step N); move rows of costly decisions carry ``data-cost`` too; ``review-progress`` says how far the
review is (``data-review-state`` running | done | failed); ``review-seat`` chooses whose decisions are marked;
``review-detail`` is shown while the current step is a marked decision, with ``btn-retry-decision``;
``btn-play-from-here`` opens the dialog (``play-from-here-dialog``) for the current step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nicegui import background_tasks, ui

from logic.messages import Message
from logic.replay import Replay
from logic.review import DecisionReview
from storage.archive import FinishedGame
from ui.components.stepper import Stepper
from ui.i18n import _, ngettext, tr
from ui.i18n.review_words import amount_text, cost_words
from ui.pages.practice import open_play_dialog
from ui.server.reviews import DONE, FAILED, GameReview
from ui.server.runtime import runtime
from ui.shell.identity import me

if TYPE_CHECKING:
    from logic.table import Seat

EVERYONE = -1
TAP = "min-width: 44px; min-height: 44px"  # a finger's size on a phone


class ReplayReview:
    def __init__(self, stepper: Stepper, record: FinishedGame, replay: Replay, seats: list[Seat]) -> None:
        self.stepper = stepper
        self.replay = replay
        self.seats = seats
        self.code = record.code
        self.game = replay.game
        self.runner = runtime().hub.reviews
        self.review: GameReview | None = self.runner.progress(self.code)
        players = record.players
        self.you: int | None = record.seat_of(me().player_id)
        self.focus = self.you if self.you is not None else EVERYONE
        self.marks: dict[int, DecisionReview] = {}
        self.drawn_marks: tuple[Any, ...] | None = None
        self.now_line: ui.element | None = None
        self.mark_elements: dict[int, ui.element] = {}

        with stepper.tools:
            self.play_btn = ui.button(_("Play from here"), icon="sports_esports",
                    on_click=self.play_from_current).props(
                "unelevated no-caps color=white text-color=black data-testid=btn-play-from-here").classes(
                "cn-play-here")
        with stepper.extras, ui.column().classes("cn-review-bar w-full gap-1"):
            with ui.row().classes("items-center gap-2 w-full no-wrap"):
                self.progress = ui.label(_("Review on its way…")).classes("text-sm grow").props(
                    "data-testid=review-progress data-review-state=running aria-live=polite")
                self.prev_mark = ui.button(icon="chevron_left", on_click=lambda: self.jump_mark(-1)).props(
                    "flat round dense data-testid=btn-review-prev").style(TAP)
                self.prev_mark.props["aria-label"] = _("Previous costly decision")
                self.next_mark = ui.button(icon="chevron_right", on_click=lambda: self.jump_mark(1)).props(
                    "flat round dense data-testid=btn-review-next").style(TAP)
                self.next_mark.props["aria-label"] = _("Next costly decision")
                self.seat_select = ui.select(self.seat_options(), value=self.focus,
                                             on_change=lambda e: self.set_focus(e.value)).props(
                    "dense options-dense outlined data-testid=review-seat"
                ).classes("cn-review-seat")
                self.seat_select.props["aria-label"] = _("Whose costly decisions")
            if self.you is not None:  # yours first; everyone's one tap away (and back)
                self.swap = ui.button("", on_click=self.swap_focus).props(
                    "flat dense no-caps color=primary data-testid=btn-review-everyone").classes("self-start").style(TAP)
            self.timeline = ui.element("div").classes("cn-timeline").props(
                "data-testid=review-timeline role=group")
            self.timeline.props["aria-label"] = _("Costly decisions over the game")
            self.detail = ui.column().classes("cn-review-detail w-full gap-0").props("data-testid=review-detail")
            self.detail.set_visibility(False)
        stepper.decorate = self.decorate
        stepper.on_step.append(self.on_step)
        unsubscribe = self.runner.subscribe(self.code, self.on_review)
        ui.context.client.on_delete(unsubscribe)
        self.unsubscribe = unsubscribe
        self.redraw()
        if self.review is None or not self.review.finished:
            people = [p.bot is None for p in players]
            background_tasks.create(self.runner.load(self.code, self.game.key, people), name=f"review-{self.code}")

    def seat_options(self) -> dict[int, str]:
        """Your own seat first (as "You"), then everyone, then the others."""
        seats = self.seats
        mine = {self.you: _("{emoji} You",
                emoji=seats[self.you].emoji)} if self.you is not None and self.you < len(seats) else {}
        others = {i: f"{s.emoji} {s.name}" for i, s in enumerate(seats) if i != self.you}
        return {**mine, EVERYONE: _("Everyone"), **others}

    def swap_focus(self) -> None:
        self.seat_select.set_value(EVERYONE if self.focus == self.you else self.you)

    # ----------------------------------------------------------------------------- following the review
    def on_review(self, review: GameReview) -> None:
        if self.timeline.is_deleted:
            self.unsubscribe()
            return
        self.review = review
        with self.timeline:  # the page's own client (the review runs elsewhere): texts in its viewer's language
            self.redraw()

    def set_focus(self, seat: object) -> None:
        self.focus = int(seat) if isinstance(seat, int) else EVERYONE
        self.drawn_marks = None
        self.redraw()

    def redraw(self) -> None:
        """Progress line, marks on the timeline and in the move list, and the panel. Marks are added and taken
        away in place (nothing under a finger is replaced while the review runs)."""
        review = self.review
        seat = None if self.focus == EVERYONE else self.focus
        costly = review.costly(seat) if review is not None else []
        self.marks = {d.step + 1: d for d in costly}
        self.show_progress(review)
        key = tuple((step, d.seat, d.cost) for step, d in sorted(self.marks.items()))
        if key != self.drawn_marks:
            self.drawn_marks = key
            self.draw_timeline()
            self.mark_rows()
        self.on_step(self.stepper.step)

    def show_progress(self, review: GameReview | None) -> None:
        seats = [] if review is None else [p for s, p in review.seats.items() if self.focus in (EVERYONE, s)]
        if not seats:
            text, state = _("Review on its way…"), "running"
        elif all(p.state == DONE for p in seats):
            n = sum(len(p.costly()) for p in seats)
            if self.focus == EVERYONE:
                text = (ngettext("Review done: {n} costly decision, marked below.",
                                 "Review done: {n} costly decisions, marked below.", n)
                        if n else _("Review done: no costly decisions."))
            elif self.focus == self.you:
                text = (ngettext("Review done: {n} costly decision by you, marked below.",
                                 "Review done: {n} costly decisions by you, marked below.", n)
                        if n else _("Review done: no costly decisions by you."))
            else:
                name = self.seats[self.focus].name
                text = (ngettext("Review done: {n} costly decision by {name}, marked below.",
                                 "Review done: {n} costly decisions by {name}, marked below.", n, name=name)
                        if n else _("Review done: no costly decisions by {name}.", name=name))
            state = "done"
        elif any(p.state == FAILED for p in seats):
            text, state = _("The review could not be finished."), "failed"
        else:
            done = sum(p.done for p in seats)
            total = sum(p.total or 0 for p in seats)
            found = sum(len(p.costly()) for p in seats)
            text = _("Reviewing… {done} of {total} decisions", done=done, total=total) if total else _("Reviewing…")
            if found:
                text = ngettext("{progress} · {n} costly so far", "{progress} · {n} costly so far", found,
                                progress=text)
            state = "running"
        self.progress.set_text(text)
        if self.you is not None:
            self.swap.set_text(_("Show everyone's costly decisions") if self.focus == self.you else
                               _("Show only mine"))
        focus = "all" if self.focus == EVERYONE else str(self.focus)  # whose decisions the state is about
        if (self.progress.props.get("data-review-state"), self.progress.props.get("data-focus")) != (state, focus):
            self.progress.props.update({"data-review-state": state, "data-focus": focus})

    def draw_timeline(self) -> None:
        steps = max(1, self.replay.steps)
        if self.now_line is None:
            with self.timeline:
                self.now_line = ui.element("div").classes("cn-timeline-now")
        for step in [s for s in self.mark_elements if s not in self.marks]:
            self.mark_elements.pop(step).delete()
        for step, d in sorted(self.marks.items()):
            name = self.seats[d.seat].name if d.seat < len(self.seats) else _("Seat {n}", n=d.seat + 1)
            words = _("Move {step}: {name}, {cost}", step=step, name=name, cost=cost_words(d.cost, d.currency, d.won))
            mark = self.mark_elements.get(step)
            if mark is None:
                with self.timeline:
                    mark = ui.element("button").classes("cn-timeline-mark")
                # marks closer than their width overlap: the earlier decision lies on top (the arrows reach the rest)
                mark.style(f"left: {100 * step / steps:.2f}%; z-index: {1 + steps - step}")
                mark.on("click", lambda _e, s=step: self.stepper.go(s))
                self.mark_elements[step] = mark
            wanted = {"data-testid": f"review-mark-{step}", "data-cost": f"{d.cost:g}", "data-seat": str(d.seat),
                      "type": "button", "aria-label": words, "title": words}
            if any(mark.props.get(k) != v for k, v in wanted.items()):
                mark.props.update(wanted)

    def mark_rows(self) -> None:
        """The move rows on show, marked or not as the review says now."""
        for row in list(self.stepper.moves.default_slot.children):
            testid = str(row.props.get("data-testid", ""))
            if testid.startswith("replay-move-"):
                self.decorate(int(testid.rsplit("-", 1)[1]), row)

    def jump_mark(self, direction: int) -> None:
        """To the next (1) or previous (−1) costly decision from the current step."""
        here = self.stepper.step
        steps = sorted(self.marks)
        target = next((s for s in steps if s > here), None) if direction > 0 else \
            next((s for s in reversed(steps) if s < here), None)
        if target is not None:
            self.stepper.go(target)

    # ----------------------------------------------------------------------------- the stepper's hooks
    def decorate(self, step: int, row: ui.element) -> None:
        d = self.marks.get(step)
        if d is not None:
            row.classes(add="costly")
            row.props.update({"data-cost": f"{d.cost:g}", "title": _("Costly: {cost}", cost=cost_words(d.cost,
                    d.currency, d.won))})
        elif "costly" in row.classes:
            row.classes(remove="costly")
            row.props.pop("data-cost", None)
            row.props.pop("title", None)

    def on_step(self, step: int) -> None:
        if self.now_line is not None:
            self.now_line.style(f"left: {100 * step / max(1, self.replay.steps):.2f}%")
        over = step >= self.replay.steps
        self.play_btn.set_enabled(not over)
        reason = _("The game is over at this step: go back a move or more.") if over else ""
        if self.play_btn.props.get("data-reason", "") != reason:
            self.play_btn.props["data-reason"] = reason
        self.show_detail(self.marks.get(step))
        self.prev_mark.set_enabled(any(s < step for s in self.marks))
        self.next_mark.set_enabled(any(s > step for s in self.marks))

    def show_detail(self, d: DecisionReview | None) -> None:
        shown = self.detail.props.get("data-step")
        if d is None:
            self.detail.set_visibility(False)
            return
        self.detail.set_visibility(True)
        if shown == str(d.step + 1):
            return
        self.detail.props["data-step"] = str(d.step + 1)
        self.detail.clear()
        seat = self.seats[d.seat] if d.seat < len(self.seats) else None
        who = _("You") if d.seat == self.you else (seat.name if seat else _("Seat {n}", n=d.seat + 1))
        with self.detail:
            ui.label(_("Costly decision · {emoji} {name}", emoji=seat.emoji if seat else "",
                    name=who)).classes("font-bold")
            with ui.element("div").classes("text-sm"):
                ui.label(_("Played: {move}", move=verdict_text(d, "chosen"))).props("data-testid=review-chosen")
                ui.label(_("The search preferred: {move}", move=verdict_text(d, "best"))).props(
                    "data-testid=review-best")
                ui.label(verdict_text(d, "why")).classes("text-grey-9").props("data-testid=review-why")
                ui.label(ngettext("Estimated cost: {cost} (± {margin}, over {n} deal the computer imagined)",
                                  "Estimated cost: {cost} (± {margin}, over {n} deals the computer imagined)", d.worlds,
                                  cost=cost_words(d.cost, d.currency, d.won),
                                          margin=amount_text(d.stderr))).classes("text-grey-8").props(
                    "data-testid=review-cost")
            ui.button(_("Try this decision yourself"), icon="sports_esports",
                      on_click=lambda: self.open_dialog(d.step, d.seat, _("Try this decision yourself"))).props(
                "outline dense no-caps data-testid=btn-retry-decision").classes("q-mt-xs").style(TAP)

    # ----------------------------------------------------------------------------- play from here
    def play_from_current(self) -> None:
        step = self.stepper.step
        if step >= self.replay.steps:
            return
        movers = self.game.to_move(self.replay.state_at(step))
        seat = self.you if self.you is not None else (movers[0] if movers else 0)
        self.open_dialog(step, seat, _("Play from here"))

    def open_dialog(self, step: int, seat: int, title: str) -> None:
        open_play_dialog(self.code, self.game.key, step, [(s.emoji, s.name) for s in self.seats], seat, title=title)


def verdict_text(d: DecisionReview, key: str) -> str:
    """A verdict's "chosen", "best" or "why" in the viewer's language; a review stored before its texts were
    messages shows its English as it is."""
    stored = d.messages.get(key)
    if isinstance(stored, dict):
        return tr(Message.from_json(stored))
    return {"chosen": d.chosen_words, "best": d.best_words}.get(key, d.why)
