"""No peeking, proved: a computer player's move depends only on its seat's view (and its rng), never on
the cards it cannot see.

For every game and level we play seeded games and, at many decision points, build a second state whose
hidden cards (the other hands, the stock order, ...) are dealt again, consistently with everything that
seat has seen (a per-game ``redeal_*`` helper working on the game's own state structures). The two states
must give the deciding seat the same view and the same legal actions, and every level, with the same seed,
must choose the same move in both. Search levels get a worlds cap instead of a wall-clock budget, so the
answer does not depend on the machine's speed. Finally the hub hands bots a view and the legal actions,
never the state.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from logic.registry import get_game

# --- re-dealing hidden cards, per game ---------------------------------------------------------------


def _shuffle_slots(slots: list[tuple[list, int]], rng: random.Random) -> bool:
    """Deal the cards in ``slots`` ((container, index) pairs) again among themselves; True if any moved."""
    cards = [box[i] for box, i in slots]
    new = list(cards)
    rng.shuffle(new)
    for (box, i), c in zip(slots, new, strict=True):
        box[i] = c
    return new != cards


def redeal_rummy(st: Any, seat: int, rng: random.Random) -> bool:
    """Other hands and the stock, except cards a player was seen taking from the discard pile this hand."""
    known = {c for h in st.history if h[1] for c in h[1]}
    slots = [(st.hands[o], i) for o in range(st.n) if o != seat for i, c in enumerate(st.hands[o]) if c not in known]
    slots += [(st.stock, i) for i in range(len(st.stock))]
    return _shuffle_slots(slots, rng)


def redeal_beanie(st: Any, seat: int, rng: random.Random) -> bool:
    """Other hands and the stock, except cards a player publicly took (discard pile, stolen Beanies)."""
    slots = []
    for o in range(st.players):
        if o != seat:
            known = set(st.taken[o])
            slots += [(st.hands[o], i) for i, c in enumerate(st.hands[o]) if c not in known]
    slots += [(st.stock, i) for i in range(len(st.stock))]
    return _shuffle_slots(slots, rng)


def redeal_president(st: Any, seat: int, rng: random.Random) -> bool:
    """Other hands (bit masks), except the cards this seat gave its exchange partner."""
    gave = st.ex_gave[seat] if st.ex_gave and st.ex_gave[seat] > 0 else 0
    partner = st.ex_partner[seat] if st.ex_partner else -1
    others = [o for o in range(st.n) if o != seat]
    free = {o: st.hands[o] & ~(gave if o == partner else 0) for o in others}
    bits = [b for o in others for b in range(64) if free[o] >> b & 1]
    new = list(bits)
    rng.shuffle(new)
    pos = 0
    for o in others:
        k = bin(free[o]).count("1")
        mask = 0
        for b in new[pos:pos + k]:
            mask |= 1 << b
        pos += k
        st.hands[o] = (st.hands[o] & ~free[o]) | mask
    return new != bits


def redeal_stockpile(st: Any, seat: int, rng: random.Random) -> bool:
    """The draw pile, the other hands and every stock pile below its face-up top card."""
    slots = [(st.draw, i) for i in range(len(st.draw))]
    for o in range(st.players):
        if o != seat:
            slots += [(st.hands[o], i) for i in range(len(st.hands[o]))]
        slots += [(st.stocks[o], i) for i in range(len(st.stocks[o]) - 1)]
    return _shuffle_slots(slots, rng)


# --- bots with a machine-independent budget -------------------------------------------------------------


def capped_bot(game_key: str, level: str) -> Any:
    """The level's bot with its search capped by worlds/nodes rather than time, where the bot has such knobs."""
    import importlib

    bots = importlib.import_module(f"logic.{game_key}.bots")
    try:
        return bots.make_bot(level, budget_s=None, max_worlds=4, min_worlds=2)
    except TypeError:
        pass
    bot = get_game(game_key).make_bot(level)
    if hasattr(bot, "budget_s") and hasattr(bot, "max_worlds"):  # a search bot built without the knobs
        bot.budget_s, bot.max_worlds = None, 4
        if hasattr(bot, "min_worlds"):
            bot.min_worlds = 2
    elif hasattr(bot, "budget_s") and hasattr(bot, "max_nodes"):  # a planner: a node cap instead
        bot.budget_s, bot.max_nodes = 1e9, 3000
    return bot


