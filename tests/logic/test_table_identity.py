"""Every seat at a table has its own emoji and name (logic/table/identity.py): computer players never take one in
use and give way when a person sits down with theirs; a person whose name or emoji another person has is told
(``clash``) or, on a way in without a form, seated numbered / with a free emoji and told by a notice."""

from __future__ import annotations

import random

import pytest

from logic.registry import get_game
from logic.table import (
    EMOJI_CHOICES,
    STATUS_LOBBY,
    STATUS_PLAYING,
    Settings,
    Table,
    bot_identity,
    clash,
    leaving,
    new_table,
    watch,
)
from logic.table import lobby as table_lobby
from logic.table import program as table_program
from logic.table.identity import BOT_EMOJI, BOT_NAMES, free_name, name_key
from logic.table.leaving import replace_with_bot
from logic.table.seats import NAME_LIMIT

T0 = 3_000_000.0
PEOPLE_NAMES = ("Sam", "sam", "Ada", "Sol", "Tess", "Dex", "Sam 2", "Wren", "Computer", "A" * NAME_LIMIT)


def seated_identities(t: Table) -> tuple[list[str], list[str]]:
    taken = [s for s in t.seats if not s.empty]
    return [name_key(s.name) for s in taken], [s.emoji for s in taken]


def assert_unique(t: Table, where: str) -> None:
    names, emoji = seated_identities(t)
    assert len(set(names)) == len(names), f"{where}: names {names}"
    assert len(set(emoji)) == len(emoji), f"{where}: emoji {emoji}"
    assert all(emoji) and all(names), where


def lobby(game: str = "president", players: int = 4) -> Table:
    t = new_table(game, "IDENTS", "host", {"players": players}, seed=7, now=T0,
                  settings=Settings(turn_seconds=20, bot_delay=0.0))
    table_lobby.join(t, "host", "Sam", "🐢", T0)
    return t


def test_a_bot_with_the_persons_emoji_picks_another_and_the_person_keeps_theirs() -> None:
    t = lobby()
    table_lobby.add_bot(t, "host", 1, "beginner", "Sol", "🐙")
    table_lobby.join(t, "guest", "Wren", "🐙", T0)  # the guest chose the emoji the computer player wears
    guest = t.seats[t.seat_of("guest") or 0]
    assert guest.emoji == "🐙" and guest.name == "Wren"
    assert t.seats[1].emoji not in ("🐙", "🐢") and t.seats[1].name == "Sol"
    assert_unique(t, "after the guest joined")


def test_a_bot_with_the_persons_name_takes_a_free_name() -> None:
    t = lobby()
    table_lobby.add_bot(t, "host", 1, "beginner", "Tess", "🦉")
    table_lobby.join(t, "guest", "tess", "🐸", T0)
    assert t.seats[t.seat_of("guest") or 0].name == "tess"
    assert name_key(t.seats[1].name) != "tess" and t.seats[1].name in BOT_NAMES
    assert_unique(t, "after tess joined")


def test_bots_are_never_given_what_is_in_use() -> None:
    t = lobby()
    table_lobby.add_bot(t, "host", 1, "beginner", "Sam", "🐢")  # the host's name and emoji, asked for on purpose
    table_lobby.add_bot(t, "host", 2, "beginner", "Dex", "🤖")
    table_lobby.add_bot(t, "host", 3, "beginner", "Dex", "🤖")
    assert t.seats[1].name != "Sam" and t.seats[1].emoji != "🐢"
    assert t.seats[2].emoji == "🤖" and t.seats[3].emoji != "🤖" and t.seats[3].name != "Dex"
    assert_unique(t, "bots added")


def test_a_person_sees_the_clash_with_another_person_and_what_is_free() -> None:
    t = lobby()
    found = clash(t, "SAM", "🐢")
    assert found is not None and found.name_taken and found.emoji_taken
    assert found.name == "SAM 2" and found.emoji in EMOJI_CHOICES and found.emoji != "🐢"
    assert f"already has 🐢: take {found.emoji}" in found.message and "join as “SAM 2”" in found.message
    assert clash(t, "Robin", "🦊") is None
    table_lobby.add_bot(t, "host", 1, "beginner", "Kit", "🦊")
    assert clash(t, "Kit", "🦊") is None  # a computer player is no obstacle: it gives way


def test_a_person_joining_without_the_form_is_numbered_and_told() -> None:
    t = lobby()
    table_lobby.join(t, "guest", "Sam", "🐢", T0)
    seat = t.seat_of("guest")
    assert seat is not None and t.seats[seat].name == "Sam 2" and t.seats[seat].emoji != "🐢"
    told = t.notices[-2]  # then "Sam 2 joined." for everyone
    assert told.seats == (seat,) and "you play as" in str(told.message) and "Sam 2" in str(told.message)


