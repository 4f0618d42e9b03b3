"""Rummy's draw for the first deal as a phase people play (``first-draw``): every seat turns up a card in any
order, nothing of hand 1 shows until the last card is drawn, the highest card begins. Off (the config default),
the draw is made at once as before, so games saved before the phase existed load and replay unchanged. The table
draws for a person who does not tap within 15 s (also at untimed tables) without handing the seat to a computer."""

from __future__ import annotations

import json

import pytest

from logic.game import IllegalMove
from logic.registry import get_game
from logic.rummy.actions import DRAW_STOCK, FIRST_DRAW, NEXT
from logic.rummy.melds import CODE, DRAW_KEY
from logic.rummy.rules import FIRST_DRAW_SECONDS
from logic.table import STATUS_PLAYING, Settings, Table, lobby, new_table, record, timers
from logic.table import record as table_record
from logic.table import timers as table_timers
from logic.table import turns as table_turns

G = get_game("rummy")
T0 = 3_000_000.0


def drawing(players: int = 3, seed: int = 4):
    return G.new_game(G.make_config(players=players, first_draw=True), seed)


def test_everyone_draws_in_any_order_and_the_highest_card_begins() -> None:
    st = drawing(3)
    assert G.phase(st) == "first-draw" and G.to_move(st) == (0, 1, 2)
    assert all(G.legal_actions(st, s) == [FIRST_DRAW] for s in range(3))
    view = G.view(st, 1)
    assert view["phase"] == "first-draw" and view["turn_stage"] == "first-draw"
    assert view["first_deal_draw"] == {"cards": [None, None, None], "winner": None, "drawn": [False] * 3}
    assert view["hand"] == [] and view["stock_count"] == 0 and view["discard"] == []  # nothing dealt in sight
    assert [s["cards"] for s in view["seats"]] == [0, 0, 0]
    dump = json.dumps(view)
    dealt = {CODE[c] for h in st.hands for c in h} | {CODE[c] for c in st.stock + st.discard + st.first_draw}
    assert not {c for c in dealt if f'"{c}"' in dump}  # no card of hand 1 and no undrawn card is in sight
    G.apply(st, 2, FIRST_DRAW)
    assert G.to_move(st) == (0, 1)
    with pytest.raises(IllegalMove, match="drawn your card already"):
        G.apply(st, 2, FIRST_DRAW)
    with pytest.raises(IllegalMove, match="tap the deck"):
        G.apply(st, 0, DRAW_STOCK)
    with pytest.raises(IllegalMove, match="tap the deck"):
        G.apply(st, 0, NEXT)
    seen = G.view(st, 0)["first_deal_draw"]
    assert seen["cards"] == [None, None, CODE[st.first_draw[2]]] and seen["winner"] is None
    assert "drew the" in st.message
    G.apply(st, 0, FIRST_DRAW)
    G.apply(st, 1, FIRST_DRAW)
    winner = max(range(3), key=lambda s: DRAW_KEY[st.first_draw[s]])
    assert G.phase(st) == "play" and G.to_move(st) == (winner,) and st.current == winner == st.first_seat
    view = G.view(st, 1)
    assert view["first_deal_draw"] == {"cards": [CODE[c] for c in st.first_draw], "winner": winner,
                                       "drawn": [True] * 3}
    assert len(view["hand"]) == 7 and view["stock_count"] > 0
    assert "highest card" in st.message and f"Player {winner + 1}" in st.message
    with pytest.raises(IllegalMove, match="draw for the first deal is over"):
        G.apply(st, winner, FIRST_DRAW)
    assert G.legal_actions(st, winner)[0] == DRAW_STOCK


def test_the_draw_decides_exactly_what_the_instant_draw_decides() -> None:
    """Same seed: the same cards, winner and hand 1 as the draw made at once (off)."""
    for seed in range(30):
        st = drawing(2 + seed % 3, seed)
        for s in range(st.n):
            G.apply(st, s, FIRST_DRAW)
        quick = G.new_game(G.make_config(players=st.n), seed)
        assert G.phase(quick) == "play" and G.snapshot(quick)["first_drawn"] == [True] * st.n
        a, b = G.snapshot(st), G.snapshot(quick)
        assert {k: v for k, v in a.items() if k != "message"} == {k: v for k, v in b.items() if k != "message"}


