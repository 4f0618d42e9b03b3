"""Rummy: many-seed random games (the OpenSpiel-style fuzzer), replay, privacy and illegal moves."""

from __future__ import annotations

import json
import random

import pytest

from logic.game import IllegalMove
from logic.rummy import GAME
from logic.rummy.actions import (
    COMMIT,
    DRAW_STOCK,
    NEXT,
    UNDO,
    Discard,
    LayOff,
    Meld,
    TakeDiscard,
)
from logic.rummy.melds import CODE, PRETTY

G = GAME


def conserved(st) -> bool:
    cards = sum(st.hands, []) + st.stock + st.discard + [c for m in st.melds for c in m[6]]
    return sorted(cards) == list(range(52))


def play_random(seed: int, players: int, target: int = 100, check=None, max_actions: int = 60000):
    """Uniform-random legal moves until the match ends. Returns (state, log, hand_scores)."""
    st = G.new_game(G.make_config(players=players, target=target), seed)
    rng = random.Random(seed)
    log = []
    hand_scores = [0] * players
    steps = 0
    while G.outcome(st) is None:
        seat = G.to_move(st)[0]
        legal = G.legal_actions(st, seat)
        assert legal, "a seat to move always has a legal action"
        action = legal[rng.randrange(len(legal))]
        if check is not None:
            check(st, seat, legal, rng)
        was_playing = G.phase(st) == "play"
        G.apply(st, seat, action)
        log.append((seat, G.encode_action(action)))
        if was_playing and G.phase(st) != "play":
            for row in G.view(st, None)["summary"]["rows"]:
                hand_scores[row["seat"]] += row["hand"]
        steps += 1
        assert steps < max_actions, f"seed {seed} did not finish"
    return st, log, hand_scores


@pytest.mark.parametrize("block", range(6))
def test_random_games_end_conserve_cards_and_replay(block):
    for seed in range(block * 50, block * 50 + 50):
        players = 2 + seed % 3

        def check(st, seat, legal, rng):
            assert conserved(st)
            assert len(set(map(repr, legal))) == len(legal)

        st, log, hand_scores = play_random(seed, players, check=check if seed % 5 == 0 else None)
        assert conserved(st)
        out = G.outcome(st)
        assert list(out.scores) == st.scores == hand_scores
        assert max(st.scores) >= 100
        assert set(out.winners) == {s for s in range(players) if st.scores[s] == max(st.scores)}
        again = G.replay(G.make_config(players=players, target=100), seed, json.loads(json.dumps(log)))
        assert G.snapshot(again) == G.snapshot(st)
        snap = G.snapshot(st)
        assert G.snapshot(G.restore(json.loads(json.dumps(snap)))) == snap


def _public_cards(view) -> set[str]:
    pub = set(view["discard"])
    for m in view["melds"]:
        pub.update(m["cards"])
    for h in view["history"]:
        pub.update(h["took"] or [])
        pub.add(h["discard"])
    return pub


def test_views_leak_nothing_and_turns_stay_private():
    """No card in another hand or the stock shows up in a view unless it is public knowledge, and
    during a turn the other seats' views do not change at all until the turn is committed."""
    for seed in range(24):
        players = 2 + seed % 3
        frozen: dict = {}

        def check(st, seat, legal, rng, players=players, frozen=frozen, seed=seed):
            playing = st.stage <= 2
            if playing and st.stage == 0 and st.frozen is None:
                frozen.clear()
                frozen.update({s: G.view(st, s) for s in [*range(players), None] if s != st.current})
            others = [s for s in [*range(players), None] if s != st.current]
            if rng.random() < 0.5:
                return
            for viewer in (st.current, rng.choice(others)):
                view = G.view(st, viewer)
                if playing and viewer != st.current:
                    assert view == frozen[viewer]
                dump = json.dumps({k: v for k, v in view.items() if k != "first_deal_draw"}, ensure_ascii=False)
                pub = _public_cards(view)
                secret = set(st.stock)
                for p in range(players):
                    if p != viewer:
                        secret.update(st.hands[p])
                for c in secret:
                    if CODE[c] in pub:
                        continue
                    assert f'"{CODE[c]}"' not in dump, (seed, viewer, CODE[c])
                    assert PRETTY[c] not in dump, (seed, viewer, PRETTY[c])
                if viewer is not None:
                    assert view["hand"] == [CODE[c] for c in st.hands[viewer]]
                else:
                    assert view["hand"] == []
                if playing and viewer != st.current:
                    assert view["must_use"] is None and not view["can_undo"]

        play_random(seed, players, check=check)


def _wrong_actions(st, seat, rng):
    n = st.n
    hand = st.hands[st.current] if st.stage <= 2 else []
    deck = list(range(52))
    out = [DRAW_STOCK, UNDO, COMMIT, NEXT, Discard(CODE[rng.choice(deck)]), TakeDiscard(CODE[rng.choice(deck)])]
    if len(hand) >= 3:
        out.append(Meld(tuple(CODE[c] for c in rng.sample(hand, 3))))
    if hand and st.melds:
        out.append(LayOff(rng.choice(st.melds)[0], (CODE[rng.choice(hand)],)))
    out.append(LayOff(999, (CODE[rng.choice(deck)],)))
    out.append(Meld(("7S", "7S", "7H")))
    return [(seat, a) for a in out] + [((seat + k) % n, rng.choice(out)) for k in range(1, n)]


def test_illegal_actions_raise_and_leave_state_unchanged():
    tried = 0
    for seed in range(20):

        def check(st, seat, legal, rng):
            nonlocal tried
            if rng.random() < 0.5:
                return
            before = G.snapshot(st)
            for who, action in _wrong_actions(st, seat, rng):
                legal_now = G.legal_actions(st, who)
                listed = action in legal_now or (isinstance(action, Meld) and frozenset(action.cards) in {
                    frozenset(a.cards) for a in legal_now if isinstance(a, Meld)})
                if listed:
                    trial = G.clone(st)
                    G.apply(trial, who, action)
                    continue
                with pytest.raises(IllegalMove) as info:
                    G.apply(st, who, action)
                assert str(info.value)
                tried += 1
            assert G.snapshot(st) == before

        play_random(seed, 2 + seed % 3, check=check)
    assert tried > 2000


def test_listed_actions_all_apply_and_undo_restores_exactly():
    for seed in range(30):

        def check(st, seat, legal, rng):
            if rng.random() < 0.2:
                for a in legal:
                    G.apply(G.clone(st), seat, a)
            if st.stage == 1 and st.undo and rng.random() < 0.3:
                # undoing the last step restores the state from before it
                trial = G.clone(st)
                before = G.snapshot(trial)
                step = [a for a in legal if a.kind in ("meld", "layoff", "discard")]
                if step:
                    a = rng.choice(step)
                    G.apply(trial, seat, a)
                    G.apply(trial, seat, UNDO)
                    assert G.snapshot(trial) == before

        play_random(seed, 2 + seed % 3, check=check)
