"""Every seat at a table has its own emoji and its own name.

The emoji is how melds, lay-off markers, the scorecard and the TV tell players apart, so no two seats share one,
and no two share a name (compared without case or extra spaces). People come first: a computer player never takes
an emoji or name in use, and when a person sits down with one a computer player holds, the computer player picks
another. A person whose emoji or name another person (or a program seat) already has is told by the lobby before
joining (:func:`clash`); any other way in (taking a watcher's seat, an old link) gets a free emoji and a numbered
name, with a notice to that seat saying so (:func:`seat_person`).

Pure functions: the choices are deterministic, or come from the ``random.Random`` the caller passes.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.messages import said, t_msg
from logic.table.chat import notice
from logic.table.seats import NAME_LIMIT, Seat, clean_name

if TYPE_CHECKING:
    from logic.table.model import Table

# what a person may pick (the profile and the lobby's join form offer these)
EMOJI_CHOICES = ("🙂", "😎", "🦊", "🐻", "🐼", "🐸", "🦉", "🐙", "🦁", "🐯", "🐧", "🦄", "🐢", "🌵", "🍀", "⭐",
                 "🎩", "👑", "🍕", "🎲")
BOT_NAMES = ("Ada", "Basil", "Cleo", "Dex", "Edie", "Finn", "Gus", "Hana", "Ivo", "Juno", "Kit", "Lola",
             "Milo", "Nell", "Otto", "Pip", "Quin", "Rosa", "Sol", "Tess", "Uma", "Vik", "Wren", "Yara")
BOT_EMOJI = ("🦊", "🐻", "🐼", "🐨", "🦉", "🐸", "🐙", "🦁", "🐯", "🐧", "🦄", "🐢")
# where a computer player (or a person who must be moved off a taken emoji) looks when its own list is used up
SPARE_EMOJI = BOT_EMOJI + tuple(e for e in EMOJI_CHOICES if e not in BOT_EMOJI) + ("🐳", "🦋", "🐝", "🦜")
_NUMBERED = re.compile(r"^(.*\S)\s+(\d{1,3})$")


def name_key(name: str) -> str:
    """How names are compared: "sam", "Sam" and " SAM " are one name."""
    return " ".join(name.split()).casefold()


def names_in_use(t: Table, skip: int | None = None, people_only: bool = False) -> set[str]:
    """The names (as :func:`name_key`) of every seat but ``skip``; ``people_only``: not the computer players'."""
    return {name_key(s.name) for i, s in enumerate(t.seats)
            if i != skip and not s.empty and s.name and not (people_only and s.bot is not None)}


def emoji_in_use(t: Table, skip: int | None = None, people_only: bool = False) -> set[str]:
    return {s.emoji for i, s in enumerate(t.seats)
            if i != skip and not s.empty and s.emoji and not (people_only and s.bot is not None)}


def free_name(name: str, taken: Iterable[str]) -> str:
    """``name`` if nobody has it, else the same name numbered: "Sam" → "Sam 2", "Sam 2" → "Sam 3"."""
    used = {name_key(n) for n in taken}
    if name_key(name) not in used:
        return name
    found = _NUMBERED.match(name)
    base, n = (found.group(1), int(found.group(2))) if found else (name, 1)
    while True:
        n += 1
        suffix = f" {n}"
        candidate = base[:NAME_LIMIT - len(suffix)].rstrip() + suffix
        if name_key(candidate) not in used:
            return candidate


def free_emoji(taken: Iterable[str], pool: tuple[str, ...] = SPARE_EMOJI, start: int = 0) -> str:
    """The first emoji of ``pool`` (from ``start`` on, wrapping round) nobody has; every pool holds more emoji
    than a table has seats, and the spare list is the last resort."""
    used = set(taken)
    for i in range(len(pool)):
        candidate = pool[(start + i) % len(pool)]
        if candidate not in used:
            return candidate
    return next(e for e in SPARE_EMOJI if e not in used)


def bot_identity(rng: random.Random, taken: Iterable[str], taken_emoji: Iterable[str] = ()) -> tuple[str, str]:
    """A random friendly name and emoji for a computer player, neither already at the table."""
    used_names = {name_key(n) for n in taken}
    used_emoji = set(taken_emoji)
    names = [n for n in BOT_NAMES if name_key(n) not in used_names]
    name = rng.choice(names) if names else free_name("Computer", used_names)
    emoji = [e for e in BOT_EMOJI if e not in used_emoji]
    return name, (rng.choice(emoji) if emoji else free_emoji(used_emoji))


