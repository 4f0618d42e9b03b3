"""Who is this browser? A random player id kept in ``app.storage.user`` plus a chosen name and emoji."""

from __future__ import annotations

import random
import uuid
from dataclasses import dataclass

from nicegui import app

from logic.tables import clean_name

EMOJI_CHOICES = ("🙂", "😎", "🦊", "🐻", "🐼", "🐸", "🦉", "🐙", "🦁", "🐯", "🐧", "🦄", "🐢", "🌵", "🍀", "⭐",
                 "🎩", "👑", "🍕", "🎲")
FIRST_NAMES = ("Sam", "Alex", "Robin", "Charlie", "Jamie", "Kai", "Noor", "Rene", "Sasha", "Toni")


@dataclass
class Me:
    player_id: str
    name: str
    emoji: str


def me() -> Me:
    store = app.storage.user
    if "player_id" not in store:
        store["player_id"] = uuid.uuid4().hex
    if not store.get("name"):
        store["name"] = f"{random.choice(FIRST_NAMES)} {random.randint(10, 99)}"
    if not store.get("emoji"):
        store["emoji"] = random.choice(EMOJI_CHOICES)
    return Me(store["player_id"], store["name"], store["emoji"])


def set_profile(name: str | None = None, emoji: str | None = None) -> Me:
    store = app.storage.user
    if name is not None:
        store["name"] = clean_name(name)
    if emoji is not None and emoji in EMOJI_CHOICES:
        store["emoji"] = emoji
    return me()


def pref(key: str, default: object) -> object:
    return app.storage.user.get("prefs", {}).get(key, default)


def set_pref(key: str, value: object) -> None:
    prefs = dict(app.storage.user.get("prefs", {}))
    prefs[key] = value
    app.storage.user["prefs"] = prefs