GAMES: dict[str, tuple[dict[str, Any], Callable[[Any, int, random.Random], bool]]] = {
    "rummy": ({"players": 2, "target": 300}, redeal_rummy),
    "beanie": ({"players": 3}, redeal_beanie),
    "president": ({"players": 4, "hands": 2}, redeal_president),
    "stockpile": ({"players": 2, "stock_size": "short"}, redeal_stockpile),
}


TRIVIAL = {"commit", "undo", "next"}  # bookkeeping moves: no decision worth checking


def _config(game: Any, options: dict[str, Any]) -> Any:
    try:
        return game.make_config(**options)
    except (ValueError, TypeError):  # an option this game's config does not have: players only
        return game.make_config(players=options["players"])


@pytest.mark.parametrize("game_key", sorted(GAMES))
def test_bots_decide_from_the_view_only(game_key):
    game = get_game(game_key)
    options, redeal = GAMES[game_key]
    bots = {lv: capped_bot(game_key, lv) for lv in game.bot_levels}
    walker = get_game(game_key).make_bot(game.bot_levels[0])
    checked = moved = 0
    for seed in range(3):
        st = game.new_game(_config(game, options), 100 + seed)
        rng = random.Random(seed)
        for step in range(600):
            if game.outcome(st) is not None or checked >= 25 * (seed + 1):
                break
            seat = game.to_move(st)[0]
            legal = game.legal_actions(st, seat)
            if step % 3 == 1 and {getattr(a, "kind", "") for a in legal} - TRIVIAL:
                other = game.clone(st)
                moved += redeal(other, seat, random.Random(step))
                view = game.view(st, seat)
                assert game.view(other, seat) == view, "the re-deal changed what the seat can see"
                assert game.legal_actions(other, seat) == legal
                for lv, bot in bots.items():
                    a = bot.choose(view, legal, random.Random(step))
                    b = bot.choose(game.view(other, seat), game.legal_actions(other, seat), random.Random(step))
                    assert a == b, f"{game_key} {lv} peeked: {a} vs {b} (seed {seed}, step {step})"
                checked += 1
            a = walker.choose(game.view(st, seat), legal, rng) if rng.random() < 0.7 else rng.choice(legal)
            game.apply(st, seat, a)
    assert checked >= 60, f"only {checked} decision points checked"
    assert moved >= checked // 2, "the re-deals hardly changed the hidden cards: the test would prove nothing"


@pytest.mark.parametrize("game_key", sorted(GAMES))
def test_the_hub_gives_bots_a_view_and_legal_actions_only(game_key):
    from ui.server.bots import bot_inputs

    game = get_game(game_key)
    st = game.new_game(_config(game, GAMES[game_key][0]), 7)
    seat = game.to_move(st)[0]

    class FakeTable:  # the attributes the hub reads to feed a bot
        def __init__(self) -> None:
            self.game, self.state, self.seed, self.log = game, st, 7, []

        def bot_level_for(self, s: int) -> str:
            return game.bot_levels[-1]

    inputs = bot_inputs(FakeTable(), seat)
    assert all(x is not st for x in inputs)
    key, level, view, legal, rng_key = inputs
    assert key == game_key and level == game.bot_levels[-1] and isinstance(rng_key, str)
    assert view == game.view(st, seat) and legal == game.legal_actions(st, seat)
    json.dumps(view)  # plain data: nothing in it can reach back into the state