def computer_seat(t: Table, seat: int, name: str, emoji: str) -> tuple[str, str]:
    """The name and emoji a computer player (or a program seat) gets in ``seat``: the ones asked for when free,
    else a free computer name (the asked one numbered, when the lists are used up) and a free emoji."""
    names, emoji_used = names_in_use(t, skip=seat), emoji_in_use(t, skip=seat)
    if not name or name_key(name) in names:
        spare = [n for n in BOT_NAMES if name_key(n) not in names]
        name = spare[seat % len(spare)] if spare else free_name(name or "Computer", names)
    if not emoji or emoji in emoji_used:
        emoji = free_emoji(emoji_used, BOT_EMOJI, start=seat * 5)
    return name, emoji


@dataclass(frozen=True)
class Clash:
    """What stops a person from sitting down as they are: another person (or a program seat) has their name or
    emoji. ``name``/``emoji``: what they could sit as instead (their own where it is free)."""

    name: str
    emoji: str
    name_taken: bool
    emoji_taken: bool
    asked_name: str = ""
    asked_emoji: str = ""

    @property
    def message(self) -> str:
        """What the join form says (a :class:`Said`: its English, and the message a page shows in its language)."""
        words = {"asked_emoji": self.asked_emoji, "emoji": self.emoji, "asked_name": self.asked_name,
                 "name": self.name}
        if self.emoji_taken and self.name_taken:
            return said(t_msg("Someone at this table already has {asked_emoji}: take {emoji}, or pick another. "
                              "Someone here is already called {asked_name}: join as “{name}”, or type another name.",
                              **words))
        if self.emoji_taken:
            return said(t_msg("Someone at this table already has {asked_emoji}: take {emoji}, or pick another.",
                              asked_emoji=self.asked_emoji, emoji=self.emoji))
        return said(t_msg("Someone here is already called {asked_name}: join as “{name}”, or type another name.",
                          asked_name=self.asked_name, name=self.name))


def clash(t: Table, name: str, emoji: str, seat: int | None = None) -> Clash | None:
    """None when a person named ``name`` with ``emoji`` can sit at ``t`` (in ``seat``, whose own holder does not
    count) as they are; computer players give way, so only people and program seats can be in the way."""
    name = clean_name(name)
    names = names_in_use(t, skip=seat, people_only=True)
    emojis = emoji_in_use(t, skip=seat, people_only=True)
    name_taken, emoji_taken = name_key(name) in names, emoji in emojis
    if not name_taken and not emoji_taken:
        return None
    offer = free_emoji(emojis, EMOJI_CHOICES) if emoji_taken else emoji
    return Clash(free_name(name, names), offer, name_taken, emoji_taken, name, emoji)


def seat_person(t: Table, seat: int, player_id: str, name: str, emoji: str) -> Seat:
    """Sit a person in ``seat`` with their name and emoji, made unique: numbered or swapped for a free one when
    another person has it (with a notice to them), while computer players holding either pick new ones."""
    name, emoji = clean_name(name), emoji or "🙂"
    found = clash(t, name, emoji, seat)
    if found is not None:
        name, emoji = found.name, found.emoji
    t.seats[seat] = Seat(player_id=player_id, name=name, emoji=emoji)
    make_room(t, seat)
    if found is not None:
        if found.name_taken and found.emoji_taken:
            told = t_msg("Someone here already had your name and emoji: you play as {emoji} {name} at this table.",
                         emoji=emoji, name=name)
        elif found.name_taken:
            told = t_msg("Someone here already had your name: you play as {emoji} {name} at this table.",
                         emoji=emoji, name=name)
        else:
            told = t_msg("Someone here already had your emoji: you play as {emoji} {name} at this table.",
                         emoji=emoji, name=name)
        notice(t, told, "info", seats=[seat])
    return t.seats[seat]


def make_room(t: Table, seat: int) -> None:
    """Computer players whose name or emoji is the one ``seat`` now has take free ones."""
    mine = t.seats[seat]
    for i, s in enumerate(t.seats):
        if i == seat or s.bot is None:
            continue
        if s.emoji == mine.emoji:
            s.emoji = free_emoji(emoji_in_use(t, skip=i), BOT_EMOJI, start=i * 5)
        if name_key(s.name) == name_key(mine.name):
            s.name, _ = computer_seat(t, i, "", s.emoji)
