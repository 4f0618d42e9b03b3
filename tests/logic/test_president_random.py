"""Random full matches: they end, conserve cards, score consistently, replay exactly, views leak nothing,
and wrong actions are refused without touching the state."""

from __future__ import annotations

import json
import os
import random

import pytest

from logic.game import IllegalMove
from logic.president import Give, NextHand, Pass, Play, PresidentGame
from logic.president.actions import CODES, JOKER_MASK, JOKERS, mask_codes

G = PresidentGame()
FULL = (1 << 52) - 1


def check_invariants(s) -> None:
    n = s.n
    union = 0
    for h in s.hands:
        union |= h
    assert sum(h.bit_count() for h in s.hands) == union.bit_count()  # no card in two hands
    played = 0
    for _, m in s.history:
        assert not played & m
        played |= m
    if s.phase in ("play", "exchange"):
        full = FULL | (JOKER_MASK if s.house & JOKERS else 0)  # the two jokers (house rule)
        assert union | played == full and not union & played  # every card is in a hand or was played
    assert sum(s.scores) == len(s.hand_points) * n * (n - 1) // 2
    for p in s.hand_points:
        assert sorted(p) == list(range(n))
    if s.phase == "play":
        assert not s.out_mask >> s.turn & 1
        assert all(not s.hands[i] for i in s.finished)


def random_match(seed: int, players: int, hands: int = 4, revolution: bool = False, check_views: bool = False):
    cfg = G.make_config(players=players, hands=hands, revolution=revolution)
    rng = random.Random(seed)
    s = G.new_game(cfg, seed)
    log = []
    steps = 0
    while G.outcome(s) is None:
        tm = G.to_move(s)
        assert tm, "nobody to move in an unfinished match"
        seat = rng.choice(tm)
        legal = G.legal_actions(s, seat)
        assert legal
        for other in range(players):
            if other not in tm:
                assert G.legal_actions(s, other) == []
        if check_views:
            check_no_leak(s)
        action = rng.choice(legal)
        log.append((seat, G.encode_action(action)))
        G.apply(s, seat, action)
        check_invariants(s)
        steps += 1
        assert steps < 10_000
    return cfg, s, log


def check_no_leak(s) -> None:
    for viewer in [None, *range(s.n)]:
        v = G.view(s, viewer)
        text = json.dumps(v)
        assert v["seat"] == viewer
        known = set()
        ex = v["exchange"]
        if ex is not None:
            known = set(ex["received"]) | set(ex["given"] or [])
        for other in range(s.n):
            if other == viewer:
                continue
            for code in mask_codes(s.hands[other]):
                if code in known:
                    continue
                assert f'"{code}"' not in text, (viewer, other, code)
        if viewer is None:
            assert v["hand"] == [] and v["exchange"] is None
        else:
            assert v["hand"] == mask_codes(s.hands[viewer])
        assert [x["cards"] for x in v["seats"]] == [h.bit_count() for h in s.hands]
        for key in (
            "game",
            "phase",
            "to_move",
            "seat",
            "players",
            "hand",
            "seats",
            "round_label",
            "scores",
            "summary",
            "message",
            "trick",
            "lead_seat",
            "order",
            "passed",
            "finished",
            "exchange",
            "hand_no",
            "hands",
            "history",
        ):
            assert key in v


# Random matches in the suite: 1,000 (250 per configuration: 4/5 players x revolution on/off); the deeper search
# (4,000) runs with CARDNIGHT_FUZZ_FULL=1, e.g. after a change to the rules.
MATCHES = 4000 if os.environ.get("CARDNIGHT_FUZZ_FULL") == "1" else 1000
CHUNKS = 8  # (one test each, so that the suite's workers share them)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_matches_end_conserve_and_replay(chunk):
    """Random matches end, conserve cards, score consistently and replay exactly."""
    per_chunk = MATCHES // CHUNKS
    for seed in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        players = 4 + seed % 2
        cfg, s, log = random_match(seed, players, hands=4 if seed % 3 else 8, revolution=seed % 4 < 2)
        out = G.outcome(s)
        assert G.phase(s) == "over" and G.to_move(s) == ()
        assert len(s.hand_points) == cfg.hands
        assert list(out.scores) == s.scores
        assert max(s.scores) == out.scores[out.winners[0]]
        replayed = G.replay(cfg, seed, json.loads(json.dumps(log)))
        assert G.snapshot(replayed) == G.snapshot(s)
        assert G.snapshot(G.restore(json.loads(json.dumps(G.snapshot(s))))) == G.snapshot(s)


@pytest.mark.parametrize("seed", range(8))
def test_views_leak_nothing(seed):
    random_match(1000 + seed, 4 + seed % 2, revolution=True, check_views=True)


def wrong_actions(s, rng: random.Random):
    """A mix of nonsense and near-misses for every seat."""
    out = []
    for seat in range(s.n):
        legal = G.legal_actions(s, seat)
        hand = mask_codes(s.hands[seat])
        for _ in range(2):
            k = rng.randint(1, 4)
            cards = tuple(rng.sample(CODES, k))
            out.append((seat, Play(cards)))
            out.append((seat, Give(cards)))
            if hand:
                out.append((seat, Play(tuple(rng.sample(hand, min(len(hand), k))))))
                out.append((seat, Give(tuple(rng.sample(hand, min(len(hand), k))))))
        out.append((seat, Pass()))
        out.append((seat, NextHand()))
        out = [(st, a) for st, a in out if not (st == seat and a in legal)]
    return out


def is_legal(s, seat, action) -> bool:
    """Legal per legal_actions, allowing other suits of the same ranks (suits never matter)."""
    if seat not in G.to_move(s):
        return False
    trial = G.clone(s)
    try:
        G.apply(trial, seat, action)
    except IllegalMove:
        return False
    ranks = sorted(c[:-1] for c in getattr(action, "cards", ()))
    for a in G.legal_actions(s, seat):
        if a.kind == action.kind and sorted(c[:-1] for c in getattr(a, "cards", ())) == ranks:
            return True
    raise AssertionError(f"apply accepted {action} for seat {seat} but no legal action matches it")


@pytest.mark.parametrize("seed", range(10))
def test_illegal_actions_raise_and_leave_state_unchanged(seed):
    rng = random.Random(seed)
    s = G.new_game(G.make_config(players=4 + seed % 2, revolution=True), seed)
    for _ in range(150):
        if G.outcome(s) is not None:
            break
        before = G.snapshot(s)
        for seat, action in wrong_actions(s, rng):
            if is_legal(s, seat, action):
                continue
            with pytest.raises(IllegalMove) as exc:
                G.apply(s, seat, action)
            assert str(exc.value)
            assert G.snapshot(s) == before
        with pytest.raises(IllegalMove):
            G.apply(s, 0, "pass")
        tm = G.to_move(s)
        seat = rng.choice(tm)
        G.apply(s, seat, rng.choice(G.legal_actions(s, seat)))