def test_free_name_counts_on_and_stays_within_the_limit() -> None:
    assert free_name("Sam", ["Ada"]) == "Sam"
    assert free_name("Sam", ["sam"]) == "Sam 2"
    assert free_name("Sam 2", ["Sam 2", "Sam 3"]) == "Sam 4"
    long = "B" * NAME_LIMIT
    numbered = free_name(long, [long])
    assert numbered.endswith(" 2") and len(numbered) <= NAME_LIMIT


def test_bot_identity_avoids_taken_names_and_emoji() -> None:
    rng = random.Random(3)
    for _ in range(200):
        taken_names = set(rng.sample(BOT_NAMES, 20))
        taken_emoji = set(rng.sample(BOT_EMOJI, 10))
        name, emoji = bot_identity(rng, taken_names, taken_emoji)
        assert name not in taken_names and emoji not in taken_emoji


def test_a_computer_replacing_a_person_who_left_keeps_a_unique_seat() -> None:
    t = lobby()
    table_lobby.join(t, "guest", "Dex", "🦊", T0)
    table_lobby.add_bot(t, "host", 2, "beginner", "Dex (bot)", "🐻")
    table_lobby.add_bot(t, "host", 3, "beginner", "Ada", "🐼")
    table_lobby.start(t, "host", T0)
    seat = t.seat_of("guest")
    assert seat is not None
    replace_with_bot(t, seat)
    assert t.seats[seat].emoji == "🦊"  # melds and scores marked with it stay recognisable
    assert t.seats[seat].bot is not None
    assert_unique(t, "after the replacement")


def random_step(t: Table, rng: random.Random, step: int) -> None:
    """One thing that changes who sits where, picked at random (each may be refused: then nothing changes)."""
    name, emoji = rng.choice(PEOPLE_NAMES), rng.choice(EMOJI_CHOICES + ("🤖",))
    free = t.open_seats()
    kind = rng.choice(("join", "bot", "bot", "remove", "program") if t.status == STATUS_LOBBY else
                      ("leave", "take", "offer"))
    if kind == "join" and free:
        table_lobby.join(t, f"p{step}", name, emoji, T0)
    elif kind == "bot" and free:
        asked = (rng.choice(BOT_NAMES + PEOPLE_NAMES), rng.choice(BOT_EMOJI + ("🐢", "🤖")))
        if rng.random() < 0.5:  # the lobby's own pick, from what was at the table when the page drew it
            asked = bot_identity(rng, {s.name for s in t.seats}, {s.emoji for s in t.seats})
        table_lobby.add_bot(t, "host", rng.choice(free), rng.choice(t.game.bot_levels), *asked)
    elif kind == "program" and free:
        table_program.add_program(t, "host", rng.choice(free), f"{step:064d}")
    elif kind == "remove":
        seats = [i for i, s in enumerate(t.seats) if not s.empty and s.player_id != "host"]
        if seats:
            table_lobby.remove_player(t, "host", rng.choice(seats))
    elif kind == "leave":
        people = [t.seats[i].player_id for i in t.humans() if t.seats[i].player_id != "host"]
        if people:
            leaving.leave(t, str(rng.choice(people)), T0)
            for seat in list(t.pending_leave):
                leaving.resolve_leave(t, "host", seat, "bot", T0)
    elif kind == "offer":
        bots = [i for i, s in enumerate(t.seats) if s.bot is not None]
        if bots:
            watch.offer_seat(t, "host", rng.choice(bots))
    elif kind == "take" and t.offered_seats:
        watch.take_seat(t, f"w{step}", name, emoji, rng.choice(t.offered_seats), T0)


@pytest.mark.parametrize("seed", range(150))
def test_in_any_order_every_seat_has_its_own_emoji_and_name(seed: int) -> None:
    rng = random.Random(seed)
    game = rng.choice(("president", "rummy", "beanie", "stockpile"))
    g = get_game(game)
    players = rng.randint(max(2, g.min_players), min(6, g.max_players))
    t = new_table(game, "RANDOM", "host", {"players": players}, seed=seed, now=T0,
                  settings=Settings(turn_seconds=0, bot_delay=0.0))
    table_lobby.join(t, "host", rng.choice(PEOPLE_NAMES), rng.choice(EMOJI_CHOICES), T0)
    for step in range(30):
        if t.status == STATUS_LOBBY and step == 20:  # fill the table with computers the way practice does
            for seat in t.open_seats():
                table_lobby.add_bot(t, "host", seat, g.bot_levels[0], *bot_identity(rng, {s.name for s in t.seats},
                                                                       {s.emoji for s in t.seats}))
            table_lobby.start(t, "host", T0)
            assert t.status == STATUS_PLAYING
        random_step(t, rng, step)
        assert_unique(t, f"seed {seed} step {step}")
