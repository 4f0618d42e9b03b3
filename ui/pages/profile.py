"""Profile and settings: name, emoji and table preferences, saved the moment they change (per browser)."""

from __future__ import annotations

from nicegui import ui

from ui.frame import frame
from ui.identity import EMOJI_CHOICES, me, pref, set_pref, set_profile

BACK_COLOURS = {"#2b4c9b": "Blue", "#9b2b2b": "Red", "#2b7a4b": "Green", "#6b2b9b": "Purple", "#333333": "Black"}


def register() -> None:
    @ui.page("/profile")
    def profile() -> None:
        who = me()
        with frame("Profile"):
            ui.label("You").classes("text-xl font-bold")
            with ui.row().classes("items-center gap-3"):
                emoji = ui.select(list(EMOJI_CHOICES), value=who.emoji if who.emoji in EMOJI_CHOICES else "🙂",
                                  label="Emoji").props("data-testid=profile-emoji").classes("w-24")
                name = ui.input("Name", value=who.name).props("maxlength=24 data-testid=profile-name")

            def save_name() -> None:
                saved = set_profile(name.value or "", None)
                name.set_value(saved.name)
                ui.notify("Saved.", position="top", timeout=1200)

            name.on("blur", save_name)
            name.on("keydown.enter", save_name)
            emoji.on_value_change(lambda e: set_profile(None, e.value))
            ui.label("Table").classes("text-xl font-bold q-mt-md")
            toggle("Four-colour deck (♠ black, ♥ red, ♦ blue, ♣ green)", "four_colour", False)
            toggle("Animations", "animations", True)
            toggle("Distraction-free tables (hide the header)", "distraction_free", False)
            toggle("Show Meld / Lay off / Discard buttons (Rummy)", "show_buttons", True)
            back = ui.select(BACK_COLOURS, value=pref("card_back", "#2b4c9b"), label="Card back").props(
                "data-testid=pref-card_back").classes("w-40")
            back.on_value_change(lambda e: set_pref("card_back", e.value))


def toggle(label: str, key: str, default: bool) -> None:
    sw = ui.switch(label, value=bool(pref(key, default))).props(f"data-testid=pref-{key}")
    sw.on_value_change(lambda e: set_pref(key, bool(e.value)))
