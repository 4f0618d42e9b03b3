"""Rummy: the shared game contract: snapshot/restore, action JSON, timeouts, rules text and view."""

from __future__ import annotations

import json

import pytest

from logic.game import IllegalMove
from logic.rummy.actions import (
    COMMIT,
    DRAW_STOCK,
    UNDO,
    Commit,
    Discard,
    DrawStock,
    LayOff,
    Meld,
    NextHand,
    TakeDiscard,
    Undo,
)
from tests.logic.rummy_support import G, crafted

# --- persistence, helpers -----------------------------------------------------------------------


def test_snapshot_restore_round_trip_mid_turn():
    st = crafted(["JS JH 2C 5D", "3D 4D 8C"], stock="KD QC", discard="9C JD 4S 7H", melds=[(1, "5H 6H 7H")])
    G.apply(st, 0, TakeDiscard("JD"))
    G.apply(st, 0, Meld(("JS", "JH", "JD")))
    G.apply(st, 0, Discard("4S"))
    snap = G.snapshot(st)
    json.dumps(snap)
    st2 = G.restore(json.loads(json.dumps(snap)))
    assert G.snapshot(st2) == snap
    for s in (0, 1, None):
        assert G.view(st2, s) == G.view(st, s)
    G.apply(st2, 0, Undo())
    G.apply(st, 0, Undo())
    assert G.snapshot(st2) == G.snapshot(st)
    c = G.clone(st)
    G.apply(c, 0, Undo())
    assert G.snapshot(st) != G.snapshot(c)
    assert G.snapshot(G.restore(G.snapshot(st))) == G.snapshot(st)


def test_action_json_round_trip():
    for a in (DrawStock(), TakeDiscard("10H"), Meld(("7S", "7H", "7C")), LayOff(3, ("9D",)), Discard("AS"),
              Undo(), Commit(), NextHand()):
        data = G.encode_action(a)
        assert G.decode_action(json.loads(json.dumps(data))) == a
    with pytest.raises(IllegalMove):
        G.decode_action({"kind": "fly"})


def test_timeout_actions():
    st = crafted(["JS JH 2C 5D", "3D 4D 8C"], stock="KD QC", discard="9C JD 4S 7H")
    assert G.timeout_action(st, 0) == DRAW_STOCK
    G.apply(st, 0, TakeDiscard("JD"))
    assert G.timeout_action(st, 0) == UNDO  # unfinished deep pickup is undone
    G.apply(st, 0, UNDO)
    G.apply(st, 0, DRAW_STOCK)
    a = G.timeout_action(st, 0)
    assert isinstance(a, Discard)
    G.apply(st, 0, a)
    assert G.timeout_action(st, 0) == COMMIT
    st = crafted(["2S 4H", "3D"], stock="", discard="8D")
    assert G.timeout_action(st, 0) == TakeDiscard("8D")


def test_rules_markdown_has_sections():
    md = G.rules_markdown()
    for heading in ("## Choices we made", "## FAQ", "## Examples", "## Options"):
        assert heading in md
    assert "15" in md and "Q-K-A" in md


def test_view_has_the_shared_keys_and_rummy_extras():
    st = G.new_game(G.make_config(players=3, target=300), 11)
    for seat in (0, 1, 2, None):
        v = G.view(st, seat)
        json.dumps(v)
        for key in ("game", "phase", "to_move", "seat", "players", "hand", "seats", "round_label", "scores",
                    "summary", "message", "stock_count", "discard", "melds", "must_use", "turn_stage", "target",
                    "first_deal_draw", "hand_melded_points", "history"):
            assert key in v, key
        assert v["game"] == "rummy" and v["phase"] == "play" and v["players"] == 3
        assert v["round_label"] == "Hand 1 · Race to 300"
        assert len(v["seats"]) == 3 and set(v["seats"][0]) == {"cards", "title", "status", "score", "team"}
        assert v["seats"][st.current]["status"] == ["to play"]
        assert v["summary"] is None and v["stock_count"] == 52 - 21 - 1 and len(v["discard"]) == 1
        assert (v["hand"] == []) if seat is None else (len(v["hand"]) == 7)
    with pytest.raises(ValueError):
        G.view(st, 7)
