"""Shared Beanie test helpers: crafted states and the illegal-move check."""

from __future__ import annotations

import pytest

from logic.beanie import GAME
from logic.beanie.sets import CARD_ID
from logic.game import IllegalMove


def ids(text: str) -> list[int]:
    return [CARD_ID[c] for c in text.split()]


def craft(
    hands: list[str],
    *,
    rnd: int = 5,
    turn: int = 0,
    stage: str = "play",
    stock: str | None = None,
    discard: str = "",
    sets: list[tuple[int, int, str, str]] = (),
    laid: list[bool] | None = None,
    turns_done: list[int] | None = None,
    drawn: str | None = None,
    **opts,
):
    """A state in round ``rnd`` with the given hands; the rest of the deck is the stock unless given.
    ``sets``: (owner, typ, cards, reps) with cards/reps as code strings."""
    n = len(hands)
    st = GAME.new_game(GAME.make_config(players=n, **opts), 1)
    snap = GAME.snapshot(st)
    snap["round"] = rnd
    snap["hands"] = [ids(h) for h in hands]
    used = {c for h in snap["hands"] for c in h}
    snap["discard"] = ids(discard)
    used |= set(snap["discard"])
    snap["sets"] = []
    for i, (owner, typ, cards, reps) in enumerate(sets):
        snap["sets"].append([i + 1, owner, typ, ids(cards), ids(reps)])
        used |= set(ids(cards))
    snap["next_set_id"] = len(sets) + 1
    deck = range(54 if opts.get("jokers") else 52)  # (house rule: two jokers, ids 52 and 53)
    snap["stock"] = ids(stock) if stock is not None else [c for c in deck if c not in used]
    snap["turn"] = turn
    snap["stage"] = stage
    snap["laid"] = laid if laid is not None else [False] * n
    snap["turns_done"] = turns_done if turns_done is not None else [1] * n
    snap["drawn"] = CARD_ID[drawn] if drawn else -1
    return GAME.restore(snap)


def illegal(st, seat, action, match: str = ""):
    before = GAME.snapshot(st)
    with pytest.raises(IllegalMove, match=match):
        GAME.apply(st, seat, action)
    assert GAME.snapshot(st) == before