def test_replay_restore_and_a_snapshot_saved_before_the_phase_existed() -> None:
    st = drawing(4, 9)
    log = []
    for s in (3, 1):
        G.apply(st, s, FIRST_DRAW)
        log.append((s, G.encode_action(FIRST_DRAW)))
    snap = G.snapshot(st)
    assert G.snapshot(G.replay(G.make_config(players=4, first_draw=True), 9, json.loads(json.dumps(log)))) == snap
    assert G.snapshot(G.restore(json.loads(json.dumps(snap)))) == snap
    old = G.snapshot(G.new_game(G.make_config(players=2), 5))
    del old["first_drawn"]  # a table saved before this change
    restored = G.restore(old)
    assert G.phase(restored) == "play" and restored.first_drawn == [True, True]
    assert G.make_config(**{"players": 2, "target": 100}).first_draw is False  # old saved options: as before


def rummy_table(humans: int, bots: int, turn_seconds: int = 0) -> Table:
    t = new_table("rummy", "DRAW01", "p0", {"players": humans + bots}, seed=12, now=T0,
                  settings=Settings(turn_seconds=turn_seconds, bot_delay=1.0))
    for i in range(humans):
        lobby.join(t, f"p{i}", f"P{i}", "🙂", T0)
    for i in range(bots):
        lobby.add_bot(t, "p0", humans + i, "easy", f"Bot {i}", "🤖")
    lobby.start(t, "p0", T0)
    return t


def test_new_tables_draw_at_the_table_and_computers_draw_with_the_table_pacing() -> None:
    t = rummy_table(1, 2)
    assert t.options["first_draw"] is True and t.phase() == "first-draw"
    assert table_turns.bots_to_move(t, T0 + 0.5) == []  # pacing: not before the bot delay
    assert table_turns.bots_to_move(t, T0 + 1.0) == [1, 2]
    table_turns.act_for(t, 1, FIRST_DRAW, T0 + 1.0)
    assert table_turns.bots_to_move(t, T0 + 1.5) == [] and table_turns.bots_to_move(t, T0 + 2.0) == [2]
    table_turns.act_for(t, 2, FIRST_DRAW, T0 + 2.0)
    assert t.to_move() == (0,) and t.phase() == "first-draw"
    table_turns.act(t, "p0", FIRST_DRAW, T0 + 3.0)
    assert t.phase() == "play" and t.to_move() == (t.state.first_draw_winner,)
    assert table_turns.replay_state(t).first_drawn == [True] * 3


def test_a_person_who_does_not_tap_has_the_card_drawn_after_15_s_and_keeps_the_seat() -> None:
    t = rummy_table(2, 0)  # an untimed table: the draw has its own short timer
    assert t.settings.turn_seconds == 0 and t.turn_deadline == pytest.approx(T0 + FIRST_DRAW_SECONDS)
    table_turns.act(t, "p1", FIRST_DRAW, T0 + 2)
    deadline = t.turn_deadline
    assert timers.tick(t, deadline - 0.1) == []
    saved = json.loads(json.dumps(record.to_record(t, deadline - 5)))  # a restart 5 s before the timeout
    t2 = table_record.from_record(saved, T0 + 1000)
    assert t2.turn_deadline == pytest.approx(T0 + 1005)
    made = table_timers.tick(t2, T0 + 1005.1)
    assert made == [(0, FIRST_DRAW)]
    assert t2.phase() == "play" and t2.status == STATUS_PLAYING
    assert not t2.seats[0].autoplay and t2.seats[0].timeouts == 0  # not a turn timeout: no computer takes over
    assert t2.turn_deadline is None  # and play starts untimed, as the table was set


def test_practice_tables_made_at_once_can_skip_the_draw() -> None:
    t = new_table("rummy", "QUICK1", "p0", {"players": 2, "first_draw": False}, seed=3, now=T0, practice=True,
                  settings=Settings(bot_delay=0.0))
    lobby.join(t, "p0", "P0", "🙂", T0)
    lobby.add_bot(t, "p0", 1, "easy", "Bot", "🤖")
    lobby.start(t, "p0", T0)
    assert t.phase() == "play"


def test_the_ace_is_high_in_the_draw_and_the_rules_say_so() -> None:
    from logic.rummy.melds import parse_code

    key = {code: DRAW_KEY[parse_code(code)] for code in ("AC", "KS", "AS", "2S")}
    assert key["AC"] > key["KS"] > key["2S"] and key["AS"] > key["AC"]
    text = G.rules_markdown()
    assert "ace is high" in text and "In the draw for the first deal, is an ace high or low?" in text
