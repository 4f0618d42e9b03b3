"""Duplicate deals in replays: ``/replay/<CODE>?beside=<OTHER>`` steps through two finished games that played the
same deals, side by side (each from the start of deal ``deal=N``, default 1, each stepped on its own), and the
links to it from a replay. Finished games only, so finished deals only; a person still playing the same deals at a
table of the group gets neither (the replay page checks ``same_deals.held_back`` first)."""

from __future__ import annotations

from collections.abc import Callable

from nicegui import ui

from logic.replay import Replay
from logic.table import Seat
from storage.archive import FinishedGame
from ui.components.options import players_of
from ui.components.stepper import Stepper
from ui.i18n import _
from ui.server.duplicate import Duplicates
from ui.table.seat_wording import in_language
from ui.table.still import draw_still_table, seats_from


def beside_links(duplicates: Duplicates, code: str) -> None:
    """Under a replay: a button per other finished game with the same deals."""
    for other in duplicates.finished_partners(code):
        ui.button(_("Side by side with table {code}", code=other), icon="compare",
                  on_click=lambda other=other: ui.navigate.to(f"/replay/{code}?beside={other}")).props(
            f"outline dense no-caps data-testid=btn-replay-beside-{other}")


def draw_beside(duplicates: Duplicates, code: str, other: str, deal: int,
                replay_of: Callable[[FinishedGame], Replay | None]) -> bool:
    """The two replays side by side; False (nothing drawn) when ``other`` is not a finished game with the same
    deals as ``code``."""
    if other not in duplicates.finished_partners(code):
        return False
    halves = []
    for which in (code, other):
        record = duplicates.finished.find(which)
        replay = replay_of(record) if record is not None else None
        if record is None or replay is None:
            return False
        halves.append((which, record, replay))
    steppers: list[Stepper] = []
    with ui.row().classes("items-center gap-2"):  # one move further (or back) at both tables at once
        ui.label(_("Both tables:")).classes("font-bold")
        ui.button(icon="skip_previous", on_click=lambda: _step_all(steppers, -1)).props(
            "round unelevated color=white text-color=black data-testid=btn-beside-prev").props.update(
            {"aria-label": _("Back at both tables")})
        ui.button(icon="skip_next", on_click=lambda: _step_all(steppers, 1)).props(
            "round unelevated color=white text-color=black data-testid=btn-beside-next").props.update(
            {"aria-label": _("Next at both tables")})
    with ui.element("div").classes("cn-beside").props(f"data-testid=replay-beside data-deal={deal}"):
        for i, (which, record, replay) in enumerate(halves):
            config = replay.game.make_config(**record.options)
            seats = seats_from([p.model_dump() for p in record.players], players_of(config))
            chapters = [(step, in_language(label)) for step, label in replay.hand_starts()]
            start = chapters[min(deal, len(chapters)) - 1][0] if chapters else 0
            with ui.column().classes("w-full gap-2").props(f"data-testid=replay-half-{i} data-code={which}"):
                ui.label(_("Table {code}", code=which)).classes("font-bold")
                names = [s.name for s in seats]
                lines = [f"{names[m.seat] if m.seat < len(names) else m.seat + 1} {in_language(m.words)}"
                         for m in replay.moves]
                steppers.append(Stepper(lines, _drawer(replay, seats), testid="replay" if i == 0 else "replay-other",
                                        chapters=chapters, start=start, compact=True))
    return True


def _drawer(replay: Replay, seats: list[Seat]) -> Callable[[int], None]:
    """Draws one replay's step (each half its own)."""
    def draw(step: int) -> None:
        draw_still_table(replay.game, replay.state_at(step), seats, face_up=True)
    return draw


def _step_all(steppers: list[Stepper], by: int) -> None:
    for stepper in steppers:
        stepper.go(stepper.step + by)
