"""Rule cards people saved: a name, a game and the options differing from the game's standard, kept with the
player who made it, in ``rule_cards.json`` in the data folder (so a backup of the folder keeps them).

Checking a card's options against the game is the caller's job (:func:`logic.rule_cards.check_options`); this
module keeps what it is given, and gives back :class:`logic.rule_cards.RuleCard` values. Time comes in as an
argument.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tinydb import Query

from logic.messages import verbatim
from logic.rule_cards import NAME_MAX, OptionValue, RuleCard
from storage.atomic_json import open_db

FILE_NAME = "rule_cards.json"
ID_PREFIX = "my-"  # shipped cards' ids start with the game's key ("president-daifugo"): never the same
MAX_PER_PLAYER = 200


class CardLimit(ValueError):
    """A player who already keeps :data:`MAX_PER_PLAYER` cards."""


class RuleCardStore:
    """Saved rule cards; one small TinyDB file, every write replacing it whole."""

    def __init__(self, data_dir: Path, *, fsync: bool = True) -> None:
        self.path = Path(data_dir) / FILE_NAME
        self.db = open_db(self.path, fsync=fsync)
        self._lock = threading.RLock()

    @staticmethod
    def _card(doc: Mapping[str, Any]) -> RuleCard | None:
        try:
            options = {str(k): v for k, v in dict(doc["options"]).items() if isinstance(v, str | int | bool)}
            return RuleCard(id=str(doc["id"]), game=str(doc["game"]), name=verbatim(str(doc["name"])),
                            options=options)
        except (KeyError, TypeError, ValueError):
            return None  # a damaged record is left out, never fatal

    def save(self, owner: str, game: str, name: str, options: Mapping[str, OptionValue], now: float) -> RuleCard:
        """Keep a new card for ``owner``; returns it with its new id. ``name`` is the checked name
        (:func:`logic.rule_cards.clean_name`), ``options`` the checked ones differing from the standard."""
        if not owner:
            raise ValueError("a rule card is kept with the player who made it")
        with self._lock:
            if len(self.db.search(Query().owner == owner)) >= MAX_PER_PLAYER:
                raise CardLimit(f"at most {MAX_PER_PLAYER} rule cards per player")
            card_id = ID_PREFIX + secrets.token_urlsafe(9)
            self.db.insert({"id": card_id, "game": game, "name": name[:NAME_MAX], "owner": owner,
                            "options": dict(options), "saved_at": now})
        card = self._card({"id": card_id, "game": game, "name": name, "options": dict(options)})
        assert card is not None
        return card

    def get(self, card_id: str) -> RuleCard | None:
        """Anyone's card by id (a shared link names it); None when there is no such card."""
        if not card_id.startswith(ID_PREFIX):
            return None
        with self._lock:
            docs = self.db.search(Query().id == card_id)
        return self._card(docs[0]) if docs else None

    def owner_of(self, card_id: str) -> str | None:
        with self._lock:
            docs = self.db.search(Query().id == card_id)
        return str(docs[0].get("owner")) if docs else None

    def mine(self, owner: str, game: str | None = None) -> list[RuleCard]:
        """``owner``'s cards (of ``game`` when given), oldest first."""
        with self._lock:
            docs = sorted(self.db.search(Query().owner == owner), key=lambda d: (d.get("saved_at", 0), d.doc_id))
        cards = [self._card(d) for d in docs if game is None or d.get("game") == game]
        return [c for c in cards if c is not None]

    def delete(self, owner: str, card_id: str) -> bool:
        """Remove ``owner``'s card ``card_id``; False when they keep no such card."""
        card = Query()
        with self._lock:
            return bool(self.db.remove((card.id == card_id) & (card.owner == owner)))
