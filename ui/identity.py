"""Who is this browser? A random player id kept in ``app.storage.user`` plus a chosen name and emoji."""

from __future__ import annotations

import random
import uuid
from dataclasses import dataclass
from typing import Any

from nicegui import app, context

from logic.tables import clean_name

EMOJI_CHOICES = ("🙂", "😎", "🦊", "🐻", "🐼", "🐸", "🦉", "🐙", "🦁", "🐯", "🐧", "🦄", "🐢", "🌵", "🍀", "⭐",
                 "🎩", "👑", "🍕", "🎲")
FIRST_NAMES = ("Sam", "Alex", "Robin", "Charlie", "Jamie", "Kai", "Noor", "Rene", "Sasha", "Toni")


@dataclass
class Me:
    player_id: str
    name: str
    emoji: str


def user_store() -> Any:
    """``app.storage.user`` of the browser whose page we are drawing.

    Pages also redraw in background tasks (another player's move), where NiceGUI has no request context;
    there we find the same storage through the page's client and its session id.
    """
    try:
        return app.storage.user
    except RuntimeError:
        request = context.client.request
        return app.storage._users[request.session["id"]]  # noqa: SLF001  (same dict app.storage.user returns)


def me() -> Me:
    store = user_store()
    if "player_id" not in store:
        store["player_id"] = uuid.uuid4().hex
    if not store.get("name"):
        store["name"] = f"{random.choice(FIRST_NAMES)} {random.randint(10, 99)}"
    if not store.get("emoji"):
        store["emoji"] = random.choice(EMOJI_CHOICES)
    return Me(store["player_id"], store["name"], store["emoji"])


def set_profile(name: str | None = None, emoji: str | None = None) -> Me:
    store = user_store()
    if name is not None:
        store["name"] = clean_name(name)
    if emoji is not None and emoji in EMOJI_CHOICES:
        store["emoji"] = emoji
    return me()


def pref(key: str, default: object) -> object:
    return user_store().get("prefs", {}).get(key, default)


def set_pref(key: str, value: object) -> None:
    store = user_store()
    prefs = dict(store.get("prefs", {}))
    prefs[key] = value
    store["prefs"] = prefs
