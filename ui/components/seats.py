"""Seat badges along the top: emoji, name, cards left, title, status chips; the seat to move is framed."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from nicegui import ui

if TYPE_CHECKING:
    from ui.pages.table import TablePage


def seat_key(page: TablePage) -> Hashable:
    """Everything the strip shows, as a comparable value (the strip redraws only when it changes)."""
    t = page.table
    if not page.in_game():
        return None
    seats = tuple((s.name, s.emoji, s.bot, s.autoplay, s.left) for s in t.seats)
    return seats, repr(page.view.get("seats")), tuple(t.to_move()), t.paused, page.seat


def seat_strip(page: TablePage) -> None:
    t, view = page.table, page.view
    if not page.in_game():
        return
    infos = view.get("seats") or [{} for _ in t.seats]
    movers = set(t.to_move())
    mine = page.seat
    order = list(range(len(t.seats)))
    if mine is not None:  # others first, clockwise from me; my own badge last
        order = order[mine + 1:] + order[:mine] + [mine]
    with ui.row().classes("w-full justify-center gap-2"):
        for i in order:
            s = t.seats[i]
            info = infos[i] if i < len(infos) else {}
            classes = "seat-badge column items-center"
            if i in movers and not t.paused:
                classes += " turn"
            if i == mine:
                classes += " me"
            with ui.element("div").classes(classes).props(f"data-testid=seat-{i}") as badge:
                badge.props["data-turn"] = "true" if i in movers else "false"
                with ui.row().classes("items-center gap-1 no-wrap"):
                    ui.label(s.emoji or "🪑").classes("emoji")
                    with ui.column().classes("gap-0"):
                        name = "You" if i == mine else (s.name or "Empty seat")
                        ui.label(name).classes("font-bold text-sm max-sm:text-xs ellipsis max-w-[110px]")
                        if "cards" in info:
                            ui.label(f"🂠 {info['cards']}").classes("text-xs").props(f"data-testid=seat-{i}-cards")
                chips = []
                if info.get("title"):
                    chips.append(("title", info["title"]))
                for st in info.get("status", []):
                    chips.append(("", st))
                if s.bot:
                    chips.append(("", f"🤖 {s.bot}"))
                if s.autoplay:
                    chips.append(("", "auto-play"))
                if s.left:
                    chips.append(("", "left"))
                if chips:
                    with ui.row().classes("gap-0 justify-center max-w-[150px]"):
                        for kind, text in chips:
                            ui.label(text).classes(f"chip {kind}")
