"""Play from here: a practice position built from a finished game at one step, seen from one seat.

With ``exact=True`` it is the game as it was. Otherwise the cards that seat could not see are dealt again, at
random but consistently with everything it knew (the same view: its hand, the public piles, the counts, what it
saw others pick up or receive), with the sampler its game's strongest computer player uses; later deals come
from a new seed, so the rest of the match is new too. The table layer resumes from ``PracticeStart.state`` (or
from ``snapshot``, through the game's ``restore``); the practice table's own log starts there.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from logic.game import PHASE_PLAY
from logic.president.actions import CODES
from logic.registry import get_game

from .review import Log, config_of, start_state


@dataclass
class PracticeStart:
    """A position to play on from: the game, its config, the state (secrets included: keep it server-side),
    the step of the finished game it comes from and the seat it was dealt for."""

    game: str
    config: BaseModel
    state: Any
    step: int
    seat: int
    exact: bool

    def snapshot(self) -> dict[str, Any]:
        """The state as JSON (what a table saves as its starting point)."""
        return get_game(self.game).snapshot(self.state)

    def to_move(self) -> tuple[int, ...]:
        return get_game(self.game).to_move(self.state)


def state_at(game_key: str, config: BaseModel | dict[str, Any], seed: int, log: Log, step: int, *,
             start: dict[str, Any] | None = None) -> Any:
    """The state after the first ``step`` actions of the log (clamped to the log's length); ``start``: the
    snapshot the game began from, if it did not begin with a new deal."""
    game = get_game(game_key)
    state = start_state(game_key, config, seed, start)
    for who, data in log[: max(0, step)]:
        game.apply(state, int(who), game.decode_action(data))
    return state


def practice_start(game_key: str, config: BaseModel | dict[str, Any], seed: int, log: Log, step: int, seat: int, *,
                   exact: bool, rng: random.Random, start: dict[str, Any] | None = None) -> PracticeStart:
    """A practice position at ``step`` for ``seat`` (see the module docstring). ``start``: the snapshot the
    finished game began from, when it was itself a practice table started from a position."""
    game = get_game(game_key)
    cfg = config_of(game_key, config)
    state = state_at(game_key, cfg, seed, log, step, start=start)
    if not exact:
        view = game.view(state, seat)
        if game.phase(state) == PHASE_PLAY:
            REDEAL[game_key](state, seat, view, rng)
        state.seed = rng.getrandbits(31)
    return PracticeStart(game_key, cfg, state, min(max(0, step), len(log)), seat, exact)


# --- per game: the hidden cards dealt again by the bots' samplers ------------------------------------------


def redeal_president(state: Any, seat: int, view: Any, rng: random.Random) -> None:
    """Rank counts from the Expert's sampler (hand sizes, the exchange, passes); suits at random among the unseen
    cards of each rank, the cards this seat handed its exchange partner kept with the partner."""
    from logic.president.bot_deals import sample_hands  # lazy: a game's computer players load on first use
    from logic.president.bot_info import BotInfo  # lazy: a game's computer players load on first use

    info = BotInfo(view)
    counts = sample_hands(info, rng)
    others = [o for o in range(state.n) if o != seat]
    pool: dict[int, list[int]] = {}
    for o in others:
        for c in range(54):  # jokers (house rule) are cards 52 and 53, "rank" 13 in the counts
            if state.hands[o] >> c & 1:
                pool.setdefault(c >> 2, []).append(c)
    for cards in pool.values():
        rng.shuffle(cards)
    known = _known_codes(view)
    masks = dict.fromkeys(others, 0)
    for o, codes in known.items():
        for code in codes:
            c = CODES.index(code)
            if o in masks and c in pool.get(c >> 2, []) and counts[o][c >> 2] > 0:
                pool[c >> 2].remove(c)
                masks[o] |= 1 << c
                counts[o][c >> 2] -= 1
    for o in others:
        for r in range(len(counts[o])):
            for _ in range(counts[o][r]):
                masks[o] |= 1 << pool[r].pop()
    for o in others:
        state.hands[o] = masks[o]


def _known_codes(view: Any) -> dict[int, list[str]]:
    """Cards this seat knows its exchange partner holds: those it handed over (not handed back, not played)."""
    ex = view.get("exchange")
    if not ex or not ex.get("given"):
        return {}
    returned = set(ex.get("received") or []) if not ex["give_count"] else set()
    played = {c for e in view.get("history", ()) for c in e["cards"]}
    return {ex["partner"]: [c for c in ex["given"] if c not in returned and c not in played]}


def redeal_rummy(state: Any, seat: int, view: Any, rng: random.Random) -> None:
    """The Hard level's sampler: an opponent keeps every card it was seen picking up; the rest and the stock at
    random."""
    from logic.rummy.bot_eval import Seen  # lazy: a game's computer players load on first use
    from logic.rummy.bot_search import RummySpec  # lazy: a game's computer players load on first use

    if state.current != seat and state.frozen is not None:
        _shuffle_rummy(state, seat, rng)
    else:
        world = RummySpec(Seen(view)).sample(view, rng)
        for o in range(state.n):
            if o != seat:
                state.hands[o] = list(world.hands[o])
        state.stock = list(world.stock)
    if state.current != seat:
        state.undo = []  # another player's undo steps hold copies of its old hand: that turn can no longer be undone


def _shuffle_rummy(state: Any, seat: int, rng: random.Random) -> None:
    """Another player is mid-turn and the seat's view shows the table as the turn began, which the sampler cannot
    rebuild the hands from: the cards in the other hands (but those seen picked up) and the stock are shuffled
    among their places instead."""
    known = {c for h in state.history if h[1] for c in h[1]}
    slots = [(state.hands[o], i) for o in range(state.n) if o != seat
             for i, c in enumerate(state.hands[o]) if c not in known]
    slots += [(state.stock, i) for i in range(len(state.stock))]
    _shuffle_slots(slots, rng)


def redeal_beanie(state: Any, seat: int, view: Any, rng: random.Random) -> None:
    """The Hard level's sampler: an opponent keeps the cards it was seen taking; the rest and the stock at
    random."""
    from logic.beanie.bot_eval import Ctx  # lazy: a game's computer players load on first use
    from logic.beanie.bot_search import BeanieSpec  # lazy: a game's computer players load on first use

    world = BeanieSpec(Ctx(view)).sample(view, rng)
    for o in range(state.players):
        if o != seat:
            state.hands[o] = list(world.hands[o])
    state.stock = list(world.stock)


def redeal_stockpile(state: Any, seat: int, view: Any, rng: random.Random) -> None:
    """Every hidden place (other hands, stock cards under their tops, the draw pile, cleared piles) dealt again
    from the cards in them. (The Hard level's sampler counts a wild on a building pile as the number it stands
    for, which is right for its look-ahead but would change the deck here.)"""
    slots: list[tuple[list[int], int]] = [(state.draw, i) for i in range(len(state.draw))]
    slots += [(state.set_aside, i) for i in range(len(state.set_aside))]
    for o in range(state.players):
        if o != seat:
            slots += [(state.hands[o], i) for i in range(len(state.hands[o]))]
        slots += [(state.stocks[o], i) for i in range(len(state.stocks[o]) - 1)]
    _shuffle_slots(slots, rng)


def _shuffle_slots(slots: list[tuple[list[int], int]], rng: random.Random) -> None:
    """Deal the cards in ``slots`` ((list, index) pairs) again among themselves."""
    cards = [box[i] for box, i in slots]
    rng.shuffle(cards)
    for (box, i), c in zip(slots, cards, strict=True):
        box[i] = c


REDEAL = {"president": redeal_president, "rummy": redeal_rummy, "beanie": redeal_beanie,
          "stockpile": redeal_stockpile}
