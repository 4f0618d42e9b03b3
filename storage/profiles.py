"""A player's lasting profile in the main database, keyed by player id: the name and emoji another device
takes over when linked, coins from the daily check-in and the cosmetics bought with them.

Matches never cost or award coins: nothing here is called by a table. Time comes in as an argument.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

from logic.messages import Refused, t_msg, t_nmsg, t_pmsg
from storage.archive import MainStore

DAILY_COINS = 50
START_COINS = 0
LINK_MINUTES = 10
LINK_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L
LINK_LENGTH = 8


@dataclass(frozen=True)
class Item:
    id: str
    kind: str  # "card_back" or "table_colour"
    name: str
    value: str  # a CSS colour ("#2b4c9b") or, for tables, "light,dark"
    price: int  # 0 = free for everyone


SHOP: tuple[Item, ...] = (
    Item("back-blue", "card_back", "Blue", "#2b4c9b", 0),
    Item("back-red", "card_back", "Red", "#9b2b2b", 0),
    Item("back-green", "card_back", "Green", "#2b7a4b", 0),
    Item("back-purple", "card_back", "Purple", "#6b2b9b", 0),
    Item("back-black", "card_back", "Black", "#333333", 0),
    Item("back-gold", "card_back", "Gold", "#b8860b", 100),
    Item("back-teal", "card_back", "Teal", "#0f7c80", 100),
    Item("back-rose", "card_back", "Rose", "#c2185b", 150),
    Item("back-midnight", "card_back", "Midnight", "#101a3a", 200),
    Item("table-green", "table_colour", "Classic green", "#1f5f45,#174a36", 0),
    Item("table-blue", "table_colour", "Ocean blue", "#1d4e7a,#153a5c", 120),
    Item("table-wine", "table_colour", "Burgundy", "#6d1f2f,#501521", 120),
    Item("table-slate", "table_colour", "Slate", "#3d4650,#2a3038", 150),
    Item("table-plum", "table_colour", "Plum", "#4f2a66,#3a1d4c", 200),
)
ITEMS = {item.id: item for item in SHOP}
DEFAULT_ITEM = {"card_back": "back-blue", "table_colour": "table-green"}


class ShopError(Refused):
    """A purchase or check-in that cannot happen; the message is shown to the player."""


class LinkError(Refused):
    """A link code that cannot be used; the message is shown to the player."""


def profile(main: MainStore, player_id: str) -> dict[str, Any]:
    """The stored profile of ``player_id`` with defaults filled in."""
    data = dict(main.get_profile(player_id) or {})
    data.setdefault("coins", START_COINS)
    data.setdefault("owned", [])
    data.setdefault("last_checkin", None)
    return data


def update_profile(main: MainStore, player_id: str, **changes: Any) -> dict[str, Any]:
    data = profile(main, player_id)
    data.update(changes)
    main.put_profile(player_id, data)
    return data


# ------------------------------------------------------------------------------------------------ coins
def can_check_in(main: MainStore, player_id: str, today: date) -> bool:
    return profile(main, player_id).get("last_checkin") != today.isoformat()


def check_in(main: MainStore, player_id: str, today: date) -> int:
    """Give the daily coins once per calendar day; returns the new balance (ShopError if already done)."""
    data = profile(main, player_id)
    if data.get("last_checkin") == today.isoformat():
        raise ShopError(t_msg("You have already checked in today. Come back tomorrow!"))
    data = update_profile(main, player_id, coins=int(data["coins"]) + DAILY_COINS, last_checkin=today.isoformat())
    return int(data["coins"])


def owns(main: MainStore, player_id: str, item_id: str) -> bool:
    item = ITEMS.get(item_id)
    return item is not None and (item.price == 0 or item_id in profile(main, player_id)["owned"])


def owned_items(main: MainStore, player_id: str, kind: str) -> list[Item]:
    mine = set(profile(main, player_id)["owned"])
    return [i for i in SHOP if i.kind == kind and (i.price == 0 or i.id in mine)]


def buy(main: MainStore, player_id: str, item_id: str) -> int:
    """Buy a cosmetic with coins; returns the new balance. ShopError with a reason when it cannot."""
    item = ITEMS.get(item_id)
    if item is None:
        raise ShopError(t_msg("That item is not in the shop."))
    data = profile(main, player_id)
    if item.price == 0 or item_id in data["owned"]:
        raise ShopError(t_msg("You already own {item}.", item=t_pmsg("colour", item.name)))
    coins = int(data["coins"])
    if coins < item.price:
        raise ShopError(t_nmsg("You have {n} coin: {item} costs {price}.", "You have {n} coins: {item} costs {price}.",
                               n=coins, item=t_pmsg("colour", item.name), price=item.price))
    data = update_profile(main, player_id, coins=coins - item.price, owned=[*data["owned"], item_id])
    return int(data["coins"])


def item_for(kind: str, value: str | None) -> Item:
    """The shop item with this CSS value (the default one if unknown)."""
    for item in SHOP:
        if item.kind == kind and item.value == value:
            return item
    return ITEMS[DEFAULT_ITEM[kind]]


# ------------------------------------------------------------------------------------------------ linking
def normalise_code(text: str) -> str:
    """A link code as typed ("abcd-efgh", spaces, a dash) in its stored form; only the first 64 characters are read."""
    return "".join(ch for ch in str(text)[:64].upper() if ch.isalnum())[:32]


def pretty_code(code: str) -> str:
    return f"{code[:4]}-{code[4:]}"


def new_link_code(main: MainStore, player_id: str, name: str, emoji: str, now: datetime,
                  previous: str | None = None) -> tuple[str, datetime]:
    """A one-time code that makes another device this player, valid for ``LINK_MINUTES``.

    The name and emoji are saved with the profile so the other device takes them over. A code made
    before by the same browser (``previous``) stops working.
    """
    if previous:
        main.pop_link_code(normalise_code(previous))
    update_profile(main, player_id, name=name, emoji=emoji)
    code = "".join(secrets.choice(LINK_ALPHABET) for _ in range(LINK_LENGTH))
    expires = now.astimezone(UTC) + timedelta(minutes=LINK_MINUTES)
    main.put_link_code(code, player_id, expires)
    return code, expires


@dataclass(frozen=True)
class LinkedPlayer:
    """Who a link code made this device: the player and the name and emoji saved with their profile."""

    player_id: str
    name: str | None
    emoji: str | None


def redeem_link_code(main: MainStore, text: str, now: datetime) -> LinkedPlayer:
    """Use a code once: the player it belongs to, or LinkError."""
    code = normalise_code(text)
    if len(code) != LINK_LENGTH:
        raise LinkError(t_msg("A link code has {n} letters and digits, like ABCD-EFGH.", n=LINK_LENGTH))
    found = main.pop_link_code(code)  # one use only, whatever happens next
    if found is None:
        raise LinkError(t_msg("That code is not valid. It may be mistyped or already used: make a new one."))
    if now.astimezone(UTC) >= found.expires_at:
        raise LinkError(t_msg("That code has expired (codes last {n} minutes): make a new one.", n=LINK_MINUTES))
    data = profile(main, found.player_id)
    name, emoji = data.get("name"), data.get("emoji")
    return LinkedPlayer(found.player_id, str(name) if name is not None else None,
                        str(emoji) if emoji is not None else None)
