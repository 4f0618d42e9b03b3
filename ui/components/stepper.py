"""Stepping through moves: Back / Play / Next, a speed, jumps to the start of a hand, the move list and the keys
←, → and Space. Shared by replays, problem reports and the rules examples; what a step looks like is drawn by
the caller's ``draw(step)``.

Tester contract: the root carries ``data-step`` (0 = before the first move) and ``data-steps``; buttons
``btn-replay-prev``, ``btn-replay-next``, ``btn-replay-play``; the move list ``replay-moves`` (rows
``replay-move-N``: the move that leads to step N; the current one has ``data-current="true"``); the hand jumps
``replay-hands``; the speed ``replay-speed``.

A caller can add to it: ``extras`` (a box under the caption), ``tools`` (the end of the controls row),
``decorate(step, row)`` (called for each move row drawn) and ``on_step`` (called after each step is drawn).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from nicegui import ui

from ui.i18n import N_, _, pgettext

SPEEDS = {0.5: N_("Fast"), 1.2: N_("Normal"), 2.5: N_("Slow")}
# A closed menu's focus (Quasar's select keeps it in a read-only input after a choice) is not typing: Space plays
# there too, so choosing a speed with the mouse and pressing Space plays. An open dialog, a menu holding the focus or
# a select whose list is open keeps its keys.
TYPING_JS = """const typing = (t) => t && (t.isContentEditable || ['TEXTAREA', 'SELECT'].includes(t.tagName)
  || (t.tagName === 'INPUT' && !t.readOnly));
const keysElsewhere = (t) => document.querySelector('.q-dialog')
  || (t && t.closest && (t.closest('.q-menu') || t.getAttribute('aria-expanded') === 'true'));"""
KEYS_JS = """(e) => {
  if (typing(e.target) || keysElsewhere(e.target)) return;
  const key = {ArrowLeft: 'prev', ArrowRight: 'next', ' ': 'play'}[e.key];
  if (!key) return;
  e.preventDefault(); e.stopPropagation();  // (captured first: a focused button must not act on Space too)
  document.querySelector('[data-testid=btn-replay-' + key + ']')?.click();
}"""
# Space on a focused button would also "click" it when the key comes up: the keydown above has handled it.
# Both listen in the capture phase: Quasar's buttons stop the key's propagation.
KEYUP_JS = """(e) => {
  if (e.key === ' ' && !typing(e.target) && !keysElsewhere(e.target)) { e.preventDefault(); e.stopPropagation(); }
}"""

# the current move in view inside the list only (scrollIntoView would scroll the whole page on a phone)
SCROLL_JS = """(() => { const m = document.getElementById('cROOT'), c = m && m.querySelector('.current');
  if (c) m.scrollTop = c.offsetTop - m.clientHeight / 2; })()"""


class Stepper:
    """``lines[i]`` describes the move from step i to step i + 1; ``chapters`` are ``(step, label)`` pairs (the
    start of each hand). ``keys``: ←/→/Space step this one (one per page)."""

    def __init__(self, lines: Sequence[str], draw: Callable[[int], None], *, testid: str = "replay",
                 chapters: Sequence[tuple[int, str]] = (), start: int = 0, keys: bool = False,
                 moves_title: str | None = None, compact: bool = False,
                 decorate: Callable[[int, ui.element], None] | None = None) -> None:
        self.lines = list(lines)
        moves_title = _("Moves") if moves_title is None else moves_title
        self.decorate = decorate
        self.on_step: list[Callable[[int], None]] = []
        self.steps = len(self.lines)
        self.draw_step = draw
        self.chapters = list(chapters)
        self.step = max(0, min(self.steps, start))
        self.compact = compact
        self.rows_chapter: int | None = None  # the hand whose move rows are drawn
        self.rows: dict[int, ui.label] = {}
        self.current_row: ui.label | None = None
        self.root = ui.element("div").classes("cn-replay" + (" compact" if compact else ""))
        self.root.props.update({"data-testid": testid, "data-steps": str(self.steps), "data-playing": "false"})
        # (the board and the move list share a box: on a replay page on a phone it is the part that scrolls, between
        # the review above and the controls at the bottom edge, so the controls never lie on a hand; assets/replay.css)
        with self.root:
            with ui.element("div").classes("cn-replay-main"):
                self.controls()
                self.caption = ui.label("").classes("cn-replay-caption").props(
                    "data-testid=replay-caption aria-live=polite")
                self.extras = ui.element("div").classes("cn-replay-extras")
                with ui.element("div").classes("cn-replay-view"):
                    self.board = ui.element("div").classes("cn-replay-board")
                    with ui.element("div").classes("cn-replay-side"):
                        if not compact:
                            ui.label(moves_title).classes("font-bold")
                        self.moves = ui.element("div").classes("cn-replay-moves").props("data-testid=replay-moves")
                        # a list that scrolls: Tab reaches it so arrow keys can scroll it, and it says what it is
                        self.moves.props.update({"tabindex": "0", "role": "region",
                                                 "aria-label": moves_title or _("Moves")})
        self.timer = ui.timer(1.2, self.auto_step, active=False)
        if keys:
            ui.add_body_html(f"<script>{TYPING_JS}document.addEventListener('keydown', {KEYS_JS}, true);"
                             f"document.addEventListener('keyup', {KEYUP_JS}, true);</script>")
        self.show()

    # ----------------------------------------------------------------------------- drawing
    def controls(self) -> None:
        with ui.row().classes("cn-replay-controls items-center no-wrap") as self.tools:
            self.prev_btn = ui.button(icon="skip_previous", on_click=lambda: self.go(self.step - 1)).props(
                "round unelevated color=white text-color=black data-testid=btn-replay-prev")
            self.prev_btn.props["aria-label"] = _("Back")
            self.play_btn = ui.button(icon="play_arrow", on_click=self.toggle_play).props(
                "round unelevated color=amber text-color=black data-testid=btn-replay-play")
            self.play_btn.props["aria-label"] = pgettext("replay", "Play")
            self.next_btn = ui.button(icon="skip_next", on_click=lambda: self.go(self.step + 1)).props(
                "round unelevated color=white text-color=black data-testid=btn-replay-next")
            self.next_btn.props["aria-label"] = pgettext("replay", "Next")
            self.counter = ui.label("").classes("cn-replay-counter").props("data-testid=replay-counter")
            if not self.compact:
                speed = ui.select({k: _(v) for k, v in SPEEDS.items()}, value=1.2,
                                  on_change=lambda e: self.set_speed(e.value)).props(
                    "dense options-dense dark borderless data-testid=replay-speed").classes(
                    "cn-replay-select")
                speed.props["aria-label"] = _("Speed")
                speed.tooltip(_("Speed of play"))
            if len(self.chapters) > 1:
                options = {step: label for step, label in self.chapters}
                self.hands: ui.select | None = ui.select(options, value=self.chapter_of(self.step),
                                                         on_change=lambda e: self.jump(e.value)).props(
                    "dense options-dense dark borderless data-testid=replay-hands"
                ).classes("cn-replay-select")
                self.hands.props["aria-label"] = _("Jump to a hand")
            else:
                self.hands = None

    def chapter_of(self, step: int) -> int:
        start = 0
        for s, _label in self.chapters:
            if s <= step:
                start = s
        return start

    def show(self) -> None:
        """Draw the current step and bring the controls and the move list up to date."""
        step = self.step
        self.root.props["data-step"] = str(step)
        self.board.clear()
        with self.board:
            self.draw_step(step)
        self.counter.set_text(f"{step} / {self.steps}")
        self.caption.set_text(self.lines[step - 1] if step else _("Before the first move"))
        self.prev_btn.set_enabled(step > 0)
        self.next_btn.set_enabled(step < self.steps)
        if step >= self.steps and self.timer.active:
            self.stop()
        if self.hands is not None and self.hands.value != self.chapter_of(step):
            self.hands.set_value(self.chapter_of(step))
        self.draw_moves()
        for hook in self.on_step:
            hook(step)

    def draw_moves(self) -> None:
        """The moves of the current hand (a whole match would be hundreds of rows), the current one marked. Within
        a hand only the two rows whose mark changes are updated: a step sends a few bytes, not the whole list."""
        first = self.chapter_of(self.step)
        if first != self.rows_chapter:
            self.rows_chapter = first
            self.rows = {}
            later = [s for s, _ in self.chapters if s > first]
            last = later[0] if later else self.steps
            self.moves.clear()
            with self.moves:
                if self.hands is not None:
                    ui.label(dict(self.chapters).get(first, "")).classes("cn-replay-chapter")
                for i in range(first + 1, last + 1):
                    line = ui.label(self.lines[i - 1]).classes("cn-replay-move")
                    line.props.update({"data-testid": f"replay-move-{i}", "data-current": "false"})
                    line.on("click", lambda _e, i=i: self.go(i))
                    self.rows[i] = line
                    if self.decorate is not None:
                        self.decorate(i, line)
            self.current_row = None
        row = self.rows.get(self.step)
        if row is not self.current_row:
            if self.current_row is not None and not self.current_row.is_deleted:
                self.current_row.classes(remove="current")
                self.current_row.props["data-current"] = "false"
            if row is not None:
                row.classes(add="current")
                row.props["data-current"] = "true"
            self.current_row = row
        if self.step:
            ui.run_javascript(SCROLL_JS.replace("ROOT", str(self.moves.id)))

    # ----------------------------------------------------------------------------- stepping
    def go(self, step: int) -> None:
        step = max(0, min(self.steps, step))
        if step != self.step:
            self.step = step
            self.show()

    def jump(self, step: object) -> None:
        if isinstance(step, int) and step != self.chapter_of(self.step):
            self.go(step)

    def toggle_play(self) -> None:
        if self.timer.active:
            self.stop()
            return
        if self.step >= self.steps:
            self.go(0)
        self.timer.activate()
        self.play_btn.props("icon=pause")
        self.play_btn.props["aria-label"] = pgettext("replay", "Pause")
        self.root.props["data-playing"] = "true"

    def stop(self) -> None:
        self.timer.deactivate()
        self.play_btn.props("icon=play_arrow")
        self.play_btn.props["aria-label"] = pgettext("replay", "Play")
        self.root.props["data-playing"] = "false"

    def auto_step(self) -> None:
        if self.step >= self.steps:
            self.stop()
            return
        self.go(self.step + 1)

    def set_speed(self, seconds: object) -> None:
        if isinstance(seconds, (int, float)) and seconds in SPEEDS:
            self.timer.interval = float(seconds)
